#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost
import UprightLinux
import UprightSim

/// `upright sim --soak HOURS --swarm N [--seed BASE] [--jobs J] [--out DIR] [SCENARIO]`: a
/// swarm soak, as TigerBeetle's VOPR and swarm testing run one: N seeds from BASE, each its own
/// soak with its own mix drawn from its seed (`SoakMix.drawn`: which faults, how often, the
/// camera's faults, the presses, the bounce, the sensor), J at a time (the cores, by default),
/// each in a child process of its own (a seed that traps takes only itself down). One line per
/// seed as it ends, the command that reproduces a failing one, and `N passed, M failed`.
///
/// Each seed's report is DIR/seed-S.txt; its journal and files are in DIR/seed-S, kept for a
/// failing seed and removed for a passing one (a day's photos for every seed would fill a
/// disk). SIGINT or SIGTERM stops every child and exits 130 or 143.
enum SimSwarm {
    static func run(hours: Double, seeds count: Int, _ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        let (base, jobs) = try Self.options(arguments, seeds: count)
        let output = try SimOutputDirectory(arguments.value("out") ?? "upright-out")
        try output.create()
        let executable = try Self.executablePath()
        let scenario = arguments.positionals.first.map { [$0] } ?? []

        console.print(
            "swarm: \(count) seeds from \(base), \(TextFormat.fixed(hours, decimals: 2)) device hours each (and a quarter more with faults off), \(jobs) at a time; reports in \(output.path)"
        )
        console.flush()
        var tally = Tally(output: output, scenario: scenario, hours: hours, console: console)
        let start = MonotonicClock.now()
        let end = try drive(base: base, count: count, jobs: jobs, console: console) { seed throws(SpawnError) in
            try Self.start(seed: seed, hours: hours, scenario: scenario, executable: executable, output: output)
        } ended: { seed, status, started in
            tally.report(seed: seed, status: status, started: started)
        }
        if case .stopped(let signal, let running) = end {
            console.print("\(tally.passed) passed, \(tally.failed.count) failed, \(running) stopped before the end")
            return 128 + signal
        }
        tally.summarise(wallSeconds: (MonotonicClock.now() - start).seconds)
        return tally.failed.isEmpty ? 0 : 1
    }

    /// How `drive` ended: every seed's child ended, or a signal stopped the children running.
    enum End {
        case finished
        case stopped(signal: Int32, running: Int)
    }

    /// Runs `count` seeds from `base`, `jobs` children at a time, each started by `start`
    /// (the soak's, the life's); each child that ends goes to `ended` (its seed, how it ended,
    /// when it started) as it ends. SIGINT, SIGTERM or SIGHUP stops every child (`stop`).
    static func drive(
        base: UInt64, count: Int, jobs: Int, console: Console, start: (UInt64) throws(SpawnError) -> ChildProcess,
        ended: (UInt64, ChildProcess.Status, Instant) -> Void
    ) throws(CommandError) -> End {
        // Blocked here, so the waits below take them; the children start with none blocked.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopping, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &stopping, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        var running: [(seed: UInt64, child: ChildProcess, started: Instant)] = []
        var next = base
        // Bounded: every turn either starts a child, reaps one, or waits at most 100 ms; the
        // children end (each soak or life is bounded by its length and its step limits).
        while next < base + UInt64(count) || !running.isEmpty {
            while running.count < jobs && next < base + UInt64(count) {
                let seed = next
                next += 1
                do throws(SpawnError) {
                    running.append((seed, try start(seed), MonotonicClock.now()))
                } catch {
                    for index in running.indices { running[index].child.signal(SIGTERM) }
                    throw .failed("swarm: cannot start seed \(seed): \(error)")
                }
            }
            var timeout = timespec(tv_sec: 0, tv_nsec: 100_000_000)
            let signal = sigtimedwait(&stopping, nil, &timeout)
            if signal == SIGINT || signal == SIGTERM || signal == SIGHUP {
                console.print("swarm: signal \(signal): stopping \(running.count) running seeds")
                Self.stop(&running)
                return .stopped(signal: signal, running: running.count)
            }
            // The children that have ended, taken out without waiting for the others.
            var index = 0
            while index < running.count {
                guard let status = running[index].child.reap() else {
                    index += 1
                    continue
                }
                let (seed, _, started) = running.remove(at: index)
                ended(seed, status, started)
                console.flush()
            }
        }
        return .finished
    }

    /// The base seed and the number of children at once, checked.
    static func options(_ arguments: ParsedArguments, seeds count: Int) throws(CommandError) -> (base: UInt64, jobs: Int) {
        guard count > 0, count <= 100_000 else { throw .usage(UsageError("option '--swarm': \(count) is not a number of seeds in 1...100000")) }
        let base: UInt64
        let jobs: Int
        do throws(UsageError) {
            base = try arguments.value("seed", default: UInt64(1))
            jobs = try arguments.value("jobs", default: max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        } catch {
            throw .usage(error)
        }
        guard jobs > 0, jobs <= 256 else { throw .usage(UsageError("option '--jobs': \(jobs) is not a number of processes in 1...256")) }
        guard base <= UInt64.max - UInt64(count) else { throw .usage(UsageError("option '--seed': \(base) leaves no room for \(count) seeds")) }
        return (base, jobs)
    }

    /// The seeds' outcomes as they end: one line each, the reproduce line for a failure, the
    /// totals at the end.
    private struct Tally {
        let output: SimOutputDirectory
        let scenario: [String]
        let hours: Double
        let console: Console
        var passed = 0
        var failed: [UInt64] = []
        var totals = SoakFigures(deviceHours: 0, presses: 0, faults: 0, cpuSeconds: 0, wallSeconds: 0)

        init(output: SimOutputDirectory, scenario: [String], hours: Double, console: Console) {
            self.output = output
            self.scenario = scenario
            self.hours = hours
            self.console = console
        }

        mutating func report(seed: UInt64, status: ChildProcess.Status, started: Instant) {
            let lines = SimSwarm.reportLines(output, seed)
            let figures = SoakFigures.parse(lines)
            if let figures {
                totals.deviceHours += figures.deviceHours
                totals.presses += figures.presses
                totals.faults += figures.faults
                totals.cpuSeconds += figures.cpuSeconds
            }
            let took = TextFormat.fixed((MonotonicClock.now() - started).seconds, decimals: 1)
            let what =
                figures.map { "\(TextFormat.fixed($0.deviceHours, decimals: 2)) device hours, \($0.presses) presses, \($0.faults) faults" }
                ?? "no figures"
            if status.succeeded {
                passed += 1
                console.print("seed \(seed): passed (\(what), \(took) s)")
                SimSwarm.removeTree(output.path + "/seed-" + String(seed))
            } else {
                failed.append(seed)
                console.print(
                    "seed \(seed): FAILED (\(SimSwarm.describe(status))): \(SimSwarm.why(lines) ?? "see \(SimSwarm.reportPath(output, seed))")")
                console.print("  reproduce: upright sim " + (scenario.map { $0 + " " }.first ?? "") + "--soak \(hours) --seed \(seed) --mix")
            }
            console.flush()
        }

        func summarise(wallSeconds wall: Double) {
            console.print(
                "swarm: \(TextFormat.fixed(totals.deviceHours, decimals: 1)) device hours, \(totals.presses) presses, \(totals.faults) faults in \(TextFormat.fixed(wall, decimals: 0)) s wall (\(TextFormat.fixed(totals.cpuSeconds, decimals: 0)) s of CPU, \(TextFormat.fixed(totals.cpuSeconds > 0 ? totals.deviceHours * 3600 / totals.cpuSeconds : 0, decimals: 0))x real time per core)"
            )
            console.print(
                "\(passed) passed, \(failed.count) failed"
                    + (failed.isEmpty ? "" : " (seeds " + failed.sorted().map(String.init).joined(separator: ", ") + ")"))
        }
    }

    /// One seed's soak in a child process, its report to the seed's file.
    static func start(
        seed: UInt64, hours: Double, scenario: [String], executable: String, output: SimOutputDirectory
    ) throws(SpawnError)
        -> ChildProcess
    {
        let argv =
            [executable, "sim"] + scenario + [
                "--soak", String(hours), "--seed", String(seed), "--mix", "--out", output.path + "/seed-" + String(seed),
            ]
        return try ChildProcess.spawn(argv, output: reportPath(output, seed))
    }

    /// SIGTERM to every child, then SIGKILL to any still running after two seconds; all reaped.
    static func stop(_ running: inout [(seed: UInt64, child: ChildProcess, started: Instant)]) {
        for index in running.indices { running[index].child.signal(SIGTERM) }
        let deadline = MonotonicClock.now() + .seconds(2)
        // Bounded by the deadline, then by SIGKILL, which cannot be caught.
        while running.contains(where: { $0.child.status == nil }) {
            if MonotonicClock.now() >= deadline { for index in running.indices { running[index].child.signal(SIGKILL) } }
            for index in running.indices { _ = running[index].child.reap() }
            usleep(20_000)
        }
    }

    static func reportPath(_ output: SimOutputDirectory, _ seed: UInt64) -> String { output.path + "/seed-" + String(seed) + ".txt" }

    static func reportLines(_ output: SimOutputDirectory, _ seed: UInt64) -> [Substring] {
        // A report that cannot be read says so in the seed's line ("no figures").
        guard let bytes = try? POSIXFile.readAll(reportPath(output, seed), limit: 1 << 20) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    }

    /// What a failing seed's report says broke: its violation, or why the faults-off phase is
    /// not back to normal, or the command's own error (a bad board, say).
    static func why(_ lines: [Substring]) -> String? {
        if let violation = lines.first(where: { $0.hasPrefix("VIOLATION at ") }) { return String(violation) }
        if let verdict = lines.first(where: { $0.hasPrefix("soak FAILED") }) {
            let reasons = lines.first { $0.hasPrefix("  back to normal: NO: ") }.map { " (" + $0.dropFirst("  back to normal: NO: ".count) + ")" }
            return String(verdict) + (reasons ?? "")
        }
        return lines.last { $0.hasPrefix("upright sim:") }.map(String.init)
    }

    static func describe(_ status: ChildProcess.Status) -> String {
        switch status {
        case .exited(let code): "exit \(code)"
        case .signalled(let signal): "signal \(signal)" + (signal == SIGILL || signal == SIGTRAP ? ": a broken bound trapped" : "")
        case .lost: "status lost"
        }
    }

    /// This program, to run each seed in: the kernel's link to the running executable.
    static func executablePath() throws(CommandError) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { throw .failed("swarm: cannot find this program (/proc/self/exe): \(String(cString: strerror(errno)))") }
        return runnablePath(link: String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self), pid: getpid())
    }

    /// The path to start the seeds' children from, given the executable's link: the link itself,
    /// or, when the file was replaced while the swarm ran (a rebuild: the kernel's link then ends
    /// ` (deleted)`), the running program's own image through `/proc/PID/exe`, so every seed
    /// runs the same build. Before, a rebuild during `make life-swarm` stopped it at the next
    /// seed ("cannot start seed").
    static func runnablePath(link: String, pid: pid_t) -> String {
        link.hasSuffix(" (deleted)") ? "/proc/" + String(pid) + "/exe" : link
    }

    /// Removes a passing seed's directory (its journal and small files; no subdirectories).
    static func removeTree(_ path: String) {
        guard let directory = opendir(path) else { return }
        // Bounded by the directory's entries.
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { unlink(path + "/" + name) }
        }
        closedir(directory)
        rmdir(path)
    }
}
