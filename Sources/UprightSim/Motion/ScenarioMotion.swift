import UprightCore
#if canImport(Glibc)
import Glibc
#endif

/// The scenario's true motion: keyframed pose plus disturbances, as the specific force (g)
/// and angular rate (degrees per second) in the **device** frame. Wrap it in
/// `ChipFrameMotion` to get what a chip mounted on a board measures.
///
/// Geometry (docs/conventions.md device frame: x right, y top, z out of the back). With
/// in-plane angle `a` (positive clockwise as the photographer sees it) and tilt `b` (positive
/// lens up), the accelerometer at rest reads the unit "up" vector
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
    @exclusivity(unchecked) private var cursor = 0
    /// The last pose's angles (radians) and their sines and cosines: a camera holds still most
    /// of the time, and at 1 kHz the trigonometry is most of the motion model's cost.
    @exclusivity(unchecked) private var trigAngles = (a: 0.0, b: 0.0)
    @exclusivity(unchecked) private var trig = (sinA: 0.0, cosA: 1.0, sinB: 0.0, cosB: 1.0)
    /// Sine and cosine of each vibration's per-axis phase offsets, so each axis costs no
    /// trigonometry beyond the vibration's own sine and cosine.
    private let vibrationPhaseTrig: [(sin: Double, cos: Double)]
    /// Per vibration: the time and the sine and cosine of its phase at the last evaluation,
    /// and of the last step. The chip asks for evenly spaced times, so the next phase is
    /// usually the last one turned by the same step (two multiplications instead of two
    /// trigonometric calls); every `phasorRefresh` steps it is computed afresh, which bounds
    /// the rounding drift far below the chip's quantisation.
    @exclusivity(unchecked) private var phasors: [(t: Int64, sin: Double, cos: Double, step: Int64, stepSin: Double, stepCos: Double, run: Int)]
    static let phasorRefresh = 1000
    /// A span of time over which the camera holds still (two equal keyframes, or before the
    /// first or after the last) and no shake, vibration or drop acts, with the motion there:
    /// a camera holds still most of the time, and the chip asks for it a thousand times a second.
    @exclusivity(unchecked) private var still: (start: Double, end: Double, state: MotionState) = (0, 0, MotionState(accelerationG: .zero))

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
        self.vibrationPhaseTrig = phases.map { (sin($0), cos($0)) }
        self.phasors = vibrations.map { _ in (t: Int64.min, sin: 0, cos: 1, step: 0, stepSin: 0, stepCos: 1, run: 0) }
        self.drops = drops
    }

    public convenience init(scenario: Scenario, generator: inout SeededGenerator) {
        self.init(keyframes: scenario.keyframes, disturbances: scenario.disturbances, generator: &generator)
    }

    public func motion(at time: Instant) -> MotionState {
        motion(atSeconds: Double(time.nanoseconds) * 1e-9, nanoseconds: time.nanoseconds)
    }

    /// `nanoseconds` is `t` exactly, when known: evenly spaced calls then reuse the vibration
    /// phasors (see `phasors`).
    public func motion(atSeconds t: Double, nanoseconds: Int64? = nil) -> MotionState {
        if t >= still.start && t < still.end { return still.state }
        let state = evaluate(atSeconds: t, nanoseconds: nanoseconds)
        if let span = stillSpan(around: t) { still = (span.start, span.end, state) }
        return state
    }

    /// The span around `t` over which the motion is `t`'s (see `still`), nil when it moves.
    private func stillSpan(around t: Double) -> (start: Double, end: Double)? {
        let last = keyTimes.count - 1
        var start = -Double.infinity
        var end = Double.infinity
        if t < keyTimes[0] {
            end = keyTimes[0]
        } else if t >= keyTimes[last] {
            start = keyTimes[last]
        } else {
            // `evaluate` left the cursor on t's segment.
            let i = cursor
            guard keyAngles[i] == keyAngles[i + 1], keyTilts[i] == keyTilts[i + 1] else { return nil }
            start = keyTimes[i]
            end = keyTimes[i + 1]
        }
        func clear(_ from: Double, _ until: Double) -> Bool {
            if until <= t {
                start = max(start, until)
            } else if from > t {
                end = min(end, from)
            } else {
                return false
            }
            return true
        }
        for shake in shakes where !clear(shake.startSeconds, shake.endSeconds) { return nil }
        for vibration in vibrations where !clear(vibration.startSeconds, vibration.endSeconds) { return nil }
        for drop in drops where !clear(drop.startSeconds, drop.endSeconds) { return nil }
        return start < end ? (start, end) : nil
    }

    private func evaluate(atSeconds t: Double, nanoseconds: Int64?) -> MotionState {
        let pose = self.pose(atSeconds: t)
        let degrees = Double.pi / 180
        let a = pose.angleDegrees * degrees
        let b = pose.tiltDegrees * degrees
        if a != trigAngles.a || b != trigAngles.b {
            trigAngles = (a, b)
            trig = (sin(a), cos(a), sin(b), cos(b))
        }
        let (sinA, cosA, sinB, cosB) = trig
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
            let upX = ax
            let upY = ay
            let upZ = az
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
            let base = index * 3
            let (sinPhase, cosPhase) = vibrationPhase(index, vibration, t, nanoseconds)
            // sin(phase + offset) = sin(phase) cos(offset) + cos(phase) sin(offset).
            func wave(_ axis: Int) -> Double {
                let offset = vibrationPhaseTrig[base + axis]
                return vibration.amplitudeG * (sinPhase * offset.cos + cosPhase * offset.sin)
            }
            if vibration.axes.contains(.x) { ax += wave(0) }
            if vibration.axes.contains(.y) { ay += wave(1) }
            if vibration.axes.contains(.z) { az += wave(2) }
        }

        return MotionState(accelerationG: Vector3(x: Float(ax), y: Float(ay), z: Float(az)), angularRateDPS: rate)
    }

    /// Sine and cosine of vibration `index`'s phase at `t` (see `phasors`).
    private func vibrationPhase(_ index: Int, _ vibration: Vibration, _ t: Double, _ nanoseconds: Int64?) -> (Double, Double) {
        let omega = 2 * Double.pi * vibration.frequencyHertz
        guard let nanoseconds else {
            let phase = omega * (t - vibration.startSeconds)
            return (sin(phase), cos(phase))
        }
        var p = phasors[index]
        let dt = p.t == Int64.min ? 0 : nanoseconds &- p.t
        if p.run > 0 && p.run < ScenarioMotion.phasorRefresh && dt == p.step {
            // Turn by the step: sin(x + d) = sin x cos d + cos x sin d, cos(x + d) = cos x cos d - sin x sin d.
            (p.sin, p.cos) = (p.sin * p.stepCos + p.cos * p.stepSin, p.cos * p.stepCos - p.sin * p.stepSin)
            p.run += 1
        } else {
            let phase = omega * (t - vibration.startSeconds)
            p.sin = sin(phase)
            p.cos = cos(phase)
            if dt > 0 && dt != p.step {
                p.step = dt
                p.stepSin = sin(omega * Double(dt) * 1e-9)
                p.stepCos = cos(omega * Double(dt) * 1e-9)
            }
            p.run = dt > 0 ? 1 : 0
        }
        p.t = nanoseconds
        phasors[index] = p
        return (p.sin, p.cos)
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
