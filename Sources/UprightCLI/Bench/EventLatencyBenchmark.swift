import UprightCore

/// `event_latency_ns_p50` / `_p99`: how long the firmware takes from a shutter edge reaching
/// the runtime to the capture order leaving it, measured in-process with CLOCK_MONOTONIC.
///
/// The photo is ordered at the touch (the press's first raw edge, before any debounce), so
/// each sample is the processing cost of the call that feeds that edge (`buttonEdge(down:at:)`,
/// what the event loop does when the line's event is read) through the gesture recogniser,
/// the event queue and the machine, to the moment `Camera.perform(.capturePhoto)` is entered.
/// The rest of the press (its debounce, its release) runs after, unmeasured; the camera
/// completes at once so every touch finds the machine in `previewing`. About one clock read
/// (a vDSO call, tens of ns) is inside each figure.
public enum EventLatencyBenchmark {
    /// One nanosecond figure per press, in press order.
    public static func run(presses: Int) -> [Int64] {
        var runtime = CameraRuntime(
            camera: StampingCamera(), sink: DiscardingSink(),
            configuration: MachineConfiguration(idleTimeout: .seconds(3600)))
        var latencies: [Int64] = []
        latencies.reserveCapacity(presses)
        // The detector's first decision (upright for a second at 100 Hz): a touch before it
        // would wait for it, its photo ordered by the decision, not by the edge.
        for index in 0..<100 {
            runtime.ingest(Sample(time: Instant(nanoseconds: Int64(index) * 10_000_000), accelerationG: Vector3(x: 0, y: 1, z: 0)))
        }
        let spacing = TimeSpan.seconds(1)
        let debounce = runtime.gesture.configuration.debounce
        var pressTime = Instant.zero + spacing
        for _ in 0..<presses {
            runtime.camera.stamp = nil
            let start = MonotonicClock.now()
            runtime.buttonEdge(down: true, at: pressTime)
            if let stamp = runtime.camera.stamp { latencies.append((stamp - start).nanoseconds) }
            runtime.advance(to: pressTime + debounce)
            let releaseTime = pressTime + .milliseconds(100)
            runtime.buttonEdge(down: false, at: releaseTime)
            runtime.advance(to: releaseTime + debounce)
            pressTime += spacing
        }
        return latencies
    }

    /// The `q`-quantile (0...1) of `values` by nearest rank; NaN when empty.
    public static func quantile(_ values: [Int64], _ q: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return Double(sorted[min(max(rank, 0), sorted.count - 1)])
    }
}

/// Stamps the monotonic clock when a capture order arrives and finishes it at once.
private struct StampingCamera: Camera {
    var stamp: Instant?
    private var finished: CameraReport?

    mutating func perform(_ order: CameraOrder, at now: Instant) {
        guard case .capturePhoto(let shot, _, _) = order else { return }
        if stamp == nil { stamp = MonotonicClock.now() }
        finished = CameraReport(.captureFinished(shot: shot), at: now)
    }

    mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? {
        guard let report = finished, report.time <= time else { return nil }
        finished = nil
        return report
    }

    var nextDeadline: Instant? { finished?.time }
}

private struct DiscardingSink: RecordSink {
    mutating func record(_ record: MachineRecord, at time: Instant) {}
}
