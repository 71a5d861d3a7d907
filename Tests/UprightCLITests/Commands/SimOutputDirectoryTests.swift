import FoundationEssentials
import Testing
@testable import UprightCLI

@Suite struct SimOutputDirectoryTests {
    @Test func namesInsideAreJoinedAndTidied() throws {
        let out = try SimOutputDirectory("upright-out/")
        #expect(out.path == "upright-out")
        #expect(try out.resolve("demo.svg", option: "plot") == "upright-out/demo.svg")
        #expect(try out.resolve("plots/./a/../demo.svg", option: "plot") == "upright-out/plots/demo.svg")
        let absolute = try SimOutputDirectory("/tmp/run")
        #expect(try absolute.resolve("/tmp/run/x.svg", option: "plot") == "/tmp/run/x.svg")
        let above = try SimOutputDirectory("../out")
        #expect(try above.resolve("x.svg", option: "plot") == "../out/x.svg")
    }

    @Test(arguments: ["../x.svg", "a/../../x.svg", "/tmp/x.svg", ".", "a/.."])
    func namesEscapingAreRefused(name: String) throws {
        let out = try SimOutputDirectory("upright-out")
        #expect(throws: CommandError.usage(UsageError("option '--plot': '\(name)' is outside the output directory upright-out (give a name inside it)"))) {
            _ = try out.resolve(name, option: "plot")
        }
    }

    @Test func absoluteNameOutsideAnAbsoluteDirectoryIsRefused() throws {
        let out = try SimOutputDirectory("/tmp/run")
        #expect(throws: CommandError.self) { _ = try out.resolve("/tmp/running/x.svg", option: "plot") }
        #expect(throws: CommandError.self) { _ = try out.resolve("/tmp/run/../x.svg", option: "plot") }
    }

    @Test func writeCreatesFoldersInsideTheOutputDirectory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("upright-out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let out = try SimOutputDirectory(root)
        let file = try out.resolve("plots/a/run.svg", option: "plot")
        try out.write(Array("<svg/>".utf8), to: file)
        #expect(FileManager.default.contents(atPath: root + "/plots/a/run.svg") == Data("<svg/>".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/plots/a") == ["run.svg"])
    }
}
