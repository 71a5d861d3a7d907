import UprightCore

/// What a flash input holds (docs/mcu.md, "Inputs").
public enum InputKind: UInt8, Sendable {
    /// Trace rows (samples and the button) for the trace-fed engine; checked against `upright replay`.
    case trace = 1
    /// A bus recording: engine calls and the I2C transfers they made, played by `PlaybackBus`;
    /// checked against the host engine on the simulated chip.
    case bus = 2
    /// The floating-point probe: digests of the operations the engine uses, from a seed.
    case floatProbe = 3
}

/// The 32 bytes in front of every input (little-endian):
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 4 | magic `UPMC` |
/// | 4 | 2 | version (1) |
/// | 6 | 1 | kind (`InputKind`) |
/// | 7 | 1 | flags (trace: bit 0 gyro, bit 1 button; bus: the chip) |
/// | 8 | 4 | payload bytes (after the header) |
/// | 12 | 4 | FNV-1a 32 of the payload |
/// | 16 | 4 | count (trace rows, bus calls, probe rounds) |
/// | 20 | 4 | auxiliary (bus: transfers; probe: seed) |
/// | 24 | 8 | start time, nanoseconds |
public struct InputHeader: Equatable, Sendable {
    public static let size = 32
    /// "UPMC" as it reads in memory.
    public static let magic: UInt32 = 0x434D_5055
    public static let version: UInt16 = 1

    public var kind: InputKind
    public var flags: UInt8
    public var payloadBytes: UInt32
    public var checksum: UInt32
    public var count: UInt32
    public var auxiliary: UInt32
    public var start: Instant

    public init(kind: InputKind, flags: UInt8, payloadBytes: UInt32, checksum: UInt32, count: UInt32, auxiliary: UInt32, start: Instant) {
        self.kind = kind
        self.flags = flags
        self.payloadBytes = payloadBytes
        self.checksum = checksum
        self.count = count
        self.auxiliary = auxiliary
        self.start = start
    }

    /// Reads and checks the header at the start of `region` and returns it with its payload.
    public static func parse(_ region: UnsafeRawBufferPointer) throws(InputError) -> (header: InputHeader, payload: UnsafeRawBufferPointer) {
        var cursor = InputCursor(region)
        guard region.count >= size else { throw .noHeader }
        guard try cursor.uint32() == magic else { throw .badMagic }
        guard try cursor.uint16() == version else { throw .unsupportedVersion }
        guard let kind = InputKind(rawValue: try cursor.uint8()) else { throw .unknownKind }
        let flags = try cursor.uint8()
        let payloadBytes = try cursor.uint32()
        let checksum = try cursor.uint32()
        let count = try cursor.uint32()
        let auxiliary = try cursor.uint32()
        let start = Instant(nanoseconds: try cursor.int64())
        guard UInt64(payloadBytes) <= UInt64(region.count - size) else { throw .payloadTooLarge }
        let payload = UnsafeRawBufferPointer(rebasing: region[size..<(size + Int(payloadBytes))])
        guard InputHeader.fnv1a(payload) == checksum else { throw .checksumMismatch }
        let header = InputHeader(
            kind: kind, flags: flags, payloadBytes: payloadBytes, checksum: checksum, count: count, auxiliary: auxiliary, start: start)
        return (header, payload)
    }

    /// FNV-1a, 32 bits (offset basis 2166136261, prime 16777619): catches a truncated or
    /// stale input in flash.
    public static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}
