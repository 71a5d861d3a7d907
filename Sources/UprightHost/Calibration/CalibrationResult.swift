#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// What `upright calibrate` found: the mount matrix, how the chip sits in the camera, the
/// offsets and scales of the device axes seen both ways (the others keep the board's earlier
/// offset), and how squarely each pose was held once the chip's own angle is taken out.
public struct CalibrationResult: Equatable, Sendable {
    /// How one pose reads after the correction.
    public struct Residual: Equatable, Sendable {
        public var pose: Int
        public var orientation: Orientation
        /// Degrees between the reading (less the offset) turned by the fitted rotation and the
        /// pose's direction: how squarely the camera was held, the chip's angle taken out.
        public var holdDegrees: Float
        /// |reading - offset| in g: 1 for an exact chip, else its scale (and what the offsets
        /// not measured leave).
        public var magnitudeG: Float
    }

    public var solution: MountFit.Solution
    public var residuals: [Residual]

    /// Fits the poses, which must all agree on one mount (`PoseConsensus`), else the error
    /// names the ones that do not. `priorOffsetG` (the board's `offset_g`) stands for the
    /// axes these poses cannot measure.
    public init(readings: [PoseReading], priorOffsetG: Vector3 = .zero) throws(CalibrationError) {
        switch PoseConsensus.judge(readings, priorOffsetG: priorOffsetG) {
        case .undetermined:
            throw .tooFewPoses(found: Set(readings.map(\.pose.deviceUp.axis)).count)
        case .split(let hypotheses):
            throw .undecided(poses: PoseConsensus.disputed(hypotheses, readings))
        case .agreed(let hypothesis):
            guard hypothesis.disagreeing.isEmpty else { throw .disagree(poses: hypothesis.disagreeing, agreeing: hypothesis.agreeing) }
        }
        guard let solution = MountFit.fit(readings, priorOffsetG: priorOffsetG) else {
            throw .tooFewPoses(found: Set(readings.map(\.pose.deviceUp.axis)).count)
        }
        let offset = solution.offsetG
        for (axis, value) in [offset.x, offset.y, offset.z].enumerated() where abs(value) > Float(Board.SensorSettings.maximumOffsetG) {
            throw .offsetTooLarge(chipAxis: axis, offsetG: value)
        }
        self.solution = solution
        // With two poses only their angle apart is measured (the offset is not): half its
        // distance from a quarter turn each.
        let pairHold = readings.count == 2 ? abs(PoseRelation.degrees(readings[0].meanG, readings[1].meanG) - 90) / 2 : nil
        residuals = readings.map { reading in
            Residual(
                pose: reading.number, orientation: reading.pose.orientation,
                holdDegrees: pairHold ?? solution.fitted.apply(reading.meanG - solution.fitOffsetG).degrees(to: reading.pose.restingReading),
                magnitudeG: (reading.meanG - offset).magnitude)
        }
    }

    /// What the board file's `mount_matrix` gets.
    public var mount: MountMatrix { solution.written.mountMatrix() }
    /// On the device's axes.
    public var axes: [OffsetFit.Axis] { solution.axes }
    /// On the chip's axes (the board file's `offset_g`).
    public var offsetG: Vector3 { solution.offsetG }

    /// The device axes whose offset these poses measured.
    public var measuredAxes: [Int] { axes.filter(\.isMeasured).map(\.axis) }

    /// How far the chip is turned from the nearest square mount, in degrees.
    public var chipDegrees: Float { Float(solution.chipTurn.degrees) }

    /// Of that, how far the chip's plane is tilted out of the camera's (its axis that the
    /// square mount puts along the lens, z, is that far from it)...
    public var chipTiltDegrees: Float {
        let z = solution.chipTurn.apply(SIMD3<Double>(0, 0, 1))
        return Float(acos(max(-1, min(1, z.z))) * 180 / Double.pi)
    }

    /// ...and how far it is turned within the camera's plane once that tilt is undone,
    /// counter-clockwise seen from the back (+z) positive.
    public var chipTwistDegrees: Float {
        let turn = solution.chipTurn
        let z = turn.apply(SIMD3<Double>(0, 0, 1))
        // The least rotation taking the turned z back onto z, then what is left is about z.
        let axis = SIMD3<Double>(z.y, -z.x, 0)
        let back = (axis * axis).sum() > 1e-18 ? Rotation(degrees: Double(chipTiltDegrees), about: axis) : .identity
        let x = back.composed(after: turn).apply(SIMD3<Double>(1, 0, 0))
        return Float(atan2(x.y, x.x) * 180 / Double.pi)
    }

    /// The largest hold angle over the poses.
    public var worstHoldDegrees: Float { residuals.map(\.holdDegrees).max() ?? 0 }

    /// The largest |magnitude - scale| over the poses, in g: what the fit leaves.
    public var worstMagnitudeErrorG: Float { residuals.map { abs($0.magnitudeG - 1) }.max() ?? 0 }
}
