import Testing
import UprightCore
import UprightHost

@Suite struct RuntimeSettingsTests {
    static func board(_ extra: String) throws -> Board {
        let json = #"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}"# + extra + "}"
        return try Board.parse(Array(json.utf8), file: "b.json")
    }

    @Test func defaultsMatchTheDesign() throws {
        let settings = try RuntimeSettings(board: try Self.board(""))
        #expect(settings.detector == DetectorParameters())
        #expect(settings.gesture.debounce == TimeSpan(nanoseconds: 30_000_000))
        #expect(settings.gesture.holdTime == TimeSpan(nanoseconds: 1_000_000_000))
        #expect(settings.machine.idleTimeout == TimeSpan(nanoseconds: 60_000_000_000))
    }

    @Test func sectionsMapToTheCoreTypes() throws {
        let board = try Self.board(#", "detector": {"settle_ms": 120}, "shutter": {"debounce_ms": 10, "hold_ms": 700}, "machine": {"idle_timeout_s": 2.5, "capture_timeout_s": 1, "max_clip_s": 30, "press_queue": 1}"#)
        let settings = try RuntimeSettings(board: board)
        #expect(settings.detector.settleTime == TimeSpan(nanoseconds: 120_000_000))
        #expect(settings.gesture.debounce == TimeSpan(nanoseconds: 10_000_000))
        #expect(settings.gesture.holdTime == TimeSpan(nanoseconds: 700_000_000))
        #expect(settings.gesture.stuckTime == TimeSpan(nanoseconds: 30_000_000_000))
        #expect(settings.machine == MachineConfiguration(
            idleTimeout: TimeSpan(nanoseconds: 2_500_000_000), captureTimeout: TimeSpan(nanoseconds: 1_000_000_000),
            maxClipLength: TimeSpan(nanoseconds: 30_000_000_000), queueDepth: 1))
    }

    @Test func aBoardBuiltInCodeIsCheckedToo() throws {
        var board = try Self.board("")
        board.detector = [JSONMember(key: "hysteresis", value: .number(5))]
        #expect(throws: ConfigError.self) { try RuntimeSettings(board: board) }
    }
}
