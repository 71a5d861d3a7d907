import UprightCore

/// The calibration procedure as a pure state machine: it asks for each pose of its plan in
/// turn, notices by itself when the camera rests (`StillnessDetector`), takes the pose's
/// reading (or at a shutter press, once still for `confirmSpan`), and refuses, with the
/// reason, a pose taken while moving, a reading far from 1 g, a pose not square to the chip's
/// axes, the same pose twice, or a pose the poses so far say is not the one asked for. Poses
/// are told apart by the chip direction nearest to gravity (45 degrees of margin), not by a
/// tighter angle: a chip biased by 0.25 g on two axes reads 25 degrees off its axis. After
/// the last pose it fits the result (`CalibrationResult`) or fails naming the inconsistency.
///
/// Samples are on the chip's own axes (the sensor read without the board's mount matrix and
/// offsets). Time is the samples' own; nothing here reads a clock.
public struct CalibrationSession: Sendable {
    public struct Settings: Equatable, Sendable {
        public var stillness = StillnessDetector.Settings()
        /// Still this long and the pose is taken.
        public var holdSpan: TimeSpan = .milliseconds(1500)
        /// Still this long and a shutter press takes it at once.
        public var confirmSpan: TimeSpan = .milliseconds(500)
        /// Still this long and the camera counts as settling in a pose (said once).
        public var settleSpan: TimeSpan = .milliseconds(300)
        /// A reading this far from 1 g is refused: a board's bias up to 0.25 g per axis reads
        /// 0.83 to 1.30 g, a camera pushed or dropped, or a wrong range, reads beyond.
        public var magnitudeToleranceG: Float = 0.35
        /// The same refusal is not repeated sooner than this.
        public var repeatSpan: TimeSpan = .seconds(5)

        public init() {}
    }

    public enum Refusal: Equatable, Sendable {
        /// It moved while its reading was being taken.
        case moved
        case farFromOneG(magnitudeG: Float)
        case notSquare(degrees: Float, nearest: SignedAxis)
        /// It reads as pose `number` did.
        case samePose(number: Int)
        /// The poses so far say this is another pose (`looksLike`).
        case notAsAsked(looksLike: Orientation)
        /// The shutter was pressed before it had been still for `confirmSpan`.
        case pressedTooSoon
    }

    public enum Event: Equatable, Sendable {
        case prompt(number: Int, of: Int, pose: CalibrationPose)
        /// Resting in a new position; the reading is being taken.
        case settling(number: Int)
        case taken(PoseReading)
        case refused(number: Int, Refusal)
        case finished(CalibrationResult)
        case failed(CalibrationError)
    }

    public let plan: [CalibrationPose]
    public let settings: Settings
    public let priorOffsetG: Vector3
    public private(set) var readings: [PoseReading] = []
    public private(set) var isOver = false

    private var still: StillnessDetector
    /// After a pose is taken: where it read, until the camera leaves it.
    private var leaving: Vector3?
    private var promptTime: Instant?
    private var settling = false
    private var lastRefusal: (refusal: Refusal, time: Instant)?

    public init(plan: [CalibrationPose], settings: Settings = Settings(), priorOffsetG: Vector3 = .zero) {
        self.plan = plan
        self.settings = settings
        self.priorOffsetG = priorOffsetG
        still = StillnessDetector(settings: settings.stillness)
    }

    /// The number of the pose being asked for (1-based).
    public var poseNumber: Int { readings.count + 1 }

    /// The first prompt.
    public mutating func begin(at time: Instant) -> [Event] {
        promptTime = time
        guard let pose = plan.first else { return [] }
        return [.prompt(number: 1, of: plan.count, pose: pose)]
    }

    /// One sample (chip axes).
    public mutating func add(_ sample: Sample) -> [Event] {
        guard !isOver else { return [] }
        var events: [Event] = []
        if still.add(sample), settling {
            settling = false
            if let refusal = refuse(.moved, at: sample.time) { events.append(refusal) }
        }
        if let previous = leaving {
            guard let now = still.latestG, SignedAxis(nearest: now) != SignedAxis(nearest: previous) else {
                // Not turned yet: remind, now and then, once it rests there again.
                if still.stillFor >= settings.holdSpan, let prompted = promptTime, sample.time - prompted >= settings.repeatSpan,
                    let refusal = refuse(.samePose(number: readings.count), at: sample.time)
                {
                    events.append(refusal)
                }
                return events
            }
            leaving = nil
        }
        if !settling && still.stillFor >= settings.settleSpan {
            settling = true
            events.append(.settling(number: poseNumber))
        }
        if still.stillFor >= settings.holdSpan { events += take(at: sample.time) }
        return events
    }

    /// A shutter press (the confirmation, when the button is wired).
    public mutating func shutterPressed(at time: Instant) -> [Event] {
        guard !isOver, leaving == nil else { return [] }
        guard still.stillFor >= settings.confirmSpan else {
            return refuse(.pressedTooSoon, at: time).map { [$0] } ?? []
        }
        return take(at: time)
    }

    private mutating func take(at time: Instant) -> [Event] {
        guard let (mean, count) = still.mean else { return [] }
        settling = false
        still.reset()
        if let refusal = check(mean) {
            return self.refuse(refusal, at: time).map { [$0] } ?? []
        }
        let reading = PoseReading(number: poseNumber, pose: plan[readings.count], meanG: mean, sampleCount: count)
        readings.append(reading)
        leaving = mean
        promptTime = time
        lastRefusal = nil
        var events: [Event] = [.taken(reading)]
        if readings.count < plan.count {
            events.append(.prompt(number: poseNumber, of: plan.count, pose: plan[readings.count]))
            return events
        }
        isOver = true
        do throws(CalibrationError) {
            events.append(.finished(try CalibrationResult(readings: readings, priorOffsetG: priorOffsetG)))
        } catch {
            events.append(.failed(error))
        }
        return events
    }

    /// Why `mean` cannot be this pose's reading, if it cannot.
    private func check(_ mean: Vector3) -> Refusal? {
        let magnitude = mean.magnitude
        if abs(magnitude - 1) > settings.magnitudeToleranceG { return .farFromOneG(magnitudeG: magnitude) }
        let axis = SignedAxis(nearest: mean)
        let offAxis = mean.degrees(to: axis.vector)
        if offAxis > MountFit.maximumDegreesOffAxis { return .notSquare(degrees: offAxis, nearest: axis) }
        if let same = readings.first(where: { $0.chipUp == axis }) { return .samePose(number: same.number) }
        let pose = plan[readings.count]
        if readings.count >= 2, let mount = try? MountFit.fit(readings), let chipFromDevice = mount.transposed {
            if axis != SignedAxis(nearest: chipFromDevice.apply(pose.restingReading)) {
                return .notAsAsked(looksLike: Self.orientation(up: SignedAxis(nearest: mount.apply(axis.vector))))
            }
        } else if let first = readings.first, axis == first.chipUp.opposite, pose.deviceUp != first.pose.deviceUp.opposite {
            // One pose so far: the reverse of it is the only pose it can already rule out.
            return .notAsAsked(looksLike: Self.orientation(up: first.pose.deviceUp.opposite))
        }
        return nil
    }

    /// A refusal event, unless the same one was given within `repeatSpan`.
    private mutating func refuse(_ refusal: Refusal, at time: Instant) -> Event? {
        if let last = lastRefusal, last.refusal == refusal, time - last.time < settings.repeatSpan { return nil }
        lastRefusal = (refusal, time)
        return .refused(number: poseNumber, refusal)
    }

    /// The orientation whose up axis is `up`.
    static func orientation(up: SignedAxis) -> Orientation {
        CalibrationPose.sequence.first { $0.deviceUp == up }?.orientation ?? .normal
    }
}
