import Testing
import UprightCore

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// Where the runtime takes a press's latch: at the raw edge that began it (debounce 30 ms
/// here), not when the debounce confirms it; and that samples alone run what falls due.
///
/// The orientation detector filters, so when it reports a turn depends on its tunables. Each
/// test first finds that time `T` on a probe runtime fed the same samples, then puts the
/// button edges at literal offsets from `T` (the detector does not see the button, so `T` is
/// the same in the run under test).
@Suite struct CameraRuntimeLatchTests {
    typealias Runtime = CameraRuntime<FakeCamera, RecordingSink>
    typealias Entry = RecordingSink.Entry

    static let leftUp = Vector3(x: -1, y: 0, z: 0)
    static let rightUp = Vector3(x: 1, y: 0, z: 0)

    /// Every millisecond: `before` until `turn`, then `after` until `end`.
    static func turning(_ before: Vector3, _ after: Vector3, at turn: Int64, until end: Int64) -> [Sample] {
        (0..<end).map { Sample(time: ms($0), accelerationG: $0 < turn ? before : after) }
    }

    /// When the detector reports `pose` for `samples`, in ms.
    static func reportTime(of pose: Orientation, in samples: [Sample]) -> Int64? {
        var probe = Runtime(camera: FakeCamera(), sink: RecordingSink())
        probe.ingest(samples)
        return probe.sink.records.first { $0.record == .orientation(pose) }?.milliseconds
    }

    /// Feeds `samples` and the button `edges` (ms, down) in time order, then runs to `end`.
    static func run(
        _ samples: [Sample], edges: [(Int64, Bool)], until end: Int64, sensorFaultAt fault: Int64? = nil, recoveryAt recovery: Int64? = nil
    ) -> Runtime {
        var runtime = Runtime(camera: FakeCamera(), sink: RecordingSink())
        enum Input {
            case edge(down: Bool)
            case fault, recovery
        }
        var inputs: [(time: Int64, input: Input)] = edges.map { ($0.0, .edge(down: $0.1)) }
        if let fault { inputs.append((fault, .fault)) }
        if let recovery { inputs.append((recovery, .recovery)) }
        var next = 0
        for (time, input) in inputs.sorted(by: { $0.time < $1.time }) {
            while next < samples.count, samples[next].time < ms(time) {
                runtime.ingest(samples[next])
                next += 1
            }
            switch input {
            case .edge(let down): runtime.buttonEdge(down: down, at: ms(time))
            case .fault:
                runtime.advance(to: ms(time))
                runtime.sensorFailed()
            case .recovery:
                runtime.advance(to: ms(time))
                runtime.sensorRecovered()
            }
        }
        runtime.ingest(samples[next...])
        runtime.advance(to: ms(end))
        return runtime
    }

    static func captures(_ runtime: Runtime) -> [Entry] {
        runtime.sink.records.filter { if case .capture = $0.record { true } else { false } }
    }

    @Test func turnTenMillisecondsAfterTheEdgeKeepsTheLatch() throws {
        let samples = Self.turning(Self.leftUp, Self.rightUp, at: 1000, until: 3000)
        let turn = try #require(Self.reportTime(of: .rightUp, in: samples))
        let runtime = Self.run(samples, edges: [(turn - 10, true), (turn + 200, false)], until: 4000)
        #expect(runtime.sink.records.contains(Entry(milliseconds: turn, record: .orientation(.rightUp))))
        #expect(runtime.sink.records.contains(Entry(milliseconds: turn + 20, record: .state(from: .idle, to: .previewing))))
        // Ordered at the touch (T-10), the fake camera answers 100 ms later; released at T+200,
        // confirmed at T+230: journaled then.
        #expect(Self.captures(runtime) == [Entry(milliseconds: turn + 230, record: .capture(shot: 1, orientation: .leftUp, stale: false))])
        #expect(runtime.camera.mainOrders.contains(.capturePhoto(shot: 1, orientation: .leftUp, touchedAt: ms(turn - 10))))
    }

    /// Issue 39: on its side from power-on, pressed at 20 ms, before the detector's first
    /// decision (right-up, at T): no default is latched; the decision orders the photo, of the
    /// touch's moment, with right-up.
    @Test func aPressBeforeTheFirstDecisionLatchesIt() throws {
        let samples = Self.turning(Self.rightUp, Self.rightUp, at: 0, until: 1000)
        let first = try #require(Self.reportTime(of: .rightUp, in: samples))
        #expect(first > 20)
        let runtime = Self.run(samples, edges: [(20, true), (first + 200, false)], until: 2000)
        #expect(
            runtime.camera.orders.contains { $0.time == ms(first) && $0.order == .capturePhoto(shot: 1, orientation: .rightUp, touchedAt: ms(20)) })
        #expect(Self.captures(runtime) == [Entry(milliseconds: first + 230, record: .capture(shot: 1, orientation: .rightUp, stale: false))])
    }

    /// The control: the same turn 10 ms before the edge is latched.
    @Test func turnTenMillisecondsBeforeTheEdgeIsLatched() throws {
        let samples = Self.turning(Self.leftUp, Self.rightUp, at: 1000, until: 3000)
        let turn = try #require(Self.reportTime(of: .rightUp, in: samples))
        let runtime = Self.run(samples, edges: [(turn + 10, true), (turn + 200, false)], until: 4000)
        #expect(Self.captures(runtime) == [Entry(milliseconds: turn + 230, record: .capture(shot: 1, orientation: .rightUp, stale: false))])
    }

    /// Down at T-10, bounces until T-6, then stays down: the press is confirmed at T+24 and
    /// latches what the first down edge saw.
    @Test func bounceBurstLatchesAtItsFirstDownEdge() throws {
        let samples = Self.turning(Self.leftUp, Self.rightUp, at: 1000, until: 3000)
        let turn = try #require(Self.reportTime(of: .rightUp, in: samples))
        let edges: [(Int64, Bool)] = [
            (turn - 10, true), (turn - 9, false), (turn - 8, true), (turn - 7, false), (turn - 6, true), (turn + 300, false),
        ]
        let runtime = Self.run(samples, edges: edges, until: 4000)
        #expect(runtime.sink.records.contains(Entry(milliseconds: turn + 24, record: .state(from: .idle, to: .previewing))))
        #expect(Self.captures(runtime) == [Entry(milliseconds: turn + 330, record: .capture(shot: 1, orientation: .leftUp, stale: false))])
    }

    /// A 5 ms glitch at T-60 (no press) whose line settles up at T-25: the press at T+10 is a
    /// new burst with its own latch.
    @Test func glitchThatSettlesUpDoesNotLendItsLatchToTheNextPress() throws {
        let samples = Self.turning(Self.leftUp, Self.rightUp, at: 1000, until: 3000)
        let turn = try #require(Self.reportTime(of: .rightUp, in: samples))
        let edges: [(Int64, Bool)] = [(turn - 60, true), (turn - 55, false), (turn + 10, true), (turn + 200, false)]
        let runtime = Self.run(samples, edges: edges, until: 4000)
        #expect(runtime.sink.records.contains(Entry(milliseconds: turn + 40, record: .state(from: .idle, to: .previewing))))
        // The glitch's touch ordered photo 1 and its glitch gave it up: the press's is photo 2.
        #expect(Self.captures(runtime) == [Entry(milliseconds: turn + 230, record: .capture(shot: 2, orientation: .rightUp, stale: false))])
        #expect(runtime.camera.mainOrders.contains(.abandonPhoto(shot: 1)))
    }

    /// Down at 1500, the sensor fails at 1510 (before the press is confirmed at 1530): the
    /// latch was taken with a working sensor.
    @Test func sensorFaultAfterTheEdgeLeavesTheLatchFresh() throws {
        let samples = Self.turning(Self.rightUp, Self.rightUp, at: 0, until: 1000)
        #expect(Self.reportTime(of: .rightUp, in: samples) != nil)
        let runtime = Self.run(samples, edges: [(1500, true), (1700, false)], until: 3000, sensorFaultAt: 1510)
        #expect(runtime.sink.records.contains(Entry(milliseconds: 1510, record: .fault(.sensor))))
        #expect(Self.captures(runtime) == [Entry(milliseconds: 1730, record: .capture(shot: 1, orientation: .rightUp, stale: false))])
    }

    /// Faulty at the edge (1500), recovered at 1510 before the confirmation: stale.
    @Test func pressWhileFaultyIsStaleEvenIfTheSensorRecoversBeforeTheDebounce() throws {
        let samples = Self.turning(Self.leftUp, Self.leftUp, at: 0, until: 1000)
        #expect(Self.reportTime(of: .leftUp, in: samples) != nil)
        let runtime = Self.run(samples, edges: [(1500, true), (1700, false)], until: 3000, sensorFaultAt: 1400, recoveryAt: 1510)
        #expect(Self.captures(runtime) == [Entry(milliseconds: 1730, record: .capture(shot: 1, orientation: .leftUp, stale: true))])
    }

    /// Samples alone move time: the completion and the idle timer run at their deadlines,
    /// not at the sample after them (the per-sample path only compares with the wake time).
    @Test func samplesRunWhatIsDueBeforeThem() {
        var runtime = Runtime(camera: FakeCamera(), sink: RecordingSink(), configuration: MachineConfiguration(idleTimeout: .seconds(10)))
        // The first decision, before the press (at 100 Hz).
        runtime.ingest((0..<20).map { Sample(time: ms(Int64($0) * 10), accelerationG: Vector3(x: 0, y: 1, z: 0)) })
        runtime.buttonEdge(down: true, at: ms(1000))
        runtime.buttonEdge(down: false, at: ms(1200))
        let samples = (0..<300).map { Sample(time: ms(1201 + Int64($0) * 50), accelerationG: Vector3(x: 0, y: 1, z: 0)) }
        runtime.ingest(samples)
        #expect(
            runtime.sink.records == [
                Entry(milliseconds: 80, record: .orientation(.normal)),
                Entry(milliseconds: 1030, record: .state(from: .idle, to: .previewing)),
                Entry(milliseconds: 1230, record: .state(from: .previewing, to: .capturing)),
                Entry(milliseconds: 1230, record: .capture(shot: 1, orientation: .normal, stale: false)),
                Entry(milliseconds: 1230, record: .state(from: .capturing, to: .previewing)),
                Entry(milliseconds: 11_230, record: .state(from: .previewing, to: .idle)),
            ])
        #expect(runtime.now == ms(16_151))
        #expect(runtime.nextDeadline == nil)
    }
}
