#if canImport(Glibc)
import Glibc
#endif
import Testing
import UprightCore
@testable import UprightHost
import UprightTestSupport

/// Start-up of a kept journal in bounded time and memory, whatever its age.
@Suite struct OutputStartupTests {
    /// An old install's journal, one file past 64 MiB (before this, start-up exited 1 on it, "larger
    /// than 67108864 bytes", and the service never started again): start-up reads its last
    /// segment and a line only; numbers below the lowest the tail carries are settled (photo 7,
    /// journaled in the head, is not journaled again), a photo with no line is recovered; the
    /// first line journaled closes the old file as segment 1.
    @Test func aJournalPast64MiBStartsInBoundedTime() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/journal.ndjson"
        // 64-byte lines: 1,088 blocks of 1,024 lines, 68 MiB.
        let line = Array(#"{"t":0.000000,"event":"shutter-rejected","reason":"queue-full"}"#.utf8) + [0x0A]
        #expect(line.count == 64)
        let block = [UInt8]((0..<1024).flatMap { _ in line })
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        for _ in 0..<1088 { _ = block.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } }
        let last = #"{"t":9.000000,"event":"capture","orientation":"normal","exif":1,"shot":41,"file":"IMG_0041.jpg"}"# + "\n"
        _ = Array(last.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        // What start-up read before segments (the whole journal, at most 64 MiB) refuses it.
        #expect(throws: FileError(path: path, message: "larger than 67108864 bytes")) { try Journal.lines(at: path) }
        for name in ["IMG_0007.jpg", "IMG_0041.jpg", "IMG_0042.jpg"] { try TestFile.write(directory.path + "/" + name, Array("photo".utf8)) }

        let startup = try OutputStartup(
            directory: directory.path, journal: .kept(path: path), naming: MediaNaming(clipExtension: "mp4"), syncsEachLine: false,
            journalSegmentBytes: 4 << 20)
        #expect(startup.journalRead.bytesRead == 5 << 20)
        #expect(startup.journalRead.readFromTail)
        #expect(startup.numberedAfter == 42)
        #expect(startup.reconciliation.records == [.fileRecovered(.shot(42), orientation: nil, file: "IMG_0042.jpg")])
        #expect(
            startup.notes == [
                "journal " + path
                    + ": read its last 5242880 bytes only (larger than start-up reads; numbers below the lowest they carry are taken as accounted for)"
            ])

        _ = startup.records(output: EventCollector())
        #expect(JournalSegments.numbers(of: path) == [1])
        #expect(
            try Journal.lines(at: path) == [
                #"{"t":0.000000,"event":"checkpoint","segment":1,"highest":41,"settled":40,"files":[{"file":"IMG_0041.jpg","shot":41,"exif":1}],"open":[],"owed":[],"crc":1477481351}"#,
                #"{"t":0.000000,"event":"file-recovered","shot":42,"file":"IMG_0042.jpg"}"#,
            ])
        let next = try OutputStartup(
            directory: directory.path, journal: .kept(path: path), naming: MediaNaming(clipExtension: "mp4"), syncsEachLine: false,
            journalSegmentBytes: 4 << 20)
        #expect(next.journalRead.files.map(\.path) == [path])
        #expect(next.reconciliation.records == [])
        #expect(next.numberedAfter == 42)
    }

    /// A rotation owed whose `fault` line is in an older segment: the checkpoint carries it, and
    /// start-up, reading the live file alone, writes it and journals it written.
    @Test func aRotationOwedInAnOlderSegmentIsWrittenAtStartUp() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/journal.ndjson"
        let original = MediaFixtures.mp4(moovLast: true)
        try TestFile.write(directory.path + "/CLIP_0002.mp4", original)
        let journal = try Journal(path: path, segmentBytes: 600)
        try journal.adopt(JournalFacts())
        for line in [
            #"{"t":1.000000,"event":"record-start","orientation":"right-up","exif":8,"rotation":270,"clip":2,"file":"CLIP_0002.mp4"}"#,
            #"{"t":3.000000,"event":"record-stop","orientation":"right-up","clip":2,"duration":2,"reason":"shutter","file":"CLIP_0002.mp4"}"#,
            #"{"t":3.100000,"event":"fault","kind":"rotation","detail":"CLIP_0002.mp4: cannot write in place: Input/output error","clip":2,"file":"CLIP_0002.mp4","rotation":270}"#,
            #"{"t":4.000000,"event":"fault","kind":"sensor","detail":"no sample for 0.5 s and a line long enough to pass the bound of six hundred bytes"}"#,
            #"{"t":5.000000,"event":"recovered","kind":"sensor","detail":"samples again"}"#,
        ] {
            try journal.append(line)
        }
        #expect(journal.rotations == 1)
        // Its four lines, and the checkpoint the live file begins with, last.
        #expect(try Journal.lines(at: path + ".000001").count == 5)
        #expect(try Journal.lines(at: path + ".000001").last == Journal.lines(at: path).first)

        let startup = try OutputStartup(
            directory: directory.path, journal: .kept(path: path), naming: MediaNaming(clipExtension: "mp4"), syncsEachLine: false,
            journalSegmentBytes: 600)
        #expect(startup.journalRead.files.map(\.path) == [path])
        #expect(
            startup.reconciliation.records == [.rotationWritten(clip: 2, file: "CLIP_0002.mp4", rotationDegrees: 270)])
        #expect(try TestFile.bytes(directory.path + "/CLIP_0002.mp4") == MP4RotationPatcher.patched(original, rotationDegrees: 270))
    }

    /// A rotation that cannot be written at start-up either stays owed across restarts and
    /// rotations: the next checkpoint carries it, though its `fault` is two segments back.
    @Test func aRotationStillOwedIsCarriedIntoTheNextCheckpoint() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/journal.ndjson"
        try TestFile.write(directory.path + "/CLIP_0002.mp4", Array("not a movie".utf8))
        try TestFile.write(
            path + ".000001",
            Array(
                (#"{"t":3.100000,"event":"fault","kind":"rotation","detail":"CLIP_0002.mp4: cannot write in place: Input/output error","clip":2,"file":"CLIP_0002.mp4","rotation":90}"#
                    + "\n").utf8))
        try TestFile.write(
            path,
            Array(
                (#"{"t":4.000000,"event":"checkpoint","segment":1,"highest":2,"settled":0,"files":[{"file":"CLIP_0002.mp4","clip":2,"rotation":90}],"open":[],"owed":[{"clip":2,"file":"CLIP_0002.mp4","rotation":90,"problem":"CLIP_0002.mp4: cannot write in place: Input/output error"}],"crc":3931103797}"#
                    + "\n").utf8))
        let startup = try OutputStartup(
            directory: directory.path, journal: .kept(path: path), naming: MediaNaming(clipExtension: "mp4"), syncsEachLine: false,
            journalSegmentBytes: 600)
        #expect(startup.reconciliation.rotationsStillOwed == ["CLIP_0002.mp4: not a JPEG or MP4/QuickTime file"])
        var records = startup.records(output: EventCollector())
        for number in 1...5 { records.write(.fault(kind: "sensor", detail: "no sample for 0.5 s, the " + String(number) + "th time"), at: .zero) }
        #expect(startup.journal?.rotations == 1)
        let checkpoint = try JournalCheckpoint(jsonLine: try Journal.lines(at: path)[0])
        #expect(checkpoint.segment == 2)
        #expect(
            checkpoint.owedRotations == [
                OwedRotation(clip: 2, file: "CLIP_0002.mp4", rotationDegrees: 90, problem: "CLIP_0002.mp4: cannot write in place: Input/output error")
            ])
    }
}
