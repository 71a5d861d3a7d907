import Foundation
import Testing
import UprightSim

/// Hostile scenario files on disk (the hostile-input table runs them through `upright sim`
/// once it is implemented; until then the loader answers here).
@Suite struct ScenarioLoaderFileTests {
    static func message(_ path: String) -> String? {
        do {
            _ = try ScenarioLoader.load(path: path)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func missingDirectoryDeviceAndEmptyNameTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        let sparse = directory.appendingPathComponent("sparse.json")
        try Data("{".utf8).write(to: sparse)
        let handle = try FileHandle(forWritingTo: sparse)
        try handle.truncate(atOffset: 100 << 20)
        try handle.close()

        #expect(
            Self.message(directory.appendingPathComponent("missing.json").path)
                == "\(directory.path)/missing.json: cannot read: No such file or directory")
        #expect(Self.message(directory.path) == "\(directory.path): read error: Is a directory")
        #expect(Self.message(empty.path) == "\(empty.path):1:1: empty document")
        #expect(Self.message(sparse.path) == "\(sparse.path): file is larger than 16 MiB")
        #expect(Self.message("/dev/zero") == "/dev/zero: file is larger than 16 MiB")
    }
}
