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

    /// A folder the output directory is about to make (itself, or a parent on its way) takes
    /// the file, however the two are spelt; another missing folder does not, nor a name the
    /// run writes there itself.
    @Test func aFolderTheOutputDirectoryMakesTakesTheFile() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root)
        let output = try SimOutputDirectory(root + "/new/run/")
        for path in [
            root + "/new/run/timeline.svg", root + "/new/timeline.svg", root + "/./new//run/../run/timeline.svg", root + "/link/new/run/timeline.svg",
        ] {
            #expect(try OutputFile.checked(path, option: "plot", beside: output) == path)
        }
        #expect(throws: CommandError.badInput("\(root)/other/run.svg: the folder \(root)/other does not exist (option '--plot')")) {
            _ = try OutputFile.checked(root + "/other/run.svg", option: "plot", beside: output)
        }
        #expect(throws: CommandError.badInput("\(root)/new/run/x/run.svg: the folder \(root)/new/run/x does not exist (option '--plot')")) {
            _ = try OutputFile.checked(root + "/new/run/x/run.svg", option: "plot", beside: output)
        }
        for name in ["journal.ndjson", "IMG_0001.jpg", "CLIP_0012.mov"] {
            #expect(
                throws: CommandError.badInput(
                    "\(root)/link/new/run/\(name): the run writes this file into --out \(root)/new/run itself (option '--plot' names another)")
            ) {
                _ = try OutputFile.checked(root + "/link/new/run/" + name, option: "plot", beside: output)
            }
        }
        #expect(try OutputFile.checked(root + "/new/run/IMG_0001.png", option: "plot", beside: output) == root + "/new/run/IMG_0001.png")
        #expect(SimOutputDirectory.resolved(root + "/link/new/../a/./b") == SimOutputDirectory.resolved(root) + "/a/b")
        #expect(SimOutputDirectory.resolved("/") == "/")
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
