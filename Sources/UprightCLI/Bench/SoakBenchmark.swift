#if canImport(Glibc)
import Glibc
#endif
import UprightHost
import UprightSim

/// `upright sim --soak 1` (seed 1, the standard mix: 1.25 device hours) run as a child of the
/// benchmark: its speed per core, device time over the CPU time of the soak's thread (its
/// figures line), so other processes on the cores do not count and a swarm's wall time is
/// this divided by the cores. The output goes to a tmpfs when there is one (/dev/shm): the
/// soak writes thousands of tiny files, and a disk's inode allocation is not what is measured.
enum SoakBenchmark {
    static let key = "soak_speed_per_core"

    static func figures(runs: Int) -> [BenchFigure] {
        func unavailable(_ reason: String) -> [BenchFigure] {
            [BenchFigure(key: key, unit: "x", values: [], target: .atLeast(5000), note: reason)]
        }
        guard let executable = ProcessStats.executablePath else { return unavailable("not available: no /proc/self/exe") }
        let root = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        guard let directory = ProcessStats.temporaryDirectory(root + "/upright-soak-bench-XXXXXX") else {
            return unavailable("not available: no temporary directory")
        }
        defer { _ = ProcessStats.runMeasured(["/bin/rm", "-rf", directory]) }
        var speeds: [Double] = []
        for attempt in 0...runs {
            let reportPath = directory + "/report\(attempt).txt"
            guard
                let result = ProcessStats.runMeasured(
                    [executable, "sim", "--soak", "1", "--seed", "1", "--out", directory + "/run\(attempt)"], standardOutputPath: reportPath)
            else {
                return unavailable("not available: could not start 'upright sim --soak'")
            }
            guard result.status == 0 else { return unavailable("not available: 'upright sim --soak 1 --seed 1' exited with status \(result.status)") }
            // The first round is the warm-up (page cache, CPU frequency).
            guard attempt > 0 else { continue }
            // A report that cannot be read is reported as not available.
            let report = (try? POSIXFile.readAll(reportPath, limit: 1 << 20)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            guard let figures = SoakFigures.parse(report.split(separator: "\n")), figures.cpuSeconds > 0 else {
                return unavailable("not available: no figures line in the soak's report")
            }
            speeds.append(figures.deviceHours * 3600 / figures.cpuSeconds)
        }
        return [
            BenchFigure(
                key: key, unit: "x", values: speeds, target: .atLeast(5000),
                note: "upright sim --soak 1 --seed 1: device time over the soak thread's CPU time; output on " + root)
        ]
    }
}
