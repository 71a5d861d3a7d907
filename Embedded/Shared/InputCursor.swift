import UprightCore

/// Reads little-endian fields from a flash input one after the other, at any alignment (the
/// Cortex-M0 faults on unaligned word loads, so every read goes through `loadUnaligned`), and
/// refuses to read past the end.
public struct InputCursor {
    public let bytes: UnsafeRawBufferPointer
    public private(set) var offset = 0

    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    public var remaining: Int { bytes.count - offset }

    public mutating func take(_ count: Int) throws(InputError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else { throw .truncated }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        offset += count
        return slice
    }

    public mutating func uint8() throws(InputError) -> UInt8 {
        guard remaining >= 1 else { throw .truncated }
        let value = bytes[offset]
        offset += 1
        return value
    }

    public mutating func uint16() throws(InputError) -> UInt16 {
        UInt16(littleEndian: try load(UInt16.self))
    }

    public mutating func uint32() throws(InputError) -> UInt32 {
        UInt32(littleEndian: try load(UInt32.self))
    }

    public mutating func int32() throws(InputError) -> Int32 {
        Int32(bitPattern: try uint32())
    }

    public mutating func int64() throws(InputError) -> Int64 {
        Int64(littleEndian: try load(Int64.self))
    }

    /// A `Float` stored as its IEEE 754 bit pattern: exactly the value the host computed.
    public mutating func float() throws(InputError) -> Float {
        Float(bitPattern: try uint32())
    }

    /// A time stored as a delta from `previous` (u32 nanoseconds) or, when `absolute`, as i64
    /// nanoseconds (docs/mcu.md, "Times").
    public mutating func time(after previous: Instant, absolute: Bool) throws(InputError) -> Instant {
        absolute ? Instant(nanoseconds: try int64()) : previous + TimeSpan(nanoseconds: Int64(try uint32()))
    }

    private mutating func load<T: FixedWidthInteger>(_ type: T.Type) throws(InputError) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size, let base = bytes.baseAddress else { throw .truncated }
        let value = base.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += size
        return value
    }
}
