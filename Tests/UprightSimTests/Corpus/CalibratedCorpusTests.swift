import Testing
import UprightCore
import UprightHost
import UprightSim

/// "After calibrating, the corpus latches as on an ideal board": the chip of
/// scenarios/calibrate.json (turned 90 degrees and flipped, biased 0.21, -0.25, 0.24 g) is
/// calibrated on the simulated board, then every corpus trace is measured by that chip
/// (taken to its axes, biased, the acceleration quantised to MPU-6050 counts at +-16 g) and
/// decoded by the driver's decoder with the calibrated matrix and offsets (the gyro's rates
/// turned by the same matrices, unquantised: the corpus's snap turns exceed 2000 dps), and
/// scored against the same traces through an ideal chip (square, unbiased, same quantisation).
@Suite struct CalibratedCorpusTests {
    static let physical = try! MountMatrix(parsing: "0, -1, 0; -1, 0, 0; 0, 0, -1")
    static let bias = Vector3(x: 0.21, y: -0.25, z: 0.24)

    /// The calibration as `upright calibrate --sim scenarios/calibrate.json` runs it.
    static func calibrate() throws -> CalibrationResult {
        let scenario = try ScenarioLoader.load(path: repositoryPath("scenarios/calibrate.json"))
        let board = try Board.load(path: repositoryPath("boards/sim.json"))
        var raw = board.sensor
        raw.mountMatrix = .identity
        let feed = try SimSensorFeed(scenario: scenario, board: board, settings: raw, seed: scenario.seed ?? 1)
        var session = CalibrationSession(plan: CalibrationPose.plan(poses: 6))
        guard case .finished(let result) = CalibrationRun.run(&session, feed: feed, limit: .seconds(60), print: { _ in }) else {
            throw CalibrationError.tooFewPoses(found: session.readings.count)
        }
        return result
    }

    /// `rows` as a chip mounted `mount` with `bias` reads them, decoded with `belief` and `offsetG` (device frame).
    static func measured(_ rows: [TraceRow], mount: MountMatrix, bias: Vector3, belief: MountMatrix, offsetG: Vector3) -> [TraceRow] {
        let chipFromDevice = mount.inverse!
        let decoder = MPU6050Decoder(contents: .accelerometer, accelerometerRange: .g16, gyroRange: .dps2000, mount: belief, offsetG: offsetG)
        func counts(_ v: Vector3, perUnit: Float) -> [UInt8] { // big-endian (RM 4.17)
            [v.x, v.y, v.z].flatMap { value -> [UInt8] in
                let count = Int16(max(-32768, min(32767, (value * perUnit).rounded())))
                return [UInt8(truncatingIfNeeded: UInt16(bitPattern: count) >> 8), UInt8(truncatingIfNeeded: count)]
            }
        }
        return rows.map { row in
            let acceleration = chipFromDevice.apply(row.accelerationG) + bias
            let sample = counts(acceleration, perUnit: 2048).withUnsafeBytes { decoder.sample($0, at: 0, time: row.time) }
            return TraceRow(
                time: row.time, accelerationG: sample.accelerationG,
                angularRateDPS: row.angularRateDPS.map { belief.apply(chipFromDevice.apply($0)) }, buttonPressed: row.buttonPressed)
        }
    }

    static func outcome(_ scenario: CorpusScenario, _ rows: [TraceRow]) -> ScenarioOutcome {
        var detector = OrientationDetector()
        return CorpusEvaluation.run(scenario, rows: rows, &detector)
    }

    @Test func calibrationIsExactOnTheMatrixAndWithin20MilligOnTheOffsets() throws {
        let result = try Self.calibrate()
        #expect(result.mount == Self.physical)
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
                scenario,
                Self.measured(
                    rows, mount: Self.physical, bias: Self.bias, belief: result.mount,
                    offsetG: result.mount.apply(result.offsetG)))
            #expect(calibrated.latches == ideal.latches, "\(scenario.name)")
            #expect(calibrated.changes.map(\.orientation) == ideal.changes.map(\.orientation), "\(scenario.name)")
            #expect(calibrated.spuriousChanges == ideal.spuriousChanges && calibrated.missedTurns == ideal.missedTurns, "\(scenario.name)")
            #expect(ideal.correctLatches == scenario.presses.count, "\(scenario.name)")
            presses += scenario.presses.count
            let believed = Self.outcome(scenario, Self.measured(rows, mount: Self.physical, bias: Self.bias, belief: .identity, offsetG: .zero))
            if believed.latches != ideal.latches { uncalibratedDiffer += 1 }
        }
        print(
            "calibrated chip: \(Corpus.standard.count) scenarios compared, \(presses) presses; with the identity instead, \(uncalibratedDiffer) scenarios latch otherwise; offsets \(result.offsetG)"
        )
        #expect(presses == 139)
        // The same chip with the identity the board file started with gets most of them wrong.
        #expect(uncalibratedDiffer > Corpus.standard.count / 2, "\(uncalibratedDiffer) of \(Corpus.standard.count)")
    }
}
