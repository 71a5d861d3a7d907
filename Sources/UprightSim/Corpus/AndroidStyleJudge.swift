#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// A reference for the benchmark, not a detector Upright uses: the accelerometer judge of
/// Android's WindowOrientationListener, written here from its published constants and the
/// rules they name (no code of it is copied). In Upright's device frame (which is Android's:
/// x right, y top, z out of the screen, here the camera's back):
/// - the reading is low-passed with a 200 ms time constant (reset after a gap over 1 s or
///   time going back); a filtered magnitude under 1 m/s^2 clears the prediction;
/// - accelerating: the filtered magnitude outside g +- 4 m/s^2; no proposal until 500 ms
///   after it ends;
/// - tilt (asin z / |a|, degrees): beyond 80 degrees either way clears the prediction; flat
///   (tilt at least 80 for 1 s) blocks proposals until 500 ms after; a swing (tilt risen by
///   20 degrees within 300 ms) blocks them for 300 ms; overhead (tilt at most -40, left at
///   -15 or more) clears the prediction;
/// - per orientation, the tilt must lie in [-25, 70], [-25, 65], [-25, 60], [-25, 65] degrees
///   (normal, left-up, bottom-up, right-up: Android's rotations 0, 1, 2, 3 by angle);
/// - the orientation angle atan2(-x, y) picks the nearest quarter; next to the current
///   orientation it must be at least 22.5 degrees past the boundary (a 45 degree gap);
/// - a prediction must hold 40 ms before it is proposed.
/// The proposal is reported as the judge's orientation (Android's window manager adopts it).
public struct AndroidStyleJudge: OrientationClassifier {
    /// Undecided until the first proposal, which is reported like any change (as the detector
    /// reports its first decision).
    public private(set) var orientation: Orientation?
    public private(set) var lastUpright: UprightOrientation?

    static let filterTimeConstantSeconds = 0.2
    static let standardGravity = 9.80665
    static let nearZeroMagnitude = 1.0 / standardGravity
    static let accelerationTolerance = 4.0 / standardGravity
    static let maximumTiltDegrees = 80.0
    static let flatAngleDegrees = 80.0
    static let flatSeconds = 1.0
    static let swingDeltaDegrees = 20.0
    static let swingSeconds = 0.3
    static let overheadEnterDegrees = -40.0
    static let overheadExitDegrees = -15.0
    static let adjacentGapDegrees = 45.0
    static let settleSeconds = 0.04
    static let sinceFlatSeconds = 0.5
    static let sinceSwingSeconds = 0.3
    static let sinceAccelerationSeconds = 0.5
    static let maximumGapSeconds = 1.0
    /// Tilt range per quarter, indexed by angle (0 normal, 1 left-up, 2 bottom-up, 3 right-up).
    static let tiltTolerance: [(Double, Double)] = [(-25, 70), (-25, 65), (-25, 60), (-25, 65)]
    /// The tilt history's bound (Android keeps 200 entries).
    static let historyLimit = 200

    private var filtered: (Double, Double, Double)?
    private var lastSeconds = 0.0
    private var current: Int?
    private var predicted: Int?
    private var predictedSince = 0.0
    private var flatAt = -Double.infinity
    private var swingAt = -Double.infinity
    private var acceleratingAt = -Double.infinity
    private var overhead = false
    private var tilts: [(seconds: Double, degrees: Double)] = []

    public init() {}

    public mutating func update(_ sample: Sample) -> Orientation? {
        let now = sample.time.seconds
        let a = sample.accelerationG
        let raw = (Double(a.x), Double(a.y), Double(a.z))
        guard let last = filtered, now >= lastSeconds, now - lastSeconds <= Self.maximumGapSeconds,
            raw.0 != 0 || raw.1 != 0 || raw.2 != 0
        else {
            filtered = raw
            lastSeconds = now
            predicted = nil
            tilts.removeAll()
            return nil
        }
        let dt = now - lastSeconds
        lastSeconds = now
        let alpha = dt / (Self.filterTimeConstantSeconds + dt)
        let f = (last.0 + alpha * (raw.0 - last.0), last.1 + alpha * (raw.1 - last.1), last.2 + alpha * (raw.2 - last.2))
        filtered = f
        judge(f, now)
        guard let proposal = predicted, proposal != current, acceptable(now) else { return nil }
        current = proposal
        let pose: UprightOrientation = [.normal, .leftUp, .bottomUp, .rightUp][proposal]
        orientation = pose.orientation
        lastUpright = pose
        return orientation
    }

    private mutating func judge(_ f: (Double, Double, Double), _ now: Double) {
        let magnitude = (f.0 * f.0 + f.1 * f.1 + f.2 * f.2).squareRoot()
        guard magnitude >= Self.nearZeroMagnitude else {
            predicted = nil
            return
        }
        if abs(magnitude - 1) > Self.accelerationTolerance { acceleratingAt = now }
        let tilt = (asin(f.2 / magnitude) * 180 / Double.pi).rounded()
        if tilts.count == Self.historyLimit { tilts.removeFirst() }
        tilts.append((now, tilt))
        // Flat: every entry of the last second at least the flat angle (newest first).
        for entry in tilts.reversed() {
            if entry.degrees < Self.flatAngleDegrees { break }
            if entry.seconds + Self.flatSeconds <= now {
                flatAt = now
                break
            }
        }
        for entry in tilts.reversed() {
            if entry.seconds + Self.swingSeconds < now { break }
            if entry.degrees + Self.swingDeltaDegrees <= tilt {
                swingAt = now
                break
            }
        }
        if tilt <= Self.overheadEnterDegrees {
            overhead = true
        } else if tilt >= Self.overheadExitDegrees {
            overhead = false
        }
        guard !overhead, abs(tilt) <= Self.maximumTiltDegrees else {
            predicted = nil
            return
        }
        var angle = (atan2(-f.0, f.1) * 180 / Double.pi).rounded()
        if angle < 0 { angle += 360 }
        let nearest = Int((angle + 45) / 90) % 4
        let range = Self.tiltTolerance[nearest]
        guard tilt >= range.0 && tilt <= range.1, angleAcceptable(nearest, angle) else {
            predicted = nil
            return
        }
        if predicted != nearest {
            predicted = nearest
            predictedSince = now
        }
    }

    /// Next to the current quarter, the angle must pass the boundary by half the gap.
    private func angleAcceptable(_ quarter: Int, _ angle: Double) -> Bool {
        guard let current else { return true }
        let half = Self.adjacentGapDegrees / 2
        let centre = Double(quarter) * 90
        if quarter == current || quarter == (current + 1) % 4 {
            let lower = centre - 45 + half
            if quarter == 0 {
                if angle >= 315 && angle < lower + 360 { return false }
            } else if angle < lower {
                return false
            }
        }
        if quarter == current || quarter == (current + 3) % 4 {
            let upper = centre + 45 - half
            if quarter == 0 {
                if angle <= 45 && angle > upper { return false }
            } else if angle > upper {
                return false
            }
        }
        return true
    }

    private func acceptable(_ now: Double) -> Bool {
        now >= predictedSince + Self.settleSeconds && now >= flatAt + Self.sinceFlatSeconds
            && now >= swingAt + Self.sinceSwingSeconds && now >= acceleratingAt + Self.sinceAccelerationSeconds
    }
}
