#if hasFeature(Embedded)
/// The orientation detector's vectors (its estimates, rates and offset): on a microcontroller
/// `Vector3` itself, its arithmetic each written once and called (below). On a soft-float
/// Cortex-M0 every `Float` operation is a libgcc call, and an inlined filter step is nine of
/// them (about 100 bytes of flash a copy).
typealias DetectorVector = Vector3

extension Vector3 {
    /// The same vector (on a host the detector's vectors are another type).
    init(_ vector: Vector3) { self = vector }

    /// The same vector.
    var vector3: Vector3 { self }

    /// One first-order filter step: `self + (target - self) * fraction`.
    @inline(never)
    func approaching(_ target: Vector3, by fraction: Float) -> Vector3 { self + (target - self) * fraction }

    /// `self + step * scale`.
    @inline(never)
    func plus(_ step: Vector3, times scale: Float) -> Vector3 { self + step * scale }

    /// `magnitudeSquared`, called.
    @inline(never)
    var squaredLength: Float { magnitudeSquared }

    /// `magnitude`, called.
    @inline(never)
    var length: Float { magnitude }
}
#else
/// The orientation detector's vectors (its estimates, rates and offset) on a host: the three
/// components in the first lanes of a `SIMD4<Float>` (the fourth zero), so that a filter step
/// is three vector instructions instead of nine and each state vector is stored and loaded
/// whole (three separate stores read back as one load wait for the stores to reach the cache:
/// a sample's cost rose and fell by a fifth with how the compiler happened to split them).
/// Each lane takes the same IEEE operations in the same order as `Vector3`'s, and a length
/// sums the squares in `Vector3`'s order: the same bits as on a microcontroller.
struct DetectorVector: Sendable {
    var lanes: SIMD4<Float>

    @inline(__always)
    init(lanes: SIMD4<Float>) { self.lanes = lanes }

    /// Not inlined, so that a sample's components are read one by one, as the call passes
    /// them: inlined, the compiler read them with wider loads (y and z together, or the rate
    /// with the temperature after it), and a load that straddles two of the stores that just
    /// copied the sample waits for them to reach the cache (in the runtime, 15 ns a sample).
    @inline(never)
    init(_ vector: Vector3) { lanes = SIMD4(vector.x, vector.y, vector.z, 0) }

    @inline(__always)
    init(x: Float, y: Float, z: Float) { lanes = SIMD4(x, y, z, 0) }

    static let zero = DetectorVector(lanes: .zero)

    var x: Float {
        @inline(__always) get { lanes.x }
    }

    var y: Float {
        @inline(__always) get { lanes.y }
    }

    var z: Float {
        @inline(__always) get { lanes.z }
    }

    /// As a `Vector3`.
    var vector3: Vector3 { Vector3(x: lanes.x, y: lanes.y, z: lanes.z) }

    @inline(__always)
    static func + (lhs: DetectorVector, rhs: DetectorVector) -> DetectorVector { DetectorVector(lanes: lhs.lanes + rhs.lanes) }

    @inline(__always)
    static func - (lhs: DetectorVector, rhs: DetectorVector) -> DetectorVector { DetectorVector(lanes: lhs.lanes - rhs.lanes) }

    @inline(__always)
    static func * (lhs: DetectorVector, rhs: Float) -> DetectorVector { DetectorVector(lanes: lhs.lanes * rhs) }

    /// One first-order filter step: `self + (target - self) * fraction`.
    @inline(__always)
    func approaching(_ target: DetectorVector, by fraction: Float) -> DetectorVector {
        DetectorVector(lanes: lanes + (target.lanes - lanes) * fraction)
    }

    /// `self + step * scale`.
    @inline(__always)
    func plus(_ step: DetectorVector, times scale: Float) -> DetectorVector { DetectorVector(lanes: lanes + step.lanes * scale) }

    /// x * x + y * y + z * z, summed in that order (as `Vector3.magnitudeSquared`).
    var squaredLength: Float {
        @inline(__always) get {
            let p = lanes * lanes
            return p.x + p.y + p.z
        }
    }

    var length: Float {
        @inline(__always) get { squaredLength.squareRoot() }
    }
}
#endif
