import Foundation
import Testing

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
        for name in ["sim", "run", "replay", "probe", "trace", "machine", "bench", "orient"] {
            #expect(result.out.contains("  \(name) "))
        }
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
