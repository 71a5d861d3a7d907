import UprightCore
import UprightHost

/// What one soak puts the firmware through: which faults and how often, the camera's faults,
/// the button's mix of presses, how hard the contacts bounce, and which sensor the board
/// carries (and so where it is sampled). `standard` is the soak of `make soak`; a swarm
/// (`upright sim --soak HOURS --swarm N`) draws each seed's own mix from the seed
/// (`drawn(seed:)`), as swarm testing does: a mix that leaves some faults out reaches states
/// that an even mix of all of them never does (a day of unplugs without bus errors, a storm
/// of bounces on a slow camera).
public struct SoakMix: Equatable, Sendable {
    /// The sensor variants a mix may put on the board: the board's own, or a chip and mode
    /// that is sampled on its own context (a sampler thread on a Pi) or in the engine's step.
    public enum Sensor: String, CaseIterable, Sendable {
        /// The board file's sensor as it is (`boards/sim.json`: an MPU-6050's FIFO at 1 kHz,
        /// read in the engine's step).
        case board
        /// An MPU-6050 read register by register (burst) at 200 Hz: on its own context.
        case mpu6050Burst200
        /// An ADXL345's 32-entry FIFO at 800 Hz (40 ms of samples): on its own context.
        case adxl345FIFO800
        /// An ADXL345's FIFO at 100 Hz (320 ms): read in the engine's step.
        case adxl345FIFO100
    }

    /// The chip-level faults injected (in shuffled rounds of these kinds).
    public var faultKinds: [SoakFaultKind]
    /// The mean of the exponential part of the gap between two chip-level faults (the gap is
    /// at least `SoakFaultPlanner.minimumGapSeconds` on top).
    public var meanExtraGapSeconds: Double
    /// Per bus transaction, the probability of a fault (of the four kinds, evenly).
    public var busErrorProbability: Double
    /// Per photo: the camera program crashes, or hangs; per program start: another owns the camera.
    public var cameraCrashProbability: Double
    public var cameraHangProbability: Double
    public var cameraBusyProbability: Double
    /// The button's episodes, as weights: a short press, a clip (hold, then a stop press), a
    /// burst of presses, a press in a bounce storm.
    public var workload: SoakWorkload.Shares
    /// The most chatter edges after each clean edge of a bounce storm (two clean edges a press).
    public var maximumChatterEdges: Int
    public var sensor: Sensor
    /// The card the camera's files worker meets (`SimCard`).
    public var card: SimCard = .instant

    /// The soak of `make soak`: every fault kind, 1% bus errors, 1% camera crashes, 0.5% hangs,
    /// 1% busy, a fault every 15 s plus an exponential 15 s, the workload's standard shares.
    public static let standard = SoakMix(
        faultKinds: [.chipReset, .unplug, .stuckData, .fifoOverflow, .ringOverflow], meanExtraGapSeconds: 15, busErrorProbability: 0.01,
        cameraCrashProbability: 0.01, cameraHangProbability: 0.005, cameraBusyProbability: 0.01, workload: .standard,
        maximumChatterEdges: 40, sensor: .board)

    public init(
        faultKinds: [SoakFaultKind], meanExtraGapSeconds: Double, busErrorProbability: Double, cameraCrashProbability: Double,
        cameraHangProbability: Double, cameraBusyProbability: Double, workload: SoakWorkload.Shares, maximumChatterEdges: Int, sensor: Sensor
    ) {
        self.faultKinds = faultKinds
        self.meanExtraGapSeconds = meanExtraGapSeconds
        self.busErrorProbability = busErrorProbability
        self.cameraCrashProbability = cameraCrashProbability
        self.cameraHangProbability = cameraHangProbability
        self.cameraBusyProbability = cameraBusyProbability
        self.workload = workload
        self.maximumChatterEdges = maximumChatterEdges
        self.sensor = sensor
    }

    /// The mix a swarm seed runs: drawn from its own stream (`RandomStreams.mix`), so the same
    /// seed always gives the same mix and the mix never shifts the run's other streams.
    public static func drawn(seed: UInt64) -> SoakMix {
        var generator = RandomStreams(seed: seed).mix
        func chance(_ percent: UInt64) -> Bool { generator.next() % 100 < percent }
        func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * generator.unit() }
        let chipKinds: [SoakFaultKind] = [.chipReset, .unplug, .stuckData, .fifoOverflow, .ringOverflow]
        var kinds = chipKinds.filter { _ in chance(70) }
        if kinds.isEmpty { kinds = [chipKinds[Int(generator.next() % UInt64(chipKinds.count))]] }
        let sensors = Sensor.allCases
        var mix = SoakMix(
            faultKinds: kinds, meanExtraGapSeconds: uniform(2, 40), busErrorProbability: chance(20) ? 0 : uniform(0.001, 0.03),
            cameraCrashProbability: chance(30) ? 0 : uniform(0, 0.03), cameraHangProbability: chance(30) ? 0 : uniform(0, 0.015),
            cameraBusyProbability: chance(30) ? 0 : uniform(0, 0.03),
            workload: SoakWorkload.Shares(
                shortPress: 5 + Int(generator.next() % 56), clip: 5 + Int(generator.next() % 56), burst: 5 + Int(generator.next() % 56),
                storm: 5 + Int(generator.next() % 56)),
            maximumChatterEdges: 2 + Int(generator.next() % 39),
            // The board's own sensor half the time, else one of the others.
            sensor: chance(50) ? .board : sensors[1 + Int(generator.next() % UInt64(sensors.count - 1))])
        // Drawn last, so the draws above are the ones every earlier swarm made: an instant card
        // half the time, else the kernel rig's slow card (300 ms a flush) or a worse one (2 s),
        // either stalling some jobs for 30 s, a quarter of them with no files job waiting (a
        // queue that fills: a Pi's, of 16, does not). The journal's worker meets the same card.
        if !chance(50) {
            mix.card = SimCard(
                flushMilliseconds: chance(50) ? 300 : 2000, stallProbability: chance(50) ? 0 : uniform(0.001, 0.05), stallMilliseconds: 30_000,
                queueCapacity: chance(25) ? 0 : CameraFiles.workerCapacity)
            // Drawn after the card, so every card is the one earlier swarms drew: a quarter of
            // the slow cards give the journal's worker a small queue (a Pi's, of 256, holds
            // minutes of a busy camera's lines), so that `journal-queue` is reached. The worker
            // writes what waits with one flush, so a queue of `c` lines writes `c` a job, and a
            // job takes the flush and, on average, its share of the stalls. The queue is 1 to 4
            // times what keeps up so with `thickestJournalLinesPerSecond`: lines are held in a
            // stall, and none lost. It was 1 to 4 lines on a card of 300 ms a flush (8 to 32 on
            // one of 2 s), which stalls left at 0.6 lines a second: 4 seeds in 1,000 (302,
            // 449, 846, 919) lost lines past the engine's 1,024 held, and with them answers.
            if chance(25) {
                let lines = 1 + Int(generator.next() % 4)
                mix.card.journalQueueCapacity = lines * Self.journalQueueKeepingUp(with: mix.card)
            }
        }
        return mix
    }

    /// The most lines a second a soak journals for long, with a margin: its faults at their
    /// thickest (seed 302's mix journaled 3.6 a second).
    static let thickestJournalLinesPerSecond = 5.0

    /// The smallest journal queue on `card` that writes `thickestJournalLinesPerSecond` on
    /// average: that many lines over a job's mean time (a flush, and its stall's share).
    static func journalQueueKeepingUp(with card: SimCard) -> Int {
        let meanJobMilliseconds = Double(card.flushMilliseconds) + card.stallProbability * Double(card.stallMilliseconds)
        return max(1, Int((thickestJournalLinesPerSecond * meanJobMilliseconds / 1000).rounded(.up)))
    }

    /// `board` with this mix's sensor on it.
    public func board(_ board: Board) -> Board {
        var board = board
        switch sensor {
        case .board: break
        case .mpu6050Burst200:
            board.sensor.kind = .mpu6050
            board.sensor.address = nil
            board.sensor.rateHz = 200
            board.sensor.readMode = .burst
        case .adxl345FIFO800:
            board.sensor.kind = .adxl345
            board.sensor.address = nil
            board.sensor.rateHz = 800
            board.sensor.readMode = .fifo
        case .adxl345FIFO100:
            board.sensor.kind = .adxl345
            board.sensor.address = nil
            board.sensor.rateHz = 100
            board.sensor.readMode = .fifo
        }
        return board
    }

    /// The mix in one line, for the swarm's report.
    public var summary: String {
        func percent(_ p: Double) -> String { SoakReport.seconds(p * 100) + "%" }
        return "faults " + faultKinds.map(\.name).joined(separator: ", ") + " every 15+" + SoakReport.seconds(meanExtraGapSeconds) + " s; bus "
            + percent(busErrorProbability) + "; camera crash " + percent(cameraCrashProbability) + " hang " + percent(cameraHangProbability)
            + " busy " + percent(cameraBusyProbability) + "; presses " + workload.summary + ", chatter up to " + String(maximumChatterEdges)
            + "; sensor " + sensor.rawValue + "; card " + card.summary
    }
}
