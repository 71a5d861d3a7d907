import Testing
import UprightCore
import UprightHost

@Suite struct BoardFirmwareSettingsTests {
    static func board(_ extra: String) throws -> Board {
        let json = #"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}"# + extra + "}"
        return try Board.parse(Array(json.utf8), file: "b.json")
    }

    /// A board with no optional sections gives the engine's own defaults, so `replay` without
    /// `--board` runs as a default board does.
    @Test func defaultsAreTheEnginesDefaults() throws {
        let settings = try Self.board("").firmwareSettings()
        #expect(settings == FirmwareSettings())
        #expect(settings.gesture.debounce == TimeSpan(nanoseconds: 30_000_000))
        #expect(settings.gesture.holdTime == TimeSpan(nanoseconds: 1_000_000_000))
        #expect(settings.gesture.stuckTime == TimeSpan(nanoseconds: 30_000_000_000))
        #expect(settings.machine.idleTimeout == TimeSpan(nanoseconds: 60_000_000_000))
        #expect(settings.machine.queueDepth == 4)
        #expect(settings.supervision.failureTimeout == TimeSpan(nanoseconds: 250_000_000))
    }

    @Test func sectionsMapToTheCoreTypes() throws {
        let board = try Self.board(
            #", "detector": {"settle_ms": 120, "maximum_gap_ms": 400}, "shutter": {"debounce_ms": 10, "hold_ms": 700, "stuck_s": 12.5}, "machine": {"idle_timeout_s": 2.5, "capture_timeout_s": 1, "max_clip_s": 30, "press_queue": 1}"#
        )
        let settings = board.firmwareSettings(strictBounds: true, ringCapacity: 64)
        #expect(settings.detector.settleTime == TimeSpan(nanoseconds: 120_000_000))
        #expect(settings.gesture.debounce == TimeSpan(nanoseconds: 10_000_000))
        #expect(settings.gesture.holdTime == TimeSpan(nanoseconds: 700_000_000))
        #expect(settings.gesture.stuckTime == TimeSpan(nanoseconds: 12_500_000_000))
        #expect(
            settings.machine
                == MachineConfiguration(
                    idleTimeout: TimeSpan(nanoseconds: 2_500_000_000), captureTimeout: TimeSpan(nanoseconds: 1_000_000_000),
                    maxClipLength: TimeSpan(nanoseconds: 30_000_000_000), queueDepth: 1))
        // The failure timeout follows the detector's gap: after it the filter starts over anyway.
        #expect(settings.supervision.failureTimeout == TimeSpan(nanoseconds: 400_000_000))
        #expect(settings.ringCapacity == 64)
        #expect(settings.strictBounds)
    }

    @Test func stuckTimeAndQueueDepthAreChecked() throws {
        #expect(throws: BoardError(file: "b.json", message: "shutter.stuck_s: must be longer than shutter.hold_ms (3000 ms)")) {
            try Self.board(#", "shutter": {"hold_ms": 3000, "stuck_s": 2.5}"#)
        }
        #expect(throws: BoardError(file: "b.json", message: "machine.press_queue: 5 is out of range (0..4)")) {
            try Self.board(#", "machine": {"press_queue": 5}"#)
        }
    }
}
