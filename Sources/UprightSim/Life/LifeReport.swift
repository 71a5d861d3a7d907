import UprightHost

/// What one long life came to: its figures, the first broken invariant if any, and its report
/// (`lines`, with one `figures:` line the swarm reads back, `LifeFigures`).
public struct LifeReport: Equatable, Sendable {
    public var seed: UInt64
    public var days: Int
    /// The day being lived (from 0), for a violation's place.
    public var day = 0
    /// The card's latencies (`SimCard.summary`).
    public var card = ""
    public var violation: LifeViolation?
    public var boots = 0
    public var endings: [LifeEnding: Int] = [:]
    public var counts = LifeCounts()
    public var deviceSeconds = 0.0
    /// Each start-up's wall time, in order.
    public var startupSeconds: [Double] = []
    /// Each start-up's CPU time (its thread's): what the machine's other load does not inflate.
    public var startupCPUSeconds: [Double] = []
    public var leftoversRemoved = 0
    public var tornLinesRepaired = 0
    public var journalFlips = 0
    public var photoFlips = 0
    public var cardFailingBoots = 0
    public var cardFullBoots = 0
    /// The photo from elsewhere numbered near the top, when the life had one.
    public var topPhoto: String?
    /// The journal after the last start-up, and the most any start-up read.
    public var journal = LifeJournalFootprint(files: [], onDiskBytes: 0, startupReadBytes: 0)
    public var maximumStartupReadBytes = 0
    /// Journal lines that are not records, as the last start-up counted them (flipped bits).
    public var unreadableLines = 0
    /// Photos and clips the card holds at the end, journaled done.
    public var photosKept = 0
    public var clipsKept = 0
    public var wallSeconds = 0.0
    public var cpuSeconds = 0.0

    public init(seed: UInt64, days: Int) {
        self.seed = seed
        self.days = days
    }

    public var passed: Bool { violation == nil }

    mutating func fail(_ message: String, boot: Int) {
        if violation == nil { violation = LifeViolation(day: day, boot: boot, message: message) }
    }

    /// The longest start-up and the median one, in milliseconds (wall time).
    public var startupMilliseconds: (maximum: Double, median: Double) { Self.maximumAndMedian(startupSeconds) }

    /// The same in CPU time.
    public var startupCPUMilliseconds: (maximum: Double, median: Double) { Self.maximumAndMedian(startupCPUSeconds) }

    static func maximumAndMedian(_ seconds: [Double]) -> (maximum: Double, median: Double) {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return (0, 0) }
        return (sorted[sorted.count - 1] * 1000, sorted[sorted.count / 2] * 1000)
    }

    public var figures: LifeFigures {
        let startup = startupMilliseconds
        return LifeFigures(
            days: days, boots: boots, photos: counts.photos, clips: counts.clips, rotationsOwed: counts.rotationsOwed,
            rotationsPaid: counts.rotationsPaid, kills: endings[.kill] ?? 0, cuts: endings[.powerCut] ?? 0, flips: journalFlips + photoFlips,
            journalBytes: journal.onDiskBytes, startupReadBytes: maximumStartupReadBytes, startupMaximumMilliseconds: startup.maximum,
            startupMedianMilliseconds: startup.median, startupCPUMaximumMilliseconds: startupCPUMilliseconds.maximum,
            deviceHours: deviceSeconds / 3600, wallSeconds: wallSeconds, cpuSeconds: cpuSeconds)
    }

    public var lines: [String] {
        func ms(_ value: Double) -> String { TextFormat.fixed(value, decimals: 1) }
        let startup = startupMilliseconds
        var lines: [String] = []
        let years = TextFormat.fixed(Double(days) / Double(Life.daysPerYear), decimals: 2)
        lines.append("life: seed \(seed), \(days) days (\(years) device years), card \(card)")
        let hours = TextFormat.fixed(deviceSeconds / 3600, decimals: 1)
        let (shutdowns, kills, cuts) = (endings[.shutdown] ?? 0, endings[.kill] ?? 0, endings[.powerCut] ?? 0)
        lines.append("boots: \(boots) (\(shutdowns) shutdowns, \(kills) kills, \(cuts) power cuts), \(hours) h of device time on")
        lines.append(
            "photos: \(counts.photos) journaled, \(photosKept) on the card at the end; clips: \(counts.clips) journaled, \(clipsKept) on the card "
                + "(\(counts.clipsLostToCuts) parted from their naming by a kill or cut); capture failures \(counts.captureFailures)")
        let after = topPhoto.map { " (after \($0))" } ?? ""
        lines.append(
            "refused: \(counts.numbersUsedUp) numbers used up\(after), \(counts.storageFull) storage full (\(cardFullBoots) boots on a full card), "
                + "\(counts.otherRejections) other")
        lines.append(
            "rotations: \(counts.rotationsOwed) owed (\(cardFailingBoots) boots on a failing card), \(counts.rotationsPaid) paid at start-up")
        let cpu = startupCPUMilliseconds
        lines.append(
            "start-up: \(startupSeconds.count) start-ups, longest \(ms(startup.maximum)) ms, median \(ms(startup.median)) ms "
                + "(CPU: \(ms(cpu.maximum)) ms, \(ms(cpu.median)) ms); \(counts.filesRecovered) files recovered, "
                + "\(leftoversRemoved) temporary files removed, \(tornLinesRepaired) torn lines set aside")
        lines.append("flipped bits: \(journalFlips) in the journal (\(unreadableLines) lines not records at the end), \(photoFlips) in photos")
        lines.append(
            "journal: \(journal.onDiskBytes) bytes in \(journal.files.count) file(s) at the end; start-up read at most \(maximumStartupReadBytes) bytes"
        )
        lines.append("took \(TextFormat.fixed(wallSeconds, decimals: 1)) s wall, \(TextFormat.fixed(cpuSeconds, decimals: 1)) s of CPU")
        lines.append(figures.line)
        if let violation {
            lines.append("VIOLATION on " + violation.description)
            lines.append("life FAILED")
        } else {
            lines.append("life PASSED")
        }
        return lines
    }
}
