#if canImport(Glibc)
import Glibc
#endif
import Testing
import UprightCore
import UprightHost
import UprightSim

/// A short soak (a few device minutes) on several seeds: every invariant holds, faults of
/// every kind are injected and all recover, and the faults-off phase is back to normal.
struct SoakRunTests {
    static func board() throws -> Board {
        try Board.parse(Array(boardJSON.utf8), file: "sim.json")
    }

    /// boards/sim.json's values.
    static let boardJSON = """
        {"name": "soak", "i2c": {"bus": 1, "speed_hz": 400000},
         "sensor": {"kind": "mpu6050", "address": "0x68", "rate_hz": 1000, "range_g": 2, "filter_hz": 94, "read_mode": "fifo",
                    "mount_matrix": "1, 0, 0; 0, 1, 0; 0, 0, 1"},
         "detector": {}, "shutter": {"debounce_ms": 30, "hold_ms": 1000},
         "machine": {"idle_timeout_s": 20, "capture_timeout_s": 5, "max_clip_s": 120, "press_queue": 4},
         "camera": {"backend": "simulated", "width": 320, "height": 240, "quality": 85},
         "output": {"directory": "out", "journal": "out/journal.ndjson"}}
        """

    static func temporaryDirectory() -> String {
        var template = Array("/tmp/upright-soak-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func shortSoakHoldsEveryInvariant(seed: UInt64) throws {
        let directory = Self.temporaryDirectory()
        let soak = Soak(board: try Self.board(), seed: seed, hours: 4.0 / 60, directory: directory)
        let report = try soak.run()
        #expect(report.violation == nil)
        #expect(report.passed)
        #expect(report.phases.count == 2)
        let on = report.phases[0]
        let off = report.phases[1]
        #expect(on.faultsInjected[SoakFaultKind.busError.rawValue] > 0)
        #expect(on.totalInjected - on.faultsInjected[SoakFaultKind.busError.rawValue] >= 3)
        #expect(on.totalRecovered == on.totalInjected)
        #expect(on.events.presses > 10)
        #expect(on.events.answers == on.events.presses)
        #expect(off.totalInjected == 0)
        #expect(off.notNormal == [])
        #expect(report.journalCaptureLines == on.events.captures + off.events.captures)
    }

    /// One seed reproduces the whole soak: the same report but for the lines with the wall
    /// and CPU times and the journal's directory.
    @Test func theSameSeedGivesTheSameReport() throws {
        let board = try Self.board()
        let first = try Soak(board: board, seed: 9, hours: 1.0 / 60, directory: Self.temporaryDirectory()).run()
        let second = try Soak(board: board, seed: 9, hours: 1.0 / 60, directory: Self.temporaryDirectory()).run()
        #expect(first.phases == second.phases)
        func stable(_ lines: [String]) -> [String] { lines.dropFirst().filter { !$0.hasPrefix("journal:") && !$0.hasPrefix(SoakFigures.prefix) } }
        #expect(stable(first.lines) == stable(second.lines))
        #expect(first.phases[0].events.presses > 0)
    }

    /// A swarm seed's mix comes from its seed alone, and differs between seeds; the standard
    /// mix is the one without `--mix`.
    @Test func aSwarmSeedsMixIsItsOwn() throws {
        #expect(SoakMix.drawn(seed: 77) == SoakMix.drawn(seed: 77))
        let mixes = (0..<40).map { SoakMix.drawn(seed: UInt64($0)) }
        #expect(Set(mixes.map(\.summary)).count == 40)
        #expect(Set(mixes.map(\.sensor)).count == SoakMix.Sensor.allCases.count)
        #expect(mixes.contains { $0.busErrorProbability == 0 } && mixes.contains { $0.faultKinds.count < 5 })
        let report = try Soak(board: try Self.board(), seed: 12, hours: 1.0 / 60, directory: Self.temporaryDirectory(), mix: .drawn(seed: 12)).run()
        #expect(report.violation == nil)
        #expect(report.lines.contains("mix: " + SoakMix.drawn(seed: 12).summary))
    }

    /// Swarm seed 114's mix (`upright sim --soak 0.5 --seed 114 --mix`, an instant card): a
    /// press at 730.303 s came in a stall of the event loop (730.276 s to 732.617 s; the ring
    /// overwrote 1,316 samples), its photo was ordered when the loop ran again, the camera hung
    /// and the photo's bound failed it at 736.619 s: answered, 151 ms past the 6 s the soak
    /// allowed from the press's release, inside the 2.315 s the stall held it. The soak before
    /// stopped there (a press with no answer at 736.468 s). 0.215 h are the fewest that keep
    /// that stall (no fault starts in the faults-on phase's last 30 s).
    @Test func swarmSeed114sPressInAStallIsAnsweredAfterIt() throws {
        let report = try Soak(board: try Self.board(), seed: 114, hours: 0.215, directory: Self.temporaryDirectory(), mix: .drawn(seed: 114)).run()
        #expect(report.violation == nil)
        let journal = try Journal.lines(at: report.journalPath)
        let failed = journal.filter { $0.contains(#""event":"capture-failed""#) }
        #expect(failed == [#"{"t":736.619473,"event":"capture-failed","shot":43,"reason":"camera"}"#])
        #expect(journal.filter { $0.hasPrefix(#"{"t":730.259473,"#) }.map { $0.hasSuffix(#""bound":"sample-ring","lost":1316}"#) } == [true])
        #expect(report.phases[0].events.answers == report.phases[0].events.presses)
    }

    /// Swarm seed 302 drew a card of 300 ms a flush stalling 3.3 % of jobs 30 s, with a
    /// journal queue of 2 lines: 0.6 lines a second, where its faults journal 3.6. The engine
    /// held 1,024 lines, lost the rest, and the soak failed (the lost lines' bound in the
    /// faults-off phase). The queue is now drawn to keep up (28 lines): still reached, in each
    /// stall, and no line lost.
    @Test func swarmSeed302sJournalQueueKeepsUp() throws {
        let mix = SoakMix.drawn(seed: 302)
        #expect(mix.card.flushMilliseconds == 300)
        #expect(mix.card.journalQueueCapacity == 28)
        let report = try Soak(board: try Self.board(), seed: 302, hours: 0.5, directory: Self.temporaryDirectory(), mix: mix).run()
        #expect(report.violation == nil)
        let bounds = try Journal.lines(at: report.journalPath).filter { $0.contains(#""bound":"journal-queue""#) }
        #expect(bounds.count > 10)
        #expect(bounds.allSatisfy { $0.contains(#""lost":0,"#) })
    }

    /// The figures line reads back as written.
    @Test func theFiguresLineReadsBack() {
        let figures = SoakFigures(deviceHours: 7.5, presses: 2712, faults: 26632, cpuSeconds: 12.345, wallSeconds: 34.1)
        #expect(figures.line == "soak figures: hours=7.500 presses=2712 faults=26632 cpu=12.345 wall=34.100")
        #expect(SoakFigures.parse(["x", Substring(figures.line)]) == figures)
        #expect(SoakFigures.parse(["soak figures: hours=x"]) == nil)
    }
}
