import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Testing
import UprightHost
import UprightTestSupport

@Suite struct JournalTests {
    let sample = [
        #"{"t":1.000000,"event":"capture","orientation":"left-up","exif":6,"shot":1}"#,
        #"{"t":2.500000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":1}"#,
        #"{"t":9.000000,"event":"record-stop","orientation":"normal","clip":1,"duration":6.5,"reason":"shutter"}"#,
    ]

    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("upright-journal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func appendsDurableLines() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/journal.ndjson"
        let journal = try Journal(path: path)
        #expect(!journal.repair.wasRepaired)
        for line in sample { try journal.append(line) }
        #expect(try Journal.lines(at: path) == sample)
        let text = try TestFile.text(path)
        #expect(text == sample.joined(separator: "\n") + "\n")
    }

    @Test func embeddedNewlinesCannotSplitARecord() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/journal.ndjson"
        try Journal(path: path).append("{\"a\":1}\n{\"b\":2}")
        #expect(try Journal.lines(at: path) == [#"{"a":1}{"b":2}"#])
    }

    /// A power loss can cut the file anywhere: at every byte offset the journal opens,
    /// keeps exactly the complete lines, sets the rest aside, and takes new appends.
    @Test func repairsATornJournalAtEveryOffset() throws {
        let full = Array((sample.joined(separator: "\n") + "\n").utf8)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for cut in 0...full.count {
            let path = directory + "/j\(cut).ndjson"
            let prefix = Array(full[..<cut])
            try Data(prefix).write(to: URL(fileURLWithPath: path))
            let journal = try Journal(path: path)
            let completeLines = prefix.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().count
            let keptBytes = prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            #expect(journal.repair.tornBytes == cut - keptBytes, "cut at \(cut)")
            #expect(try Journal.lines(at: path) == Array(sample.prefix(completeLines)), "cut at \(cut)")
            if cut > keptBytes {
                let aside = Data(try TestFile.bytes(path + ".torn"))
                #expect(Array(aside) == Array(prefix[keptBytes...]) + [0x0A])
            } else {
                #expect(!FileManager.default.fileExists(atPath: path + ".torn"))
            }
            try journal.append(#"{"event":"after"}"#)
            #expect(try Journal.lines(at: path).last == #"{"event":"after"}"#)
        }
    }

    @Test func unwritableDirectoryIsAFileError() {
        #expect(throws: FileError.self) { try Journal(path: "/nonexistent-dir/journal.ndjson") }
    }

    /// A card that fills up mid-line takes what fits and then fails the write: the torn bytes
    /// are cut back off, so the journal stays whole lines and the next append is a line of its
    /// own. Run in a child process: the file-size limit (RLIMIT_FSIZE, here what makes the
    /// write partial, as ENOSPC does on a full card) is the whole process's.
    @Test func aWriteThatFailsPartWayLeavesNoTornLine() async {
        await #expect(processExitsWith: .success) {
            let path = "/tmp/upright-journal-fsize-\(getpid()).ndjson"
            unlink(path)
            defer { unlink(path) }
            signal(SIGXFSZ, SIG_IGN)
            guard let journal = try? Journal(path: path) else { exit(10) }
            guard (try? journal.append(#"{"t":1.000000,"event":"capture","shot":1}"#)) != nil else { exit(11) }
            // 42 bytes written; allow 60: the next 80-byte line gets 18 bytes in, then EFBIG.
            var limit = rlimit()
            getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            let unlimited = limit
            limit.rlim_cur = 60
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            let long = #"{"t":2.000000,"event":"fault","kind":"storage","detail":"a line too long for the card"}"#
            guard (try? journal.append(long)) == nil else { exit(12) }
            var restored = unlimited
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &restored)
            guard (try? journal.append(#"{"t":3.000000,"event":"capture","shot":2}"#)) != nil else { exit(13) }
            let lines = (try? Journal.lines(at: path)) ?? []
            exit(lines == [#"{"t":1.000000,"event":"capture","shot":1}"#, #"{"t":3.000000,"event":"capture","shot":2}"#] ? 0 : 14)
        }
    }
}
