import UprightCore
import UprightHost
import UprightMCUShared
import UprightSim

/// Makes a bus input on the host: the harness's `BusEngine` runs against the simulator's
/// register-level chip on a `SimBus` (with the scenario's motion, button and chip faults, and
/// a steady rate of bus errors), behind a `RecordingBus`. The transfers and the calls become
/// the input; the records of this hosted run are the reference the chips must reproduce.
struct BusRecorder {
    /// Steps every 20 ms: the simulator's FIFO read interval at 100 Hz (Simulation.readInterval).
    static let readInterval = TimeSpan.milliseconds(20)
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
            case .busErrors: return nil
            case .chipReset: return ScheduledChipFault(time: time, address: address, fault: .powerGlitch)
            case .unplug(_, let replug):
                let outage = replug.map { TimeSpan(seconds: $0 - fault.startSeconds) } ?? duration + .seconds(1)
                return ScheduledChipFault(time: time, address: address, fault: .unplug(duration: outage))
            case .stuckData(_, let length):
                return ScheduledChipFault(time: time, address: address, fault: .stuckData(duration: TimeSpan(seconds: length)))
            }
        }
    }

    /// The calls: a step every `readInterval` from 0 to the end, and every button edge (a step
    /// at the same instant goes first, as the simulator reads before it delivers edges).
    func calls(edges: [ButtonEdge], end: Instant) -> [BusCall] {
        var calls: [BusCall] = []
        var next = 0
        var time = Instant.zero
        while time <= end {
            while next < edges.count, edges[next].time < time {
                calls.append(.edge(down: edges[next].pressed, at: edges[next].time))
                next += 1
            }
            calls.append(.step(time))
            time += BusRecorder.readInterval
        }
        while next < edges.count, edges[next].time <= end {
            calls.append(.edge(down: edges[next].pressed, at: edges[next].time))
            next += 1
        }
        return calls
    }

    func record() -> Recording {
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
        bus.faults = FaultInjector(plan: FaultPlan(
            seed: streams.faults.next(),
            noAcknowledgeProbability: BusRecorder.noAcknowledgeProbability, timeoutProbability: BusRecorder.timeoutProbability,
            arbitrationLossProbability: BusRecorder.arbitrationLossProbability, bitFlipProbability: BusRecorder.bitFlipProbability,
            chipFaults: BusRecorder.chipFaults(scenario.faults, address: chip.address, duration: end - .zero)))
        let calls = calls(edges: scenario.button.edges(using: &streams.button), end: end)

        let recorder = RecordingBus(inner: bus)
        let engine = BusEngine(bus: recorder, chip: chip, sink: EventLog(), start: .zero)
        for call in calls {
            clock.advance(to: call.time)
            switch call {
            case .step(let time): engine.step(now: time)
            case .edge(let down, let time): engine.shutterEdge(down: down, at: time)
            }
        }
        let last = calls.last?.time ?? .zero
        clock.advance(to: last)
        engine.finish(at: last)
        let input = InputWriter.bus(
            chip: chip, capabilities: bus.capabilities, start: .zero, calls: calls,
            transfers: recorder.records.bytes, transferCount: recorder.count)
        return Recording(input: input, reference: engine.runtime.sink.jsonLines(), calls: calls.count, transfers: recorder.count, samples: engine.samples)
    }
}
