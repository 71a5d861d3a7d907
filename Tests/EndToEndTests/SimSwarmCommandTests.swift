import Foundation
import Testing

/// `upright sim --soak HOURS --swarm N` as CI runs it: every seed in a child process of its own,
/// a line each, the command that reproduces a failing one, the totals; a broken board fails its
/// seeds (the checker can fail); SIGTERM stops every child.
@Suite struct SimSwarmCommandTests {
    @Test func aSmallSwarmPassesAndReportsEverySeed() throws {
        let directory = try SimCommandTests.scratch([:])
        let result = try UprightBinary.run(
            ["sim", "--soak", "0.01", "--swarm", "3", "--seed", "40", "--jobs", "2", "--out", "swarm"], directory: directory)
        #expect(result.status == 0, "\(result.out)\(result.error)")
        #expect(
            result.out.hasPrefix(
                "swarm: 3 seeds from 40, 0.01 device hours each (and a quarter more with faults off), 2 at a time; reports in swarm\n"))
        for seed in 40...42 {
            #expect(result.out.contains("seed \(seed): passed (0.03 device hours, "))
            // The report stays; a passing seed's files go.
            let report = try String(contentsOf: directory.appendingPathComponent("swarm/seed-\(seed).txt"), encoding: .utf8)
            // Each seed its own mix.
            #expect(report.contains("\nmix: faults "))
            #expect(report.contains("\nsoak figures: hours=0.027 presses="))
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("swarm/seed-\(seed)").path))
        }
        #expect(result.out.contains("\nswarm: 0.1 device hours, "))
        #expect(result.out.hasSuffix("\n3 passed, 0 failed\n"))
    }

    /// A board whose photos all time out (0.1 s against the camera's half second): with faults
    /// off the soak is not back to normal, so every seed fails, each with its reproduction.
    /// Seeds whose mixes draw an instant card: on a slow one the faults-off phase has room for
    /// one episode, whose photo may be answered in time.
    @Test func aBrokenBoardFailsItsSeeds() throws {
        let board = """
            {"name": "broken", "i2c": {"bus": 1, "speed_hz": 400000}, "sensor": {"kind": "mpu6050", "rate_hz": 1000, "read_mode": "fifo"},
             "machine": {"capture_timeout_s": 0.1}, "camera": {"backend": "simulated"}, "output": {"directory": "out"}}
            """
        let scenario = #"{"board": "broken.json", "duration": 1, "motion": [{"t": 0, "angle": 0}]}"#
        let directory = try SimCommandTests.scratch(["broken.json": board, "s.json": scenario])
        let result = try UprightBinary.run(
            ["sim", "s.json", "--soak", "0.01", "--swarm", "2", "--seed", "11", "--out", "swarm"], directory: directory)
        #expect(result.status == 1)
        #expect(result.out.contains("seed 11: FAILED (exit 1): soak FAILED: not back to normal with faults off ("))
        #expect(result.out.contains(" failed captures"))
        #expect(result.out.contains("\n  reproduce: upright sim s.json --soak 0.01 --seed 11 --mix\n"))
        #expect(result.out.contains("seed 12: FAILED (exit 1): "))
        #expect(result.out.hasSuffix("\n0 passed, 2 failed (seeds 11, 12)\n"))
        // A failing seed keeps its journal.
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("swarm/seed-11/journal.ndjson").path))
    }

    /// SIGTERM to the swarm stops its children: none is left running, and it says so.
    @Test func sigtermStopsEveryChild() throws {
        let directory = try SimCommandTests.scratch([:])
        let process = Process()
        process.executableURL = UprightBinary.url
        process.arguments = ["sim", "--soak", "24", "--swarm", "4", "--seed", "1", "--out", "swarm"]
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        // Both children running (their reports exist), then the signal.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && !FileManager.default.fileExists(atPath: directory.appendingPathComponent("swarm/seed-2.txt").path) {
            usleep(50_000)
        }
        usleep(300_000)
        process.terminate()
        process.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 143)
        #expect(text.contains("swarm: signal 15: stopping 2 running seeds\n"))
        #expect(text.hasSuffix("0 passed, 0 failed, 2 stopped before the end\n"))
        // No soak of this swarm is left: pgrep finds none running with its output directory.
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        check.arguments = ["-f", directory.appendingPathComponent("swarm/seed-").path]
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 1)
    }

    @Test(arguments: [
        (["sim", "--soak", "1", "--swarm", "0"], "option '--swarm': 0 is not a number of seeds in 1...100000"),
        (["sim", "--soak", "1", "--swarm", "2", "--mix"], "option '--mix' does not go with '--swarm' (every seed of a swarm draws its mix)"),
        (["sim", "--soak", "1", "--jobs", "2"], "option '--jobs' goes with '--swarm'"),
        (["sim", "--swarm", "2"], "option '--swarm' goes with '--soak'"),
        (["sim", "--mix"], "option '--mix' goes with '--soak'"),
        (["sim", "--soak", "1", "--swarm", "2", "--jobs", "0"], "option '--jobs': 0 is not a number of processes in 1...256"),
    ])
    func badSwarmOptionsExitTwo(arguments: [String], message: String) throws {
        let directory = try SimCommandTests.scratch([:])
        let result = try UprightBinary.run(arguments, directory: directory)
        #expect(result.status == 2)
        #expect(result.out == "")
        #expect(result.error.contains(message), "\(result.error)")
    }
}
