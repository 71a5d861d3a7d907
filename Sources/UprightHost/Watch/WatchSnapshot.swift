#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// What `upright watch` shows at one moment: the gravity the detector sees, its decision and
/// what a press would latch now, the machine's state, the latest captures, the sampling.
public struct WatchSnapshot: Equatable, Sendable {
    /// Seconds since the view started.
    public var seconds: Double
    /// The detector's gravity estimate in g, device frame; nil before the first sample.
    public var gravityG: Vector3?
    /// The gyro's zero-rate offset the detector learnt at rest (degrees a second, device
    /// frame); nil without a gyro or before its first rest. With a gyro `gravityG` is the
    /// detector's fusion of the gyro and the accelerometer.
    public var gyroOffsetDPS: Vector3?
    /// The detector's decision; nil before its first.
    public var orientation: Orientation?
    /// What a press latches now (the detector's last upright orientation); nil when it has
    /// decided none: before its first decision a press waits for it, after a flat one (a
    /// camera flat since power-on) it latches `unknown`.
    public var latch: UprightOrientation?
    /// The sensor is at fault: a press now latches the last known orientation, marked stale.
    public var stale: Bool
    public var state: StateName
    /// The newest captures, clips, rejections and faults, newest first.
    public var recent: [String]
    public var samplesPerSecond: Double?
    public var reads: Int?
    public var failedReads: Int?
    /// Failed bus transfers, where the bus counts them (the simulated one).
    public var busErrors: Int?
    /// The recording light, when the board has one.
    public var light: Bool?

    public init(
        seconds: Double, gravityG: Vector3?, orientation: Orientation?, latch: UprightOrientation?, stale: Bool, state: StateName,
        recent: [String] = [], samplesPerSecond: Double? = nil, reads: Int? = nil, failedReads: Int? = nil, busErrors: Int? = nil, light: Bool? = nil,
        gyroOffsetDPS: Vector3? = nil
    ) {
        self.gyroOffsetDPS = gyroOffsetDPS
        self.seconds = seconds
        self.gravityG = gravityG
        self.orientation = orientation
        self.latch = latch
        self.stale = stale
        self.state = state
        self.recent = recent
        self.samplesPerSecond = samplesPerSecond
        self.reads = reads
        self.failedReads = failedReads
        self.busErrors = busErrors
        self.light = light
    }

    /// Lens up positive, degrees out of the image plane (docs/scenarios.md: the accelerometer
    /// reads (-sin a cos b, cos a cos b, -sin b) for angle a and tilt b).
    public var tiltDegrees: Double? {
        guard let g = gravityG, g.magnitude > 0 else { return nil }
        return atan2(Double(-g.z), (Double(g.x) * Double(g.x) + Double(g.y) * Double(g.y)).squareRoot()) * 180 / Double.pi
    }

    /// The in-plane angle, clockwise positive as the photographer sees it, -180..180.
    public var angleDegrees: Double? {
        guard let g = gravityG, g.x != 0 || g.y != 0 else { return nil }
        return atan2(Double(-g.x), Double(g.y)) * 180 / Double.pi
    }

    /// What a press latches now, in a word: the orientation, `unknown`, or before the
    /// detector's first decision `waiting` (a press waits for it).
    var latchText: String { orientation == nil ? "waiting" : latch.latchName }

    /// What the plain view prints a line for when it changes (not the light: its fault
    /// pattern would make four lines a second).
    var discrete: [String] {
        [orientation.map(\.description) ?? "deciding", latchText, String(stale), String(describing: state.name), recent.first ?? ""]
    }
}
