/// Rounding to the nearest integer (ties to even) for the picture code's hot loops, where
/// libm's round() is a call and `Int(_: Double)` carries range checks. Adding 1.5 * 2^52
/// leaves no fraction bits, so the FPU's own rounding does the work and the integer sits in
/// the low mantissa bits. Valid for |value| < 2^50; callers clamp far inside that.
enum FastRounding {
    @inline(__always)
    static func nearest(_ value: Double) -> Int64 {
        let shifted = value + 6_755_399_441_055_744.0
        // The raw bytes (the stdlib's `bitPattern` getter was left as a call here).
        let bits = withUnsafeBytes(of: shifted) { $0.load(as: Int64.self) }
        // Low 52 bits = 2^51 + n; the low 51 bits, sign-extended, are n.
        return (bits << 13) >> 13
    }
}
