import Testing
import UprightCore
import UprightHost
import UprightSim

@Suite struct TraceReplayTests {
    /// The corpus's presses, written as a trace and parsed back, give captures with the
    /// scenario's expected latches: the trace format, the detector and the runtime agree.
    @Test(arguments: ["put-down-pick-up", "flicks-100hz", "steep-tilts-50hz", "turn-left-up-to-bottom-up-15hz"])
    func corpusPressesBecomeCaptures(name: String) throws {
        let scenario = try #require(Corpus.standard.first { $0.name == name })
        let writer = TraceWriter(gyro: scenario.hasGyro, button: true)
        let text = ([writer.header()] + scenario.rows().map { writer.line($0) }).joined(separator: "\n")
        var replay = TraceReplay()
        for row in try TraceParser.parse(text) { replay.feed(row) }
        replay.finish()
        let captures = replay.events.compactMap { event -> UprightOrientation? in
            if case .capture(_, let orientation, _, _, _, _) = event.record { return orientation }
            return nil
        }
        #expect(captures == scenario.presses.map(\.expected))
    }

    /// Rows at 1 kHz, held level (0, +1, 0): `normal` throughout.
    static func rows(milliseconds: Range<Int64>, button: (Int64) -> Bool) -> [TraceRow] {
        milliseconds.map { ms in
            TraceRow(time: Instant(nanoseconds: ms * 1_000_000), accelerationG: Vector3(x: 0, y: 1, z: 0), buttonPressed: button(ms))
        }
    }

    @Test func bounceShorterThanDebounceIsIgnoredAndAPressShoots() {
        var replay = TraceReplay()
        // 20 ms of contact, released: shorter than the 30 ms debounce, no press. Then down
        // from 100 to 200 ms: pressed (settled at 130 ms), released (settled at 230 ms). The
        // glitch's touch came before the detector's first decision (80 ms): its photo waited
        // for it and was given up unordered, using no number: the press's photo is 1.
        for row in Self.rows(milliseconds: 0..<300, button: { $0 < 20 || (100..<200).contains($0) }) {
            replay.feed(row)
        }
        replay.finish()
        #expect(
            replay.events.map { $0.jsonLine() } == [
                #"{"t":0.080000,"event":"orientation","orientation":"normal"}"#,
                #"{"t":0.230000,"event":"state","from":"previewing","to":"capturing"}"#,
                #"{"t":0.230000,"event":"capture","orientation":"normal","exif":1,"shot":1}"#,
                #"{"t":0.230000,"event":"state","from":"capturing","to":"previewing"}"#,
                #"{"t":0.299000,"event":"state","from":"previewing","to":"idle"}"#,
            ])
    }

    @Test func boardTimingsApply() {
        // A 50 ms debounce swallows a 40 ms press; a 0.5 s hold time makes 0.6 s a clip.
        let settings = FirmwareSettings(gesture: ShutterGesture.Configuration(debounce: .milliseconds(50), holdTime: .milliseconds(500)))
        var replay = TraceReplay(settings: settings, initial: .previewing)
        for row in Self.rows(milliseconds: 0..<1000, button: { (0..<40).contains($0) || (200..<800).contains($0) }) {
            replay.feed(row)
        }
        replay.finish()
        #expect(
            replay.events.map { $0.jsonLine() } == [
                #"{"t":0.080000,"event":"orientation","orientation":"normal"}"#,
                #"{"t":0.700000,"event":"state","from":"previewing","to":"recording"}"#,
                #"{"t":0.700000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":1}"#,
                #"{"t":0.999000,"event":"record-stop","orientation":"normal","clip":1,"duration":0.299,"reason":"shutdown"}"#,
                #"{"t":0.999000,"event":"state","from":"recording","to":"idle"}"#,
            ])
    }

    /// A button down past the stuck time (2 s here) is a fault, and its release a recovery;
    /// the clip its hold started keeps recording until the trace ends.
    @Test func stuckButtonIsAFault() {
        let settings = FirmwareSettings(gesture: ShutterGesture.Configuration(stuckTime: .seconds(2)))
        var replay = TraceReplay(settings: settings)
        for row in Self.rows(milliseconds: 0..<3500, button: { $0 < 3000 }) where row.time.nanoseconds % 10_000_000 == 0 {
            replay.feed(row)
        }
        replay.finish()
        #expect(
            replay.events.map { $0.jsonLine() } == [
                #"{"t":0.080000,"event":"orientation","orientation":"normal"}"#,
                #"{"t":1.000000,"event":"state","from":"previewing","to":"recording"}"#,
                #"{"t":1.000000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":1}"#,
                #"{"t":2.000000,"event":"fault","kind":"button","detail":"shutter held down past the stuck time"}"#,
                #"{"t":3.030000,"event":"recovered","kind":"button","detail":"shutter released"}"#,
                #"{"t":3.490000,"event":"record-stop","orientation":"normal","clip":1,"duration":2.49,"reason":"shutdown"}"#,
                #"{"t":3.490000,"event":"state","from":"recording","to":"idle"}"#,
            ])
    }

    @Test func nothingBeforeTheFirstRow() {
        var replay = TraceReplay()
        replay.finish()
        #expect(replay.events.isEmpty)
    }
}
