import UprightCore

/// Little-endian fields appended to a byte array: how the host builds flash inputs
/// (the chip reads them back with `InputCursor`).
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func uint8(_ value: UInt8) { bytes.append(value) }

    mutating func uint16(_ value: UInt16) { append(value) }

    mutating func uint32(_ value: UInt32) { append(value) }

    mutating func int32(_ value: Int32) { append(UInt32(bitPattern: value)) }

    mutating func int64(_ value: Int64) { append(UInt64(bitPattern: value)) }

    mutating func float(_ value: Float) { append(value.bitPattern) }

    mutating func bytes(_ values: some Sequence<UInt8>) { bytes.append(contentsOf: values) }

    /// Whether `time` must be written whole: it is before `previous` or more than a u32 of
    /// nanoseconds (4.29 s) after it (docs/mcu.md, "Times").
    static func needsAbsoluteTime(_ time: Instant, after previous: Instant) -> Bool {
        !(0...Int64(UInt32.max)).contains((time - previous).nanoseconds)
    }

    /// `time` as `InputCursor.time(after:absolute:)` reads it.
    mutating func time(_ time: Instant, after previous: Instant) {
        if ByteWriter.needsAbsoluteTime(time, after: previous) {
            int64(time.nanoseconds)
        } else {
            uint32(UInt32((time - previous).nanoseconds))
        }
    }

    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
