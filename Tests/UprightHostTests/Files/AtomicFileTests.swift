import FoundationEssentials
import Glibc
import Testing
import UprightHost

@Suite struct AtomicFileTests {
    @Test func replacesWholeAndLeavesNoTemporary() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/a.json"
        try AtomicFile.write([0x31, 0x32, 0x33], to: path)
        try AtomicFile.write([0x34], to: path)
        #expect(try POSIXFile.readAll(path, limit: 10) == [0x34])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.json"])
    }

    @Test func missingDirectoryNamesTheDirectory() {
        #expect(throws: FileError.self) { try AtomicFile.write([1], to: "/nonexistent/upright/a.json") }
        do {
            try AtomicFile.write([1], to: "/nonexistent/upright/a.json")
        } catch {
            #expect(error.description == "/nonexistent/upright: cannot create a temporary file: No such file or directory")
        }
    }

    /// Its temporary file is made close-on-exec in the call that creates it (a camera program
    /// started meanwhile on another thread inherits no descriptor of it), under a name start-up
    /// takes for a temporary.
    @Test func aPendingFileIsCreatedCloseOnExecUnderATemporaryName() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = try PendingFile(destination: directory + "/b.jpg")
        defer { file.discard() }
        #expect(fcntl(file.fd, F_GETFD) & FD_CLOEXEC == FD_CLOEXEC)
        let name = String(file.temporaryPath.dropFirst(directory.count + 1))
        #expect(name.hasPrefix(".b.jpg.upright-") && name.count == ".b.jpg.upright-".count + 6)
        #expect(name.dropFirst(".b.jpg.upright-".count).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(OutputReconciliation.isTemporary(name))
    }

    @Test func keepsTheOldFilesPermissions() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/p.jpg"
        try AtomicFile.write([1], to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try AtomicFile.write([2], to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
