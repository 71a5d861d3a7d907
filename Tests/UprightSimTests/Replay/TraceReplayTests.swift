import Testing
import UprightCore
import UprightHost
import UprightSim

@Suite struct TraceReplayTests {
    /// The corpus's presses, written as a trace and parsed back, give captures with the
    /// scenario's expected latches: the trace format, the detector and the stand-in agree.
    @Test(arguments: ["put-down-pick-up", "flicks-100hz", "steep-tilts-50hz", "turn-left-up-to-bottom-up-15hz"])
    func corpusPressesBecomeCaptures(name: String) throws {
        let scenario = try #require(Corpus.standard.first { $0.name == name })
        let writer = TraceWriter(gyro: scenario.hasGyro, button: true)
        let text = ([writer.header()] + scenario.rows().map { writer.line($0) }).joined(separator: "\n")
        var replay = TraceReplay()
        var events: [TimedEvent] = []
        for row in try TraceParser.parse(text) { replay.feed(row, into: &events) }
        let captures = events.compactMap { event -> UprightOrientation? in
            if case .capture(_, let orientation, _, _) = event.record { return orientation }
            return nil
        }
        #expect(captures == scenario.presses.map(\.expected))
    }

    @Test func bounceShorterThanDebounceIsIgnored() {
        var camera = StandInCamera()
        var events: [TimedEvent] = []
        // 20 ms of contact bounce at 1 kHz, then released: no press.
        for ms in Int64(0)..<40 {
            camera.button(ms < 20, at: Instant(nanoseconds: ms * 1_000_000), lastUpright: .rightUp, into: &events)
        }
        #expect(events.isEmpty)
        // Held 30 ms: one capture, latched at the edge (t = 100 ms) although confirmed at 130 ms.
        for ms in Int64(100)..<200 {
            camera.button(true, at: Instant(nanoseconds: ms * 1_000_000), lastUpright: ms == 100 ? .leftUp : .bottomUp, into: &events)
        }
        #expect(events.map { $0.jsonLine() } == [
            #"{"t":0.130000,"event":"state","from":"previewing","to":"capturing"}"#,
            #"{"t":0.130000,"event":"capture","orientation":"left-up","exif":6,"shot":1}"#,
            #"{"t":0.130000,"event":"state","from":"capturing","to":"previewing"}"#,
        ])
    }
}
