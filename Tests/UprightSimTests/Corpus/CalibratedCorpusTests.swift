import Testing
import UprightCore
import UprightHost
import UprightSim

/// "After calibrating, the corpus latches as on an ideal board": a chip is calibrated on the
/// simulated board as `upright calibrate --sim` does it (the poses of scenarios/calibrate.json,
/// held 2 to 4 degrees off square, the chip mounted and biased as the scenario says), then
/// every corpus trace is measured by that chip (taken to its axes, biased, the acceleration
/// quantised to the chip's counts: MPU-6050 at +-16 g, big-endian; ADXL345 full resolution,
/// little-endian) and decoded by the chip's decoder with the calibrated matrix and offsets as
/// the board file keeps them (the gyro's rates turned by the same matrices, unquantised: the
/// corpus's snap turns exceed 2000 dps), and scored against the same traces through an ideal
/// chip (square, unbiased, same quantisation).
@Suite struct CalibratedCorpusTests {
    static let square = try! MountMatrix(parsing: "0, -1, 0; -1, 0, 0; 0, 0, -1")
    static let bias = Vector3(x: 0.21, y: -0.25, z: 0.24)

    enum Chip: String, CaseIterable, Sendable {
        case mpu6050 = "sim.json"
        case adxl345 = "rpi4-adxl345.json"
    }

    /// The calibration as `upright calibrate --sim` runs it, with the chip mounted `physical`
    /// (the scenario's own mount when nil).
    static func calibrate(_ chip: Chip = .mpu6050, physical: MountMatrix? = nil) throws -> CalibrationResult {
        var scenario = try ScenarioLoader.load(path: repositoryPath("scenarios/calibrate.json"))
        if let physical { scenario.sensor.physicalMount = physical }
        let board = try Board.load(path: repositoryPath("boards/" + chip.rawValue))
        var raw = board.sensor
        raw.mountMatrix = .identity
        raw.offsetG = .zero
        let feed = try SimSensorFeed(scenario: scenario, board: board, settings: raw, seed: scenario.seed ?? 1)
        var session = CalibrationSession(plan: CalibrationPose.plan(poses: 6))
        guard case .finished(let result) = CalibrationRun.run(&session, feed: feed, limit: .seconds(60), print: { _ in }) else {
            throw CalibrationError.tooFewPoses(found: session.readings.count)
        }
        return result
    }

    /// `rows` as `chip` mounted `mount` with `bias` reads them, decoded with `belief` and
    /// `offsetG` (chip axes, as the board file keeps them: three decimals).
    static func measured(
        _ rows: [TraceRow], chip: Chip = .mpu6050, mount: MountMatrix, bias: Vector3, belief: MountMatrix, offsetG: Vector3
    )
        -> [TraceRow]
    {
        let chipFromDevice = mount.inverse!
        let kept = Vector3(x: (offsetG.x * 1000).rounded() / 1000, y: (offsetG.y * 1000).rounded() / 1000, z: (offsetG.z * 1000).rounded() / 1000)
        let deviceOffset = belief.apply(kept)
        let mpu = MPU6050Decoder(contents: .accelerometer, accelerometerRange: .g16, gyroRange: .dps2000, mount: belief, offsetG: deviceOffset)
        let adxl = ADXL345Decoder(mount: belief, offsetG: deviceOffset)
        return rows.map { row in
            let acceleration = chipFromDevice.apply(row.accelerationG) + bias
            let sample: Sample
            switch chip {
            case .mpu6050: // big-endian, 2048 LSB per g at +-16 g (RM 4.17, PS 6.2)
                sample = CorpusChip.counts(acceleration, perUnit: 2048, limit: 32768, bigEndian: true).withUnsafeBytes {
                    mpu.sample($0, at: 0, time: row.time)
                }
            case .adxl345: // little-endian, 256 LSB per g at full resolution, 13 bits at +-16 g (Table 1)
                sample = CorpusChip.counts(acceleration, perUnit: 256, limit: 4096, bigEndian: false).withUnsafeBytes {
                    adxl.sample($0, at: 0, time: row.time)
                }
            }
            return TraceRow(
                time: row.time, accelerationG: sample.accelerationG,
                angularRateDPS: row.angularRateDPS.map { belief.apply(chipFromDevice.apply($0)) }, buttonPressed: row.buttonPressed)
        }
    }

    static func outcome(_ scenario: CorpusScenario, _ rows: [TraceRow]) -> ScenarioOutcome {
        var detector = OrientationDetector()
        return CorpusEvaluation.run(scenario, rows: rows, &detector)
    }

    /// The corpus scenarios whose latches, changes, spurious changes or missed turns through
    /// `chip` mounted `mount` and decoded with `belief` differ from an ideal chip's.
    static func differing(_ chip: Chip, mount: MountMatrix, belief: MountMatrix, offsetG: Vector3) -> [String] {
        Corpus.standard.filter { scenario in
            let rows = scenario.rows()
            let ideal = outcome(scenario, measured(rows, chip: chip, mount: .identity, bias: .zero, belief: .identity, offsetG: .zero))
            let got = outcome(scenario, measured(rows, chip: chip, mount: mount, bias: bias, belief: belief, offsetG: offsetG))
            return got.latches != ideal.latches || got.changes.map(\.orientation) != ideal.changes.map(\.orientation)
                || got.spuriousChanges != ideal.spuriousChanges || got.missedTurns != ideal.missedTurns
        }.map(\.name)
    }

    @Test func calibrationIsExactOnTheMatrixAndWithin20MilligOnTheOffsets() throws {
        let result = try Self.calibrate()
        #expect(result.mount == Self.square)
        #expect(
            abs(result.offsetG.x - Self.bias.x) <= 0.02 && abs(result.offsetG.y - Self.bias.y) <= 0.02 && abs(result.offsetG.z - Self.bias.z) <= 0.02,
            "\(result.offsetG)")
    }

    @Test func theCorpusLatchesAsOnAnIdealBoard() throws {
        let result = try Self.calibrate()
        var uncalibratedDiffer = 0
        var presses = 0
        for scenario in Corpus.standard {
            let rows = scenario.rows()
            let ideal = Self.outcome(scenario, Self.measured(rows, mount: .identity, bias: .zero, belief: .identity, offsetG: .zero))
            let calibrated = Self.outcome(
                scenario, Self.measured(rows, mount: Self.square, bias: Self.bias, belief: result.mount, offsetG: result.offsetG))
            #expect(calibrated.latches == ideal.latches, "\(scenario.name)")
            #expect(calibrated.changes.map(\.orientation) == ideal.changes.map(\.orientation), "\(scenario.name)")
            #expect(calibrated.spuriousChanges == ideal.spuriousChanges && calibrated.missedTurns == ideal.missedTurns, "\(scenario.name)")
            #expect(ideal.correctLatches == scenario.presses.count, "\(scenario.name)")
            presses += scenario.presses.count
            let believed = Self.outcome(scenario, Self.measured(rows, mount: Self.square, bias: Self.bias, belief: .identity, offsetG: .zero))
            if believed.latches != ideal.latches { uncalibratedDiffer += 1 }
        }
        print(
            "calibrated chip: \(Corpus.standard.count) scenarios compared, \(presses) presses; with the identity instead, \(uncalibratedDiffer) scenarios latch otherwise; offsets \(result.offsetG)"
        )
        #expect(presses == 139)
        // The same chip with the identity the board file started with gets most of them wrong.
        #expect(uncalibratedDiffer > Corpus.standard.count / 2, "\(uncalibratedDiffer) of \(Corpus.standard.count)")
    }

    /// Chips glued 5, 15, 30 and 45 degrees off square, in the camera's plane (about its lens
    /// axis, z) and out of it (about its x axis), on both chips: each calibrates to within a
    /// degree of its true mount, and the corpus through the calibrated board latches as on a
    /// square chip. The nearest axis permutation instead (all a square-only fit can write)
    /// moves every 45-degree boundary by the chip's angle: from 15 degrees in the plane and 30
    /// out of it the corpus latches otherwise.
    @Test(arguments: Chip.allCases, [5.0, 15, 30, 45])
    func aCrookedChipLatchesAsASquareOne(chip: Chip, degrees: Double) throws {
        for (plane, axis) in [("in the plane", SIMD3<Double>(0, 0, 1)), ("out of it", SIMD3<Double>(1, 0, 0))] {
            let truth = Rotation(degrees: degrees, about: axis).composed(after: Rotation(Self.square))
            let physical = truth.mountMatrix(decimals: 6)
            let result = try Self.calibrate(chip, physical: physical)
            let error = Rotation(result.mount).degrees(to: truth)
            #expect(error < 1, "\(chip) \(degrees) \(plane): \(error) degrees off")
            print(
                "crooked chip: \(chip) \(Int(degrees)) degrees \(plane): written \(error) degrees from its true mount, offsets \((result.offsetG - Self.bias).magnitude) g off"
            )
            #expect(abs(result.chipDegrees - Float(degrees)) < 1, "\(chip) \(degrees) \(plane): \(result.chipDegrees)")
            #expect((result.offsetG - Self.bias).magnitude < 0.02, "\(chip) \(degrees) \(plane): \(result.offsetG)")
            let calibrated = Self.differing(chip, mount: physical, belief: result.mount, offsetG: result.offsetG)
            #expect(calibrated.isEmpty, "\(chip) \(degrees) \(plane): \(calibrated)")
            if degrees >= (plane == "out of it" ? 30 : 15) {
                let permutation = Self.differing(chip, mount: physical, belief: Self.square, offsetG: result.offsetG)
                #expect(!permutation.isEmpty, "\(chip) \(degrees) \(plane): the permutation latches as a square chip")
            }
        }
    }

    /// How far off square the detector's thresholds stay right with a square matrix (what a
    /// chip the poses' scatter puts near square is written with, and all a square-only fit had):
    /// the corpus latches as on a square chip with the chip 3.5 degrees off in the camera's
    /// plane and 5 out of it, not at 4 (the dwell at 50 degrees, 3 inside the 53-degree exit
    /// with its sway, is the first to go) and 6 (steep tilts near the 80-degree flat threshold).
    /// The turns' signs are those toward which the corpus has its cases nearest a threshold;
    /// the other way the margin is 9 degrees.
    @Test(arguments: [
        (-3.5, SIMD3<Double>(0, 0, 1), true), (-4, SIMD3(0, 0, 1), false), (-5, SIMD3(1, 0, 0), true), (-6, SIMD3(1, 0, 0), false),
        (-5, SIMD3(0, 1, 0), true), (-6, SIMD3(0, 1, 0), false),
    ])
    func theThresholdsStayRightAFewDegreesOffSquare(degrees: Double, axis: SIMD3<Double>, latchesAsSquare: Bool) {
        let physical = Rotation(degrees: degrees, about: axis).composed(after: Rotation(Self.square)).mountMatrix(decimals: 6)
        let differ = Self.differing(.mpu6050, mount: physical, belief: Self.square, offsetG: Self.bias)
        #expect(differ.isEmpty == latchesAsSquare, "\(degrees) about \(axis): \(differ)")
    }
}
