import UprightCore

/// One `MachineRecord` as a line of the harness's output (docs/mcu.md, "Records"): a tag
/// letter, the time since the previous record in nanoseconds, then the payload as the core's
/// raw values. Both ends use this one definition: the chip writes with `write`, the host reads
/// back with `init(tag:fields:)` and formats the contract NDJSON line with UprightHost.
///
/// | tag | record | fields after the time |
/// |---|---|---|
/// | `o` | orientation | pose |
/// | `s` | state | from, to |
/// | `c` | capture | shot, orientation (255: `unknown`), stale |
/// | `x` | capture-failed | shot, reason |
/// | `r` | record-start | clip, orientation (255: `unknown`), stale |
/// | `p` | record-stop | clip, orientation (255: `unknown`), reason, duration (ms) |
/// | `y` | record-failed | clip, reason |
/// | `j` | shutter-rejected | reason |
/// | `f` | fault | kind |
/// | `v` | recovered | kind |
/// | `b` | fault `bound` | bound kind, lost |
public struct CompactRecord: Equatable {
    /// The most payload fields a record has.
    public static let maximumFields = 4
    /// A latch's orientation field when it is `unknown` (no upright orientation decided).
    public static let unknownOrientation: UInt32 = 255

    public var record: MachineRecord

    public init(_ record: MachineRecord) {
        self.record = record
    }

    /// The tag letter and payload of `record`.
    public var tag: UInt8 {
        switch record {
        case .orientation: UInt8(ascii: "o")
        case .state: UInt8(ascii: "s")
        case .capture: UInt8(ascii: "c")
        case .captureFailed: UInt8(ascii: "x")
        case .recordStart: UInt8(ascii: "r")
        case .recordStop: UInt8(ascii: "p")
        case .recordFailed: UInt8(ascii: "y")
        case .shutterRejected: UInt8(ascii: "j")
        case .fault: UInt8(ascii: "f")
        case .recovered: UInt8(ascii: "v")
        case .bound: UInt8(ascii: "b")
        }
    }

    /// The payload fields, in the table's order.
    public var fields: (count: Int, values: InlineArray<4, UInt32>) {
        var values = InlineArray<4, UInt32>(repeating: 0)
        var count = 0
        func add(_ value: UInt32) {
            values[count] = value
            count += 1
        }
        switch record {
        case .orientation(let pose):
            add(UInt32(pose.rawValue))
        case .state(let from, let to):
            add(UInt32(from.rawValue))
            add(UInt32(to.rawValue))
        case .capture(let shot, let orientation, let stale, _, _):
            // No lag or wait: the harness's camera answers at once and reports neither.
            add(shot)
            add(Self.latched(orientation))
            add(stale ? 1 : 0)
        case .captureFailed(let shot, let reason):
            add(shot)
            add(UInt32(reason.rawValue))
        case .recordStart(let clip, let orientation, let stale):
            add(clip)
            add(Self.latched(orientation))
            add(stale ? 1 : 0)
        case .recordStop(let clip, let orientation, let reason, let duration):
            add(clip)
            add(Self.latched(orientation))
            add(UInt32(reason.rawValue))
            add(duration)
        case .recordFailed(let clip, let reason):
            add(clip)
            add(UInt32(reason.rawValue))
        case .shutterRejected(let reason):
            add(UInt32(reason.rawValue))
        case .fault(let kind), .recovered(let kind):
            add(UInt32(kind.rawValue))
        case .bound(let kind, let lost, _):
            // No wait: a microcontroller has no workers (`cameraFiles`, `journalQueue`), and
            // every other bound waits for nothing.
            add(UInt32(kind.rawValue))
            add(lost)
        }
        return (count, values)
    }

    /// A latch's orientation as a field: its raw value, or `unknownOrientation`.
    static func latched(_ orientation: UprightOrientation?) -> UInt32 {
        orientation.map { UInt32($0.rawValue) } ?? unknownOrientation
    }

    /// Appends the line's words (tag, time since the previous record, payload) to `line`.
    public func write(delta: Int64, into line: inout LineBuilder) {
        var tagByte = tag
        withUnsafeBytes(of: &tagByte) { line.append($0) }
        line.append(delta)
        let (count, values) = fields
        for index in 0..<count { line.append(values[index]) }
    }

    /// The record a line's tag and payload describe; nil for an unknown tag, a wrong number of
    /// fields or a value out of range.
    public init?(tag: UInt8, fields: UnsafeBufferPointer<UInt32>) {
        func small<T: RawRepresentable>(_ index: Int, _ type: T.Type) -> T? where T.RawValue == UInt8 {
            guard index < fields.count, fields[index] <= UInt32(UInt8.max) else { return nil }
            return T(rawValue: UInt8(fields[index]))
        }
        // A latch's orientation: .some(nil) for `unknown`, nil when out of range.
        func latched(_ index: Int) -> UprightOrientation?? {
            guard index < fields.count else { return nil }
            if fields[index] == Self.unknownOrientation { return .some(nil) }
            return small(index, UprightOrientation.self).map { .some($0) }
        }
        func flag(_ index: Int) -> Bool? {
            guard index < fields.count, fields[index] <= 1 else { return nil }
            return fields[index] == 1
        }
        let expected: Int
        let parsed: MachineRecord?
        switch tag {
        case UInt8(ascii: "o"):
            expected = 1
            parsed = small(0, Orientation.self).map { .orientation($0) }
        case UInt8(ascii: "s"):
            expected = 2
            if let from = small(0, StateName.self), let to = small(1, StateName.self) { parsed = .state(from: from, to: to) } else { parsed = nil }
        case UInt8(ascii: "c"), UInt8(ascii: "r"):
            expected = 3
            if fields.count == 3, let orientation = latched(1), let stale = flag(2) {
                parsed =
                    tag == UInt8(ascii: "c")
                    ? .capture(shot: fields[0], orientation: orientation, stale: stale)
                    : .recordStart(clip: fields[0], orientation: orientation, stale: stale)
            } else {
                parsed = nil
            }
        case UInt8(ascii: "x"):
            expected = 2
            if fields.count == 2, let reason = small(1, CaptureFailureReason.self) {
                parsed = .captureFailed(shot: fields[0], reason: reason)
            } else {
                parsed = nil
            }
        case UInt8(ascii: "p"):
            expected = 4
            if fields.count == 4, let orientation = latched(1), let reason = small(2, RecordStopReason.self) {
                parsed = .recordStop(clip: fields[0], orientation: orientation, reason: reason, durationMilliseconds: fields[3])
            } else {
                parsed = nil
            }
        case UInt8(ascii: "y"):
            expected = 2
            if fields.count == 2, let reason = small(1, RecordFailureReason.self) {
                parsed = .recordFailed(clip: fields[0], reason: reason)
            } else {
                parsed = nil
            }
        case UInt8(ascii: "j"):
            expected = 1
            parsed = small(0, RejectionReason.self).map { .shutterRejected($0) }
        case UInt8(ascii: "f"):
            expected = 1
            parsed = small(0, FaultKind.self).map { .fault($0) }
        case UInt8(ascii: "v"):
            expected = 1
            parsed = small(0, FaultKind.self).map { .recovered($0) }
        case UInt8(ascii: "b"):
            expected = 2
            if fields.count == 2, let kind = small(0, BoundKind.self) { parsed = .bound(kind, lost: fields[1]) } else { parsed = nil }
        default:
            return nil
        }
        guard fields.count == expected, let parsed else { return nil }
        record = parsed
    }
}
