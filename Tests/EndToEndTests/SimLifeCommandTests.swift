import Foundation
import Testing

/// `upright sim --life YEARS` as a user runs it: a short life passes and prints its report and
/// figures; bad values and a card that is not empty are usage errors (exit 2, nothing run).
@Suite struct SimLifeCommandTests {
    @Test func aShortLifePassesAndReports() throws {
        let directory = try SimCommandTests.scratch([:])
        let result = try UprightBinary.run(["sim", "--life", "1d", "--seed", "3", "--out", "card"], directory: directory)
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("life: seed 3, 1 days (0.00 device years), card "))
        #expect(result.out.contains("\nfigures: days=1 boots="))
        #expect(result.out.hasSuffix("life PASSED\n"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("card/journal.ndjson").path))
        // The card is not empty now: a life begins on an empty one.
        let again = try UprightBinary.run(["sim", "--life", "1d", "--seed", "3", "--out", "card"], directory: directory)
        #expect(again.status == 2)
        #expect(again.error.contains("option '--out': card is not empty (a life begins on an empty card; it holds "))
    }

    @Test(arguments: [
        (["sim", "--life", "0"], "option '--life': 0 is not a number of device years in (0, 10] or of days (30d) in 1...3650"),
        (["sim", "--life", "0d"], "option '--life': 0d is not a number of device years in (0, 10] or of days (30d) in 1...3650"),
        (["sim", "--life", "ever"], "option '--life': ever is not a number of device years in (0, 10] or of days (30d) in 1...3650"),
        (["sim", "--life", "1", "--json"], "option '--json' does not go with '--life' (the life prints its report)"),
        (["sim", "--life", "1", "--soak", "2"], "option '--life' does not go with '--soak'"),
        (["sim", "--life", "1", "--jobs", "2"], "option '--jobs' goes with '--swarm'"),
    ])
    func badLifeOptionsExitTwo(arguments: [String], message: String) throws {
        let directory = try SimCommandTests.scratch([:])
        let result = try UprightBinary.run(arguments, directory: directory)
        #expect(result.status == 2)
        #expect(result.out == "")
        #expect(result.error.contains(message))
    }
}
