import Testing
import UprightCore
import UprightMCUShared

@Suite struct CompactRecordTests {
    static func line(_ record: MachineRecord, delta: Int64) -> String {
        var line = LineBuilder()
        CompactRecord(record).write(delta: delta, into: &line)
        return line.finish { String(decoding: $0, as: UTF8.self) }
    }

    /// Every record kind, with the docs/mcu.md table's tags and the core's raw values.
    static let cases: [(MachineRecord, String)] = [
        (.orientation(.leftUp), "o 100000000 1\n"),
        (.state(from: .previewing, to: .capturing), "s 100000000 1 2\n"),
        (.capture(shot: 3, orientation: .rightUp, stale: true), "c 100000000 3 2 1\n"),
        (.captureFailed(shot: 4, reason: .timeout), "x 100000000 4 1\n"),
        (.recordStart(clip: 1, orientation: .bottomUp, stale: false), "r 100000000 1 3 0\n"),
        (.recordStop(clip: 1, orientation: .bottomUp, reason: .clipLimit, durationMilliseconds: 4_900), "p 100000000 1 3 1 4900\n"),
        (.recordFailed(clip: 2, reason: .storage), "y 100000000 2 1\n"),
        (.shutterRejected(.busy), "j 100000000 1\n"),
        (.fault(.sensor), "f 100000000 0\n"),
        (.recovered(.button), "v 100000000 2\n"),
        (.bound(.sampleRing, lost: 345), "b 100000000 1 345\n"),
        // A latch `unknown` (no upright orientation decided): 255.
        (.capture(shot: 5, orientation: nil, stale: false), "c 100000000 5 255 0\n"),
        (.recordStart(clip: 2, orientation: nil, stale: true), "r 100000000 2 255 1\n"),
        (.recordStop(clip: 2, orientation: nil, reason: .shutter, durationMilliseconds: 20), "p 100000000 2 255 0 20\n"),
    ]

    @Test func everyRecordHasItsLine() {
        for (record, expected) in Self.cases {
            #expect(Self.line(record, delta: 100_000_000) == expected)
        }
    }

    @Test func everyLineDecodesToItsRecord() {
        for (record, text) in Self.cases {
            let words = text.dropLast().split(separator: " ")
            let fields = words.dropFirst(2).map { UInt32($0)! }
            let decoded = fields.withUnsafeBufferPointer { CompactRecord(tag: words[0].utf8.first!, fields: $0) }
            #expect(decoded?.record == record)
        }
    }

    @Test(arguments: [
        ("q", [1]), // unknown tag
        ("o", [6]), // no seventh orientation
        ("o", [1, 2]), // a field too many
        ("s", [1]), // a field short
        ("c", [1, 4, 0]), // no upright orientation 4
        ("r", [1, 254, 0]), // 255 is unknown, 254 nothing
        ("c", [1, 1, 2]), // stale is 0 or 1
        ("p", [1, 1, 4, 0]), // no stop reason 4
        ("p", [1, 1, 1]), // no duration
        ("b", [11, 0]), // no bound kind 11
        ("j", [256]), // beyond a raw value's byte
    ])
    func malformedLinesAreRefused(tag: String, fields: [UInt32]) {
        let decoded = fields.withUnsafeBufferPointer { CompactRecord(tag: tag.utf8.first!, fields: $0) }
        #expect(decoded == nil)
    }
}
