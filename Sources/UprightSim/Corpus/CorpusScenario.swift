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

    public init(
        name: String, rateHz: Double, durationSeconds: Double, hasGyro: Bool = false, noiseG: Double = 0.01,
        keyframes: [Keyframe], disturbances: [Disturbance] = [], turns: [Turn] = [], presses: [Press] = [], seed: UInt64 = 1
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
            default: break
            }
        }
        let r = roll * Double.pi / 180
        let t = tilt * Double.pi / 180
        return (-sin(r) * cos(t), cos(r) * cos(t), sin(t))
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
                case .glitch(let at, let value) where abs(seconds - at) < 0.5 / rateHz:
                    replacement = value
                case .dropout(let from, let to) where seconds >= from && seconds < to:
                    dropped = true
                default: break
                }
            }
            if freeFalling { a = (0, 0, 0) }
            var acceleration = Vector3(
                x: Float(a.x + noiseG * random.gaussian()),
                y: Float(a.y + noiseG * random.gaussian()),
                z: Float(a.z + noiseG * random.gaussian()))
            if let replacement { acceleration = replacement }
            var rate: Vector3?
            if hasGyro {
                // omega = f' x f for a unit vector f that turns with the body (rad/s).
                let h = 0.0005
                let before = up(at: seconds - h)
                let after = up(at: seconds + h)
                let d = ((after.x - before.x) / (2 * h), (after.y - before.y) / (2 * h), (after.z - before.z) / (2 * h))
                let degrees = 180 / Double.pi
                let noise = 0.3
                rate = Vector3(
                    x: Float((d.1 * u.z - d.2 * u.y) * degrees + noise * random.gaussian()),
                    y: Float((d.2 * u.x - d.0 * u.z) * degrees + noise * random.gaussian()),
                    z: Float((d.0 * u.y - d.1 * u.x) * degrees + noise * random.gaussian()))
            }
            if dropped { continue }
            let pressed = presses.contains { seconds >= $0.seconds && seconds < $0.seconds + 0.1 }
            rows.append(
                TraceRow(
                    time: Instant(nanoseconds: Int64((seconds * 1e9).rounded())),
                    accelerationG: acceleration, angularRateDPS: rate, buttonPressed: pressed))
        }
        return rows
    }
}
