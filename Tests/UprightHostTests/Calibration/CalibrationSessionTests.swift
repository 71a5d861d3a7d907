import Testing
import UprightCore
import UprightHost

/// Drives a session with 100 Hz samples: rests (with 5 mg of alternating noise), moves
/// (straight lines between readings) and presses.
struct CalibrationScript {
    var session: CalibrationSession
    var events: [CalibrationSession.Event] = []
    private var index = 0
    private(set) var at: Vector3

    init(poses: Int, start: Vector3, settings: CalibrationSession.Settings = .init()) {
        self.init(plan: CalibrationPose.plan(poses: poses), start: start, settings: settings)
    }

    init(plan: [CalibrationPose], start: Vector3, settings: CalibrationSession.Settings = .init()) {
        session = CalibrationSession(plan: plan, settings: settings)
        at = start
        events = session.begin(at: .zero)
    }

    var now: Instant { .zero + TimeSpan(nanoseconds: Int64(index) * 10_000_000) }

    mutating func rest(_ seconds: Double) {
        for step in 0..<Int(seconds * 100) {
            let sign: Float = step % 2 == 0 ? 1 : -1
            feed(at + Vector3(x: 0.005, y: 0.005, z: 0.005) * sign)
        }
    }

    mutating func move(to target: Vector3, seconds: Double = 0.5) {
        let steps = Int(seconds * 100)
        let from = at
        for step in 1...steps { feed(from + (target - from) * (Float(step) / Float(steps))) }
        at = target
    }

    mutating func press() { events += session.shutterPressed(at: now) }

    private mutating func feed(_ value: Vector3) {
        events += session.add(Sample(time: now, accelerationG: value))
        index += 1
    }

    /// The events as short words, for comparing sequences.
    var summary: [String] { events.map(Self.word) }

    static func word(_ event: CalibrationSession.Event) -> String {
        switch event {
        case .prompt(let number, let count, let pose, let replacing):
            "prompt \(number) of \(count) \(pose.orientation)\(replacing.map { " for \($0)" } ?? "")"
        case .settling(let number): "settling \(number)"
        case .taken(let reading): "taken \(reading.number)"
        case .refused(let number, _, .farFromOneG(let magnitude, let corrected)):
            "refused \(number) farFromOneG \(Int((magnitude * 100).rounded()))\(corrected.map { " \(Int(($0 * 100).rounded()))" } ?? "")"
        case .refused(let number, _, .notSquare(let pose, let degrees)): "refused \(number) notSquare \(pose) \(Int(degrees.rounded()))"
        case .refused(let number, _, .moved(let still)): "refused \(number) moved \(Int(still.seconds * 10))"
        case .refused(let number, _, let refusal): "refused \(number) \(refusal)"
        case .inDoubt(let poses): "in doubt \(poses)"
        case .dropped(let reading, let actual, let agreeing): "dropped \(reading.number) was \(actual) by \(agreeing)"
        case .added(let pose, let disputed): "added \(pose.orientation) for \(disputed)"
        case .heldOff(let reading, let degrees): "held off \(reading.number) \(Int(degrees.rounded()))"
        case .finished: "finished"
        case .failed(let error): "failed \(error)"
        }
    }
}

/// A maker with a camera and a chip mounted `truth`: rests the camera where each prompt asks
/// (or, at the prompts in `mistakes`, where the maker wrongly thinks it asks), and obeys each
/// refusal that says where the camera is: turns it from there to the pose asked, as a person
/// who trusts the message would. Bounded by `maximumSteps` rests.
struct Maker {
    var truth: Rotation
    var bias = CalibrationFixtures.bias
    /// Prompt number (or, with `alwaysWrong`, every prompt of that pose): where the camera goes instead.
    var mistakes: [Int: Orientation] = [:]
    var alwaysWrong: [Orientation: Orientation] = [:]
    var maximumSteps = 40

    func reading(_ up: SignedAxis) -> Vector3 { truth.transposed.apply(up.vector) + bias }

    static func up(_ orientation: Orientation) -> SignedAxis {
        CalibrationPose.sequence.first { $0.orientation == orientation }!.deviceUp
    }

    /// The camera turned as one turns it from `believed` to `wanted` (a quarter turn about
    /// their cross product, or over about an axis across the camera's up).
    static func turn(_ actual: SignedAxis, from believed: SignedAxis, to wanted: SignedAxis) -> SignedAxis {
        if believed == wanted { return actual }
        let axis: SIMD3<Double>
        let degrees: Double
        if believed == wanted.opposite {
            let across = SIMD3<Double>(Double(believed.vector.y), Double(believed.vector.z), Double(believed.vector.x))
            axis =
                actual == believed || actual == believed.opposite
                ? across : SIMD3(Double(actual.vector.x), Double(actual.vector.y), Double(actual.vector.z))
            degrees = 180
        } else {
            let b = believed.vector
            let w = wanted.vector
            axis = SIMD3(Double(b.y * w.z - b.z * w.y), Double(b.z * w.x - b.x * w.z), Double(b.x * w.y - b.y * w.x))
            degrees = 90
        }
        let turned = Rotation(degrees: degrees, about: axis).apply(actual.vector)
        return SignedAxis(nearest: turned)
    }

    /// Runs `poses` poses; the script and where the camera was at each rest.
    func calibrate(poses: Int) -> (script: CalibrationScript, placed: [Orientation]) {
        var script = CalibrationScript(poses: poses, start: reading(Self.up(.normal)))
        var placed: [Orientation] = []
        var seen = 0
        var actual = Self.up(.normal)
        for _ in 0..<maximumSteps where !script.session.isOver {
            for event in script.events[seen...] {
                switch event {
                case .prompt(let number, _, let pose, _):
                    let wrong = mistakes[number] ?? alwaysWrong[pose.orientation]
                    actual = wrong.map(Self.up) ?? pose.deviceUp
                case .refused(_, let pose, let refusal):
                    let believed: SignedAxis?
                    switch refusal {
                    case .samePose(_, false), .notTurned(_, false), .turnedOver(_, false), .quarterTurn(_, false):
                        // "If it is so already, start again": it is, as far as this maker knows.
                        return (script, placed)
                    case .notAsAsked(let looksLike, _): believed = Self.up(looksLike)
                    case .samePose(let number, _), .notTurned(let number, _):
                        believed = script.session.readings.first { $0.number == number }?.pose.deviceUp
                    case .turnedOver(let number, _): believed = script.session.readings.first { $0.number == number }?.pose.deviceUp.opposite
                    case .quarterTurn, .notSquare, .fitsNoMount: believed = nil
                    case .moved, .farFromOneG, .pressedTooSoon: continue
                    }
                    // Named where it is: turned from there; else put as the prompt says.
                    actual = believed.map { Self.turn(actual, from: $0, to: pose.deviceUp) } ?? pose.deviceUp
                default: break
                }
            }
            seen = script.events.count
            // Off the table and back, then at rest.
            script.move(to: reading(actual) * 0.5 + Vector3(x: 0.5, y: 0.5, z: 0.5))
            script.move(to: reading(actual))
            placed.append(CalibrationPose.orientation(up: actual))
            script.rest(2)
        }
        return (script, placed)
    }
}

@Suite struct CalibrationSessionTests {
    static let readings = CalibrationFixtures.readings

    /// Six poses, each reached by a half-second move and held two seconds: each is noticed
    /// (settling after 0.3 s still), taken after 1.5 s, and the last gives the result.
    @Test func sixRestingPosesCalibrate() throws {
        var script = CalibrationScript(poses: 6, start: Self.readings[0])
        for (index, reading) in Self.readings.enumerated() {
            if index > 0 { script.move(to: reading) }
            script.rest(2)
        }
        let orientations = ["normal", "right-up", "lens-up", "bottom-up", "left-up", "lens-down"]
        #expect(script.summary == (1...6).flatMap { ["prompt \($0) of 6 \(orientations[$0 - 1])", "settling \($0)", "taken \($0)"] } + ["finished"])
        guard case .finished(let result) = script.events.last else { return }
        #expect(result.mount == (try MountMatrix(parsing: CalibrationFixtures.mount)))
        // The first still block takes in the move's last few samples: a fraction of a mg.
        #expect(CalibrationFixtures.near(result.offsetG.x, 0.2, within: 0.002))
        #expect(CalibrationFixtures.near(result.offsetG.y, -0.25, within: 0.002))
        #expect(CalibrationFixtures.near(result.offsetG.z, 0.23, within: 0.002))
    }

    /// A chip glued 15 degrees off square in the camera's plane and one tilted 30 out of it:
    /// every pose is taken as it comes, and the result is the true mount.
    @Test(arguments: [(15.0, SIMD3<Double>(0, 0, 1)), (30, SIMD3(1, 0, 0)), (45, SIMD3(1, 1, 1))])
    func aCrookedChipIsTakenAsItIs(degrees: Double, axis: SIMD3<Double>) throws {
        let truth = CalibrationFixtures.crooked(degrees, about: axis)
        let run = Maker(truth: truth).calibrate(poses: 6)
        #expect(run.script.summary.filter { $0.hasPrefix("refused") }.isEmpty, "\(run.script.summary)")
        guard case .finished(let result) = run.script.events.last else {
            Issue.record("\(run.script.summary)")
            return
        }
        #expect(result.solution.written.degrees(to: truth) < 0.1)
        #expect(abs(result.chipDegrees - Float(degrees)) < 0.1)
    }

    /// A maker who takes pose 2 on the wrong side (left-up for right-up), everything after as
    /// asked. Pose 3 is taken (the mirror image it makes could be any of the three poses'
    /// fault) and the doubt is said; pose 5, left-up as pose 2 was, decides: pose 2 is dropped
    /// and asked for again at the end, and the matrix is the true one.
    @Test func aPoseOnTheWrongSideIsFoundAndAskedAgain() throws {
        let run = Maker(truth: CalibrationFixtures.square, mistakes: [2: .leftUp]).calibrate(poses: 6)
        #expect(
            run.script.summary.filter { !$0.hasPrefix("settling") } == [
                "prompt 1 of 6 normal", "taken 1", "prompt 2 of 6 right-up", "taken 2", "prompt 3 of 6 lens-up", "taken 3", "in doubt [1, 2, 3]",
                "prompt 4 of 6 bottom-up", "taken 4", "in doubt [2, 3]", "prompt 5 of 6 left-up", "taken 5", "dropped 2 was left-up by [1, 3, 4, 5]",
                "prompt 6 of 7 lens-down", "taken 6", "prompt 7 of 7 right-up for 2", "taken 7", "finished",
            ])
        guard case .finished(let result) = run.script.events.last else { return }
        #expect(result.mount == (try MountMatrix(parsing: CalibrationFixtures.mount)))
    }

    /// A maker who always takes "left side" for the other one, and obeys: the second time the
    /// camera rests as pose 5 did, which is named, and turned over it is right.
    @Test func aMakerWhoKeepsMistakingTheSidesEndsRight() throws {
        let run = Maker(truth: CalibrationFixtures.square, alwaysWrong: [.rightUp: .leftUp]).calibrate(poses: 6)
        #expect(run.script.summary.contains("refused 7 samePose(number: 5, sure: true)"))
        guard case .finished(let result) = run.script.events.last else {
            Issue.record("\(run.script.summary)")
            return
        }
        #expect(result.mount == (try MountMatrix(parsing: CalibrationFixtures.mount)))
    }

    /// Every mistake on every prompt, a chip 15 degrees off square, the maker obeying every
    /// refusal: the result is the true matrix or none (the maker was told to start again),
    /// never another matrix. From pose 4 on, three poses agree and confirm each other, so every
    /// mistake is named for what it is and put right.
    @Test(arguments: 3...6)
    func noSingleMistakeWritesAWrongMatrix(poses: Int) throws {
        for prompt in 1...poses {
            for wrong in CalibrationPose.sequence.map(\.orientation) {
                let maker = Maker(truth: CalibrationFixtures.crooked(15, about: SIMD3(0, 0, 1)), mistakes: [prompt: wrong])
                let run = maker.calibrate(poses: poses)
                guard case .finished(let result) = run.script.events.last else {
                    #expect(prompt < 4, "\(prompt) \(wrong): \(run.script.summary)")
                    continue
                }
                #expect(result.solution.written.degrees(to: maker.truth) < 1, "\(prompt) \(wrong): \(run.script.summary)")
            }
        }
    }

    /// Two poses trust them both: pose 2 on any side, or lens up or down, is a quarter turn
    /// from pose 1 as right-up is, and gives another matrix (the help says so); upside down, or
    /// not turned, is refused and the maker starts again.
    @Test func twoPosesTrustTheirPoses() throws {
        for wrong in [Orientation.normal, .bottomUp] {
            let run = Maker(truth: CalibrationFixtures.square, mistakes: [2: wrong]).calibrate(poses: 2)
            #expect(!run.script.session.isOver, "\(wrong): \(run.script.summary)")
        }
        for wrong in [Orientation.leftUp, .lensUp, .lensDown] {
            let run = Maker(truth: CalibrationFixtures.square, mistakes: [2: wrong]).calibrate(poses: 2)
            guard case .finished(let result) = run.script.events.last else {
                Issue.record("\(wrong): \(run.script.summary)")
                continue
            }
            #expect(result.mount != (try MountMatrix(parsing: CalibrationFixtures.mount)))
        }
    }

    /// Three poses with pose 2 on the wrong side: the plan ends in doubt, and the poses that
    /// tell it (upside down, then the other side) are added.
    @Test func aDoubtAtTheEndAddsThePosesThatSettleIt() throws {
        let run = Maker(truth: CalibrationFixtures.square, mistakes: [2: .leftUp]).calibrate(poses: 3)
        #expect(run.script.summary.contains("added bottom-up for [1, 2, 3]"))
        #expect(run.script.summary.contains("added left-up for [2, 3]"))
        guard case .finished(let result) = run.script.events.last else {
            Issue.record("\(run.script.summary)")
            return
        }
        #expect(result.mount == (try MountMatrix(parsing: CalibrationFixtures.mount)))
    }

    @Test func aReadingFarFromOneGIsRefused() {
        var script = CalibrationScript(poses: 2, start: Vector3(x: 0, y: 1.6, z: 0))
        script.rest(2)
        #expect(script.summary == ["prompt 1 of 2 normal", "settling 1", "refused 1 farFromOneG 160"])
    }

    /// An offset of 0.45 g along the up-down axis: upright reads 0.63 g (taken), upside down
    /// 1.48 g, which is taken too, because with upright it shows the offset (1.04 g without).
    @Test func aFarReadingTheOffsetExplainsIsTaken() {
        let bias = Vector3(x: 0.3, y: -0.45, z: 0)
        let up: [Vector3] = [Vector3(x: 0, y: 1, z: 0), Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 0, z: -1), Vector3(x: 0, y: -1, z: 0)]
        var script = CalibrationScript(poses: 4, start: up[0] + bias)
        script.rest(2)
        for value in up.dropFirst() {
            script.move(to: value + bias)
            script.rest(2)
        }
        #expect(script.summary.filter { $0.hasPrefix("taken") || $0.hasPrefix("refused") } == ["taken 1", "taken 2", "taken 3", "taken 4"])
        var alone = CalibrationScript(poses: 4, start: up[3] + bias)
        alone.rest(2)
        #expect(alone.summary.last == "refused 1 farFromOneG 148")
    }

    /// Moving 0.7 s into the reading: refused, saying how long it had rested.
    @Test func movingDuringTheReadingIsRefused() {
        var script = CalibrationScript(poses: 2, start: Self.readings[0])
        script.rest(0.8)
        script.move(to: Self.readings[1], seconds: 1)
        #expect(script.summary == ["prompt 1 of 2 normal", "settling 1", "refused 1 moved 7"])
    }

    /// Left where pose 1 was taken, the camera is reminded to turn once it has rested there
    /// 5 s after the prompt; going back to pose 1 later is named as pose 1's rest.
    @Test func theSamePoseTwiceIsRefused() {
        var script = CalibrationScript(poses: 3, start: Self.readings[0])
        script.rest(7)
        #expect(
            script.summary == [
                "prompt 1 of 3 normal", "settling 1", "taken 1", "prompt 2 of 3 right-up", "refused 2 notTurned(number: 1, sure: false)",
            ])
        script.move(to: Self.readings[1])
        script.rest(2)
        script.move(to: Self.readings[0])
        script.rest(2)
        #expect(script.summary.suffix(4) == ["taken 2", "prompt 3 of 3 lens-up", "settling 3", "refused 3 samePose(number: 1, sure: false)"])
    }

    /// Upside down when on its side was asked: pose 1 turned over. Later, a pose turned over
    /// from pose 2 where lens-up was asked, and, with three poses agreeing, any other pose is
    /// named by the mount they agree on.
    @Test func anotherPoseThanAskedIsNamed() {
        var script = CalibrationScript(poses: 6, start: Self.readings[0])
        script.rest(2)
        script.move(to: Self.readings[3])
        script.rest(2)
        #expect(script.summary.last == "refused 2 turnedOver(number: 1, sure: false)")
        script.move(to: Self.readings[1])
        script.rest(2)
        script.move(to: Self.readings[4]) // left-up, where lens-up was asked
        script.rest(2)
        #expect(script.summary.last == "refused 3 turnedOver(number: 2, sure: false)")
        script.move(to: Self.readings[2])
        script.rest(2)
        script.move(to: Self.readings[5]) // lens-down, where bottom-up was asked
        script.rest(2)
        #expect(script.summary.last == "refused 4 notAsAsked(looksLike: lens-down, agreeing: [1, 2, 3])")
    }

    /// A press takes the pose once it has been still for 0.5 s, not before.
    @Test func theShutterConfirms() {
        var script = CalibrationScript(poses: 2, start: Self.readings[0])
        script.rest(0.3)
        script.press()
        script.rest(0.4)
        script.press()
        #expect(script.summary == ["prompt 1 of 2 normal", "refused 1 pressedTooSoon", "settling 1", "taken 1", "prompt 2 of 2 right-up"])
    }

    /// 50 degrees from pose 1 is square to nothing: the hold, not the chip (whose angle the
    /// difference of two readings does not see).
    @Test func aPoseNotSquareToAnEarlierOneIsRefused() {
        var script = CalibrationScript(poses: 2, start: Vector3(x: 0, y: 0, z: 1))
        script.rest(2)
        script.move(to: Vector3(x: 0.7660444, y: 0, z: 0.6427876))
        script.rest(2)
        #expect(script.summary.last == "refused 2 notSquare 1 50")
    }

    /// A pose held 15 degrees off square, the others square: asked for again, once.
    @Test func aPoseHeldFarOffIsAskedAgain() throws {
        var values = Self.readings
        let tilt = Rotation(degrees: 15, about: SIMD3(1, 0, 0))
        values[2] = CalibrationFixtures.square.transposed.apply(tilt.apply(CalibrationPose.sequence[2].restingReading)) + CalibrationFixtures.bias
        var script = CalibrationScript(poses: 6, start: values[0])
        for (index, value) in values.enumerated() {
            if index > 0 { script.move(to: value) }
            script.rest(2)
        }
        #expect(script.summary.suffix(3) == ["taken 6", "held off 3 11", "prompt 7 of 7 lens-up for 3"])
        script.move(to: Self.readings[2])
        script.rest(2)
        guard case .finished(let result) = script.events.last else {
            Issue.record("\(script.summary)")
            return
        }
        #expect(result.mount == (try MountMatrix(parsing: CalibrationFixtures.mount)))
        #expect(result.worstHoldDegrees < 0.5)
    }

    /// Readings taken at most: a maker who never gets it right is stopped, nothing written.
    @Test func posesAreBounded() {
        var settings = CalibrationSession.Settings()
        settings.maximumPoses = 3
        var script = CalibrationScript(plan: CalibrationPose.plan(poses: 4), start: Self.readings[0], settings: settings)
        for value in [Self.readings[0], Self.readings[1], Self.readings[2]] {
            script.move(to: value)
            script.rest(2)
        }
        #expect(script.events.last == .failed(.tooManyPoses(taken: 3)))
        #expect(script.session.isOver)
    }
}
