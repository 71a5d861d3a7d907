import UprightCore
import UprightHost
import UprightMCUShared
import UprightSim

/// Makes a bus input on the host: the firmware engine (through the harness's `BusEngine`)
/// runs against the simulator's register-level chip on a `SimBus` (with the scenario's
/// motion, button and chip faults, and a steady rate of bus errors), behind a `RecordingBus`.
/// The transfers and the calls become the input; the records of this hosted run, through the
/// records edge `upright replay` uses, are the reference the chips must reproduce.
struct BusRecorder {
    /// Per-transaction fault rates on top of the scenario's chip faults: enough to exercise the
    /// drivers' retries and the supervision in every recording. (The scenario's bus-error
    /// windows are not replayed window by window; these rates stand in for them.)
    static let noAcknowledgeProbability = 0.02
    static let timeoutProbability = 0.005
    static let arbitrationLossProbability = 0.005
    static let bitFlipProbability = 0.001

    struct Recording {
        var input: [UInt8]
        /// The hosted run's event stream (NDJSON lines, as `upright replay` formats them).
        var reference: [String]
        var calls: Int
        var transfers: Int
        var samples: Int
    }

    let chip: BusChip
    let scenario: Scenario
    let seed: UInt64

    init(chip: BusChip, scenario: Scenario, seed: UInt64? = nil) {
        self.chip = chip
        self.scenario = scenario
        self.seed = seed ?? scenario.seed ?? 1
    }

    /// The scenario's chip faults at their times, for the chip at `address`.
    static func chipFaults(_ faults: [FaultSpec], address: UInt8, duration: TimeSpan) -> [ScheduledChipFault] {
        faults.compactMap { fault in
            let time = Instant.zero + TimeSpan(seconds: fault.startSeconds)
            switch fault {
            case .busErrors, .cameraCrash, .cameraHang, .cameraBusy: return nil
            case .chipReset: return ScheduledChipFault(time: time, address: address, fault: .powerGlitch)
            case .unplug(_, let replug):
                let outage = replug.map { TimeSpan(seconds: $0 - fault.startSeconds) } ?? duration + .seconds(1)
                return ScheduledChipFault(time: time, address: address, fault: .unplug(duration: outage))
            case .stuckData(_, let length):
                return ScheduledChipFault(time: time, address: address, fault: .stuckData(duration: TimeSpan(seconds: length)))
            }
        }
    }

    /// The most steps a recording takes: one per read at the fastest schedule over the
    /// longest scenario, and then some (a bound, never reached).
    static let stepLimit = 2_000_000

    /// Runs the scenario: the engine is stepped as a microcontroller's main loop would step it,
    /// at its next deadline (a read, a timer, the sensor-failure deadline) or at the next
    /// button edge, whichever comes first; every call is written down for the chips.
    func record() throws(SensorError) -> Recording {
        var streams = RandomStreams(seed: seed)
        let motion = ScenarioMotion(scenario: scenario, generator: &streams.motion)
        let clock = SimClock()
        let bus = SimBus(clock: clock)
        let chipSeed = streams.sensor.next()
        switch chip {
        case .mpu6050: bus.attach(SimMPU6050(motion: motion, seed: chipSeed), at: chip.address)
        case .adxl345: bus.attach(SimADXL345(motion: motion, seed: chipSeed), at: chip.address)
        }
        let end = Instant.zero + TimeSpan(seconds: scenario.durationSeconds)
        bus.faults = FaultInjector(
            plan: FaultPlan(
                seed: streams.faults.next(),
                noAcknowledgeProbability: BusRecorder.noAcknowledgeProbability, timeoutProbability: BusRecorder.timeoutProbability,
                arbitrationLossProbability: BusRecorder.arbitrationLossProbability, bitFlipProbability: BusRecorder.bitFlipProbability,
                chipFaults: BusRecorder.chipFaults(scenario.faults, address: chip.address, duration: end - .zero)))
        let edges = scenario.button.edges(using: &streams.button)

        let recorder = RecordingBus(inner: bus)
        let engine = try BusEngine(bus: recorder, chip: chip, sink: RecordWriter(journal: nil, output: EventCollector()), start: .zero)
        var calls: [BusCall] = []
        func perform(_ call: BusCall) {
            clock.advance(to: call.time)
            calls.append(call)
            engine.perform(call)
        }
        var now = Instant.zero
        var nextEdge = 0
        for _ in 0..<BusRecorder.stepLimit {
            while nextEdge < edges.count, edges[nextEdge].time <= now {
                perform(.edge(down: edges[nextEdge].pressed, at: edges[nextEdge].time))
                nextEdge += 1
            }
            perform(.step(now))
            if now >= end { break }
            var next = end
            if let deadline = engine.nextDeadline, deadline < next { next = deadline }
            if nextEdge < edges.count, edges[nextEdge].time < next { next = edges[nextEdge].time }
            now = max(next, now + TimeSpan(nanoseconds: 1))
        }
        perform(.finish(now))
        let input = InputWriter.bus(
            chip: chip, capabilities: bus.capabilities, start: .zero, calls: calls,
            transfers: recorder.records.bytes, transferCount: recorder.count)
        let reference = engine.engine.runtime.sink.output.events.map { $0.jsonLine() }
        return Recording(input: input, reference: reference, calls: calls.count, transfers: recorder.count, samples: engine.samples)
    }
}
