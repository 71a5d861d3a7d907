import UprightCore

/// The chip's zero-g offset and scale from poses, per device axis, given the mount's rotation
/// R. Taken into the device frame (q = R * reading), a pose that turns device axis d up (or
/// down) reads `q_d = s * u + b` with u = +1 (or -1), s the axis's scale and b its offset; the
/// least-squares fit of b over those poses is exact in the group means:
/// `b = (mean up + mean down) / 2`. So an axis needs a pose each way: from one side only, an
/// offset and a scale error (3% on the MPU-6050, PS 6.2; 10% on the ADXL345, Table 1) look the
/// same. A pose held tilted by t reads s cos t instead of s, so the offset is off by
/// s (cos t1 - cos t2) / 2: 0.002 g for two poses 5 degrees off. Poses in which the axis lies
/// level are not used for it: there it reads s sin t + b, off by the tilt itself. With R fitted
/// to the poses, t is how squarely each was held, whatever the chip's angle in the camera.
///
/// The scale is the length of the axis's readings less the offset, over the measured axes: a
/// tilt moves gravity from one axis to another without changing the length, where half the
/// up-down difference would read the hold's cosine as a scale error.
public enum OffsetFit {
    /// One device axis's fit.
    public struct Axis: Equatable, Sendable {
        /// 0, 1, 2 for the device's x, y, z.
        public var axis: Int
        /// The pose numbers that turned it up, and down.
        public var upPoses: [Int]
        public var downPoses: [Int]
        /// On the device axis: fitted when seen both ways, else the prior's.
        public var offsetG: Float
        /// Counts per g relative to nominal (1 = exact); nil unless seen both ways.
        public var scale: Float?

        public var isMeasured: Bool { scale != nil }
    }

    /// The three device axes' fits; `priorOffsetG` (on the chip's axes) stands for the axes
    /// not seen both ways.
    public static func fit(_ readings: [PoseReading], rotation: Rotation, priorOffsetG: Vector3) -> [Axis] {
        let prior = rotation.apply(priorOffsetG)
        var axes = (0..<3).map { Axis(axis: $0, upPoses: [], downPoses: [], offsetG: prior[$0]) }
        var sums: [(up: Float, down: Float)] = [(0, 0), (0, 0), (0, 0)]
        for reading in readings {
            let up = reading.pose.deviceUp
            let value = rotation.apply(reading.meanG)[up.axis]
            if up.sign > 0 {
                axes[up.axis].upPoses.append(reading.number)
                sums[up.axis].up += value
            } else {
                axes[up.axis].downPoses.append(reading.number)
                sums[up.axis].down += value
            }
        }
        let measured = (0..<3).filter { !axes[$0].upPoses.isEmpty && !axes[$0].downPoses.isEmpty }
        for index in measured {
            let up = sums[index].up / Float(axes[index].upPoses.count)
            let down = sums[index].down / Float(axes[index].downPoses.count)
            axes[index].offsetG = (up + down) / 2
        }
        // The scale from the length of each reading less the offset, over the measured axes:
        // the hold's tilt moves gravity between them without changing the length, where the
        // axis's own component alone (half the up-down difference) would read cos t short.
        let offset = Vector3(x: axes[0].offsetG, y: axes[1].offsetG, z: axes[2].offsetG)
        for index in measured {
            let poses = axes[index].upPoses + axes[index].downPoses
            let lengths = readings.filter { poses.contains($0.number) }.map { reading -> Float in
                let corrected = rotation.apply(reading.meanG) - offset
                return measured.map { corrected[$0] * corrected[$0] }.reduce(0, +).squareRoot()
            }
            axes[index].scale = lengths.reduce(0, +) / Float(lengths.count)
        }
        return axes
    }

    /// The offset on the chip's axes (what the board file's `offset_g` holds).
    public static func chipOffset(_ axes: [Axis], rotation: Rotation) -> Vector3 {
        rotation.transposed.apply(Vector3(x: axes[0].offsetG, y: axes[1].offsetG, z: axes[2].offsetG))
    }
}

extension OffsetFit {
    /// The offset as far as the readings show it before any mount is known: two readings
    /// turned over from each other (`PoseRelation`) are gravity both ways along one chip
    /// direction, so their midpoint is the offset along it (a hold's tilt changes that by its
    /// cosine only). Directions not seen both ways keep `priorOffsetG`. For judging a reading
    /// as it comes; the result's offsets are `fit`'s.
    public static func turnedOverPairs(_ readings: [Vector3], priorOffsetG: Vector3) -> (offsetG: Vector3, directions: Int) {
        var basis: [Vector3] = []
        var offset = priorOffsetG
        for first in readings.indices {
            for second in readings.indices where second > first && PoseRelation(readings[first], readings[second]) == .turnedOver {
                let (a, b) = (readings[first], readings[second])
                var direction = a - b
                // Gram-Schmidt against the directions already used; one seen again adds nothing.
                for e in basis { direction = direction - e * e.dot(direction) }
                let length = direction.magnitude
                guard length > 0.5 * (a - b).magnitude else { continue }
                let e = direction * (1 / length)
                let midpoint = (a + b) * 0.5
                offset = offset + e * e.dot(midpoint - offset)
                basis.append(e)
            }
        }
        return (offset, basis.count)
    }
}

extension Vector3 {
    func dot(_ other: Vector3) -> Float { x * other.x + y * other.y + z * other.z }
}
