import Foundation
import Testing
@testable import UprightCLI

/// `upright run` and `upright trace` up to the point where hardware is needed: board errors
/// exit 2 with the loader's line, a missing bus exits 1 with what to put in config.txt, and
/// nothing is created on disk before the devices are open.
@Suite struct RunCommandTests {
    func board(_ text: String) throws -> (path: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("board.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (path, directory)
    }

    func run(_ arguments: [String]) -> (status: Int32, out: String, error: String) {
        let recorder = ConsoleRecorder()
        let status = Upright.main(arguments, console: recorder.console)
        return (status, recorder.out, recorder.error)
    }

    /// A valid board on bus 99 (absent everywhere), writing into `output`.
    func boardText(output: String) -> String {
        """
        {
          "name": "test",
          "i2c": { "bus": 99 },
          "sensor": { "kind": "mpu6050" },
          "camera": { "backend": "command", "still": ["/bin/true", "{file}"], "video": ["/bin/true", "{file}"] },
          "output": { "directory": "\(output)" }
        }
        """
    }

    @Test func withoutABoardIsAUsageError() {
        let result = run(["run"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("upright run: option '--board' is required\n"))
    }

    @Test func aBadBoardExits2WithTheLoadersLine() throws {
        let file = try board(#"{ "name": "x", "sensor": { "mount_matrix": [1, 0, 0] } }"#)
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let result = run(["run", "--board", file.path])
        #expect(result.status == 2)
        #expect(result.error == "upright run: \(file.path): sensor.mount_matrix: expected a string, found an array\n")
        #expect(result.out.isEmpty)
    }

    @Test func aMissingBusExits1NamingTheConfigLineAndCreatesNothing() throws {
        let file = try board("")
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let output = file.directory.appendingPathComponent("out").path
        try Data(boardText(output: output).utf8).write(to: URL(fileURLWithPath: file.path))
        let result = run(["run", "--board", file.path, "--json", "--wait", "0"])
        #expect(result.status == 1)
        #expect(
            result.error
                == "upright run: /dev/i2c-99 does not exist: enable the bus with dtoverlay=i2c99 in /boot/firmware/config.txt and reboot, and make sure the i2c-dev module is loaded (modprobe i2c-dev)\n"
        )
        #expect(result.out.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// A bus that is not there yet is waited for (as udev creates it after the service starts),
    /// with a note, up to --wait; then the same error, and still nothing created.
    @Test func aMissingBusIsWaitedForThenGivenUp() throws {
        let file = try board("")
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let output = file.directory.appendingPathComponent("out").path
        try Data(boardText(output: output).utf8).write(to: URL(fileURLWithPath: file.path))
        let result = run(["run", "--board", file.path, "--wait", "1"])
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("upright run: waiting for /dev/i2c-99 (1 s more at most): /dev/i2c-99 does not exist") == true)
        #expect(lines.dropFirst().first?.hasPrefix("upright run: gave up waiting after 1.") == true)
        #expect(lines.last?.hasPrefix("upright run: /dev/i2c-99 does not exist") == true)
        #expect(!FileManager.default.fileExists(atPath: output))
        for bad in ["-1", "86401", "soon"] {
            let refused = run(["run", "--board", file.path, "--wait", bad])
            #expect(refused.status == 2)
            #expect(refused.error.hasPrefix("upright run: option '--wait': "))
        }
    }

    @Test func traceNeedsAPositiveBoundedDuration() throws {
        #expect(run(["trace", "--board", "x.json"]).error.hasPrefix("upright trace: option '--seconds' is required\n"))
        for bad in ["0", "-1", "nan", "86401", "ten"] {
            let result = run(["trace", "--board", "x.json", "--seconds", bad])
            #expect(result.status == 2)
            #expect(result.error.hasPrefix("upright trace: option '--seconds': '\(bad)' is not a number of seconds in (0, 86400]\n"))
        }
    }

    @Test func traceWithAMissingBusExits1() throws {
        let file = try board("")
        defer { try? FileManager.default.removeItem(at: file.directory) }
        try Data(boardText(output: file.directory.path).utf8).write(to: URL(fileURLWithPath: file.path))
        let result = run(["trace", "--board", file.path, "--seconds", "1"])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("upright trace: /dev/i2c-99 does not exist"))
        #expect(result.out.isEmpty)
    }
}
