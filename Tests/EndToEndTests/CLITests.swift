import Foundation
import Testing
import UprightTestSupport

/// Runs the built `upright` binary as a user would.
enum UprightBinary {
    static var url: URL {
        // Tests run from .build/<config>/<bundle>; the binary sits in the same products folder.
        let products = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidate = products.appendingPathComponent("upright")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: ".build/debug/upright")
    }

    struct Result {
        var status: Int32
        var out: String
        var error: String
    }

    static func run(_ arguments: [String], stdin: Data? = nil, directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self), error: String(decoding: errData, as: UTF8.self))
    }
}

@Suite struct CLITests {
    @Test func helpListsSubcommands() throws {
        let result = try UprightBinary.run(["--help"])
        #expect(result.status == 0)
        for name in ["sim", "run", "replay", "probe", "trace", "machine", "bench", "orient", "journal"] {
            #expect(result.out.contains("  \(name) "))
        }
    }

    /// The command list is one column of names and one of summaries, whatever the names' lengths.
    @Test func helpAlignsTheCommandList() throws {
        let usage = try UprightBinary.run(["--help"]).out
        let list = try #require(usage.components(separatedBy: "Commands:\n").last?.components(separatedBy: "\n\n").first)
        let rows = list.split(separator: "\n")
        #expect(rows.count == 11)
        // Where each summary starts: past the indent, the name and the spaces after it.
        let columns = Set(rows.map { row in row.count - row.dropFirst(2).drop { $0 != " " }.drop { $0 == " " }.count })
        #expect(columns == [13], "summaries start at \(columns)")
        #expect(rows.contains("  calibrate  find the mount matrix and offsets from a few poses and write them into the board file"))
        #expect(rows.contains("  sim        run the firmware on a simulated board (built-in demo or a scenario)"))
    }

    /// `upright --version` prints the version CHANGELOG.md's newest section carries (the
    /// Debian package takes its version from this line: `make deb`).
    @Test func versionIsTheChangelogs() throws {
        let result = try UprightBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.error == "")
        let changelog = try TestFile.text(ReadmeTests.root.appendingPathComponent("CHANGELOG.md").path)
        let heading = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        let version = heading.dropFirst(3).prefix { $0 != " " }
        #expect(result.out == "upright \(version)\n")
        #expect(try UprightBinary.run(["--version", "extra"]).status == 2)
        #expect(try UprightBinary.run(["--help"]).out.contains("       upright --version\n"))
    }

    @Test func unknownCommandIsUsageError() throws {
        let result = try UprightBinary.run(["teleport"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("upright: unknown command 'teleport'"))
        #expect(result.out.isEmpty)
    }

    @Test func subcommandHelp() throws {
        let result = try UprightBinary.run(["sim", "--help"])
        #expect(result.status == 0)
        #expect(result.out.contains("Usage: upright sim"))
    }
}
