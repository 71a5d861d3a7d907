import UprightCore
#if canImport(Glibc)
import Glibc
#endif

/// The scenario's true motion: keyframed pose plus disturbances, as the specific force (g)
/// and angular rate (degrees per second) in the **device** frame. Wrap it in
/// `ChipFrameMotion` to get what a chip mounted on a board measures.
///
/// Geometry (DESIGN.md device frame: x right, y top, z out of the back). With in-plane angle
/// `a` (positive clockwise as the photographer sees it) and tilt `b` (positive lens up), the
/// accelerometer at rest reads the unit "up" vector
///
///     (-sin a cos b,  cos a cos b,  -sin b)
///
/// so a = 0 gives (0, +1, 0) `normal`, a = +90 gives (-1, 0, 0) `left-up`, a = 180 gives
/// (0, -1, 0) `bottom-up`, a = -90 gives (+1, 0, 0) `right-up`, b = +90 gives (0, 0, -1)
/// `lens-up` and b = -90 gives (0, 0, +1) `lens-down`. The pose is the rotation
/// `Rz(a) Rx(-b)` taking world vectors into the device frame; differentiating it gives the
/// body angular rate a gyroscope measures:
///
///     (b' cos a,  b' sin a,  -a')
///
/// (turning clockwise as the photographer sees it is a negative rotation about +z, which
/// points at the photographer; tipping the lens up from `normal` is positive about +x).
///
/// Evaluation allocates nothing: the data lives in flat arrays built once, and a cursor makes
/// the keyframe lookup O(1) for the simulator's increasing times.
public final class ScenarioMotion: MotionSource {
    private let keyTimes: [Double]
    private let keyAngles: [Double]
    private let keyTilts: [Double]
    private let keyEasings: [Easing]
    private let shakes: [Shake]
    private let vibrations: [Vibration]
    /// Three phases (radians) per vibration, x, y, z, drawn from the seed.
    private let vibrationPhases: [Double]
    private let drops: [Drop]
    /// Index of the keyframe segment used last (segment i runs from key i to key i + 1).
    private var cursor = 0

    /// Shakes ramp in and out over this long (raised cosine), or a quarter of the shake if
    /// shorter, so the acceleration has no step a real hand could not make.
    public static let shakeRampSeconds = 0.1

    /// `generator` gives the vibrations' phases; pass a stream split off the run's seed.
    public init(keyframes: [MotionKeyframe], disturbances: [Disturbance] = [], generator: inout SeededGenerator) {
        let frames = keyframes.isEmpty ? [MotionKeyframe(timeSeconds: 0, angleDegrees: 0)] : keyframes
        keyTimes = frames.map(\.timeSeconds)
        keyAngles = frames.map(\.angleDegrees)
        keyTilts = frames.map(\.tiltDegrees)
        keyEasings = frames.map(\.easing)
        var shakes: [Shake] = []
        var vibrations: [Vibration] = []
        var phases: [Double] = []
        var drops: [Drop] = []
        for disturbance in disturbances {
            switch disturbance {
            case .shake(let shake): shakes.append(shake)
            case .vibration(let vibration):
                vibrations.append(vibration)
                for _ in 0..<3 { phases.append(2 * Double.pi * generator.unit()) }
            case .drop(let drop): drops.append(drop)
            }
        }
        self.shakes = shakes
        self.vibrations = vibrations
        self.vibrationPhases = phases
        self.drops = drops
    }

    public convenience init(scenario: Scenario, generator: inout SeededGenerator) {
        self.init(keyframes: scenario.keyframes, disturbances: scenario.disturbances, generator: &generator)
    }

    public func motion(at time: Instant) -> MotionState {
        motion(atSeconds: Double(time.nanoseconds) * 1e-9)
    }

    public func motion(atSeconds t: Double) -> MotionState {
        let pose = self.pose(atSeconds: t)
        let degrees = Double.pi / 180
        let a = pose.angleDegrees * degrees
        let b = pose.tiltDegrees * degrees
        let sinA = sin(a), cosA = cos(a), sinB = sin(b), cosB = cos(b)
        var ax = -sinA * cosB
        var ay = cosA * cosB
        var az = -sinB
        let rate = Vector3(
            x: Float(pose.tiltRateDPS * cosA),
            y: Float(pose.tiltRateDPS * sinA),
            z: Float(-pose.angleRateDPS))

        for drop in drops where t >= drop.startSeconds && t < drop.endSeconds {
            if t < drop.impactStartSeconds {
                // Free fall: the accelerometer measures no specific force at all.
                return MotionState(accelerationG: .zero, angularRateDPS: rate)
            }
            let pulse = drop.impactG * sin(Double.pi * (t - drop.impactStartSeconds) / drop.impactSeconds)
            let upX = ax, upY = ay, upZ = az
            ax += upX * pulse
            ay += upY * pulse
            az += upZ * pulse
        }

        for shake in shakes where t >= shake.startSeconds && t < shake.endSeconds {
            let (envelope, _) = ScenarioMotion.envelope(shake, t)
            let phase = 2 * Double.pi * shake.frequencyHertz * (t - shake.startSeconds)
            let peak = shake.amplitudeG * envelope
            if shake.axes.contains(.x) { ax += peak * sin(phase) }
            if shake.axes.contains(.y) { ay += peak * sin(phase + Double.pi / 2) }
            if shake.axes.contains(.z) { az += peak * sin(phase + Double.pi / 4) }
        }

        for index in vibrations.indices {
            let vibration = vibrations[index]
            guard t >= vibration.startSeconds, t < vibration.endSeconds else { continue }
            let phase = 2 * Double.pi * vibration.frequencyHertz * (t - vibration.startSeconds)
            let base = index * 3
            if vibration.axes.contains(.x) { ax += vibration.amplitudeG * sin(phase + vibrationPhases[base]) }
            if vibration.axes.contains(.y) { ay += vibration.amplitudeG * sin(phase + vibrationPhases[base + 1]) }
            if vibration.axes.contains(.z) { az += vibration.amplitudeG * sin(phase + vibrationPhases[base + 2]) }
        }

        return MotionState(accelerationG: Vector3(x: Float(ax), y: Float(ay), z: Float(az)), angularRateDPS: rate)
    }

    /// The true pose at `t` seconds: keyframes interpolated, plus the shakes' rocking.
    public func pose(atSeconds t: Double) -> MotionPose {
        var pose = keyframePose(t)
        for shake in shakes where shake.rotationDegrees > 0 && t >= shake.startSeconds && t < shake.endSeconds {
            let (envelope, envelopeRate) = ScenarioMotion.envelope(shake, t)
            let omega = 2 * Double.pi * shake.frequencyHertz
            let phase = omega * (t - shake.startSeconds)
            pose.angleDegrees += shake.rotationDegrees * envelope * sin(phase)
            pose.angleRateDPS += shake.rotationDegrees * (envelopeRate * sin(phase) + envelope * omega * cos(phase))
        }
        return pose
    }

    private func keyframePose(_ t: Double) -> MotionPose {
        let last = keyTimes.count - 1
        if t <= keyTimes[0] { return MotionPose(angleDegrees: keyAngles[0], tiltDegrees: keyTilts[0]) }
        if t >= keyTimes[last] { return MotionPose(angleDegrees: keyAngles[last], tiltDegrees: keyTilts[last]) }
        // Here keyTimes[0] < t < keyTimes[last], so a segment i with keyTimes[i] <= t < keyTimes[i + 1]
        // exists; both walks stop inside 0..<last.
        var i = min(cursor, last - 1)
        while t < keyTimes[i] { i -= 1 }
        while t >= keyTimes[i + 1] { i += 1 }
        cursor = i
        let span = keyTimes[i + 1] - keyTimes[i]
        let u = (t - keyTimes[i]) / span
        let easing = keyEasings[i + 1]
        let progress = easing.progress(u)
        let speed = easing.slope(u) / span
        let deltaAngle = keyAngles[i + 1] - keyAngles[i]
        let deltaTilt = keyTilts[i + 1] - keyTilts[i]
        return MotionPose(
            angleDegrees: keyAngles[i] + deltaAngle * progress,
            tiltDegrees: keyTilts[i] + deltaTilt * progress,
            angleRateDPS: deltaAngle * speed,
            tiltRateDPS: deltaTilt * speed)
    }

    /// Raised-cosine ramps at both ends of a shake: (envelope in [0, 1], its time derivative).
    static func envelope(_ shake: Shake, _ t: Double) -> (Double, Double) {
        let ramp = min(shakeRampSeconds, shake.durationSeconds / 4)
        let sinceStart = t - shake.startSeconds
        let untilEnd = shake.endSeconds - t
        if sinceStart < ramp {
            let x = Double.pi * sinceStart / ramp
            return (0.5 - 0.5 * cos(x), 0.5 * sin(x) * Double.pi / ramp)
        }
        if untilEnd < ramp {
            let x = Double.pi * untilEnd / ramp
            return (0.5 - 0.5 * cos(x), -0.5 * sin(x) * Double.pi / ramp)
        }
        return (1, 0)
    }
}
