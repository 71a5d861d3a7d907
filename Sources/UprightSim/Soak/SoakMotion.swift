import UprightCore

/// The soak's true motion, generated lazily from a seed: poses held for a few seconds (any of
/// the four upright orientations, up to 20 degrees off square and 25 degrees tilted, or lying
/// flat), turns between them, and hand shakes during some holds.
///
/// It is built in chunks of `holdsPerChunk` holds, each a `ScenarioMotion` (the same geometry
/// and gyro rates as a scenario's), and only the current and previous chunk are kept. A chunk
/// ends in the middle of a still hold, so the next one starts exactly where it left off.
public final class SoakMotion: MotionSource {
    public static let holdsPerChunk = 8
    /// The detector is judged only this long after a turn or a shake (its filters and settle
    /// time need a moment; this is not part of the recovery bound's slack).
    public static let settleSeconds = 0.5

    /// The stream as it began, for the faults-off phase's replay of the same poses.
    private let initialGenerator: SeededGenerator
    // Read for every sample the chip measures, from the one thread of the simulation: no
    // dynamic exclusivity checks (each costs more than the lookup).
    @exclusivity(unchecked) private var generator: SeededGenerator
    @exclusivity(unchecked) private var chunk: ScenarioMotion
    @exclusivity(unchecked) private var chunkEndSeconds: Double
    @exclusivity(unchecked) private var holds: [SoakHold] = []
    @exclusivity(unchecked) private var angleDegrees = 0.0
    @exclusivity(unchecked) private var tiltDegrees = 0.0
    @exclusivity(unchecked) private var holdCursor = 0
    @exclusivity(unchecked) private var restartPending = false

    /// Poses drawn from `generator` (a `RandomStreams` stream).
    public init(generator: SeededGenerator) {
        initialGenerator = generator
        self.generator = generator
        chunk = ScenarioMotion(keyframes: [MotionKeyframe(timeSeconds: 0, angleDegrees: 0)], generator: &self.generator)
        chunkEndSeconds = 0
        generateChunk(startSeconds: 0, firstHoldSeconds: 3)
    }

    /// Starts the same sequence of poses again (the faults-off phase replays the load) from
    /// the next chunk, so the pose never jumps: the replay begins at most one chunk later.
    public func restartAtNextChunk() {
        restartPending = true
    }

    public func motion(at time: Instant) -> MotionState {
        let t = time.seconds
        var guardCount = 0
        while t >= chunkEndSeconds && guardCount < 1000 {
            guardCount += 1
            generateChunk(startSeconds: chunkEndSeconds, firstHoldSeconds: nil)
        }
        return chunk.motion(at: time)
    }

    /// The orientation a correct detector reports at `time`, or nil while the camera turns,
    /// shakes or has just done so (then any report is fair).
    public func expectedOrientation(at time: Instant) -> Orientation? {
        let t = time.seconds
        if t >= chunkEndSeconds { _ = motion(at: time) }
        if holdCursor >= holds.count { holdCursor = max(0, holds.count - 1) }
        while holdCursor > 0 && holds[holdCursor].startSeconds > t { holdCursor -= 1 }
        while holdCursor + 1 < holds.count && holds[holdCursor + 1].startSeconds <= t { holdCursor += 1 }
        let hold = holds[holdCursor]
        guard t >= hold.startSeconds + SoakMotion.settleSeconds, t < hold.endSeconds else { return nil }
        if let shakeStart = hold.shakeStartSeconds, let shakeEnd = hold.shakeEndSeconds,
            t >= shakeStart, t < shakeEnd + SoakMotion.settleSeconds
        {
            return nil
        }
        return hold.orientation
    }

    private func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * generator.unit() }

    /// Appends a chunk starting at `startSeconds` in the current pose; drops holds older than
    /// the previous chunk.
    private func generateChunk(startSeconds: Double, firstHoldSeconds: Double?) {
        if restartPending {
            restartPending = false
            generator = initialGenerator
        }
        var keyframes = [MotionKeyframe(timeSeconds: startSeconds, angleDegrees: angleDegrees, tiltDegrees: tiltDegrees)]
        var disturbances: [Disturbance] = []
        var newHolds: [SoakHold] = []
        var time = startSeconds
        for index in 0..<SoakMotion.holdsPerChunk {
            let first = index == 0 && firstHoldSeconds != nil
            let (angle, tilt, orientation) = first ? (0, 0, Orientation.normal) : nextPose()
            let turn = first ? 0.001 : uniform(0.5, 1.5)
            time += turn
            keyframes.append(MotionKeyframe(timeSeconds: time, angleDegrees: angle, tiltDegrees: tilt, easing: .easeInOut))
            angleDegrees = angle
            tiltDegrees = tilt
            let length = firstHoldSeconds.map { index == 0 ? $0 : uniform(3, 20) } ?? uniform(3, 20)
            var hold = SoakHold(startSeconds: time, endSeconds: time + length, orientation: orientation)
            // A hand shake in one hold in four (never the chunk's last: the next chunk starts there).
            if index < SoakMotion.holdsPerChunk - 1, length >= 4, generator.next() % 4 == 0 {
                let duration = uniform(0.5, 2)
                let shakeStart = time + uniform(0.5, length - duration - 0.5)
                let shake = Shake(
                    startSeconds: shakeStart, durationSeconds: duration, amplitudeG: uniform(0.2, 1.0),
                    frequencyHertz: uniform(2, 8), axes: .all, rotationDegrees: uniform(0, 10))
                disturbances.append(.shake(shake))
                hold.shakeStartSeconds = shakeStart
                hold.shakeEndSeconds = shakeStart + duration
            }
            time += length
            keyframes.append(MotionKeyframe(timeSeconds: time, angleDegrees: angle, tiltDegrees: tilt))
            newHolds.append(hold)
        }
        var phases = generator.split()
        chunk = ScenarioMotion(keyframes: keyframes, disturbances: disturbances, generator: &phases)
        // Keep the previous chunk's holds too: the detector may be judged a little behind the chip.
        holds += newHolds
        let excess = holds.count - 2 * SoakMotion.holdsPerChunk
        if excess > 0 {
            holds.removeFirst(excess)
            holdCursor = max(0, holdCursor - excess)
        }
        chunkEndSeconds = time
    }

    /// A new pose: an upright orientation (mostly a different one) up to 20 degrees off
    /// square and 25 degrees tilted, or one in seven, lying flat (87 to 90 degrees).
    private func nextPose() -> (angle: Double, tilt: Double, orientation: Orientation) {
        if generator.next() % 7 == 0 {
            let up = generator.next() % 2 == 0
            let tilt = (up ? 1.0 : -1.0) * uniform(87, 90)
            return (angleDegrees, tilt, up ? .lensUp : .lensDown)
        }
        let uprights: [(Double, Orientation)] = [(0, .normal), (90, .leftUp), (180, .bottomUp), (270, .rightUp)]
        let (base, orientation) = uprights[Int(generator.next() % 4)]
        var angle = base + uniform(-20, 20)
        // The equivalent angle nearest the current one: turn the short way round.
        while angle - angleDegrees > 180 { angle -= 360 }
        while angle - angleDegrees < -180 { angle += 360 }
        return (angle, uniform(-25, 25), orientation)
    }
}
