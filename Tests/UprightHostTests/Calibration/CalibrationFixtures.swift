#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// Readings of a chip mounted `0, -1, 0; -1, 0, 0; 0, 0, -1` (turned 90 degrees and flipped)
/// with a zero-g offset of (0.2, -0.25, 0.23) g, at rest in the six poses of the sequence, on
/// the chip's axes: the pose's device up taken to the chip (M^T, M being symmetric here: M)
/// plus the offset. And the same for a chip at any angle (`readings(truth:...)`).
enum CalibrationFixtures {
    static let mount = "0, -1, 0; -1, 0, 0; 0, 0, -1"
    static let bias = Vector3(x: 0.2, y: -0.25, z: 0.23)
    static let readings: [Vector3] = [
        Vector3(x: -0.8, y: -0.25, z: 0.23), // 1 upright: device +y is chip -x
        Vector3(x: 0.2, y: -1.25, z: 0.23), // 2 right-up: device +x is chip -y
        Vector3(x: 0.2, y: -0.25, z: 1.23), // 3 lens-up: device -z is chip +z
        Vector3(x: 1.2, y: -0.25, z: 0.23), // 4 bottom-up: device -y is chip +x
        Vector3(x: 0.2, y: 0.75, z: 0.23), // 5 left-up: device -x is chip +y
        Vector3(x: 0.2, y: -0.25, z: -0.77), // 6 lens-down: device +z is chip -z
    ]

    static var square: Rotation { Rotation(try! MountMatrix(parsing: mount)) }

    /// Holds 2 to 4 degrees off square, this way and that (as scenarios/calibrate.json's):
    /// pose i turned by `holds[i]` in the device frame.
    static let holds: [Rotation] = [
        Rotation(degrees: 3.6, about: SIMD3(3, 0, 2)), Rotation(degrees: 3.6, about: SIMD3(0, 3, -2)), Rotation(degrees: 3, about: SIMD3(0, -1, 0)),
        Rotation(degrees: 3.6, about: SIMD3(-3, 0, 2)), Rotation(degrees: 3.6, about: SIMD3(0, 3, -2)), Rotation(degrees: 3, about: SIMD3(0, -1, 0)),
    ]

    /// Six holds each tilted up to `maximumDegrees` about an axis square to the pose's vertical
    /// (a turn about the vertical changes no reading), angle and axis drawn from `seed`.
    static func tilts(seed: UInt64, maximumDegrees: Double = 4) -> [Rotation] {
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
        return CalibrationPose.sequence.map { pose in
            let turn = next() * 2 * Double.pi
            let (c, s) = (cos(turn), sin(turn))
            let axis: SIMD3<Double> =
                switch pose.deviceUp.axis {
                case 0: SIMD3(0, c, s)
                case 1: SIMD3(c, 0, s)
                default: SIMD3(c, s, 0)
                }
            return Rotation(degrees: next() * maximumDegrees, about: axis)
        }
    }

    /// The fixture's holds and six seeded sets of tilts up to 4 degrees.
    static let heldSets: [[Rotation]] = [holds] + (1...6).map { tilts(seed: UInt64($0)) }

    /// The six poses' readings of a chip mounted `truth` (`device = truth * chip`) with
    /// `bias` (chip axes), each pose turned by its hold.
    static func readings(truth: Rotation, bias: Vector3 = bias, holds: [Rotation] = Array(repeating: .identity, count: 6)) -> [Vector3] {
        CalibrationPose.sequence.enumerated().map { index, pose in
            truth.transposed.apply(holds[index].apply(pose.restingReading)) + bias
        }
    }

    /// A chip turned `degrees` about `axis` (device frame) from the fixture's square mount.
    static func crooked(_ degrees: Double, about axis: SIMD3<Double>) -> Rotation {
        Rotation(degrees: degrees, about: axis).composed(after: square)
    }

    static func poses(_ values: [Vector3]) -> [PoseReading] {
        values.enumerated().map { index, value in
            PoseReading(number: index + 1, pose: CalibrationPose.sequence[index], meanG: value, sampleCount: 100)
        }
    }

    /// `count` of the fixture's poses.
    static func poses(first count: Int) -> [PoseReading] { poses(Array(readings.prefix(count))) }

    static func near(_ a: Float, _ b: Float, within tolerance: Float = 1e-5) -> Bool { abs(a - b) <= tolerance }
}
