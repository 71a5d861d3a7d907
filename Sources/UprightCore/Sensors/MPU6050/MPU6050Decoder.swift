/// Pure conversion of MPU-6050 bytes into device-frame `Sample`s: no bus, no allocation.
///
/// RM 4.17-4.19: every value is a signed 16-bit big-endian pair (high byte first); a FIFO
/// record holds the enabled measurements in register order (accelerometer, temperature, gyro).
/// Public so that the benchmark can measure decoding alone on a byte buffer.
public struct MPU6050Decoder: Equatable, Sendable {
    /// What each FIFO record holds.
    public var contents: MPU6050FIFOContents
    /// Acceleration in g per count at the configured range.
    public var accelerationGPerCount: Float
    /// Angular rate in degrees per second per count at the configured range.
    public var angularRateDPSPerCount: Float
    /// Maps the chip's axes to the device frame.
    public var mount: MountMatrix
    /// Software calibration offset in g (device frame), subtracted after the mount matrix.
    public var offsetG: Vector3

    /// A decoder for records of `contents` at these ranges, mount and offset.
    public init(
        contents: MPU6050FIFOContents, accelerometerRange: MPU6050AccelerometerRange, gyroRange: MPU6050GyroRange, mount: MountMatrix = .identity,
        offsetG: Vector3 = .zero
    ) {
        self.contents = contents
        self.accelerationGPerCount = 1 / accelerometerRange.countsPerG
        self.angularRateDPSPerCount = 1 / gyroRange.countsPerDPS
        self.mount = mount
        self.offsetG = offsetG
    }

    /// The signed big-endian value at `offset`.
    @inlinable
    public static func bigEndianInt16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int16 {
        Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))
    }

    @inlinable
    func vector(_ bytes: UnsafeRawBufferPointer, _ offset: Int, scale: Float) -> Vector3 {
        Vector3(
            x: Float(count: Self.bigEndianInt16(bytes, offset)) * scale,
            y: Float(count: Self.bigEndianInt16(bytes, offset + 2)) * scale,
            z: Float(count: Self.bigEndianInt16(bytes, offset + 4)) * scale)
    }

    /// One record laid out as `contents` says, starting at `offset`. Never inlined, and the
    /// gyro decoded at one place for both layouts: the FIFO's loop and the register read call
    /// the one copy (on a soft-float Cortex-M0 each decoded, mounted vector is about 40 libgcc
    /// calls of flash; docs/mcu.md, "Flash").
    @inlinable @inline(never)
    public func sample(_ bytes: UnsafeRawBufferPointer, at offset: Int, time: Instant) -> Sample {
        let acceleration = mount.apply(vector(bytes, offset, scale: accelerationGPerCount)) - offsetG
        guard contents != .accelerometer else { return Sample(time: time, accelerationG: acceleration) }
        // The temperature word sits between the accelerometer and the gyro (RM 4.17-4.19; a FIFO record keeps that order, RM 4.6).
        let hasTemperature = contents == .all
        return Sample(
            time: time, accelerationG: acceleration,
            angularRateDPS: mount.apply(vector(bytes, offset + (hasTemperature ? 8 : 6), scale: angularRateDPSPerCount)),
            temperatureCelsius: hasTemperature ? Self.temperatureCelsius(Self.bigEndianInt16(bytes, offset + 6)) : nil)
    }

    /// RM 4.18: temperature in degrees C = raw / 340 + 36.53.
    @inlinable
    public static func temperatureCelsius(_ raw: Int16) -> Float { Float(count: raw) / 340 + 36.53 }

    /// Decodes every whole record in `bytes`, oldest first; the last one is stamped
    /// `newestTime` and each earlier one `period` before the next. Returns the count.
    @inlinable
    public func decodeFIFO(_ bytes: UnsafeRawBufferPointer, newestTime: Instant, period: TimeSpan, into body: (Sample) -> Void) -> Int {
        let size = contents.bytesPerSample
        let count = bytes.count / size
        var time = newestTime - period * Int64(count - 1)
        var offset = 0
        for _ in 0..<count {
            body(sample(bytes, at: offset, time: time))
            offset += size
            time += period
        }
        return count
    }
}
