#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// The chip's mount from poses: the rotation R (`device = R * chip`) that best takes the poses'
/// readings to the device directions they turn up, and the offsets of the device axes seen both
/// ways (`OffsetFit`).
///
/// The rotation is fitted to the readings' differences from their mean, against the directions'
/// differences from theirs (Wahba's problem, `WahbaFit`, on centred sets: the orthogonal
/// Procrustes fit with a translation), so the chip's offset, which is in every reading alike,
/// takes no part in it: three poses that see two axes fix a chip at any angle whatever its
/// offset. Two poses' one difference leaves the turn about it free; the board's earlier offset
/// decides that (TRIAD), so its tilt is only as good as that offset.
///
/// A fit the poses' own scatter puts within reach of an axis permutation gets that
/// permutation, exact (`SquareJudgement`): so close the fit cannot tell a chip glued a degree
/// off from a camera held a degree off in every pose, and the board file stays readable, with
/// the offsets of the axes not measured exactly the board's. Pure; the poses are assumed to be
/// as asked (`PoseConsensus` judges that).
public enum MountFit {
    public struct Solution: Equatable, Sendable {
        /// The least-squares rotation.
        public var fitted: Rotation
        /// What the board file gets: `fitted`, or the square rotation near it.
        public var written: Rotation
        public var axes: [OffsetFit.Axis]
        /// On the chip's axes: measured where `axes` say, else the prior.
        public var offsetG: Vector3
        /// The best offset for judging how each pose was held: `offsetG` on the axes measured,
        /// the fit's translation (every scale taken as 1) on the others; not written (where an
        /// axis is seen one way only, it cannot tell an offset from a scale error).
        public var fitOffsetG: Vector3
        /// False with two poses: the turn about their difference comes from the prior offset.
        public var isFullyMeasured: Bool
        /// How far the measured part of the fit is from `square` and how far the poses'
        /// scatter explains: what decides whether it is written square.
        public var judgement: SquareJudgement
        /// How far the measured part of the fit is from `square`, in degrees (with two poses,
        /// their difference's angle).
        public var degreesFromSquare: Double { judgement.degreesFromSquare }

        /// The square mount nearest the fit.
        public var square: Rotation { fitted.nearestSquare }
        /// How the chip sits in the camera relative to `square` (device frame: `fitted = turn * square`).
        public var chipTurn: Rotation { fitted.composed(after: square.transposed) }
        public var isSquare: Bool { written == square }
    }

    /// Nil when the poses do not fix a rotation (fewer than two device axes seen).
    public static func fit(_ readings: [PoseReading], priorOffsetG: Vector3) -> Solution? {
        guard readings.count >= 2 else { return nil }
        let device = readings.map(\.pose.deviceUp.double)
        let chip = readings.map(\.meanG.double)
        let count = Double(readings.count)
        let meanDevice = device.reduce(SIMD3(0, 0, 0), +) / count
        let meanChip = chip.reduce(SIMD3(0, 0, 0), +) / count
        let centredDevice = device.map { $0 - meanDevice }
        let centredChip = chip.map { $0 - meanChip }
        let weights = zip(centredDevice, centredChip).map { length($0) * length($1) }
        let fitted: Rotation
        let fitOffset: SIMD3<Double>
        let isFullyMeasured: Bool
        let judgement: SquareJudgement
        if let fit = WahbaFit.fit(device: centredDevice, chip: centredChip, weights: weights) {
            fitted = fit.rotation
            fitOffset = meanChip - fitted.transposed.apply(meanDevice)
            isFullyMeasured = true
            judgement = SquareJudgement(fitted: fitted, square: fitted.nearestSquare, device: device, chip: chip)
        } else {
            // All differences along one line: two poses (or one axis's two sides, which fix nothing).
            guard let first = centredDevice.indices.first(where: { length(centredDevice[$0]) > 0.5 }),
                let rotation = WahbaFit.triad(
                    primary: (centredDevice[first], centredChip[first]),
                    secondary: (meanDevice, meanChip - priorOffsetG.double))
            else { return nil }
            fitted = rotation
            fitOffset = priorOffsetG.double
            isFullyMeasured = false
            // Square when the measured difference is, as far as the pair's angle apart (less
            // the board's offset) says how squarely the two were held.
            let prior = priorOffsetG.double
            judgement = SquareJudgement(
                pairDegreesFromSquare: fitted.nearestSquare.apply(centredChip[first]).degrees(to: centredDevice[first]),
                pairAngleErrorDegrees: (chip[0] - prior).degrees(to: chip[1] - prior) - 90)
        }
        let written = judgement.isSquare ? fitted.nearestSquare : fitted
        let axes = OffsetFit.fit(readings, rotation: written, priorOffsetG: priorOffsetG)
        // For the holds: the measured axes' offsets (a tilt changes them by its cosine only),
        // the fit's translation on the others (a tilt moves that by its sine).
        let translation = written.apply(Vector3(x: Float(fitOffset.x), y: Float(fitOffset.y), z: Float(fitOffset.z)))
        let best = (0..<3).map { axes[$0].isMeasured ? axes[$0].offsetG : translation[$0] }
        return Solution(
            fitted: fitted, written: written, axes: axes, offsetG: OffsetFit.chipOffset(axes, rotation: written),
            fitOffsetG: written.transposed.apply(Vector3(x: best[0], y: best[1], z: best[2])), isFullyMeasured: isFullyMeasured,
            judgement: judgement)
    }

    static func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
}

extension Vector3 {
    var double: SIMD3<Double> { SIMD3(Double(x), Double(y), Double(z)) }
}

extension SignedAxis {
    var double: SIMD3<Double> { vector.double }
}

extension SIMD3 where Scalar == Double {
    /// The angle to `other` in degrees.
    func degrees(to other: SIMD3<Double>) -> Double {
        let lengths = ((self * self).sum() * (other * other).sum()).squareRoot()
        guard lengths > 0 else { return 180 }
        let crossed = WahbaFit.cross(self, other)
        return atan2((crossed * crossed).sum().squareRoot(), (self * other).sum()) * 180 / Double.pi
    }
}
