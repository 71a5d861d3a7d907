#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost
import UprightLinux
import UprightSim

/// `upright sim --life YEARS [--seed N] [--out DIR] [SCENARIO]`: a long life of one camera on
/// one card (`Life`): YEARS device years of use (`30d`: days), boot after boot over one output
/// folder, each beginning with the real start-up over what the last left, the card killing,
/// cutting, flipping bits and filling between them. The folder must be empty (a new card).
/// The scenario, when given, only names the board. The report goes to stdout; exit 1 on the
/// first broken invariant (its day, its boot, what broke).
///
/// `--swarm K [--jobs J]` lives K seeds from N, each in a child process (`SimSwarm.drive`),
/// each seed's report in DIR/seed-S.txt and its card in DIR/seed-S (removed when it passes);
/// each failure prints the one command that reproduces it, and `K passed, M failed` ends it.
enum SimLife {
    /// `--life YEARS` (or `--life Nd`) as days, or nil without it.
    static func days(_ arguments: ParsedArguments) throws(CommandError) -> Int? {
        guard let text = arguments.value("life") else { return nil }
        let days: Int?
        if text.hasSuffix("d") {
            days = Int(text.dropLast())
        } else {
            days = Double(text).flatMap { $0.isFinite && $0 > 0 && $0 <= 10 ? Int(($0 * Double(Life.daysPerYear)).rounded()) : nil }
        }
        guard let days, days >= 1, days <= Life.maximumDays else {
            throw .usage(
                UsageError("option '--life': \(text) is not a number of device years in (0, 10] or of days (30d) in 1...\(Life.maximumDays)"))
        }
        return days
    }

    static func run(days: Int, _ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        for flag in ["json", "realtime", "mix"] where arguments.flag(flag) {
            throw .usage(UsageError("option '--\(flag)' does not go with '--life' (the life prints its report)"))
        }
        for option in ["plot", "soak"] where arguments.value(option) != nil {
            throw .usage(UsageError("option '--\(option)' does not go with '--life'"))
        }
        let swarm: Int?
        do throws(UsageError) {
            swarm = try arguments.value("swarm", as: Int.self)
        } catch {
            throw .usage(error)
        }
        let lifeText = arguments.value("life") ?? String(days) + "d"
        if let swarm { return try Self.swarm(lifeText: lifeText, days: days, seeds: swarm, arguments, console: console) }
        if arguments.value("jobs") != nil { throw .usage(UsageError("option '--jobs' goes with '--swarm'")) }
        let seed = try SimCommand.seedOption(arguments) ?? 1
        let (board, _) = try SimCommand.scenarioBoard(arguments.positionals.first)
        let output = try SimOutputDirectory(arguments.value("out") ?? "upright-out")
        try output.create()
        let present = POSIXFile.names(inDirectory: output.path, maximumEntries: 4)
        guard present.isEmpty else {
            throw .usage(UsageError("option '--out': \(output.path) is not empty (a life begins on an empty card; it holds \(present[0]))"))
        }
        let report = Life(board: board, seed: seed, days: days, directory: output.path).run()
        for line in report.lines { console.print(line) }
        if let violation = report.violation { throw .failed("life: invariant broken on \(violation)") }
        return 0
    }

    /// K seeds' lives in child processes, J at a time.
    static func swarm(lifeText: String, days: Int, seeds count: Int, _ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        let (base, jobs) = try SimSwarm.options(arguments, seeds: count)
        let output = try SimOutputDirectory(arguments.value("out") ?? "upright-out")
        try output.create()
        let executable = try SimSwarm.executablePath()
        let scenario = arguments.positionals.first.map { [$0] } ?? []
        let years = TextFormat.fixed(Double(days) / Double(Life.daysPerYear), decimals: 3)
        console.print(
            "life swarm: \(count) seeds from \(base), \(days) days (\(years) device years) each, \(jobs) at a time; reports in \(output.path)")
        console.flush()
        var passed = 0
        var failed: [UInt64] = []
        var totals = LifeFigures()
        let start = MonotonicClock.now()
        let end = try SimSwarm.drive(base: base, count: count, jobs: jobs, console: console) { seed throws(SpawnError) in
            let card = output.path + "/seed-" + String(seed)
            // A card left by an earlier failing run of this seed: a life begins on an empty one.
            SimSwarm.removeTree(card)
            let argv = [executable, "sim"] + scenario + ["--life", lifeText, "--seed", String(seed), "--out", card]
            return try ChildProcess.spawn(argv, output: SimSwarm.reportPath(output, seed))
        } ended: { seed, status, started in
            let lines = SimSwarm.reportLines(output, seed)
            let figures = LifeFigures.parse(lines)
            if let figures { totals.add(figures) }
            let took = TextFormat.fixed((MonotonicClock.now() - started).seconds, decimals: 1)
            if status.succeeded {
                passed += 1
                let what = figures.map(Self.summary) ?? "no figures"
                console.print("seed \(seed): passed (\(what), \(took) s)")
                SimSwarm.removeTree(output.path + "/seed-" + String(seed))
            } else {
                failed.append(seed)
                let why =
                    lines.first { $0.hasPrefix("VIOLATION on ") }.map(String.init) ?? lines.last { $0.hasPrefix("upright sim:") }.map(String.init)
                console.print("seed \(seed): FAILED (\(SimSwarm.describe(status))): \(why ?? "see \(SimSwarm.reportPath(output, seed))")")
                console.print(
                    "  reproduce: upright sim " + (scenario.first.map { $0 + " " } ?? "") + "--life \(lifeText) --seed \(seed) --out life-\(seed)")
            }
        }
        if case .stopped(let signal, let running) = end {
            console.print("\(passed) passed, \(failed.count) failed, \(running) stopped before the end")
            return 128 + signal
        }
        let wall = (MonotonicClock.now() - start).seconds
        console.print(
            "life swarm: \(TextFormat.fixed(Double(totals.days) / Double(Life.daysPerYear), decimals: 2)) device years, \(totals.boots) boots, "
                + "\(totals.photos) photos, \(totals.clips) clips, \(totals.rotationsOwed) rotations owed and \(totals.rotationsPaid) paid, "
                + "\(totals.kills) kills, \(totals.cuts) power cuts, \(totals.flips) flipped bits; journal up to \(totals.journalBytes) bytes, "
                + "start-up up to \(TextFormat.fixed(totals.startupMaximumMilliseconds, decimals: 1)) ms (median up to "
                + "\(TextFormat.fixed(totals.startupMedianMilliseconds, decimals: 1)) ms); \(TextFormat.fixed(wall, decimals: 0)) s wall "
                + "(\(TextFormat.fixed(totals.cpuSeconds, decimals: 0)) s of CPU)")
        console.print(
            "\(passed) passed, \(failed.count) failed"
                + (failed.isEmpty ? "" : " (seeds " + failed.sorted().map(String.init).joined(separator: ", ") + ")"))
        return failed.isEmpty ? 0 : 1
    }

    /// A passing seed's line: its days, boots, photos, clips, rotations, longest start-up.
    static func summary(_ figures: LifeFigures) -> String {
        "\(figures.days) days, \(figures.boots) boots, \(figures.photos) photos, \(figures.clips) clips, \(figures.rotationsOwed) rotations owed and "
            + "\(figures.rotationsPaid) paid, \(figures.kills) kills, \(figures.cuts) cuts, journal \(figures.journalBytes) bytes, start-up up to "
            + "\(TextFormat.fixed(figures.startupMaximumMilliseconds, decimals: 1)) ms"
    }
}
