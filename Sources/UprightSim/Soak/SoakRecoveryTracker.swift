import UprightCore

/// Faults injected and their recoveries. A chip-level fault has recovered when, after it
/// cleared, samples measured after it reached the detector and the detector reports the
/// camera's true orientation (judged only while the camera holds a pose; see
/// `SoakMotion.expectedOrientation`). A bus error has recovered when a later read delivers
/// samples. Either must happen within `limit`, or it is a violation.
public struct SoakRecoveryTracker: Sendable {
    /// The bound: the driver notices a reset or stuck data within its health check (250 ms),
    /// re-initialises (100 ms), the detector settles (80 ms); holds last 3 s or more, turns
    /// and shakes under 2 s. Ten seconds is loose enough never to catch a slow pose, tight
    /// enough to catch a driver that never comes back.
    public static let limit = TimeSpan.seconds(10)
    /// The most faults awaiting recovery at once (they are spaced 20 s apart; a bound).
    public static let maximumPending = 8

    public private(set) var injected = [Int](repeating: 0, count: SoakFaultKind.allCases.count)
    public private(set) var recovered = [Int](repeating: 0, count: SoakFaultKind.allCases.count)
    public private(set) var maximumRecovery = TimeSpan.zero
    public private(set) var maximumRecoveryKind: SoakFaultKind?
    /// The longest recovery of each kind, by `SoakFaultKind.rawValue`.
    public private(set) var maximumRecoveryByKind = [TimeSpan](repeating: .zero, count: SoakFaultKind.allCases.count)
    private var pending: [SoakFault] = []
    private var busPendingSince: Instant?
    private var busPendingCount = 0

    public init() {}

    public var totalInjected: Int { injected.reduce(0, +) }
    public var totalRecovered: Int { recovered.reduce(0, +) }
    public var awaiting: Int { pending.count + busPendingCount }

    public mutating func inject(_ fault: SoakFault) -> SoakViolation? {
        injected[fault.kind.rawValue] += 1
        guard pending.count < SoakRecoveryTracker.maximumPending else {
            return SoakViolation(
                time: fault.time, message: String(pending.count) + " faults still awaiting recovery when a " + fault.kind.name + " came")
        }
        pending.append(fault)
        return nil
    }

    public mutating func busError(at time: Instant) {
        injected[SoakFaultKind.busError.rawValue] += 1
        busPendingCount += 1
        if busPendingSince == nil { busPendingSince = time }
    }

    /// A read delivered samples at `now`: bus errors before it have recovered.
    public mutating func samplesRead(at now: Instant) {
        guard let since = busPendingSince else { return }
        note(now - since, .busError)
        recovered[SoakFaultKind.busError.rawValue] += busPendingCount
        busPendingCount = 0
        busPendingSince = nil
    }

    /// Called after each step: `newestSample` is the newest sample time the detector has seen,
    /// `reported` its orientation, `expected` the true one (nil while the camera moves).
    public mutating func check(now: Instant, newestSample: Instant?, reported: Orientation?, expected: Orientation?) -> SoakViolation? {
        var index = 0
        while index < pending.count {
            let fault = pending[index]
            if now >= fault.clears, let newest = newestSample, newest >= fault.clears, let expected, expected == reported {
                note(now - fault.clears, fault.kind)
                recovered[fault.kind.rawValue] += 1
                pending.remove(at: index)
                continue
            }
            if now - fault.clears > SoakRecoveryTracker.limit {
                var message =
                    fault.kind.name + " injected at t=" + SoakReport.seconds(fault.time.seconds) + " s (cleared at "
                    + SoakReport.seconds(fault.clears.seconds) + " s): detector not recovered within "
                    + SoakReport.seconds(SoakRecoveryTracker.limit.seconds)
                    + " s; it reports " + (reported?.description ?? "no decision") + ", the camera is " + (expected?.description ?? "moving")
                message += newestSample.map { ", newest sample t=" + SoakReport.seconds($0.seconds) + " s" } ?? ", no sample since"
                return SoakViolation(time: now, message: message)
            }
            index += 1
        }
        if let since = busPendingSince, now - since > SoakRecoveryTracker.limit {
            return SoakViolation(
                time: now,
                message: "no sample read for " + SoakReport.seconds((now - since).seconds) + " s after a bus error at t="
                    + SoakReport.seconds(since.seconds) + " s")
        }
        return nil
    }

    private mutating func note(_ span: TimeSpan, _ kind: SoakFaultKind) {
        maximumRecoveryByKind[kind.rawValue] = max(maximumRecoveryByKind[kind.rawValue], span)
        if span > maximumRecovery {
            maximumRecovery = span
            maximumRecoveryKind = kind
        }
    }
}
