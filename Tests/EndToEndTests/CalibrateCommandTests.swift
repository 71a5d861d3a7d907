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
        #expect(
            result.out.contains(
                "2 poses give the mount matrix (its third row by the right-hand rule, trusting pose 2 was on the side asked); no offsets"))
        #expect(result.out.contains("wrote sensor.mount_matrix into board.json"))
        let board = try Board.load(path: directory.appendingPathComponent("board.json").path)
        #expect(board.sensor.mountMatrix == (try MountMatrix(parsing: "0, -1, 0; -1, 0, 0; 0, 0, -1")))
        #expect(board.sensor.offsetG == .zero)
    }

    /// A chip glued off square (scenarios/calibrate-crooked.json: 15 degrees in the camera's
    /// plane, 5 out of it) on both chips: the written matrix is within a degree of the truth,
    /// and the output names the chip's angle apart from the holds.
    @Test(arguments: ["sim.json", "rpi4-adxl345.json"])
    func aCrookedChipIsWrittenAsItSits(board: String) throws {
        let text = try TestFile.text(Self.root.appendingPathComponent("scenarios/calibrate-crooked.json").path)
        let directory = try Self.scratch(board: board, scenario: text)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try UprightBinary.run(["calibrate", "--board", "board.json", "--sim", "poses.json"], directory: directory)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.out.contains("turned 15.0 degrees in the camera's plane (counter-clockwise seen from the back) and tilted 5.1 degrees out of it"))
        #expect(result.out.contains("warning: the chip sits 15.8 degrees off square in the camera"))
        let truth = Rotation(
            try MountMatrix(parsing: "0.257834, -0.965926, -0.022558; -0.962250, -0.258819, 0.084186; -0.087156, 0, -0.996195"))
        let written = Rotation(try Board.load(path: directory.appendingPathComponent("board.json").path).sensor.mountMatrix)
        #expect(written.degrees(to: truth) < 1, "\(written.degrees(to: truth))")
    }

    /// The crooked chip in docs/setup.md is this run's output, line for line where it shows one.
    @Test func theSetupPageShowsTheCrookedChipsOutput() throws {
        let text = try TestFile.text(Self.root.appendingPathComponent("scenarios/calibrate-crooked.json").path)
        let directory = try Self.scratch(board: "sim.json", scenario: text)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.moveItem(at: directory.appendingPathComponent("board.json"), to: directory.appendingPathComponent("my-camera.json"))
        let result = try UprightBinary.run(["calibrate", "--board", "my-camera.json", "--sim", "poses.json"], directory: directory)
        #expect(result.status == 0, "\(result.error)")
        let readme = try TestFile.text(Self.root.appendingPathComponent("docs/setup.md").path)
        guard let start = readme.range(of: "   upright calibrate --board my-camera.json --sim scenarios/calibrate-crooked.json\n"),
            let end = readme.range(of: "   ```", range: start.upperBound..<readme.endIndex)
        else {
            Issue.record("docs/setup.md has no crooked chip example")
            return
        }
        let shown = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map { $0.dropFirst(3) }.filter { $0 != "..." }
        let lines = result.out.split(separator: "\n")
        #expect(shown.count >= 10)
        for line in shown { #expect(lines.contains(Substring(line)), "docs/setup.md line not in the output: \(line)") }
    }

    /// Pose 2 on the wrong side (left-up where right-up was asked), then every pose as the
    /// prompts ask, the seventh being pose 2 again: the doubt is said at pose 3, pose 5
    /// settles it, pose 2 is asked for again and the true matrix written. Stopped before the
    /// seventh, nothing is written and the exit is 1.
    @Test func aPoseOnTheWrongSideEndsRightOrNotAtAll() throws {
        let motion = """
            {"duration": 31, "seed": 3,
             "sensor": {"mount_matrix": "0, -1, 0; -1, 0, 0; 0, 0, -1", "chip_bias": [0.21, -0.25, 0.24], "noise": 0.004},
             "motion": [{"t": 0, "angle": 0}, {"t": 3, "angle": 0}, {"t": 4.5, "angle": 90, "easing": "ease-in-out"}, {"t": 7.5, "angle": 90},
                        {"t": 9, "angle": 90, "tilt": 90, "easing": "ease-in-out"}, {"t": 12, "angle": 90, "tilt": 90},
                        {"t": 13.5, "angle": 180, "easing": "ease-in-out"}, {"t": 16.5, "angle": 180},
                        {"t": 18, "angle": 90, "easing": "ease-in-out"}, {"t": 21, "angle": 90},
                        {"t": 22.5, "angle": 90, "tilt": -90, "easing": "ease-in-out"},
                        {"t": 25.5, "angle": 90, "tilt": -90}, {"t": 27, "angle": -90, "easing": "ease-in-out"}]}
            """
        let directory = try Self.scratch(board: "sim.json", scenario: motion)
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try TestFile.text(directory.appendingPathComponent("board.json").path)
        let short = motion.replacingOccurrences(of: #""duration": 31"#, with: #""duration": 26"#)
            .replacingOccurrences(of: #", {"t": 27, "angle": -90, "easing": "ease-in-out"}"#, with: "")
        try Data(short.utf8).write(to: directory.appendingPathComponent("short.json"))
        let stopped = try UprightBinary.run(["calibrate", "--board", "board.json", "--sim", "short.json"], directory: directory)
        #expect(stopped.status == 1)
        #expect(stopped.error == "upright calibrate: stopped after 5 of 6 poses; board.json not changed\n")
        #expect(try TestFile.text(directory.appendingPathComponent("board.json").path) == original)

        let result = try UprightBinary.run(["calibrate", "--board", "board.json", "--sim", "poses.json"], directory: directory)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.out.contains(
                "  poses 1, 2 and 3 cannot all be as asked: together they are a mirror image (one was turned the other way: the left side for the right, or lens down for lens up); the next poses tell which"
            ))
        #expect(result.out.contains("  pose 2 was not right-up: by poses 1, 3, 4 and 5 the camera was left-up then; it is asked for again"))
        #expect(result.out.contains("pose 7 of 7 (again, for pose 2): put the camera on its left side (right edge up), and let it rest"))
        let board = try Board.load(path: directory.appendingPathComponent("board.json").path)
        #expect(board.sensor.mountMatrix == (try MountMatrix(parsing: "0, -1, 0; -1, 0, 0; 0, 0, -1")))
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
