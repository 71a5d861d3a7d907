/// atan2 in degrees without libm, for the renderer's tens of thousands of rays per picture.
/// Pure arithmetic, so the same inputs give the same bits on every run (pictures stay
/// deterministic), and accurate to about 1e-4 degrees, far below a pixel (~0.2 degrees).
///
/// Method: fold the angle into the first octant (ratio t = min/max in 0...1), halve it once
/// with atan(t) = 2 atan(t / (1 + sqrt(1 + t^2))) so the argument is at most tan(pi/8) = 0.414,
/// then sum the Taylor series atan(z) = z - z^3/3 + z^5/5 - ... to z^11 (the first term left
/// out, z^13/13, is below 8e-7 radians, doubled by the halving: under 1e-4 degrees), and unfold.
enum FastArctangent {
    static let degreesPerRadian = 180 / Double.pi

    /// The angle of (x, y) from the +x axis, -180...180 degrees, like atan2(y, x); 0 at the origin.
    @inline(__always)
    static func degrees(y: Double, x: Double) -> Double {
        let ax = abs(x)
        let ay = abs(y)
        let larger = max(ax, ay)
        let smaller = min(ax, ay)
        guard larger > 0 else { return 0 }
        let t = smaller / larger
        let z = t / (1 + (1 + t * t).squareRoot())
        let z2 = z * z
        var series = 1.0 / 11
        series = 1.0 / 9 - z2 * series
        series = 1.0 / 7 - z2 * series
        series = 1.0 / 5 - z2 * series
        series = 1.0 / 3 - z2 * series
        series = 1 - z2 * series
        var angle = 2 * z * series * degreesPerRadian // 0...45
        if ay > ax { angle = 90 - angle }
        if x < 0 { angle = 180 - angle }
        return y < 0 ? -angle : angle
    }
}
