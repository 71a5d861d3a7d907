/// Rounding to the nearest integer (ties to even) for the picture code's hot loops, where
/// libm's round() is a call and `Int(_: Double)` carries range checks. Adding 1.5 * 2^52
/// leaves no fraction bits, so the FPU's own rounding does the work and the integer sits in
/// the low mantissa bits.
enum FastRounding {
    /// `value` (0...255) rounded, from the low byte of the sum's bits: no sign to restore, no
    /// range to check (the renderer's channels, a quarter of its time when it went through a
    /// signed 64-bit result).
    @inline(__always)
    static func byte(_ value: Double) -> UInt8 {
        UInt8(truncatingIfNeeded: (value + 6_755_399_441_055_744.0).bitPattern)
    }

    /// `byte` of each lane, stored at `out`.
    @inline(__always)
    static func store(_ value: SIMD4<Double>, at out: UnsafeMutablePointer<UInt8>) {
        let bits = unsafeBitCast(value + 6_755_399_441_055_744.0, to: SIMD4<UInt64>.self)
        for lane in 0..<4 { out[lane] = UInt8(truncatingIfNeeded: bits[lane]) }
    }
}
