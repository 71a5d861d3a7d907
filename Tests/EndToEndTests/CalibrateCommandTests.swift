#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import UprightCore
import UprightHost
import UprightTestSupport

/// `upright calibrate --sim` as a maker without hardware runs it: a scenario mounts the chip
/// turned and biased and plays the six poses; the board file starts with the identity (or a
/// wrong matrix) and comes out with the chip's exact matrix and its offsets within 0.02 g.
@Suite struct CalibrateCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func scratch(board: String, scenario: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-calibrate-e2e-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(contentsOf: root.appendingPathComponent("boards/" + board)).write(to: directory.appendingPathComponent("board.json"))
        try Data(scenario.utf8).write(to: directory.appendingPathComponent("poses.json"))
        return directory
    }

    /// scenarios/calibrate.json with another true mount and bias.
    static func scenario(mount: String, bias: [Double]) throws -> String {
        var text = try TestFile.text(root.appendingPathComponent("scenarios/calibrate.json").path)
        text = text.replacingOccurrences(of: #""mount_matrix": "0, -1, 0; -1, 0, 0; 0, 0, -1""#, with: "\"mount_matrix\": \"\(mount)\"")
        text = text.replacingOccurrences(
            of: #""chip_bias": [0.21, -0.25, 0.24]"#, with: "\"chip_bias\": [\(bias.map { String($0) }.joined(separator: ", "))]")
        return text
    }

    /// Turned 90 degrees and flipped; standing on its edge (no axis shared with the device);
    /// on the MPU-6050 at 1 kHz and the ADXL345 at 200 Hz and 100 Hz (that board starts with a
    /// wrong matrix).
    @Test(arguments: [
        ("sim.json", "0, -1, 0; -1, 0, 0; 0, 0, -1", [0.21, -0.25, 0.24]),
        ("sim.json", "0, 0, 1; -1, 0, 0; 0, -1, 0", [-0.25, 0.25, -0.25]),
        ("rpi4-adxl345.json", "0, -1, 0; -1, 0, 0; 0, 0, -1", [0.25, 0.1, -0.2]),
        ("rpizero2w-adxl345.json", "0, 0, 1; -1, 0, 0; 0, -1, 0", [0.0, -0.15, 0.25]),
    ])
    func calibrationWritesTheExactMatrixAndTheOffsets(board: String, mount: String, bias: [Double]) throws {
        let directory = try Self.scratch(board: board, scenario: try Self.scenario(mount: mount, bias: bias))
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try TestFile.text(directory.appendingPathComponent("board.json").path)
        let result = try UprightBinary.run(["calibrate", "--board", "board.json", "--sim", "poses.json"], directory: directory)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.out.contains("wrote sensor.mount_matrix and sensor.offset_g into board.json (the previous file is board.json.bak)"))
        let calibrated = try Board.load(path: directory.appendingPathComponent("board.json").path)
        #expect(calibrated.sensor.mountMatrix == (try MountMatrix(parsing: mount)))
        let offset = calibrated.sensor.offsetG
        #expect(
            abs(Double(offset.x) - bias[0]) <= 0.02 && abs(Double(offset.y) - bias[1]) <= 0.02 && abs(Double(offset.z) - bias[2]) <= 0.02, "\(offset)"
        )
        // Every other line as it was; the backup is the old file.
        let lines = try TestFile.text(directory.appendingPathComponent("board.json").path).components(separatedBy: "\n")
        let before = original.components(separatedBy: "\n")
        #expect(lines.count == before.count + 1)
        #expect(lines.filter { !$0.contains("mount_matrix") && !$0.contains("offset_g") } == before.filter { !$0.contains("mount_matrix") })
        #expect(try TestFile.text(directory.appendingPathComponent("board.json.bak").path) == original)
    }

    /// Two poses: the matrix only; the offsets are not touched.
    @Test func twoPosesWriteTheMatrixOnly() throws {
        let directory = try Self.scratch(board: "sim.json", scenario: try Self.scenario(mount: "0, -1, 0; -1, 0, 0; 0, 0, -1", bias: [0.1, 0, 0]))
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try UprightBinary.run(["calibrate", "--board", "board.json", "--sim", "poses.json", "--poses", "2"], directory: directory)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.out.contains("2 poses give the mount matrix (its third row by the right-hand rule); no offsets"))
        #expect(result.out.contains("wrote sensor.mount_matrix into board.json"))
        let board = try Board.load(path: directory.appendingPathComponent("board.json").path)
        #expect(board.sensor.mountMatrix == (try MountMatrix(parsing: "0, -1, 0; -1, 0, 0; 0, 0, -1")))
        #expect(board.sensor.offsetG == .zero)
    }

    /// The backup keeps the board file's mode (0600 here) and, run as root, its owner; the
    /// new file too.
    @Test func theBackupKeepsTheFilesModeAndOwner() throws {
        let directory = try Self.scratch(board: "sim.json", scenario: try Self.scenario(mount: "0, -1, 0; -1, 0, 0; 0, 0, -1", bias: [0.1, 0, 0]))
        defer { try? FileManager.default.removeItem(at: directory) }
        let board = directory.appendingPathComponent("board.json").path
        let root = geteuid() == 0
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: board)
        if root { #expect(chown(board, 65534, 65534) == 0) }
        let result = try UprightBinary.run(["calibrate", "--board", "board.json", "--sim", "poses.json", "--poses", "2"], directory: directory)
        #expect(result.status == 0, "\(result.error)")
        for path in [board, board + ".bak"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(path)")
            if root { #expect((attributes[.ownerAccountID] as? NSNumber)?.intValue == 65534, "\(path)") }
        }
    }

    /// A board file that cannot be written is said before the first pose (run as another
    /// user, since root may write anything): nothing asked, exit 1.
    @Test func anUnwritableBoardIsRefusedBeforeThePoses() throws {
        let directory = try Self.scratch(board: "sim.json", scenario: try Self.scenario(mount: "0, -1, 0; -1, 0, 0; 0, 0, -1", bias: [0.1, 0, 0]))
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["calibrate", "--board", "board.json", "--sim", "poses.json"]
        let result: UprightBinary.Result
        if geteuid() == 0 {
            // Readable, not writable, by nobody: the directory is root's and 0755.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
            _ = try ExternalTool.path("setpriv")
            result = try UprightBinary.runPipeline(
                #"setpriv --reuid=65534 --regid=65534 --clear-groups "$UPRIGHT" "# + arguments.joined(separator: " "), directory: directory)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path) }
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: directory.appendingPathComponent("board.json").path)
            result = try UprightBinary.run(arguments, directory: directory)
        }
        #expect(result.status == 1)
        #expect(result.error == "upright calibrate: board.json: cannot be written (Permission denied); nothing asked, nothing changed\n")
        #expect(!result.out.contains("pose 1 of"))
    }

    /// Stopped before the last pose, a bad option, a board that does not parse: nothing written.
    @Test func failuresWriteNothing() throws {
        let short =
            #"{"duration": 10, "sensor": {"noise": 0.004}, "motion": [{"t": 0, "angle": 0}, {"t": 3, "angle": 0}, {"t": 4.5, "angle": -90, "easing": "ease-in-out"}]}"#
        let directory = try Self.scratch(board: "sim.json", scenario: short)
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try TestFile.text(directory.appendingPathComponent("board.json").path)
        let stopped = try UprightBinary.run(["calibrate", "--board", "board.json", "--sim", "poses.json"], directory: directory)
        #expect(stopped.status == 1)
        #expect(stopped.error == "upright calibrate: stopped after 2 of 6 poses; board.json not changed\n")
        #expect(try TestFile.text(directory.appendingPathComponent("board.json").path) == original)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("board.json.bak").path))

        let poses = try UprightBinary.run(["calibrate", "--board", "board.json", "--sim", "poses.json", "--poses", "7"], directory: directory)
        #expect(poses.status == 2)
        #expect(poses.error.hasPrefix("upright calibrate: option '--poses': 7 is not 2 to 6\n"))

        try Data("{\n  \"sensor\": {,\n}\n".utf8).write(to: directory.appendingPathComponent("broken.json"))
        let broken = try UprightBinary.run(["calibrate", "--board", "broken.json", "--sim", "poses.json"], directory: directory)
        #expect(broken.status == 2)
        #expect(broken.error == "upright calibrate: broken.json:2:14: expected a key in quotes\n")
    }
}
