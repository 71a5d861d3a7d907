import Testing
import UprightCore
import UprightHost

/// Drives a session with 100 Hz samples: rests (with 5 mg of alternating noise), moves
/// (straight lines between readings) and presses.
struct CalibrationScript {
    var session: CalibrationSession
    var events: [CalibrationSession.Event] = []
    private var index = 0
    private var at: Vector3

    init(poses: Int, start: Vector3) {
        session = CalibrationSession(plan: CalibrationPose.plan(poses: poses))
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
    var summary: [String] {
        events.map { event in
            switch event {
            case .prompt(let number, _, _): "prompt \(number)"
            case .settling(let number): "settling \(number)"
            case .taken(let reading): "taken \(reading.number)"
            case .refused(let number, .farFromOneG(let magnitude)): "refused \(number) farFromOneG \(Int((magnitude * 100).rounded()))"
            case .refused(let number, .notSquare(let degrees, let nearest)): "refused \(number) notSquare \(Int(degrees.rounded())) \(nearest)"
            case .refused(let number, let refusal): "refused \(number) \(refusal)"
            case .finished: "finished"
            case .failed(let error): "failed \(error)"
            }
        }
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
        #expect(script.summary == (1...6).flatMap { ["prompt \($0)", "settling \($0)", "taken \($0)"] } + ["finished"])
        guard case .finished(let result) = script.events.last else { return }
        #expect(result.mount == (try MountMatrix(parsing: CalibrationFixtures.mount)))
        // The first still block takes in the move's last few samples: a fraction of a mg.
        #expect(CalibrationFixtures.near(result.offsetG.x, 0.2, within: 0.002))
        #expect(CalibrationFixtures.near(result.offsetG.y, -0.25, within: 0.002))
        #expect(CalibrationFixtures.near(result.offsetG.z, 0.23, within: 0.002))
    }

    @Test func aReadingFarFromOneGIsRefused() {
        var script = CalibrationScript(poses: 2, start: Vector3(x: 0, y: 1.6, z: 0))
        script.rest(2)
        #expect(script.summary == ["prompt 1", "settling 1", "refused 1 farFromOneG 160"])
    }

    @Test func movingDuringTheReadingIsRefused() {
        var script = CalibrationScript(poses: 2, start: Self.readings[0])
        script.rest(0.8)
        script.move(to: Self.readings[1], seconds: 1)
        #expect(script.summary == ["prompt 1", "settling 1", "refused 1 moved"])
    }

    /// Left where pose 1 was taken, the camera is reminded to turn once it has rested there
    /// 5 s after the prompt; going back to pose 1 later is refused as the same pose.
    @Test func theSamePoseTwiceIsRefused() {
        var script = CalibrationScript(poses: 3, start: Self.readings[0])
        script.rest(7)
        #expect(script.summary == ["prompt 1", "settling 1", "taken 1", "prompt 2", "refused 2 samePose(number: 1)"])
        script.move(to: Self.readings[1])
        script.rest(2)
        script.move(to: Self.readings[0])
        script.rest(2)
        #expect(script.summary.suffix(4) == ["taken 2", "prompt 3", "settling 3", "refused 3 samePose(number: 1)"])
    }

    /// Upside down when on its side was asked: the one pose pose 1 already rules out. Later,
    /// with two poses known, any pose but the one asked is named.
    @Test func anotherPoseThanAskedIsNamed() {
        var script = CalibrationScript(poses: 4, start: Self.readings[0])
        script.rest(2)
        script.move(to: Self.readings[3])
        script.rest(2)
        #expect(script.summary.last == "refused 2 notAsAsked(looksLike: bottom-up)")
        script.move(to: Self.readings[1])
        script.rest(2)
        script.move(to: Self.readings[4]) // left-up, where lens-up was asked
        script.rest(2)
        #expect(script.summary.last == "refused 3 notAsAsked(looksLike: left-up)")
    }

    /// A press takes the pose once it has been still for 0.5 s, not before.
    @Test func theShutterConfirms() {
        var script = CalibrationScript(poses: 2, start: Self.readings[0])
        script.rest(0.3)
        script.press()
        script.rest(0.4)
        script.press()
        #expect(script.summary == ["prompt 1", "refused 1 pressedTooSoon", "settling 1", "taken 1", "prompt 2"])
    }

    /// A chip (or a camera) at 45 degrees to gravity is no square pose.
    @Test func aPoseNotSquareIsRefused() {
        var script = CalibrationScript(poses: 2, start: Vector3(x: 0, y: 0, z: 1))
        script.rest(2)
        script.move(to: Vector3(x: 0.7, y: 0, z: 0.7))
        script.rest(2)
        #expect(script.summary.last == "refused 2 notSquare 45 +x")
    }
}
