import FoundationEssentials
import Testing
@testable import UprightCLI

@Suite struct OutputFileTests {
    func scratch() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("upright-output-file-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    /// Any path a user gives, as any tool takes it: relative names stay relative (to the
    /// working directory), absolute ones anywhere.
    @Test func pathsAreTakenAsGiven() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try OutputFile.checked("run.svg", option: "plot") == "run.svg")
        #expect(try OutputFile.checked(root + "/run.svg", option: "plot") == root + "/run.svg")
        #expect(try OutputFile.checked("/tmp/run.svg", option: "plot") == "/tmp/run.svg")
    }

    @Test func aMissingFolderOrADirectoryIsBadInput() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: CommandError.badInput("\(root)/no/run.svg: the folder \(root)/no does not exist (option '--plot')")) {
            _ = try OutputFile.checked(root + "/no/run.svg", option: "plot")
        }
        #expect(throws: CommandError.badInput("\(root): is a directory (option '--plot' names a file)")) {
            _ = try OutputFile.checked(root, option: "plot")
        }
        #expect(throws: CommandError.usage(UsageError("option '--plot': must not be empty"))) {
            _ = try OutputFile.checked("", option: "plot")
        }
    }

    @Test func writeReplacesTheFileAtomically() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try OutputFile.write(Array("<svg/>".utf8), to: root + "/run.svg")
        try OutputFile.write(Array("<svg>2</svg>".utf8), to: root + "/run.svg")
        #expect(FileManager.default.contents(atPath: root + "/run.svg") == Data("<svg>2</svg>".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["run.svg"])
    }
}
