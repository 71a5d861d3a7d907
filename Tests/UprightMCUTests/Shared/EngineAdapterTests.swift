import FoundationEssentials
import Testing
import UprightCore
import UprightHost
@testable import UprightMCU
import UprightMCUShared
import UprightSim

/// The adapter's trace path is `upright replay`'s: on the host, every example trace and a
/// part of the corpus, packed as a flash input and run as the chip runs it, give replay's
/// exact lines. (`make mcu-test` then shows the chips give the host's.)
@Suite struct EngineAdapterTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func replayLines(_ rows: [TraceRow]) -> [String] {
        var replay = TraceReplay()
        for row in rows { replay.feed(row) }
        replay.finish()
        return replay.events.map { $0.jsonLine() }
    }

    static func harnessLines(_ input: [UInt8]) throws -> [String] {
        let (text, status) = HarnessRun.runOnHost(input)
        #expect(status == 0)
        return try OutputDecoder.decode(text).lines
    }

    @Test(arguments: ["photo-left-up", "clip-turns-mid-clip", "flat-press-latches-landscape", "flick-with-gyro"])
    func exampleTracesGiveReplaysLines(name: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("traces/\(name).csv"), encoding: .utf8)
        let rows = try TraceParser.parse(text)
        let input = InputWriter.trace(rows, hasGyro: name.contains("gyro"), hasButton: true)
        let expected = Self.replayLines(rows)
        #expect(!expected.isEmpty)
        #expect(try Self.harnessLines(input) == expected)
    }

    @Test(arguments: ["put-down-pick-up", "flicks-gyro-200hz", "dropout-across-turn", "turn-left-up-to-bottom-up-15hz"])
    func corpusScenariosGiveReplaysLines(name: String) throws {
        let scenario = try #require(Corpus.standard.first { $0.name == name })
        let rows = scenario.rows()
        let input = InputWriter.trace(rows, hasGyro: scenario.hasGyro, hasButton: true)
        #expect(try Self.harnessLines(input) == Self.replayLines(rows))
    }

    /// A gap longer than a u32 of nanoseconds is stored as an absolute time and still replays.
    @Test func aLongGapBetweenRowsReplays() throws {
        var rows: [TraceRow] = []
        for index in 0..<40 {
            let gap: Int64 = index >= 20 ? 10_000_000_000 : 0
            let acceleration = index >= 20 ? Vector3(x: -1, y: 0, z: 0) : Vector3(x: 0, y: 1, z: 0)
            rows.append(
                TraceRow(time: Instant(nanoseconds: Int64(index) * 50_000_000 + gap), accelerationG: acceleration, buttonPressed: index == 30))
        }
        let input = InputWriter.trace(rows, hasGyro: false, hasButton: true)
        // Row 20 (after the header and 20 rows of 17 bytes) carries the absolute-time flag.
        #expect(input[32 + 20 * 17] & TraceInput.rowAbsoluteTime != 0)
        let expected = Self.replayLines(rows)
        #expect(expected.count >= 4)
        #expect(try Self.harnessLines(input) == expected)
    }
}
