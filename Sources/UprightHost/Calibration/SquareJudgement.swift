import UprightCore

/// Whether a fitted mount is square, judged from the poses' own scatter: a fit a few degrees
/// from an axis permutation is either a chip glued that far off or a square chip seen through
/// poses held a few degrees off, and only how well the fit explains the poses tells which. A
/// fixed margin cannot: 2 degrees is too tight for three poses held by hand (their fit lands 3
/// to 5 degrees off a square chip) and too loose for six on a table (a chip 1.5 degrees off is
/// plain).
///
/// With three poses or more, Fisher's F test of the square mount within the fitted one. Each
/// pose's reading, turned into the device frame by a mount, is its direction plus the chip's
/// offset plus how the pose was held: r_i = d_i + b + e_i. The fitted mount leaves RSS_fit
/// (the least squares over the turn and the offset: 3n numbers, 6 fitted, nu = 3n - 6 degrees
/// of freedom), the permutation RSS_square (the offset still fitted). Were the chip square,
/// (RSS_square - RSS_fit) / 3 over RSS_fit / nu would follow F(3, nu); the chip is written
/// square unless that ratio passes its 95th percentile (`criticalF`). The fit's distance from
/// square grows the numerator as its square, so the same judgement reads as an angle: the
/// poses' scatter explains up to D sqrt(F_crit / F) degrees (`explainedDegrees`), and the
/// chip is square when the fit is within that.
///
/// Two poses have one check, their angle apart (less the board's offset): a quarter turn when
/// both are held square. Its error e (degrees) measures the holds with one degree of freedom,
/// and the fit's error, on the pair's difference, is about sqrt(3/2) times the per-pose hold
/// where e is sqrt(2) times it, so D^2 / (3/4 e^2) is about F(2, 1): explained up to
/// sqrt(3/4 F_crit) |e|, 12 |e| at the 95th percentile. One check says little, and it is
/// confounded with the offset two poses cannot measure (a board's offset 0.25 g off turns it by
/// several degrees), so the bound is never more than two holds can turn the difference: each
/// within `handHoldDegrees` of square, their difference at most sqrt(2) times that.
///
/// A chip's scale error (3% on the MPU-6050, 10% on the ADXL345) is in RSS_fit too (no mount
/// turns it away): it widens what the scatter explains, toward square.
public struct SquareJudgement: Equatable, Sendable {
    /// How far the fit is from the nearest axis permutation, degrees (with two poses, their
    /// difference's angle from the permutation's).
    public var degreesFromSquare: Double
    /// How far from square the poses' own scatter explains, degrees.
    public var explainedDegrees: Double
    /// The poses judged.
    public var poses: Int
    /// With two poses, their angle apart less a quarter turn, degrees (their one check).
    public var pairAngleErrorDegrees: Double?
    /// The test's degrees of freedom: (3, 3n - 6), or (2, 1) for two poses.
    public var degreesOfFreedom: (Int, Int) { poses >= 3 ? (3, 3 * poses - 6) : (2, 1) }

    public var isSquare: Bool { degreesFromSquare <= explainedDegrees }

    public static func == (a: SquareJudgement, b: SquareJudgement) -> Bool {
        a.degreesFromSquare == b.degreesFromSquare && a.explainedDegrees == b.explainedDegrees && a.poses == b.poses
            && a.pairAngleErrorDegrees == b.pairAngleErrorDegrees
    }

    /// The confidence: a square chip held as by hand is written crooked one time in twenty
    /// (at 99%, six poses held up to 4 degrees off wrote a chip 5 degrees off square).
    public static let confidence = 0.95

    /// How squarely a hand holds a pose, at worst: what two poses' difference is judged
    /// against when their one check says more.
    public static let handHoldDegrees = 4.0

    /// The 95th percentile of F(3, nu) for nu = 3, 6, 9, 12 (three to six poses), and of
    /// F(2, 1) for two: from the F distribution's quantile function (scipy.stats.f.ppf).
    static func criticalF(poses: Int) -> Double {
        switch poses {
        case ...2: 199.5
        case 3: 9.277
        case 4: 4.757
        case 5: 3.863
        default: 3.490
        }
    }

    /// Three poses or more: `fitted` and `square` compared over the readings (device
    /// directions and chip readings, not centred).
    init(fitted: Rotation, square: Rotation, device: [SIMD3<Double>], chip: [SIMD3<Double>]) {
        poses = device.count
        degreesFromSquare = fitted.degrees(to: square)
        let fit = Self.residual(fitted, device: device, chip: chip)
        let excess = max(0, Self.residual(square, device: device, chip: chip) - fit)
        let nu = Double(3 * device.count - 6)
        // F = (excess / 3) / (fit / nu); explained = D sqrt(F_crit / F).
        if excess <= 0 || degreesFromSquare == 0 {
            explainedDegrees = degreesFromSquare
        } else {
            explainedDegrees = degreesFromSquare * (Self.criticalF(poses: poses) * 3 * fit / (nu * excess)).squareRoot()
        }
    }

    /// Two poses: the difference's angle from the square mount's, and the pair's angle apart
    /// (degrees) less a quarter turn.
    init(pairDegreesFromSquare: Double, pairAngleErrorDegrees: Double) {
        poses = 2
        self.pairAngleErrorDegrees = pairAngleErrorDegrees
        degreesFromSquare = pairDegreesFromSquare
        explainedDegrees = min(
            (0.75 * Self.criticalF(poses: 2)).squareRoot() * abs(pairAngleErrorDegrees), Self.handHoldDegrees * 2.squareRoot())
    }

    /// What `rotation` leaves: the sum over the readings of |R c_i - d_i - b|^2, b their mean.
    static func residual(_ rotation: Rotation, device: [SIMD3<Double>], chip: [SIMD3<Double>]) -> Double {
        let differences = zip(device, chip).map { rotation.apply($1) - $0 }
        let mean = differences.reduce(SIMD3(0, 0, 0), +) / Double(differences.count)
        return differences.map { (($0 - mean) * ($0 - mean)).sum() }.reduce(0, +)
    }
}
