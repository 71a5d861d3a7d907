import UprightCore

/// The calibration procedure as a pure state machine: it asks for each pose of its plan in
/// turn, notices by itself when the camera rests (`StillnessDetector`), takes the pose's
/// reading (or at a shutter press, once still for `confirmSpan`), and judges it against every
/// pose taken so far, never against a guess.
///
/// A reading is refused when it moved while being taken, reads far from 1 g (after the offset
/// the poses so far show), is not square to an earlier pose (`PoseRelation`: from the
/// readings' difference, so neither the chip's angle nor its offset matters), or when the
/// poses say it is not the pose asked for: it rests as an earlier one did, is one turned over,
/// or the mount most poses agree on (`PoseConsensus`) puts it elsewhere, named by what the
/// camera is doing. When the poses cannot tell yet (a mirror image: one of three was turned the
/// other way, and which needs a pose that sees an axis the other way), the reading is taken
/// and the doubt said; once most poses agree, an earlier pose they contradict is dropped and
/// asked for again, and a plan that ends in doubt is extended by a pose that settles it. After
/// the last pose it fits the result (`CalibrationResult`); a pose held far from square once the
/// chip's own angle is taken out is asked for again, once. Nothing is written on a doubt left.
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
        /// A reading this far from 1 g, before and after the offset the poses so far show, is
        /// refused. An offset of up to 0.25 g on each axis (the ADXL345's data sheet allows that
        /// on z, Table 1; clones read as far off on any axis, docs/hardware.md) is up to 0.43 g
        /// long, and a chip glued at an angle can have gravity along it: 0.57 to 1.43 g before
        /// the offset is known. A wrong range reads half or twice 1 g; a camera pushed, anything.
        public var magnitudeToleranceG: Float = 0.45
        /// The same refusal is not repeated sooner than this.
        public var repeatSpan: TimeSpan = .seconds(5)
        /// A pose held further than this from square, the chip's angle taken out, is asked for
        /// again (once): one pose 10 degrees off turns a six-pose fit by about 2 degrees.
        public var retakeDegrees: Float = 8
        /// Readings taken at most, the plan's and those asked again.
        public var maximumPoses = 12

        public init() {}
    }

    public enum Refusal: Equatable, Sendable {
        /// It moved after resting this long, before the reading was complete.
        case moved(afterStill: TimeSpan)
        /// |a| at rest, and after the offset the poses so far show (nil: none shown yet).
        case farFromOneG(magnitudeG: Float, correctedG: Float?)
        /// This far from pose `to`: not a quarter turn, not turned over, not the same.
        case notSquare(to: Int, degrees: Float)
        /// It rests as pose `number` did. `sure`: the other poses confirm pose `number` was as
        /// asked (else either of the two may be the wrong one).
        case samePose(number: Int, sure: Bool)
        /// Not turned yet from pose `number`, just taken.
        case notTurned(number: Int, sure: Bool)
        /// It is pose `number` turned over.
        case turnedOver(number: Int, sure: Bool)
        /// It is a quarter turn from pose `number`, where the pose asked is that one turned over.
        case quarterTurn(number: Int, sure: Bool)
        /// The mount poses `agreeing` agree on says the camera is `looksLike`.
        case notAsAsked(looksLike: Orientation, agreeing: [Int])
        /// It fits none of the mounts the poses still allow (`disputed` are in doubt).
        case fitsNoMount(disputed: [Int])
        /// The shutter was pressed before it had been still for `confirmSpan`.
        case pressedTooSoon
    }

    public enum Event: Equatable, Sendable {
        /// `replacing`: the earlier pose this one is asked again for.
        case prompt(number: Int, of: Int, pose: CalibrationPose, replacing: Int?)
        /// Resting in a new position; the reading is being taken.
        case settling(number: Int)
        case taken(PoseReading)
        case refused(number: Int, pose: CalibrationPose, Refusal)
        /// The poses taken cannot all be as asked, and they cannot tell yet which is not:
        /// `poses` are in doubt.
        case inDoubt(poses: [Int])
        /// An earlier pose was not as asked: by the poses `agreeing`, the camera was `actual`.
        case dropped(PoseReading, actual: Orientation, agreeing: [Int])
        /// A pose added to the plan, because it can tell which of `disputed` is wrong.
        case added(CalibrationPose, disputed: [Int])
        /// A pose held this far from square: taken out, to be asked again.
        case heldOff(PoseReading, degrees: Float)
        case finished(CalibrationResult)
        case failed(CalibrationError)
    }

    /// A pose still to take, and the earlier one it is asked again for.
    struct Request: Equatable, Sendable {
        var pose: CalibrationPose
        var replacing: Int?
    }

    public let plan: [CalibrationPose]
    public let settings: Settings
    public let priorOffsetG: Vector3
    /// The readings that stand (dropped ones left out), in the order taken.
    public private(set) var readings: [PoseReading] = []
    /// How many readings were taken, dropped ones too: the last pose's number.
    public private(set) var takenCount = 0
    public private(set) var isOver = false

    private var requests: [Request]
    private var still: StillnessDetector
    /// After a pose is taken: where it read, until the camera leaves it.
    private var leaving: PoseReading?
    private var promptTime: Instant?
    private var settling = false
    private var lastRefusal: (refusal: Refusal, time: Instant)?
    private var doubt: [Int] = []
    private var retaken: Set<Orientation> = []

    public init(plan: [CalibrationPose], settings: Settings = Settings(), priorOffsetG: Vector3 = .zero) {
        self.plan = plan
        self.settings = settings
        self.priorOffsetG = priorOffsetG
        requests = plan.map { Request(pose: $0, replacing: nil) }
        still = StillnessDetector(settings: settings.stillness)
    }

    /// The number of the pose being asked for (1-based).
    public var poseNumber: Int { takenCount + 1 }

    /// The pose being asked for; nil once over.
    public var asked: CalibrationPose? { isOver ? nil : requests.first?.pose }

    /// How many poses the run takes as planned now (it grows when one is asked again).
    public var plannedCount: Int { takenCount + requests.count }

    /// How many readings the result needs as planned now: those that stand and those to take.
    public var neededCount: Int { readings.count + requests.count }

    /// The first prompt.
    public mutating func begin(at time: Instant) -> [Event] {
        promptTime = time
        return prompt()
    }

    /// One sample (chip axes).
    public mutating func add(_ sample: Sample) -> [Event] {
        guard !isOver, let pose = asked else { return [] }
        var events: [Event] = []
        let stillBefore = still.stillFor
        if still.add(sample), settling {
            settling = false
            if let refusal = refuse(.moved(afterStill: stillBefore), pose: pose, at: sample.time) { events.append(refusal) }
        }
        if let previous = leaving {
            // Left once the camera is nearer a quarter turn than the pose just taken.
            guard let now = still.latestG, PoseRelation.degrees(now, previous.meanG) > 45 else {
                // Not turned yet: remind, now and then, once it rests there again.
                if still.stillFor >= settings.holdSpan, let prompted = promptTime, sample.time - prompted >= settings.repeatSpan,
                    let refusal = refuse(.notTurned(number: previous.number, sure: isConfirmed(previous)), pose: pose, at: sample.time)
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
        guard !isOver, let pose = asked, leaving == nil else { return [] }
        guard still.stillFor >= settings.confirmSpan else {
            return refuse(.pressedTooSoon, pose: pose, at: time).map { [$0] } ?? []
        }
        return take(at: time)
    }

    // MARK: taking a pose

    private mutating func take(at time: Instant) -> [Event] {
        guard let (mean, count) = still.mean, let request = requests.first else { return [] }
        settling = false
        still.reset()
        let candidate = PoseReading(number: poseNumber, pose: request.pose, meanG: mean, sampleCount: count)
        let verdict = judge(candidate)
        guard case .accept(let drops, let inDoubt) = verdict else {
            if case .refuse(let refusal) = verdict { return refuse(refusal, pose: request.pose, at: time).map { [$0] } ?? [] }
            return []
        }
        readings.append(candidate)
        takenCount += 1
        requests.removeFirst()
        leaving = candidate
        promptTime = time
        lastRefusal = nil
        var events: [Event] = [.taken(candidate)]
        for drop in drops {
            readings.removeAll { $0.number == drop.reading.number }
            events.append(.dropped(drop.reading, actual: drop.actual, agreeing: drop.agreeing))
        }
        // A dropped pose is asked for again unless another reading stands for it.
        for drop in drops where !readings.contains(where: { $0.pose == drop.reading.pose }) {
            requests.append(Request(pose: drop.reading.pose, replacing: drop.reading.number))
        }
        if inDoubt != doubt {
            doubt = inDoubt
            if !inDoubt.isEmpty { events.append(.inDoubt(poses: inDoubt)) }
        }
        if requests.isEmpty { events += finish() }
        if !isOver { events += prompt() }
        return events
    }

    private mutating func prompt() -> [Event] {
        guard !isOver, let request = requests.first else { return [] }
        guard takenCount < settings.maximumPoses else {
            isOver = true
            return [.failed(.tooManyPoses(taken: takenCount))]
        }
        return [.prompt(number: poseNumber, of: plannedCount, pose: request.pose, replacing: request.replacing)]
    }

    /// After the plan's last pose: the result, a pose that settles a doubt, a pose asked
    /// again, or the reason none is possible.
    private mutating func finish() -> [Event] {
        switch PoseConsensus.judge(readings, priorOffsetG: priorOffsetG) {
        case .split(let hypotheses):
            let disputed = PoseConsensus.disputed(hypotheses, readings)
            guard let pose = Self.decider(hypotheses, taken: readings.map(\.pose)) else {
                isOver = true
                return [.failed(.undecided(poses: disputed))]
            }
            requests.append(Request(pose: pose, replacing: nil))
            return [.added(pose, disputed: disputed)]
        case .undetermined, .agreed:
            break
        }
        let result: CalibrationResult
        do throws(CalibrationError) {
            result = try CalibrationResult(readings: readings, priorOffsetG: priorOffsetG)
        } catch {
            isOver = true
            return [.failed(error)]
        }
        if let worst = result.residuals.max(by: { $0.holdDegrees < $1.holdDegrees }), worst.holdDegrees > settings.retakeDegrees,
            readings.count > 2, !retaken.contains(worst.orientation), takenCount < settings.maximumPoses,
            let reading = readings.first(where: { $0.number == worst.pose })
        {
            retaken.insert(worst.orientation)
            readings.removeAll { $0.number == worst.pose }
            requests.append(Request(pose: reading.pose, replacing: reading.number))
            return [.heldOff(reading, degrees: worst.holdDegrees)]
        }
        isOver = true
        return [.finished(result)]
    }

    /// The pose that tells the most of the mounts apart (they would read it differently), one
    /// not taken yet first, then in the sequence's order; nil when none tells any apart.
    static func decider(_ hypotheses: [PoseConsensus.Hypothesis], taken: [CalibrationPose]) -> CalibrationPose? {
        func pairsTold(_ pose: CalibrationPose) -> Int {
            let predicted = hypotheses.map { $0.solution.written.transposed.apply(pose.restingReading) }
            return predicted.indices.map { a in predicted.indices.filter { b in b > a && predicted[a].degrees(to: predicted[b]) > 45 }.count }
                .reduce(0, +)
        }
        let ranked = CalibrationPose.sequence.map { (pose: $0, told: pairsTold($0), new: !taken.contains($0)) }.filter { $0.told > 0 }
        return (ranked.filter(\.new).max { $0.told < $1.told } ?? ranked.max { $0.told < $1.told })?.pose
    }

    // MARK: judging a reading

    enum Verdict {
        case accept(drops: [Drop], inDoubt: [Int])
        case refuse(Refusal)
    }

    struct Drop {
        var reading: PoseReading
        var actual: Orientation
        var agreeing: [Int]
    }

    /// Whether `candidate` can be the pose asked, judged against every reading that stands.
    func judge(_ candidate: PoseReading) -> Verdict {
        let offset = OffsetFit.turnedOverPairs(readings.map(\.meanG) + [candidate.meanG], priorOffsetG: priorOffsetG)
        let magnitude = candidate.meanG.magnitude
        let corrected = offset.directions > 0 ? (candidate.meanG - offset.offsetG).magnitude : nil
        if abs((corrected ?? magnitude) - 1) > settings.magnitudeToleranceG && abs(magnitude - 1) > settings.magnitudeToleranceG {
            return .refuse(.farFromOneG(magnitudeG: magnitude, correctedG: corrected))
        }
        // Square to every pose so far (the worst is named), and how it lies to each.
        var mismatched: (reading: PoseReading, relation: PoseRelation)?
        var worstOff: (number: Int, degrees: Float, off: Float)?
        for reading in readings {
            let relation = PoseRelation(candidate.meanG, reading.meanG)
            if case .between(let degrees) = relation {
                let off = min(abs(degrees - 90), abs(degrees), abs(180 - degrees))
                if worstOff.map({ off > $0.off }) ?? true { worstOff = (reading.number, degrees, off) }
            } else if mismatched == nil, relation != PoseRelation(candidate.pose.deviceUp, reading.pose.deviceUp) {
                mismatched = (reading, relation)
            }
        }
        if let worstOff { return .refuse(.notSquare(to: worstOff.number, degrees: worstOff.degrees)) }
        switch PoseConsensus.judge(readings + [candidate], priorOffsetG: priorOffsetG) {
        case .undetermined:
            if let mismatched { return .refuse(refusal(mismatched.relation, to: mismatched.reading)) }
            return .accept(drops: [], inDoubt: [])
        case .agreed(let hypothesis):
            guard hypothesis.agreeing.contains(candidate.number) else {
                if let same = readings.first(where: { hypothesis.agreeing.contains($0.number) && PoseRelation(candidate.meanG, $0.meanG) == .same }) {
                    return .refuse(refusal(.same, to: same))
                }
                return .refuse(
                    .notAsAsked(looksLike: CalibrationPose.orientation(up: hypothesis.deviceUp(of: candidate)), agreeing: hypothesis.agreeing))
            }
            let drops = readings.filter { hypothesis.disagreeing.contains($0.number) }.map { reading in
                Drop(reading: reading, actual: CalibrationPose.orientation(up: hypothesis.deviceUp(of: reading)), agreeing: hypothesis.agreeing)
            }
            return .accept(drops: drops, inDoubt: [])
        case .split(let hypotheses):
            // A pose that lies wrongly to an earlier one is the newest suspect: asked again.
            if let mismatched { return .refuse(refusal(mismatched.relation, to: mismatched.reading)) }
            let disputed = PoseConsensus.disputed(hypotheses, readings + [candidate])
            guard hypotheses.contains(where: { $0.agreeing.contains(candidate.number) }) else {
                return .refuse(.fitsNoMount(disputed: disputed.filter { $0 != candidate.number }))
            }
            return .accept(drops: [], inDoubt: disputed)
        }
    }

    /// The refusal for a reading that lies to `earlier` as `relation` says, not as asked.
    func refusal(_ relation: PoseRelation, to earlier: PoseReading) -> Refusal {
        let sure = isConfirmed(earlier)
        switch relation {
        case .same: return .samePose(number: earlier.number, sure: sure)
        case .turnedOver: return .turnedOver(number: earlier.number, sure: sure)
        case .quarterTurn, .between: return .quarterTurn(number: earlier.number, sure: sure)
        }
    }

    /// Whether the other readings confirm `reading` was the pose asked: without it they agree
    /// on a mount, and that mount puts it where it was asked. Pose 1 alone, or two poses, are
    /// never confirmed: a refusal naming them may blame the wrong one.
    func isConfirmed(_ reading: PoseReading) -> Bool {
        guard case .agreed(let hypothesis) = PoseConsensus.judge(readings.filter { $0.number != reading.number }, priorOffsetG: priorOffsetG) else {
            return false
        }
        return hypothesis.disagreeing.isEmpty && hypothesis.deviceUp(of: reading) == reading.pose.deviceUp
    }

    /// A refusal event, unless the same one was given within `repeatSpan`.
    private mutating func refuse(_ refusal: Refusal, pose: CalibrationPose, at time: Instant) -> Event? {
        if let last = lastRefusal, Self.sameKind(last.refusal, refusal), time - last.time < settings.repeatSpan { return nil }
        lastRefusal = (refusal, time)
        return .refused(number: poseNumber, pose: pose, refusal)
    }

    /// Refusals that say the same thing (their measured values aside).
    static func sameKind(_ a: Refusal, _ b: Refusal) -> Bool {
        switch (a, b) {
        case (.moved, .moved), (.farFromOneG, .farFromOneG): true
        case (.notSquare(let first, _), .notSquare(let second, _)): first == second
        case (.notAsAsked(let first, _), .notAsAsked(let second, _)): first == second
        default: a == b
        }
    }
}
