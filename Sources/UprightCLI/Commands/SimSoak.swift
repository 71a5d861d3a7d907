import UprightCore
import UprightHost
import UprightSim

/// `upright sim --soak HOURS [SCENARIO] [--seed N] [--mix] [--out DIR]`: hours of device time
/// with seeded faults, then a quarter as long with faults off, checking invariants throughout
/// (see `Soak`). The scenario, when given, only names the board. `--mix` draws what the soak
/// does from the seed (`SoakMix.drawn`, as every seed of a swarm does); without it, the
/// standard mix. `--swarm N` runs N seeds (`SimSwarm`). The report goes to stdout; the journal
/// to DIR/journal.ndjson. Exit 1 on the first broken invariant (its time and what broke) or
/// when the faults-off phase is not back to normal.
enum SimSoak {
    /// `--soak HOURS`, or nil without it.
    static func hours(_ arguments: ParsedArguments) throws(CommandError) -> Double? {
        do throws(UsageError) {
            return try arguments.value("soak", as: Double.self)
        } catch {
            throw .usage(error)
        }
    }

    static func run(hours: Double, _ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        guard hours > 0, hours <= Soak.maximumHours else {
            throw .usage(UsageError("option '--soak': \(hours) is not a number of hours in (0, \(Int(Soak.maximumHours))]"))
        }
        for flag in ["json", "realtime"] where arguments.flag(flag) {
            throw .usage(UsageError("option '--\(flag)' does not go with '--soak' (the soak prints its report)"))
        }
        if arguments.value("plot") != nil {
            throw .usage(UsageError("option '--plot' does not go with '--soak' (a day does not fit one timeline)"))
        }
        if arguments.value("life") != nil { throw .usage(UsageError("option '--life' does not go with '--soak'")) }
        let swarm: Int?
        do throws(UsageError) {
            swarm = try arguments.value("swarm", as: Int.self)
        } catch {
            throw .usage(error)
        }
        if let swarm {
            if arguments.flag("mix") { throw .usage(UsageError("option '--mix' does not go with '--swarm' (every seed of a swarm draws its mix)")) }
            return try SimSwarm.run(hours: hours, seeds: swarm, arguments, console: console)
        }
        if arguments.value("jobs") != nil { throw .usage(UsageError("option '--jobs' goes with '--swarm'")) }
        let seed: UInt64
        do throws(UsageError) {
            seed = try arguments.value("seed", default: UInt64(1))
        } catch {
            throw .usage(error)
        }
        let scenarioPath = arguments.positionals.first
        let (board, boardPath) = try SimCommand.scenarioBoard(scenarioPath)
        let output = try SimOutputDirectory(arguments.value("out") ?? "upright-out")
        try output.create()

        let soak = Soak(board: board, seed: seed, hours: hours, directory: output.path, mix: arguments.flag("mix") ? .drawn(seed: seed) : .standard)
        var bar = ProgressBar.onStandardError(totalSeconds: soak.faultsOnSeconds + soak.faultsOffSeconds)
        let report: SoakReport
        do throws(SimulationError) {
            report = try soak.run { bar.update(doneSeconds: $0) }
        } catch {
            bar.finish()
            switch error.kind {
            case .board: throw .badInput("\(SimCommand.boardName(boardPath, scenarioFile: scenarioPath)): \(error.description)")
            case .output: throw .failed(error.description)
            }
        }
        bar.finish()
        for line in report.lines { console.print(line) }
        if let violation = report.violation { throw .failed("soak: invariant broken at \(violation)") }
        if !report.passed { throw .failed("soak: not back to normal with faults off") }
        return 0
    }
}
