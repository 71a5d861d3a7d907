#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// Start-up of what a run writes, the same for every command (`run`, `sim`, the soak, `watch`,
/// `replay`): the journal opened (a torn last line set aside) or made afresh, the output
/// directory reconciled against it (`OutputReconciliation`), the records that owes, the number
/// the machine's shots and clips go on after, and a note for each thing it put right. Written
/// once, so what a restart on the Pi does is what every simulated run does.
public struct OutputStartup {
    /// Which journal a run keeps (`none(naming:)` for a run that keeps none).
    public enum JournalChoice: Equatable, Sendable {
        /// The board's journal at this path, kept across restarts (`run`): opened, a torn last
        /// line set aside, its lines reconciled against the directory.
        case kept(path: String)
        /// A new journal of this name in the output directory (`sim`, the soak): an earlier
        /// one is removed with the files it names, so one scenario and seed give the same files
        /// and journal every time; files it does not name are left to reconciliation, which
        /// never overwrites them.
        case fresh(name: String)
    }

    public let naming: MediaNaming
    public let journal: Journal?
    public let reconciliation: OutputReconciliation
    /// What start-up put right or could not read, one line each, for the log.
    public let notes: [String]
    /// What start-up read of the journal: its files and bytes (`JournalSegments.startupRead`).
    public private(set) var journalRead = JournalStartupRead(files: [], lines: [])

    /// The number the machine's shots and clips go on after (`MachineConfiguration.numberedAfter`).
    public var numberedAfter: UInt32 { reconciliation.highestNumber }
    public var journalPath: String? { journal?.path }

    /// A run that journals nothing and writes no files (`watch`, `replay`).
    public static func none(naming: MediaNaming) -> OutputStartup {
        OutputStartup(naming: naming, journal: nil, reconciliation: OutputReconciliation(), notes: [])
    }

    private init(naming: MediaNaming, journal: Journal?, reconciliation: OutputReconciliation, notes: [String]) {
        self.naming = naming
        self.journal = journal
        self.reconciliation = reconciliation
        self.notes = notes
    }

    /// Starts the output in `directory` (nil: a run that writes no files); a journal line is
    /// synced as it is written unless `syncsEachLine` is false (the soak's, for speed).
    ///
    /// A kept journal with `journalSegmentBytes` is bounded (`Journal.segmentBytes`): start-up
    /// reads its live file from its checkpoint (`JournalSegments.startupRead`), at most a
    /// segment and a line, whatever its age. Any kept journal is read from its end at most
    /// `JournalSegments.startupReadBytes` (an old install's journal past 64 MiB starts).
    public init(
        directory: String?, journal choice: JournalChoice, naming: MediaNaming, syncsEachLine: Bool = true,
        journalSegmentBytes: Int? = nil
    ) throws(FileError) {
        self.naming = naming
        var notes: [String] = []
        var read = JournalStartupRead(files: [], lines: [])
        switch choice {
        case .kept(let path):
            let kept = try Journal(path: path, syncsEachLine: syncsEachLine, segmentBytes: journalSegmentBytes)
            if kept.finishedRotation {
                notes.append("journal " + path + ": finished a rotation a cut interrupted (its lines are in the newest segment)")
            }
            if kept.repair.wasRepaired {
                notes.append(
                    "journal " + path + ": set aside a torn last line (" + String(kept.repair.tornBytes) + " bytes) in "
                        + (kept.repair.setAsidePath ?? ""))
            }
            read = try JournalSegments.startupRead(
                journal: path, limitBytes: JournalSegments.startupReadBytes(segmentBytes: journalSegmentBytes))
            if read.readFromTail {
                notes.append(
                    "journal " + path + ": read its last " + String(read.bytesRead) + " bytes only (larger than start-up reads; "
                        + "numbers below the lowest they carry are taken as accounted for)")
            }
            journal = kept
        case .fresh(let name):
            let path = OutputReconciliation.join(directory ?? ".", name)
            // No earlier journal (a first run) leaves nothing to remove.
            if let earlier = try? Journal.lines(at: path) {
                for file in OutputReconciliation.fileNames(in: earlier) { _ = unlink(OutputReconciliation.join(directory ?? ".", file)) }
            }
            _ = unlink(path)
            journal = try Journal(path: path, syncsEachLine: syncsEachLine)
        }
        // Before the camera starts (it writes temporary files) and the first sample: what a cut
        // left is put right and journaled, and numbering goes on after it.
        var reconciliation = OutputReconciliation()
        if let directory {
            reconciliation = OutputReconciliation.reconcile(
                directory: directory, journalLines: read.lines, clipExtension: naming.clipExtension, readFromTail: read.readFromTail,
                lineName: read.lineName)
            if !reconciliation.removedTemporaryFiles.isEmpty {
                notes.append(
                    "removed " + String(reconciliation.removedTemporaryFiles.count) + " unfinished temporary file(s) from " + directory
                        + ": " + reconciliation.removedTemporaryFiles.joined(separator: " "))
            }
            if !reconciliation.removedEmptyFiles.isEmpty {
                notes.append(
                    "removed " + String(reconciliation.removedEmptyFiles.count) + " empty file(s) a cut left in " + directory
                        + ": " + reconciliation.removedEmptyFiles.joined(separator: " "))
            }
            if !reconciliation.renamedClipAliases.isEmpty {
                notes.append(
                    "renamed a clip whose long name a cut tore (vfat) in " + directory + ": "
                        + reconciliation.renamedClipAliases.joined(separator: ", "))
            }
            if !reconciliation.unmatchedClipAliases.isEmpty {
                notes.append(
                    "left " + String(reconciliation.unmatchedClipAliases.count) + " clip(s) under a vfat alias the journal cannot tell apart in "
                        + directory + ": " + reconciliation.unmatchedClipAliases.joined(separator: " "))
            }
            if let error = reconciliation.directorySyncError {
                notes.append("could not flush " + directory + " after start-up's changes (the next start redoes them): " + error)
            }
            if !reconciliation.notRegularFiles.isEmpty {
                notes.append(
                    "left " + String(reconciliation.notRegularFiles.count) + " name(s) that are not regular files alone in " + directory + ": "
                        + reconciliation.notRegularFiles.joined(separator: " "))
            }
            let rotated = reconciliation.records.compactMap { record -> String? in
                if case .rotationWritten(_, let file, let degrees) = record { return file + " (" + String(degrees) + ")" }
                return nil
            }
            if !rotated.isEmpty {
                notes.append(
                    "wrote the rotation owed to " + String(rotated.count) + " clip(s) in " + directory + ": " + rotated.joined(separator: " "))
            }
            if !reconciliation.rotationsStillOwed.isEmpty {
                notes.append(
                    "could not write the rotation owed to " + String(reconciliation.rotationsStillOwed.count)
                        + " clip(s) (the next start tries again): "
                        + reconciliation.rotationsStillOwed.joined(separator: "; "))
            }
            if let first = reconciliation.firstUnreadable, let path = journal?.path {
                notes.append(
                    "journal " + path + ": " + String(reconciliation.unreadableLines) + " line(s) are not records (skipped), the first at "
                        + first)
            }
        }
        if let journal, journal.segmentBytes != nil {
            var facts = reconciliation.journalFacts
            if directory == nil {
                for line in read.lines { try? facts.read(line: line) }
            }
            try journal.adopt(facts)
        }
        self.reconciliation = reconciliation
        self.notes = notes
        read.lines = []
        journalRead = read
    }

    /// The run's records: to the journal and `output`, file names from the naming, `t` from
    /// `origin`; the reconciliation's records are written first, at `origin`.
    public func records<Output: EventOutput>(origin: Instant = .zero, output: Output) -> RecordWriter<Output> {
        var records = RecordWriter(journal: journal, origin: origin, fileName: naming.fileName(for:), output: output)
        for record in reconciliation.records { records.write(record, at: origin) }
        return records
    }
}
