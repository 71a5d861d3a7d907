import UprightHost

/// A finished soak: both phases, the first violation if any, and how long it took.
public struct SoakReport: Equatable, Sendable {
    public var seed: UInt64
    public var phases: [SoakPhaseReport]
    public var violation: SoakViolation?
    /// Capture lines found in the journal file when it was read back at the end.
    public var journalCaptureLines: Int
    public var journalPath: String
    public var wallSeconds: Double
    /// The CPU time the soak's thread took: the speed per core, whatever else runs.
    public var cpuSeconds: Double
    /// What the soak put the firmware through.
    public var mix: SoakMix

    public init(
        seed: UInt64, phases: [SoakPhaseReport], violation: SoakViolation?, journalCaptureLines: Int, journalPath: String, wallSeconds: Double,
        cpuSeconds: Double = 0, mix: SoakMix = .standard
    ) {
        self.seed = seed
        self.cpuSeconds = cpuSeconds
        self.mix = mix
        self.phases = phases
        self.violation = violation
        self.journalCaptureLines = journalCaptureLines
        self.journalPath = journalPath
        self.wallSeconds = wallSeconds
    }

    public var deviceSeconds: Double { phases.reduce(0) { $0 + $1.deviceSeconds } }

    /// No invariant broken and the faults-off phase back to normal.
    public var passed: Bool { violation == nil && phases.allSatisfy { $0.faultsOn || $0.notNormal.isEmpty } }

    static func seconds(_ value: Double) -> String { TextFormat.fixed(value, decimals: 3) }

    /// Presses fed and faults injected, over both phases.
    public var presses: Int { phases.reduce(0) { $0 + $1.events.presses } }
    public var faults: Int { phases.reduce(0) { $0 + $1.totalInjected } }

    /// The figures as one line a swarm reads back (`SoakFigures.parse`): `soak figures:
    /// hours=7.500 presses=2712 faults=26632 cpu=12.345 wall=34.100`.
    public var figuresLine: String {
        SoakFigures(deviceHours: deviceSeconds / 3600, presses: presses, faults: faults, cpuSeconds: cpuSeconds, wallSeconds: wallSeconds).line
    }

    /// The report as text, one figure per line.
    public var lines: [String] {
        var out = [headline]
        if mix != .standard { out.append("mix: " + mix.summary) }
        for phase in phases { out += phaseLines(phase) }
        out.append("")
        out.append("journal: " + journalPath + " (" + String(journalCaptureLines) + " capture lines)")
        out.append(figuresLine)
        if let violation {
            out.append("VIOLATION at " + violation.description)
        } else {
            out.append(passed ? "soak passed: every invariant held" : "soak FAILED: not back to normal with faults off")
        }
        return out
    }

    /// The first line: the seed, the device hours, the wall and CPU seconds and the speeds.
    var headline: String {
        let hours = deviceSeconds / 3600
        return "soak: seed " + String(seed) + ", " + TextFormat.fixed(hours, decimals: 2) + " device hours in "
            + TextFormat.fixed(wallSeconds, decimals: 1) + " s wall ("
            + TextFormat.fixed(wallSeconds > 0 ? deviceSeconds / wallSeconds : 0, decimals: 0)
            + "x real time; " + TextFormat.fixed(cpuSeconds, decimals: 1) + " s of CPU, "
            + TextFormat.fixed(cpuSeconds > 0 ? deviceSeconds / cpuSeconds : 0, decimals: 0) + "x real time per core)"
    }

    /// A phase's block: a blank line, its hours, then one figure a line.
    func phaseLines(_ phase: SoakPhaseReport) -> [String] {
        var out: [String] = []
        let e = phase.events
        out.append("")
        out.append(phase.name + ": " + TextFormat.fixed(phase.deviceSeconds / 3600, decimals: 2) + " device hours")
        out.append(
            "  presses      " + String(e.presses) + " (" + String(phase.workload.shortPresses) + " short, " + String(phase.workload.holds)
                + " holds, " + String(phase.workload.stopPresses) + " while recording, " + String(phase.workload.burstPresses) + " in bursts, "
                + String(phase.workload.stormPresses) + " in bounce storms with " + String(phase.workload.chatterEdges) + " chatter edges)")
        out.append("  captures     " + String(e.captures) + " (" + String(e.staleCaptures) + " stale), failed " + String(e.captureFailures))
        out.append(
            "  rejections   " + String(e.rejections) + " (queue full " + String(e.rejectionsQueueFull) + ", other " + String(e.rejectionsOther)
                + ")")
        out.append(
            "  clips        " + String(e.clipsStarted) + " started, " + String(e.clipsStopped) + " stopped (" + String(e.clipsStoppedByShutter)
                + " by a press, " + String(e.clipLimitStops) + " at the clip limit)")
        out.append(
            "  answers      " + String(e.answers) + " to " + String(e.presses) + " presses; journal " + String(e.journalLines) + " lines, "
                + String(e.journaledCaptures) + " captures")
        out += faultLines(phase, e)
        let camera = e.cameraFaultRecords
        if camera.reduce(0, +) > 0 {
            out.append(
                "  camera       " + String(camera[0]) + " died, " + String(camera[1]) + " hung, " + String(camera[2])
                    + " unavailable (each restarted; photos in flight failed, no press unanswered)")
        }
        out.append(
            "  samples      " + String(phase.samplesDelivered) + " delivered, " + String(phase.samplesLost) + " lost by the driver ("
                + String(phase.fifoOverflowsReported) + " FIFO overflows), " + String(phase.ringDropped) + " ring drops")
        let agreement = phase.settledSteps > 0 ? 100 * Double(phase.agreeingSteps) / Double(phase.settledSteps) : 100
        out.append("  detector     agreed with the held pose " + TextFormat.fixed(agreement, decimals: 2) + "% of the time")
        if !phase.faultsOn {
            let reasons = phase.notNormal
            out.append("  back to normal: " + (reasons.isEmpty ? "yes" : "NO: " + reasons.joined(separator: ", ")))
        }
        return out
    }

    /// The phase's faults: how many of each kind and recovered, the bus errors, and how long
    /// recovery took (when any fault was injected).
    func faultLines(_ phase: SoakPhaseReport, _ e: SoakEventCounts) -> [String] {
        var out: [String] = []
        var kinds: [String] = []
        for kind in SoakFaultKind.allCases where phase.faultsInjected[kind.rawValue] > 0 {
            kinds.append(kind.name + " " + String(phase.faultsInjected[kind.rawValue]))
        }
        out.append(
            "  faults       " + String(phase.totalInjected) + " injected" + (kinds.isEmpty ? "" : " (" + kinds.joined(separator: ", ") + ")")
                + ", " + String(phase.totalRecovered) + " recovered")
        if phase.faultsInjected[SoakFaultKind.busError.rawValue] > 0 {
            let b = phase.busErrors
            out.append(
                "  bus errors   nack " + String(b[0]) + ", timeout " + String(b[1]) + ", arbitration " + String(b[2])
                    + ", bit flip " + String(b[3]) + "; " + String(phase.readErrors) + " of " + String(phase.reads) + " reads failed")
        }
        if phase.totalInjected > 0 {
            out.append(
                "  recovery     max " + SoakReport.seconds(phase.maximumRecovery.seconds) + " s"
                    + (phase.maximumRecoveryKind.map { " (" + $0.name + ")" } ?? "")
                    + ", bound " + SoakReport.seconds(SoakRecoveryTracker.limit.seconds) + " s; fault records " + String(e.faultRecords)
                    + " (" + String(e.boundRecords) + " of them bounds), recovered records "
                    + String(e.recoveredRecords) + ", driver restarts " + String(phase.sensorRestarts))
            var longest: [String] = []
            for kind in SoakFaultKind.allCases where phase.faultsInjected[kind.rawValue] > 0 {
                longest.append(kind.name + " " + SoakReport.seconds(phase.maximumRecoveryByKind[kind.rawValue].seconds))
            }
            out.append("  longest      " + longest.joined(separator: ", ") + " (s, from the fault clearing)")
        }
        return out
    }
}
