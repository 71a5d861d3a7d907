import Foundation
import Testing

/// `upright sim --soak HOURS` as a user runs it: a short soak passes and prints its report;
/// bad values are usage errors (exit 2, nothing run).
@Suite struct SimSoakCommandTests {
    @Test func aShortSoakPassesAndReports() throws {
        let directory = try SimCommandTests.scratch([:])
        let result = try UprightBinary.run(["sim", "--soak", "0.01", "--seed", "4", "--out", "soaked"], directory: directory)
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("soak: seed 4, 0.03 device hours in "))
        #expect(result.out.contains("\nfaults on: 0.01 device hours\n"))
        #expect(result.out.contains("\nfaults off: 0.02 device hours\n"))
        #expect(result.out.contains("  back to normal: yes\n"))
        #expect(result.out.hasSuffix("soak passed: every invariant held\n"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("soaked/journal.ndjson").path))
    }

    @Test(arguments: [
        (["sim", "--soak", "0"], "option '--soak': 0.0 is not a number of hours in (0, 168]"),
        (["sim", "--soak", "many"], "option '--soak': 'many' is not a finite number"),
        (["sim", "--soak", "1", "--json"], "option '--json' does not go with '--soak' (the soak prints its report)"),
    ])
    func badSoakOptionsExitTwo(arguments: [String], message: String) throws {
        let directory = try SimCommandTests.scratch([:])
        let result = try UprightBinary.run(arguments, directory: directory)
        #expect(result.status == 2)
        #expect(result.out == "")
        #expect(result.error.contains(message))
    }
}
