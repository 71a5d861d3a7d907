import UprightCore

/// The rows of a trace input (docs/mcu.md, "Trace inputs"), read one at a time straight from
/// flash. Per row: a flags byte (bit 0 the button is down, bit 1 the time is absolute), the
/// time (u32 nanoseconds after the previous row, or i64 nanoseconds), then ax, ay, az and,
/// when the header says so, gx, gy, gz, each a Float's bit pattern: the very values the
/// host's trace parser produced, so no number is parsed twice.
public struct TraceInput {
    /// Header flags.
    public static let gyroFlag: UInt8 = 1
    public static let buttonFlag: UInt8 = 2
    /// Row flags.
    public static let rowButtonDown: UInt8 = 1
    public static let rowAbsoluteTime: UInt8 = 2

    /// One row: the sample and, when the trace has a button column, its level.
    public struct Row: Equatable {
        public var sample: Sample
        public var buttonDown: Bool?

        public init(sample: Sample, buttonDown: Bool?) {
            self.sample = sample
            self.buttonDown = buttonDown
        }
    }

    public let hasGyro: Bool
    public let hasButton: Bool
    public let rowCount: Int
    public private(set) var rowsRead = 0
    private var cursor: InputCursor
    private var previous: Instant

    public init(header: InputHeader, payload: UnsafeRawBufferPointer) throws(InputError) {
        guard header.kind == .trace else { throw .unknownKind }
        guard header.count > 0 else { throw .empty }
        hasGyro = header.flags & TraceInput.gyroFlag != 0
        hasButton = header.flags & TraceInput.buttonFlag != 0
        rowCount = Int(header.count)
        cursor = InputCursor(payload)
        previous = header.start
    }

    /// The next row, or nil after the last.
    public mutating func next() throws(InputError) -> Row? {
        guard rowsRead < rowCount else { return nil }
        let flags = try cursor.uint8()
        let time = try cursor.time(after: previous, absolute: flags & TraceInput.rowAbsoluteTime != 0)
        let acceleration = Vector3(x: try cursor.float(), y: try cursor.float(), z: try cursor.float())
        var rate: Vector3?
        if hasGyro { rate = Vector3(x: try cursor.float(), y: try cursor.float(), z: try cursor.float()) }
        previous = time
        rowsRead += 1
        return Row(
            sample: Sample(time: time, accelerationG: acceleration, angularRateDPS: rate),
            buttonDown: hasButton ? flags & TraceInput.rowButtonDown != 0 : nil)
    }
}
