#if canImport(Glibc)
import Glibc
#endif
import Testing
import UprightCore
import UprightHost
import UprightSim

/// The soak's checks can fail: a real soak's output passes them, and each way of breaking it
/// (a file deleted, a record duplicated, a torn line, lines out of order, no journal) fails
/// with its own message.
@Suite(.serialized) struct SoakJournalCheckTests {
    /// A one-minute soak's output directory (its journal names photos and clips).
    static func soakOutput() throws -> (directory: String, journal: String, captures: Int) {
        let directory = SoakRunTests.temporaryDirectory()
        let report = try Soak(board: try SoakRunTests.board(), seed: 4, hours: 1.0 / 60, directory: directory).run()
        #expect(report.violation == nil)
        return (directory, directory + "/" + Soak.journalName, report.phases.reduce(0) { $0 + $1.events.captures })
    }

    static func lines(_ path: String) throws -> [String] { try Journal.lines(at: path) }

    static func write(_ text: String, to path: String) throws {
        try AtomicFile.write(Array(text.utf8), to: path)
    }

    static func check(_ output: (directory: String, journal: String, captures: Int), captures: Int? = nil) -> String? {
        SoakJournalCheck.violation(journalPath: output.journal, directory: output.directory, captures: captures ?? output.captures, at: .zero)?
            .message
    }

    @Test func aRealSoakPassesAndNamesItsFiles() throws {
        let output = try Self.soakOutput()
        #expect(Self.check(output) == nil)
        let owed = OutputReconciliation.filesOwed(by: try Self.lines(output.journal))
        #expect(owed.contains("IMG_0001.jpg"))
        #expect(owed.count > 5)
    }

    @Test func aDeletedFileFails() throws {
        let output = try Self.soakOutput()
        unlink(output.directory + "/IMG_0002.jpg")
        #expect(Self.check(output) == "the journal names IMG_0002.jpg, which is not in " + output.directory)
    }

    @Test func aDuplicatedCaptureLineFails() throws {
        let output = try Self.soakOutput()
        let lines = try Self.lines(output.journal)
        let capture = try #require(lines.firstIndex { $0.contains(#""event":"capture""#) })
        var doubled = lines
        doubled.insert(lines[capture], at: capture + 1)
        try Self.write(doubled.joined(separator: "\n") + "\n", to: output.journal)
        #expect(Self.check(output) == "\(output.captures) captures but \(output.captures + 1) capture lines in " + output.journal)
    }

    @Test func aTornLastLineFails() throws {
        let output = try Self.soakOutput()
        let text = try Self.lines(output.journal).joined(separator: "\n") + "\n"
        try Self.write(String(text.dropLast(9)), to: output.journal)
        #expect(Self.check(output) == "the journal's last line is torn (no newline)")
    }

    @Test func aTornLineInsideFails() throws {
        let output = try Self.soakOutput()
        var lines = try Self.lines(output.journal)
        lines[1] = String(lines[1].prefix(20))
        try Self.write(lines.joined(separator: "\n") + "\n", to: output.journal)
        #expect(Self.check(output)?.hasPrefix("journal line 2 is not a record (not JSON at column ") == true)
    }

    @Test func aRecordOffTheSchemaFails() throws {
        let output = try Self.soakOutput()
        var lines = try Self.lines(output.journal)
        let capture = try #require(lines.firstIndex { $0.contains(#""event":"capture""#) })
        lines[capture] = lines[capture].replacing(#""shot":"#, with: #""photo":"#)
        try Self.write(lines.joined(separator: "\n") + "\n", to: output.journal)
        #expect(Self.check(output)?.hasPrefix("journal line " + String(capture + 1) + " is not a record (shot: missing (required)): ") == true)
    }

    @Test func linesOutOfOrderFail() throws {
        let output = try Self.soakOutput()
        var lines = try Self.lines(output.journal)
        let later = try #require(lines.indices.dropFirst().first { lines[$0].prefix(14) != lines[0].prefix(14) })
        lines.swapAt(0, later)
        try Self.write(lines.joined(separator: "\n") + "\n", to: output.journal)
        #expect(Self.check(output)?.contains("goes back in time") == true)
    }

    @Test func anUnreadableJournalFails() throws {
        let output = try Self.soakOutput()
        unlink(output.journal)
        #expect(Self.check(output)?.hasPrefix("journal " + output.journal + " unreadable: ") == true)
    }
}
