import UprightCore

/// What one phase of a soak did: the load, the event stream's counts, the faults and their
/// recoveries, the sampling side's figures.
public struct SoakPhaseReport: Equatable, Sendable {
    /// `faults on` or `faults off`.
    public var name: String
    public var faultsOn: Bool
    public var deviceSeconds: Double
    public var workload = SoakWorkloadCounts()
    public var events = SoakEventCounts()
    /// By `SoakFaultKind.rawValue`.
    public var faultsInjected = [Int](repeating: 0, count: SoakFaultKind.allCases.count)
    public var faultsRecovered = [Int](repeating: 0, count: SoakFaultKind.allCases.count)
    /// Bus errors by what the bus did: [not acknowledged, timed out, arbitration lost, bit flipped].
    public var busErrors = [0, 0, 0, 0]
    public var maximumRecovery = TimeSpan.zero
    public var maximumRecoveryKind: SoakFaultKind?
    public var maximumRecoveryByKind = [TimeSpan](repeating: .zero, count: SoakFaultKind.allCases.count)
    public var samplesDelivered = 0
    /// Samples the driver counted as lost (FIFO overflows, reset and unplug gaps).
    public var samplesLost = 0
    /// Reads where the driver found the FIFO overflowed.
    public var fifoOverflowsReported = 0
    /// Samples the ring overwrote before the event loop took them.
    public var ringDropped = 0
    public var reads = 0
    public var readErrors = 0
    public var sensorRestarts = 0
    /// Steps where the camera held a pose: and of those, where the detector reported it.
    public var settledSteps = 0
    public var agreeingSteps = 0

    public init(name: String, faultsOn: Bool, deviceSeconds: Double) {
        self.name = name
        self.faultsOn = faultsOn
        self.deviceSeconds = deviceSeconds
    }

    public var totalInjected: Int { faultsInjected.reduce(0, +) }
    public var totalRecovered: Int { faultsRecovered.reduce(0, +) }

    /// Why the faults-off phase is not back to normal; empty when it is: no fault injected or
    /// reported, every press answered by a photo or a clip, no rejection but queue-full
    /// (bursts fill the press queue by design), no stale latch, nothing lost. A drawn card is
    /// as slow with the faults off: its waits (a workers' queue full, nothing lost) are normal.
    public var notNormal: [String] {
        var reasons: [String] = []
        if totalInjected > 0 { reasons.append(String(totalInjected) + " faults injected") }
        let faultRecords = events.faultRecords - events.cardWaitRecords
        if faultRecords > 0 { reasons.append(String(faultRecords) + " fault records") }
        if events.captureFailures > 0 { reasons.append(String(events.captureFailures) + " failed captures") }
        if events.rejectionsOther > 0 { reasons.append(String(events.rejectionsOther) + " rejections other than queue-full") }
        if events.staleCaptures > 0 { reasons.append(String(events.staleCaptures) + " stale latches") }
        if samplesLost > 0 { reasons.append(String(samplesLost) + " samples lost") }
        if ringDropped > 0 { reasons.append(String(ringDropped) + " ring drops") }
        if readErrors > 0 { reasons.append(String(readErrors) + " failed reads") }
        if events.answers != events.presses { reasons.append(String(events.presses - events.answers) + " presses unanswered") }
        return reasons
    }
}
