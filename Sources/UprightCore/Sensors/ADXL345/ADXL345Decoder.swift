/// Pure conversion of ADXL345 data bytes into device-frame `Sample`s: no bus, no allocation.
///
/// Data sheet, registers 0x32-0x37: each axis is two's complement, DATAx0 the low byte
/// (little-endian); with FULL_RES set the value is right-justified and sign-extended at
/// 3.9 mg/LSB (256 LSB per g) at every range. Public so the benchmark can time decoding alone.
public struct ADXL345Decoder: Equatable, Sendable {
    /// Acceleration in g per count (1/256 at full resolution).
    public var accelerationGPerCount: Float
    /// Maps the chip's axes to the device frame.
    public var mount: MountMatrix
    /// Software calibration offset in g (device frame), subtracted after the mount matrix.
    public var offsetG: Vector3

    /// Full resolution: 256 LSB per g regardless of range (data sheet Table 1, "Scale Factor").
    public static let fullResolutionCountsPerG: Float = 256

    /// A decoder for full-resolution data with this mount and offset.
    public init(mount: MountMatrix = .identity, offsetG: Vector3 = .zero) {
        self.accelerationGPerCount = 1 / Self.fullResolutionCountsPerG
        self.mount = mount
        self.offsetG = offsetG
    }

    /// The signed value of the little-endian byte pair at `offset`.
    @inlinable
    public static func littleEndianInt16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int16 {
        Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8)
    }

    /// The six data bytes at `offset`.
    @inlinable @inline(never)
    public func sample(_ bytes: UnsafeRawBufferPointer, at offset: Int, time: Instant) -> Sample {
        let chip = Vector3(
            x: Float(count: Self.littleEndianInt16(bytes, offset)) * accelerationGPerCount,
            y: Float(count: Self.littleEndianInt16(bytes, offset + 2)) * accelerationGPerCount,
            z: Float(count: Self.littleEndianInt16(bytes, offset + 4)) * accelerationGPerCount)
        return Sample(time: time, accelerationG: mount.apply(chip) - offsetG)
    }

    /// Decodes consecutive six-byte entries, oldest first; the last is stamped `newestTime`,
    /// each earlier one `period` before the next. Returns the count.
    @inlinable
    public func decodeFIFO(_ bytes: UnsafeRawBufferPointer, newestTime: Instant, period: TimeSpan, into body: (Sample) -> Void) -> Int {
        let count = bytes.count / 6
        var time = newestTime - period * Int64(count - 1)
        var offset = 0
        for _ in 0..<count {
            body(sample(bytes, at: offset, time: time))
            offset += 6
            time += period
        }
        return count
    }
}
