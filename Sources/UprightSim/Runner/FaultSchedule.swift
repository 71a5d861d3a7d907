import UprightCore

/// A scenario's faults as instants the simulation loop steps to: chip faults happen at their
/// time; a bus-error window opens and closes (the loop then rebuilds the bus's `FaultInjector`
/// from the windows open at that instant).
struct FaultSchedule {
    enum Action {
        case openWindow(Int)
        case closeWindow(Int)
        case chip(ChipFault)
    }

    struct Step {
        var time: Instant
        var action: Action
    }

    /// In time order; equal times keep the scenario's order.
    private(set) var steps: [Step] = []
    /// The bus-error windows by index: error and probability per transaction.
    private(set) var windows: [(error: I2CError, probability: Double)] = []
    private var next = 0

    init(_ faults: [FaultSpec], duration: TimeSpan) {
        func instant(_ seconds: Double) -> Instant { .zero + TimeSpan(seconds: seconds) }
        var steps: [Step] = []
        for fault in faults {
            switch fault {
            case .busErrors(let start, let length, let probability, let error):
                windows.append((error, probability))
                steps.append(Step(time: instant(start), action: .openWindow(windows.count - 1)))
                steps.append(Step(time: instant(start + length), action: .closeWindow(windows.count - 1)))
            case .chipReset(let time):
                steps.append(Step(time: instant(time), action: .chip(.powerGlitch)))
            case .unplug(let time, let replug):
                // Never replugged: unplugged past the end of the run.
                let outage = replug.map { TimeSpan(seconds: $0 - time) } ?? duration + .seconds(1)
                steps.append(Step(time: instant(time), action: .chip(.unplug(duration: outage))))
            case .stuckData(let start, let length):
                steps.append(Step(time: instant(start), action: .chip(.stuckData(duration: TimeSpan(seconds: length)))))
            case .cameraCrash, .cameraHang, .cameraBusy:
                break // the camera program's: `SimCameraProcesses` acts on them
            }
        }
        // Stable by construction: sort by (time, original position).
        self.steps = steps.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    var nextTime: Instant? { next < steps.count ? steps[next].time : nil }

    /// The next step due by `now`, if any.
    mutating func due(by now: Instant) -> Action? {
        guard next < steps.count, steps[next].time <= now else { return nil }
        next += 1
        return steps[next - 1].action
    }

    /// The per-transaction plan for the windows open, combined: independent windows of one
    /// error add as `1 - (1 - p1)(1 - p2)`. `FaultPlan` has no plain "bus error" draw, so a
    /// window of `bus` errors corrupts read data instead (one flipped bit), which is what
    /// electrical noise on the wire does to a transfer that still completes.
    func plan(open: [Bool], seed: UInt64) -> FaultPlan? {
        var keep = (nack: 1.0, timeout: 1.0, arbitration: 1.0, flip: 1.0)
        var any = false
        for (index, window) in windows.enumerated() where open[index] {
            any = true
            let p = min(max(window.probability, 0), 1)
            switch window.error {
            case .noAcknowledge: keep.nack *= 1 - p
            case .timeout: keep.timeout *= 1 - p
            case .arbitrationLost: keep.arbitration *= 1 - p
            default: keep.flip *= 1 - p
            }
        }
        guard any else { return nil }
        return FaultPlan(
            seed: seed, noAcknowledgeProbability: 1 - keep.nack, timeoutProbability: 1 - keep.timeout,
            arbitrationLossProbability: 1 - keep.arbitration, bitFlipProbability: 1 - keep.flip)
    }
}
