#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// One generated motion trace with its expected outcome: where the camera points over time,
/// what disturbs it, which shutter presses must latch what, and which changes are deliberate.
///
/// Pose angles: `roll` turns the camera clockwise in the image plane as the photographer sees
/// it (0 = normal, 90 = left-up, -90 = right-up, 180 = bottom-up); `tilt` tips the lens toward
/// the floor (positive, lens-down side) or the sky (negative). Gravity "up" in the device frame
/// is (-sin roll cos tilt, cos roll cos tilt, sin tilt).
public struct CorpusScenario: Sendable {
    public struct Keyframe: Sendable {
        public var seconds: Double
        public var rollDegrees: Double
        public var tiltDegrees: Double
        public init(_ seconds: Double, roll: Double, tilt: Double = 0) {
            self.seconds = seconds
            self.rollDegrees = roll
            self.tiltDegrees = tilt
        }
    }

    /// A deliberate change the detector must report: to `expected`, between `start` and
    /// `stop` (the motion's end); latency is measured from `stop`.
    public struct Turn: Sendable {
        public var startSeconds: Double
        public var stopSeconds: Double
        public var expected: Orientation
        public init(from start: Double, to stop: Double, expect expected: Orientation) {
            self.startSeconds = start
            self.stopSeconds = stop
            self.expected = expected
        }
    }

    public struct Press: Sendable {
        public var seconds: Double
        public var expected: UprightOrientation
        public init(at seconds: Double, expect expected: UprightOrientation) {
            self.seconds = seconds
            self.expected = expected
        }
    }

    public enum Disturbance: Sendable {
        /// Linear sinusoidal acceleration along one device axis (0 = x, 1 = y, 2 = z).
        case shake(axis: Int, amplitudeG: Double, frequencyHz: Double, from: Double, to: Double)
        /// Engine-like vibration on all axes.
        case vibration(amplitudeG: Double, frequencyHz: Double, from: Double, to: Double)
        /// Walking: roll sway and a vertical bounce at twice the step rate.
        case sway(rollDegrees: Double, frequencyHz: Double, bounceG: Double, from: Double, to: Double)
        /// A quick roll out and back (half sine), returning after `duration`.
        case flick(at: Double, rollDegrees: Double, duration: Double)
        /// A roll out in `turn` seconds (eased), held for `hold`, back in `turn`: away for
        /// 2 turn + hold, still at the far end (what a flick looks like to a detector that
        /// waits only for stillness).
        case heldFlick(at: Double, rollDegrees: Double, turn: Double, hold: Double)
        /// One bad sample replacing the real one.
        case glitch(at: Double, valueG: Vector3)
        /// No samples in [from, to).
        case dropout(from: Double, to: Double)
        /// Zero specific force.
        case freeFall(from: Double, to: Double)
        /// A half-sine jolt along the up axis.
        case impact(at: Double, peakG: Double, duration: Double)
        /// A body moving the camera up and down (a runner's stride, a rider's bumps): world
        /// vertical acceleration at `frequencyHz` with its second harmonic at half the
        /// amplitude (a foot strike is sharper than a sine), peak about 1.3 `amplitudeG`.
        case bounce(amplitudeG: Double, frequencyHz: Double, from: Double, to: Double)
        /// A sustained acceleration of the vehicle or body in the world frame (a car's
        /// braking, `forwardG` negative, or cornering, `rightG`), with 0.3 s raised-cosine ramps.
        case push(forwardG: Double, rightG: Double, upG: Double, from: Double, to: Double)
        /// The camera turned steadily in the image plane (clockwise as the photographer sees it
        /// for a positive rate) at `rateDPS` from `from` to `to`, where it stays: the roll
        /// grows by rate times the time since `from`, on top of the keyframes'.
        case steadyTurn(rateDPS: Double, from: Double, to: Double)
        /// The photographer spinning on the spot, the camera held `radiusMetres` out in front:
        /// a yaw about world vertical (the gyro sees it along "up", the accelerometer only the
        /// centripetal pull toward the body), with 0.3 s ramps.
        case spin(rateDPS: Double, radiusMetres: Double, from: Double, to: Double)
    }

    public var name: String
    public var rateHz: Double
    public var durationSeconds: Double
    public var hasGyro: Bool
    public var noiseG: Double
    public var keyframes: [Keyframe]
    public var disturbances: [Disturbance]
    public var turns: [Turn]
    public var presses: [Press]
    public var seed: UInt64
    /// The gyro's zero-rate offset in degrees per second (datasheet: up to +-20 on an
    /// MPU-6050), added to every rate when `hasGyro`.
    public var gyroBiasDPS: Vector3

    public init(
        name: String, rateHz: Double, durationSeconds: Double, hasGyro: Bool = false, noiseG: Double = 0.01,
        keyframes: [Keyframe], disturbances: [Disturbance] = [], turns: [Turn] = [], presses: [Press] = [], seed: UInt64 = 1,
        gyroBiasDPS: Vector3 = .zero
    ) {
        self.name = name
        self.rateHz = rateHz
        self.durationSeconds = durationSeconds
        self.hasGyro = hasGyro
        self.noiseG = noiseG
        self.keyframes = keyframes
        self.disturbances = disturbances
        self.turns = turns
        self.presses = presses
        self.seed = seed
        self.gyroBiasDPS = gyroBiasDPS
    }

    /// Gravity "up" (unit, device frame) at `seconds`, with the rotational disturbances.
    public func up(at seconds: Double) -> (x: Double, y: Double, z: Double) {
        var (roll, tilt) = pose(at: seconds)
        for disturbance in disturbances {
            switch disturbance {
            case .flick(let at, let degrees, let duration) where seconds >= at && seconds < at + duration:
                roll += degrees * sin(Double.pi * (seconds - at) / duration)
            case .heldFlick(let at, let degrees, let turn, let hold) where seconds >= at && seconds < at + 2 * turn + hold:
                let t = seconds - at
                let u = t < turn ? t / turn : t < turn + hold ? 1 : (2 * turn + hold - t) / turn
                roll += degrees * (1 - cos(Double.pi * u)) / 2
            case .sway(let degrees, let frequency, _, let from, let to) where seconds >= from && seconds < to:
                roll += degrees * sin(2 * Double.pi * frequency * (seconds - from))
            case .steadyTurn(let rate, let from, let to) where seconds >= from:
                roll += rate * (min(seconds, to) - from)
            default: break
            }
        }
        let r = roll * Double.pi / 180
        let t = tilt * Double.pi / 180
        return (-sin(r) * cos(t), cos(r) * cos(t), sin(t))
    }

    /// The camera's world axes in the device frame at `seconds`: up (as `up(at:)`), right
    /// (horizontal, the image's right edge when level: (cos roll, sin roll, 0)) and forward
    /// (horizontal-ish, where the lens looks: up x right).
    func frame(at seconds: Double) -> (up: (Double, Double, Double), right: (Double, Double, Double), forward: (Double, Double, Double)) {
        let u = up(at: seconds)
        // up = (-sin r cos t, cos r cos t, sin t): recover the roll from its image-plane part.
        let plane = (u.x * u.x + u.y * u.y).squareRoot()
        let r = plane > 1e-9 ? (cos: u.y / plane, sin: -u.x / plane) : (cos: 1.0, sin: 0.0)
        let right = (r.cos, r.sin, 0.0)
        let forward = (u.y * right.2 - u.z * right.1, u.z * right.0 - u.x * right.2, u.x * right.1 - u.y * right.0)
        return ((u.x, u.y, u.z), right, forward)
    }

    /// A raised-cosine window over [from, to) with `ramp`-second edges.
    static func window(_ seconds: Double, from: Double, to: Double, ramp: Double = 0.3) -> Double {
        guard seconds >= from && seconds < to else { return 0 }
        let edge = min(ramp, (to - from) / 2)
        let distance = min(seconds - from, to - seconds)
        return distance >= edge ? 1 : 0.5 - 0.5 * cos(Double.pi * distance / edge)
    }

    /// Keyframe pose, eased (cosine) between keyframes.
    private func pose(at seconds: Double) -> (Double, Double) {
        guard let first = keyframes.first else { return (0, 0) }
        if seconds <= first.seconds { return (first.rollDegrees, first.tiltDegrees) }
        for index in 1..<max(1, keyframes.count) where index < keyframes.count {
            let a = keyframes[index - 1]
            let b = keyframes[index]
            if seconds < b.seconds {
                let u = (seconds - a.seconds) / (b.seconds - a.seconds)
                let eased = (1 - cos(Double.pi * u)) / 2
                return (
                    a.rollDegrees + (b.rollDegrees - a.rollDegrees) * eased,
                    a.tiltDegrees + (b.tiltDegrees - a.tiltDegrees) * eased
                )
            }
        }
        let last = keyframes[keyframes.count - 1]
        return (last.rollDegrees, last.tiltDegrees)
    }

    /// The trace: one row per sample period, seeded noise, button high for 100 ms per press.
    public func rows() -> [TraceRow] {
        var random = SeededGenerator(seed: seed)
        let count = Int((durationSeconds * rateHz).rounded(.down))
        var rows: [TraceRow] = []
        rows.reserveCapacity(count)
        for index in 0..<count {
            let seconds = Double(index) / rateHz
            let u = up(at: seconds)
            var (a, freeFalling, replacement, dropped) = disturbed(u, at: seconds)
            if freeFalling { a = (0, 0, 0) }
            var acceleration = Vector3(
                x: Float(a.x + noiseG * random.gaussian()),
                y: Float(a.y + noiseG * random.gaussian()),
                z: Float(a.z + noiseG * random.gaussian()))
            if let replacement { acceleration = replacement }
            let rate = hasGyro ? angularRate(at: seconds, up: u, random: &random) : nil
            if dropped { continue }
            let pressed = presses.contains { seconds >= $0.seconds && seconds < $0.seconds + 0.1 }
            rows.append(
                TraceRow(
                    time: Instant(nanoseconds: Int64((seconds * 1e9).rounded())),
                    accelerationG: acceleration, angularRateDPS: rate, buttonPressed: pressed))
        }
        return rows
    }

    /// The acceleration at `seconds` (g): gravity `u` with every disturbance under way added,
    /// whether the camera is falling, a glitch's reading in its place, and whether the sample
    /// is dropped.
    func disturbed(
        _ u: (x: Double, y: Double, z: Double), at seconds: Double
    ) -> (a: (x: Double, y: Double, z: Double), freeFalling: Bool, replacement: Vector3?, dropped: Bool) {
        var a = u
        var freeFalling = false
        var replacement: Vector3?
        var dropped = false
        for disturbance in disturbances {
            switch disturbance {
            case .shake(let axis, let amplitude, let frequency, let from, let to) where seconds >= from && seconds < to:
                let value = amplitude * sin(2 * Double.pi * frequency * (seconds - from))
                if axis == 0 { a.x += value } else if axis == 1 { a.y += value } else { a.z += value }
            case .vibration(let amplitude, let frequency, let from, let to) where seconds >= from && seconds < to:
                let phase = 2 * Double.pi * frequency * (seconds - from)
                a.x += amplitude * sin(phase)
                a.y += amplitude * sin(phase + 2.1)
                a.z += amplitude * sin(phase + 4.2)
            case .sway(_, let frequency, let bounce, let from, let to) where seconds >= from && seconds < to:
                let value = bounce * sin(4 * Double.pi * frequency * (seconds - from))
                a.x += u.x * value
                a.y += u.y * value
                a.z += u.z * value
            case .freeFall(let from, let to) where seconds >= from && seconds < to:
                freeFalling = true
            case .impact(let at, let peak, let duration) where seconds >= at && seconds < at + duration:
                let value = peak * sin(Double.pi * (seconds - at) / duration)
                a.x += u.x * value
                a.y += u.y * value
                a.z += u.z * value
            case .bounce(let amplitude, let frequency, let from, let to) where seconds >= from && seconds < to:
                let phase = 2 * Double.pi * frequency * (seconds - from)
                let value = amplitude * CorpusScenario.window(seconds, from: from, to: to) * (sin(phase) + 0.5 * sin(2 * phase + 0.8))
                a.x += u.x * value
                a.y += u.y * value
                a.z += u.z * value
            case .push(let forward, let right, let upward, let from, let to) where seconds >= from && seconds < to:
                let w = CorpusScenario.window(seconds, from: from, to: to)
                let f = frame(at: seconds)
                a.x += w * (forward * f.forward.0 + right * f.right.0 + upward * f.up.0)
                a.y += w * (forward * f.forward.1 + right * f.right.1 + upward * f.up.1)
                a.z += w * (forward * f.forward.2 + right * f.right.2 + upward * f.up.2)
            case .spin(let rate, let radius, let from, let to) where seconds >= from && seconds < to:
                // Centripetal acceleration omega^2 r toward the body, behind the camera.
                let omega = rate * Double.pi / 180 * CorpusScenario.window(seconds, from: from, to: to)
                let pull = omega * omega * radius / 9.80665
                let f = frame(at: seconds)
                a.x -= pull * f.forward.0
                a.y -= pull * f.forward.1
                a.z -= pull * f.forward.2
            case .glitch(let at, let value) where abs(seconds - at) < 0.5 / rateHz:
                replacement = value
            case .dropout(let from, let to) where seconds >= from && seconds < to:
                dropped = true
            default: break
            }
        }
        return (a, freeFalling, replacement, dropped)
    }

    /// The gyro's reading at `seconds` (dps): the rate the pose turns at, the spins' yaw about
    /// up, seeded noise (drawn from `random` after the sample's acceleration) and the bias.
    func angularRate(at seconds: Double, up u: (x: Double, y: Double, z: Double), random: inout SeededGenerator) -> Vector3 {
        // omega = f' x f for a unit vector f that turns with the body (rad/s).
        let h = 0.0005
        let before = up(at: seconds - h)
        let after = up(at: seconds + h)
        let d = ((after.x - before.x) / (2 * h), (after.y - before.y) / (2 * h), (after.z - before.z) / (2 * h))
        let degrees = 180 / Double.pi
        let noise = 0.3
        // A yaw about world vertical turns the body about "up" (it leaves up unchanged).
        var yaw = 0.0
        for case .spin(let spinRate, _, let from, let to) in disturbances {
            yaw += spinRate * CorpusScenario.window(seconds, from: from, to: to)
        }
        return Vector3(
            x: Float((d.1 * u.z - d.2 * u.y) * degrees + yaw * u.x + noise * random.gaussian()) + gyroBiasDPS.x,
            y: Float((d.2 * u.x - d.0 * u.z) * degrees + yaw * u.y + noise * random.gaussian()) + gyroBiasDPS.y,
            z: Float((d.0 * u.y - d.1 * u.x) * degrees + yaw * u.z + noise * random.gaussian()) + gyroBiasDPS.z)
    }
}
