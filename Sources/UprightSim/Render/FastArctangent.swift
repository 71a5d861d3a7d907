/// atan2 in degrees without libm, for the renderer's tens of thousands of rays per picture.
/// Pure arithmetic, so the same inputs give the same bits on every run (pictures stay
/// deterministic), and accurate to about 1e-4 degrees, far below a pixel (~0.2 degrees).
///
/// Method: fold the angle into the first octant (ratio t = min/max in 0...1), halve it once
/// with atan(t) = 2 atan(t / (1 + sqrt(1 + t^2))) so the argument is at most tan(pi/8) = 0.414,
/// then sum the Taylor series atan(z) = z - z^3/3 + z^5/5 - ... to z^11 (the first term left
/// out, z^13/13, is below 8e-7 radians, doubled by the halving: under 1e-4 degrees), and unfold.
///
/// Four angles at a time, without a branch: the renderer works a row of rays in lockstep, and
/// the compiler keeps each step on vector registers. Each lane goes through the same IEEE
/// operations (correctly rounded, none fused) in the same order as one angle alone would, so
/// a lane's bits do not depend on its neighbours or on the vector width.
enum FastArctangent {
    static let degreesPerRadian = 180 / Double.pi

    /// The angle of (x, y) from the +x axis, -180...180 degrees, like atan2(y, x); 0 at the origin.
    @inline(__always)
    static func degrees(y: Double, x: Double) -> Double {
        degrees(y: SIMD4(repeating: y), x: SIMD4(repeating: x))[0]
    }

    /// `degrees(y:x:)` of each lane.
    @inline(__always)
    static func degrees(y: SIMD4<Double>, x: SIMD4<Double>) -> SIMD4<Double> {
        let zero = SIMD4<Double>(repeating: 0)
        // abs clears the sign bit, as the scalar one does; max and min choose as the scalar
        // functions are written, so the bits are theirs whatever vector instructions would do
        // with equal values.
        let ax = magnitude(x)
        let ay = magnitude(y)
        let larger = ax.replacing(with: ay, where: ay .>= ax)
        let smaller = ax.replacing(with: ay, where: ay .< ax)
        // At the origin the lane's quotient is 0/0; it is replaced by 0, whose angle is 0.
        let t = (smaller / larger).replacing(with: zero, where: .!(larger .> zero))
        let z = t / (1 + (1 + t * t).squareRoot())
        let z2 = z * z
        var series = SIMD4<Double>(repeating: 1.0 / 11)
        series = 1.0 / 9 - z2 * series
        series = 1.0 / 7 - z2 * series
        series = 1.0 / 5 - z2 * series
        series = 1.0 / 3 - z2 * series
        series = 1 - z2 * series
        var angle = 2 * z * series * degreesPerRadian // 0...45
        angle.replace(with: 90 - angle, where: ay .> ax)
        angle.replace(with: 180 - angle, where: x .< zero)
        return angle.replacing(with: -angle, where: y .< zero)
    }

    /// Each lane with its sign bit cleared: `abs`, bit for bit (a -0 becomes +0).
    @inline(__always)
    static func magnitude(_ value: SIMD4<Double>) -> SIMD4<Double> {
        unsafeBitCast(unsafeBitCast(value, to: SIMD4<UInt64>.self) & 0x7fff_ffff_ffff_ffff, to: SIMD4<Double>.self)
    }
}
