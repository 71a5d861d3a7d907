#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// Start-up (`OutputStartup`, as `upright run` does it) with the journal at its bound: one
/// closed segment and a live file of the board's default 4 MiB, photo lines as a camera writes
/// them, the last `JournalFacts.checkpointWindow` photos' files in the folder. What it reads is
/// the live file alone, whatever the journal's age, so this is start-up's journal cost on a
/// card of any age (the folder's scan grows with the files on the card: not measured here).
/// Warm page cache: the file was just written (a cold card adds its read time of 4 MiB). Two
/// figures: the wall time, and the calling thread's CPU time (start-up is single-threaded), which
/// a machine shared with other work does not inflate.
enum JournalStartupBenchmark {
    static let key = "startup_with_journal_at_bound_ms"
    static let cpuKey = "startup_with_journal_at_bound_cpu_ms"
    /// `output.journal_segment_kb`'s default (`Board.OutputSettings`).
    static let defaultSegmentBytes = 4 << 20

    static func figures(runs: Int) -> [BenchFigure] {
        let bound = defaultSegmentBytes
        func unavailable(_ reason: String) -> [BenchFigure] {
            [BenchFigure(key: key, unit: "ms", values: [], note: reason)]
        }
        guard let directory = ProcessStats.temporaryDirectory("/tmp/upright-journal-bench-XXXXXX") else {
            return unavailable("not available: no temporary directory")
        }
        defer { _ = ProcessStats.runMeasured(["/bin/rm", "-rf", directory]) }
        let path = directory + "/journal.ndjson"
        let naming = MediaNaming(clipExtension: "mp4")
        var highest = 0
        do throws(FileError) {
            let journal = try Journal(path: path, syncsEachLine: false, segmentBytes: bound)
            try journal.adopt(JournalFacts())
            // Bounded by the bound: each line is about 130 bytes; the loop ends a line short of
            // the second rotation.
            while journal.rotations < 2 {
                highest += 1
                let shot = highest
                let record = EventRecord.capture(
                    shot: shot, orientation: .leftUp, stale: false, file: naming.photoName(shot: UInt32(shot)), lagSeconds: 0.085,
                    waitSeconds: 0.412)
                let line = TimedEvent(time: Instant(nanoseconds: Int64(shot) * 60_000_000_000), record: record).jsonLine()
                if journal.rotations == 1, ProcessStats.fileSize(path).map({ $0 + line.utf8.count + 1 > bound }) == true { break }
                try journal.append(line)
            }
        } catch {
            return unavailable("not available: " + error.description)
        }
        // A byte each: an empty file under a photo's name is one a cut tore, removed at start-up.
        for shot in max(1, highest - JournalFacts.checkpointWindow)...highest {
            let fd = open(directory + "/" + naming.photoName(shot: UInt32(shot)), O_CREAT | O_WRONLY, 0o644)
            if fd >= 0 {
                _ = write(fd, "x", 1)
                close(fd)
            }
        }
        var milliseconds: [Double] = []
        var cpuMilliseconds: [Double] = []
        var read: JournalStartupRead?
        for attempt in 0...runs {
            var failure: FileError?
            var cpuSeconds = 0.0
            let seconds = MonotonicClock.seconds {
                cpuSeconds = ThreadCPUClock.seconds {
                    read = startUp(directory: directory, path: path, naming: naming, bound: bound, failure: &failure)
                }
            }
            if let failure { return unavailable("not available: " + failure.description) }
            // The first round is the warm-up.
            if attempt > 0 {
                milliseconds.append(seconds * 1000)
                cpuMilliseconds.append(cpuSeconds * 1000)
            }
        }
        let files = read?.files ?? []
        let lines = files.reduce(0) { $0 + $1.lineCount }
        var note = "journal of " + String(highest) + " photos, segment bound " + String(bound >> 20) + " MiB: read "
        note += String(files.count) + " file(s), " + String(read?.bytesRead ?? 0) + " bytes, " + String(lines) + " lines"
        return [
            BenchFigure(key: key, unit: "ms", values: milliseconds, note: note),
            BenchFigure(key: cpuKey, unit: "ms", values: cpuMilliseconds, note: "the same, the start-up thread's CPU time"),
        ]
    }

    /// One start-up as `run` makes it; what it read of the journal (nil: `failure`).
    private static func startUp(
        directory: String, path: String, naming: MediaNaming, bound: Int, failure: inout FileError?
    ) -> JournalStartupRead? {
        do throws(FileError) {
            let startup = try OutputStartup(
                directory: directory, journal: .kept(path: path), naming: naming, syncsEachLine: false, journalSegmentBytes: bound)
            return startup.journalRead
        } catch {
            failure = error
            return nil
        }
    }
}
