#if canImport(Glibc)
import Glibc
#endif
import UprightHost
import UprightSim

/// `upright sim` (the built-in demo, sensor at 1 kHz) run as a child of the benchmark, output
/// in a temporary directory: how many times faster than real time it finishes, and its peak
/// resident set (wait4's ru_maxrss). The speed is the scenario's duration over the wall time
/// `upright sim` prints for the whole simulation ("simulated 60.0 s in W s: ..."): firmware,
/// chip models, bus, motion model and rendering and encoding the photos, measured in the
/// child, so neither process start-up nor printing the report counts. Should that line be
/// missing, the child's wall time minus the start-up of `upright sim --help` (which loads the
/// same binary and exits) is used instead. Start-up is reported on its own.
enum SimBenchmark {
    struct Run {
        var status: Int32
        var seconds: Double
        var peakResidentBytes: Int
    }

    static func run(_ arguments: [String], standardOutputPath: String = "/dev/null") -> Run? {
        var result: (status: Int32, peakResidentBytes: Int)?
        let seconds = MonotonicClock.seconds { result = ProcessStats.runMeasured(arguments, standardOutputPath: standardOutputPath) }
        guard let result else { return nil }
        return Run(status: result.status, seconds: seconds, peakResidentBytes: result.peakResidentBytes)
    }

    /// Speed from the wall time of a run, the start-up time and the scenario's duration.
    static func speed(scenarioSeconds: Double, wallSeconds: Double, startupSeconds: Double) -> Double {
        let simulating = wallSeconds - startupSeconds
        return simulating > 0 ? scenarioSeconds / simulating : .infinity
    }

    /// The speed from the wall time the report at `reportPath` prints; an unreadable report
    /// (or one without that line) falls back to the child's wall time less the start-up's.
    static func reportedSpeed(_ reportPath: String, scenarioSeconds: Double, sim: Run, startup: Run) -> Double {
        let report = (try? POSIXFile.readAll(reportPath, limit: 1 << 20)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if let simulated = simulatedWallSeconds(inReport: report) {
            return simulated > 0 ? scenarioSeconds / simulated : .infinity
        }
        return speed(scenarioSeconds: scenarioSeconds, wallSeconds: sim.seconds, startupSeconds: startup.seconds)
    }

    /// The whole simulation's wall time from `upright sim`'s summary line
    /// "simulated D s in W s: ...", or nil when no line has that form.
    static func simulatedWallSeconds(inReport report: String) -> Double? {
        for line in report.split(separator: "\n") where line.hasPrefix("simulated ") {
            let words = line.split(separator: " ")
            // simulated, D, s, in, W, s:
            guard words.count >= 6, words[2] == "s", words[3] == "in", words[5].hasPrefix("s"),
                let seconds = Double(words[4]), seconds >= 0
            else { continue }
            return seconds
        }
        return nil
    }

    static func figures(runs: Int) -> [BenchFigure] {
        let speedKey = "sim_speed_vs_realtime"
        // Issue 41's goal for the demo whole (its photos and clip rendered and written): the
        // soak, which renders nothing, keeps 5,000x a core (`SoakBenchmark`).
        let goal = BenchFigure.Target.atLeast(1000)
        let rssKey = "peak_rss_bytes"
        func unavailable(_ reason: String) -> [BenchFigure] {
            [
                BenchFigure(key: speedKey, unit: "x", values: [], target: goal, note: reason),
                BenchFigure(key: rssKey, unit: "bytes", values: [], target: .atMost(16 * 1024 * 1024), note: reason),
            ]
        }
        guard let executable = ProcessStats.executablePath else { return unavailable("not available: no /proc/self/exe") }
        // The built-in demo parses (its own tests say so); if it did not, the figure is not available.
        guard let scenario = try? ScenarioLoader.parse(DemoScenario.json, file: DemoScenario.fileName) else {
            return unavailable("not available: the demo scenario does not parse")
        }
        guard let directory = ProcessStats.temporaryDirectory("/tmp/upright-bench-XXXXXX") else {
            return unavailable("not available: no temporary directory")
        }
        defer { _ = ProcessStats.runMeasured(["/bin/rm", "-rf", directory]) }
        var speeds: [Double] = []
        var peaks: [Double] = []
        var startups: [Double] = []
        var startupPeaks: [Double] = []
        var failure: String?
        for attempt in 0...runs {
            guard let startup = run([executable, "sim", "--help"]), startup.status == 0 else {
                return unavailable("not available: 'upright sim --help' failed")
            }
            // The first round is the warm-up (page cache, CPU frequency).
            if attempt > 0 {
                startups.append(startup.seconds)
                startupPeaks.append(Double(startup.peakResidentBytes))
            }
            guard failure == nil else { continue }
            let reportPath = directory + "/report\(attempt).txt"
            guard let sim = run([executable, "sim", "--out", directory + "/run\(attempt)"], standardOutputPath: reportPath) else {
                failure = "not available: could not start 'upright sim'"
                continue
            }
            guard sim.status == 0 else {
                failure = "not available: 'upright sim' exited with status \(sim.status)"
                continue
            }
            guard attempt > 0 else { continue }
            speeds.append(reportedSpeed(reportPath, scenarioSeconds: scenario.durationSeconds, sim: sim, startup: startup))
            peaks.append(Double(sim.peakResidentBytes))
        }
        let startupFigures = [
            BenchFigure(key: "process_startup_seconds", unit: "s", values: startups),
            BenchFigure(key: "process_startup_peak_rss_bytes", unit: "bytes", values: startupPeaks),
        ]
        if let failure { return unavailable(failure) + startupFigures }
        return [
            BenchFigure(
                key: speedKey, unit: "x", values: speeds, target: goal,
                note: "whole simulation incl. photos, wall time as upright sim reports it"),
            BenchFigure(key: rssKey, unit: "bytes", values: peaks, target: .atMost(16 * 1024 * 1024)),
        ] + startupFigures
    }
}
