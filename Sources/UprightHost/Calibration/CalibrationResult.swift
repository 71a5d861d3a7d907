import UprightCore

/// What `upright calibrate` found: the mount matrix, the offsets of the axes seen both ways
/// (the others keep the board's earlier values), and how well the corrected readings fit.
public struct CalibrationResult: Equatable, Sendable {
    /// How one pose reads after the correction.
    public struct Residual: Equatable, Sendable {
        public var pose: Int
        /// |M (reading - offsets)| - 1 g: sensitivity error and what the offsets left.
        public var magnitudeErrorG: Float
        /// Degrees between the corrected reading and the pose's ideal direction: how square the
        /// pose was held (and the chip mounted).
        public var degreesFromSquare: Float
    }

    public var mount: MountMatrix
    public var axes: [OffsetFit.Axis]
    /// On the chip's axes: fitted where `axes` has an offset, else `priorOffsetG`'s.
    public var offsetG: Vector3
    public var residuals: [Residual]

    /// Fits the poses. `priorOffsetG` (the board's `offset_g`) stands for the axes these poses
    /// cannot measure.
    public init(readings: [PoseReading], priorOffsetG: Vector3 = .zero) throws(CalibrationError) {
        let mount = try MountFit.fit(readings)
        let axes = OffsetFit.fit(readings, mount: mount)
        let prior = [priorOffsetG.x, priorOffsetG.y, priorOffsetG.z]
        let fitted = (0..<3).map { axes.count == 3 ? axes[$0].offsetG ?? prior[$0] : prior[$0] }
        let offset = Vector3(x: fitted[0], y: fitted[1], z: fitted[2])
        self.mount = mount
        self.axes = axes
        offsetG = offset
        residuals = readings.map { reading in
            let corrected = mount.apply(reading.meanG - offset)
            return Residual(
                pose: reading.number, magnitudeErrorG: corrected.magnitude - 1,
                degreesFromSquare: corrected.degrees(to: reading.pose.restingReading))
        }
    }

    /// The chip axes whose offset these poses measured.
    public var measuredAxes: [Int] { axes.filter { $0.offsetG != nil }.map(\.axis) }

    /// The largest |magnitude error| over the poses.
    public var worstMagnitudeErrorG: Float { residuals.map { abs($0.magnitudeErrorG) }.max() ?? 0 }
}
