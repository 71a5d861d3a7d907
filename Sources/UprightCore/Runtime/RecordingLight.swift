/// The recording light (a board's optional `led`): what the person behind the camera sees. A
/// pure function of what the engine reported and of time: steady on while a clip records, a
/// short blink (the level inverted for `blinkLength`) per photo, and while the sensor is at
/// fault (no samples, found reset, data stuck) two short flashes every second, inverted while
/// recording (mostly on, two short gaps). An edge drives a GPIO line from `level(at:)` and
/// wakes at `nextChange(after:)`; the simulator reports the same.
public struct RecordingLight: Equatable, Sendable {
    /// How long a photo's blink inverts the light.
    public static var blinkLength: TimeSpan { .milliseconds(150) }
    /// The fault pattern repeats every second: flashes at 0 and 200 ms, 100 ms each.
    public static var faultPeriod: TimeSpan { .seconds(1) }
    /// How long each of the fault pattern's two flashes lasts.
    public static var flashLength: TimeSpan { .milliseconds(100) }

    /// True while a clip records: the light is steady on.
    public private(set) var recording = false
    /// The clip recording, or the latest one (a late failure of an earlier clip changes nothing).
    private var clip: UInt32 = 0
    /// The end of the latest photo's blink.
    public private(set) var blinkUntil: Instant?
    /// When the current sensor fault began; nil when the sensor is well.
    public private(set) var faultSince: Instant?
    /// The sensor fault kinds in force, one bit per kind.
    private var faults: UInt8 = 0

    /// A light that is off: no clip, no blink, no fault.
    public init() {}

    /// Takes in one of the engine's records.
    public mutating func observe(_ record: MachineRecord, at time: Instant) {
        switch record {
        case .recordStart(let started, _, _):
            recording = true
            clip = started
        case .recordStop(let ended, _, _, _), .recordFailed(let ended, _):
            if ended == clip { recording = false }
        case .capture: blinkUntil = time + Self.blinkLength
        case .fault(let kind) where Self.isSensor(kind):
            if faults == 0 { faultSince = time }
            faults |= 1 << kind.rawValue
        case .recovered(let kind) where Self.isSensor(kind):
            faults &= ~(1 << kind.rawValue)
            if faults == 0 { faultSince = nil }
        default: break
        }
    }

    /// Whether the light is on at `time` (at or after the last observed record).
    public func level(at time: Instant) -> Bool {
        var on = recording
        if let since = faultSince, time >= since {
            let phase = (time - since).nanoseconds % Self.faultPeriod.nanoseconds
            let flash = Self.flashLength.nanoseconds
            let flashing = phase < flash || (phase >= 2 * flash && phase < 3 * flash)
            on = recording ? !flashing : flashing
        }
        if let until = blinkUntil, time < until { on.toggle() }
        return on
    }

    /// The next instant after `time` at which the level may change (nil: not until the next
    /// record).
    public func nextChange(after time: Instant) -> Instant? {
        var next: Instant?
        if let until = blinkUntil, until > time { next = until }
        if let since = faultSince {
            // The pattern's edges: 0, 100, 200 and 300 ms into each period.
            let edge: Instant
            if time < since {
                edge = since
            } else {
                let elapsed = (time - since).nanoseconds
                let phase = elapsed % Self.faultPeriod.nanoseconds
                let flash = Self.flashLength.nanoseconds
                let boundary = phase < flash ? flash : phase < 2 * flash ? 2 * flash : phase < 3 * flash ? 3 * flash : Self.faultPeriod.nanoseconds
                edge = time + TimeSpan(nanoseconds: boundary - phase)
            }
            if next.map({ edge < $0 }) ?? true { next = edge }
        }
        return next
    }

    /// `sensor`, `sensorReset` and `stuckData`: the sensor is not delivering.
    static func isSensor(_ kind: FaultKind) -> Bool { kind == .sensor || kind == .sensorReset || kind == .stuckData }
}
