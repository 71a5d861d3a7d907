import UprightCore
import UprightHost

/// `upright sim --life YEARS`: a long life of one camera on one card. A device year is a year
/// of use, not of samples: the camera is off most of the time. The seed draws the year's boots
/// (`LifePlanner`: heavy use, one to three boots a day, about a hundred photos and a few clips);
/// each boot is a short session of the firmware engine on the simulated board, the soak's
/// camera writing real tiny JPEGs and movies and the real journal, over ONE output folder kept
/// for the whole life, and begins with the real start-up (`OutputStartup`, the kept journal,
/// reconciliation) over what the boots before left. Between boots the card does what a year
/// does (`LifeCard`): a kill's leftovers, a power cut's torn line, a flipped bit, a full card,
/// a card that cannot write a clip's matrix, a photo numbered near the top.
///
/// Checked after each start-up and boot, and the whole folder every month and at the end
/// (`LifeLedger`, `LifeRecords`): every photo and clip journaled done is there under its final
/// name, the same file, with its journaled orientation; no number is used twice; start-up never
/// fails on the card's state, leaves no temporary file and pays every rotation owed; the
/// journal keeps to its bound (`LifeJournalBound`: start-up reads at most two segments' worth
/// of a journal bounded at `journalSegmentBytes`, whatever the card's age; the segments are
/// kept, and the figures say how big they grew). The first broken invariant ends the life with
/// its day and boot.
public struct Life {
    public var board: Board
    public var seed: UInt64
    public var days: Int
    /// The output folder, the card: the journal is `journal.ndjson` in it.
    public var directory: String
    /// The journal's segment bound (`output.journal_segment_kb`): smaller than a board's 4 MiB
    /// default, so that a year of heavy use (about 5.5 MB of lines) rotates a dozen times.
    public var journalSegmentBytes = Life.defaultJournalSegmentBytes
    public var bound: LifeJournalBound
    /// Changes each boot as it is drawn (a test's: every card failing, no kills); nil: as drawn.
    public var adjust: ((inout LifeBoot) -> Void)?

    public static let journalName = "journal.ndjson"
    public static let defaultJournalSegmentBytes = 512 << 10
    public static let daysPerYear = 365
    /// A limit on everything: ten years.
    public static let maximumDays = 3650
    /// The whole ledger is checked against the folder every this many days (and at the end).
    public static let fullCheckDays = 30
    /// The presses of heavy use: short presses and bursts (photos), a clip now and then, no
    /// bounce storms (the soak has those).
    public static let shares = SoakWorkload.Shares(shortPress: 30, clip: 6, burst: 64, storm: 0)
    /// The camera program dies on this share of photos (a capture failure; the soak has more).
    public static let cameraCrashProbability = 0.002
    /// What a failing card's matrix write says (`LifeBoot.cardFailing`).
    public static let cardFailure = "Input/output error (the long-life swarm's failing card)"

    /// The board's sensor is replaced by an ADXL345's FIFO at 100 Hz (`SoakMix.Sensor`), read in
    /// the engine's step: a tenth of the samples of the simulated board's MPU-6050 at 1 kHz, and
    /// half the CPU of a year. The life proves the card, not the detector (the soak and swarm do).
    public init(board: Board, seed: UInt64, days: Int, directory: String) {
        var mix = SoakMix.standard
        mix.sensor = .adxl345FIFO100
        self.board = mix.board(board)
        self.seed = seed
        self.days = min(max(1, days), Life.maximumDays)
        self.directory = directory
        bound = .startup(segmentBytes: Life.defaultJournalSegmentBytes)
    }

    public var journalPath: String { OutputReconciliation.join(directory, Life.journalName) }

    /// Lives the whole life (or up to the first broken invariant), keeping `ledger` (a test's,
    /// to break the folder after); `progress` gets each day as it begins.
    public func run(ledger: LifeLedger = LifeLedger(), progress: ((Int) -> Void)? = nil) -> LifeReport {
        let wallStart = Soak.monotonicSeconds()
        let cpuStart = Soak.threadCPUSeconds()
        var report = LifeReport(seed: seed, days: days)
        var planner = LifePlanner(seed: seed, days: days)
        var cardGenerator = RandomStreams(seed: seed).card
        // The life's card: instant three times in four, else the kernel rig's slow one (300 ms a flush).
        let card = cardGenerator.next() % 4 == 0 ? SimCard(flushMilliseconds: 300, stallProbability: 0, stallMilliseconds: 0) : .instant
        report.card = card.summary
        var previous = LifeEnding.shutdown
        var lastFullCheck = 0
        var day = -1
        while report.violation == nil, var boot = planner.next() {
            adjust?(&boot)
            if boot.day != day {
                day = boot.day
                report.day = day
                progress?(day)
                if day - lastFullCheck >= Life.fullCheckDays {
                    lastFullCheck = day
                    if let broken = ledger.checkAll(in: directory) { report.fail(broken, boot: boot.index) }
                }
            }
            if let topDay = planner.topPhotoDay, day >= topDay, report.topPhoto == nil {
                report.topPhoto = LifeCard.placePhoto(numbered: planner.topPhotoNumber, in: directory, ledger: ledger, generator: &cardGenerator)
            }
            guard let startup = startUp(boot: boot.index, previous: previous, ledger: ledger, report: &report) else { break }
            live(boot, startup: startup, previous: previous, ledger: ledger, card: card, report: &report)
            if report.violation != nil { break }
            disturb(after: boot, ledger: ledger, generator: &cardGenerator, report: &report)
            previous = boot.ending
        }
        // The card as the life leaves it must start, and hold every file journaled done.
        if report.violation == nil, let startup = startUp(boot: report.boots, previous: previous, ledger: ledger, report: &report) {
            readClosedSegments(ledger: ledger, boot: report.boots, report: &report)
            var records = startup.records(output: LifeRecords(ledger: ledger, previousEnding: previous))
            settle(&records, boot: report.boots, report: &report)
            report.unreadableLines = startup.reconciliation.unreadableLines
            if report.violation == nil, let broken = ledger.checkAll(in: directory) { report.fail(broken, boot: report.boots) }
        }
        report.photosKept = ledger.photoCount
        report.clipsKept = ledger.clipCount
        report.wallSeconds = Soak.monotonicSeconds() - wallStart
        report.cpuSeconds = Soak.threadCPUSeconds() - cpuStart
        return report
    }

    /// The real start-up over the card as it is, timed: it must not fail, must leave no
    /// temporary file, and the journal must keep to its bound.
    private func startUp(boot: Int, previous: LifeEnding, ledger: LifeLedger, report: inout LifeReport) -> OutputStartup? {
        let start = Soak.monotonicSeconds()
        let cpuStart = Soak.threadCPUSeconds()
        let startup: OutputStartup
        do throws(FileError) {
            startup = try OutputStartup(
                directory: directory, journal: .kept(path: journalPath), naming: SimCamera.naming, syncsEachLine: false,
                journalSegmentBytes: journalSegmentBytes)
        } catch {
            report.fail("start-up failed (a board would exit non-zero): " + error.description, boot: boot)
            return nil
        }
        report.startupSeconds.append(Soak.monotonicSeconds() - start)
        report.startupCPUSeconds.append(Soak.threadCPUSeconds() - cpuStart)
        report.leftoversRemoved += startup.reconciliation.removedTemporaryFiles.count
        if startup.journal?.repair.wasRepaired == true { report.tornLinesRepaired += 1 }
        let footprint = LifeJournalFootprint.measure(journalPath: journalPath, readBefore: startup.journalRead.bytesRead)
        report.journal = footprint
        report.maximumStartupReadBytes = max(report.maximumStartupReadBytes, footprint.startupReadBytes)
        if let broken = bound.violation(footprint) { report.fail(broken, boot: boot) }
        let left = POSIXFile.names(inDirectory: directory, maximumEntries: OutputReconciliation.maximumEntries).filter(
            OutputReconciliation.isTemporary)
        if !left.isEmpty { report.fail("start-up left temporary files: " + left.joined(separator: " "), boot: boot) }
        if !startup.reconciliation.rotationsStillOwed.isEmpty {
            report.fail("start-up could not pay the rotations owed: " + startup.reconciliation.rotationsStillOwed.joined(separator: "; "), boot: boot)
        }
        return report.violation == nil ? startup : nil
    }

    /// The segments closed since the last start, read into the ledger before this start's
    /// records are checked against them.
    private func readClosedSegments(ledger: LifeLedger, boot: Int, report: inout LifeReport) {
        do throws(FileError) {
            try ledger.readClosedSegments(journalPath: journalPath)
        } catch {
            report.fail("a closed segment could not be read: " + error.description, boot: boot)
        }
    }

    /// What start-up journaled, checked: every rotation owed paid, every clip promised before a
    /// kill or a cut named or lost, the entries it changed on disk as the journal says.
    private func settle(_ records: inout RecordWriter<LifeRecords>, boot: Int, report: inout LifeReport) {
        let ledger = records.output.ledger
        if let broken = records.output.violation { report.fail(broken, boot: boot) }
        if !ledger.owedClips.isEmpty {
            report.fail("start-up did not pay the rotation owed to clip(s) " + ledger.owedClips.map(String.init).joined(separator: ", "), boot: boot)
        }
        // A clip promised at its stop that no start-up found named: its stop and its naming were
        // parted by the kill or cut before (checked: a shutdown names every clip).
        for clip in ledger.confirmClips(in: directory) {
            report.counts.clipsLostToCuts += 1
            ledger.remove(.clip(clip))
        }
        if report.violation == nil, let broken = ledger.checkRecent(in: directory) { report.fail(broken, boot: boot) }
    }

    /// One boot: start-up's records, then the session on the simulated board until its end.
    private func live(
        _ boot: LifeBoot, startup: OutputStartup, previous: LifeEnding, ledger: LifeLedger, card: SimCard, report: inout LifeReport
    ) {
        readClosedSegments(ledger: ledger, boot: boot.index, report: &report)
        var records = startup.records(output: LifeRecords(ledger: ledger, previousEnding: previous))
        settle(&records, boot: boot.index, report: &report)
        guard report.violation == nil else { return }
        var streams = RandomStreams(seed: boot.seed)
        let motion = SoakMotion(generator: streams.motion)
        let sessionEnd = Instant.zero + TimeSpan(seconds: boot.sessionSeconds)
        let workload = SoakWorkload(
            generator: streams.button, start: .zero, end: sessionEnd, timing: SoakWorkload.Timing(board: board, card: card), shares: Life.shares,
            maximumChatterEdges: 2)
        let world = LifeWorld(workload: workload, shutdown: boot.ending == .shutdown ? sessionEnd : nil)
        var camera = SimCamera.simulated(
            camera: Soak.camera(board.camera), outputDirectory: directory, reserveBytes: boot.cardFull ? UInt64.max : 0,
            generator: streams.camera, card: card, cardGenerator: streams.card, inPlaceWriteFailure: boot.cardFailing ? Life.cardFailure : nil
        ) { _ in
            MotionPose(angleDegrees: 0, tiltDegrees: 0)
        }
        camera.processes.crashProbability = Life.cameraCrashProbability
        let end = boot.ending == .shutdown ? sessionEnd + .seconds(1) : Instant.zero + TimeSpan(seconds: boot.endingSeconds)
        let rig: SimRig<LifeWorld>
        do throws(SimulationError) {
            rig = try SimRig(
                board: board, chipMotion: try Simulation.chipMotion(motion, board: board), chipSeed: streams.sensor.next(), camera: camera,
                records: records, world: world, end: end, numberedAfter: startup.numberedAfter)
        } catch {
            report.fail("the simulated board did not start: " + error.description, boot: boot.index)
            return
        }
        // Bounded: the stepper stops at least every read interval, plus once per input.
        let stepLimit = Int(boot.sessionSeconds / rig.sampler.schedule.interval.seconds) * 4 + 1_000_000
        if !rig.run(stepLimit: stepLimit) { report.fail("step limit reached (" + String(stepLimit) + " steps)", boot: boot.index) }
        let output = rig.engine.runtime.sink.output
        report.counts.add(output.counts)
        report.deviceSeconds += rig.clock.now.seconds
        report.boots += 1
        report.endings[boot.ending, default: 0] += 1
        if boot.cardFailing { report.cardFailingBoots += 1 }
        if boot.cardFull { report.cardFullBoots += 1 }
        if let broken = output.violation { report.fail(broken, boot: boot.index) }
        // After a shutdown every clip stopped is named; after a kill one may not be yet.
        let unnamed = ledger.confirmClips(in: directory)
        if boot.ending == .shutdown, !unnamed.isEmpty {
            report.fail(
                "clip(s) " + unnamed.map(String.init).joined(separator: ", ") + " journaled stopped, not named after a shutdown", boot: boot.index)
        }
        if report.violation == nil, let broken = ledger.checkRecent(in: directory) { report.fail(broken, boot: boot.index) }
    }

    /// What the card brings after `boot`: its ending's leftovers and torn line, flipped bits.
    private func disturb(after boot: LifeBoot, ledger: LifeLedger, generator: inout SeededGenerator, report: inout LifeReport) {
        if boot.ending != .shutdown { LifeCard.leaveLeftovers(in: directory, ledger: ledger, generator: &generator) }
        if boot.ending == .powerCut, let line = LifeCard.tearLastLine(of: journalPath, generator: &generator),
            case .recordStop(let clip, _, _, _, _)? = (try? TimedEvent(jsonLine: line))?.record, ledger.entries[.clip(clip)]?.confirmed == false
        {
            // The clip's stop never reached the card, nor did its name: it was never journaled done.
            ledger.remove(.clip(clip))
            report.counts.clipsLostToCuts += 1
        }
        for _ in 0..<boot.journalFlips where LifeCard.flipBit(in: journalPath, generator: &generator) != nil { report.journalFlips += 1 }
        if boot.photoFlip, LifeCard.flipPhotoTail(in: directory, ledger: ledger, generator: &generator) != nil { report.photoFlips += 1 }
    }
}
