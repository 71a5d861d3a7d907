import Foundation
import Testing
import UprightTestSupport

/// `upright sim --realtime` with a board whose camera is real: the simulated sensor and button
/// drive the board's camera programs (here the rpicam stand-ins, Tests/CameraStandIn), as a
/// maker tries the camera before the IMU is wired.
@Suite struct SimRealCameraTests {
    static let standIn: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/CameraStandIn"
    }()

    /// boards/sim.json with the stand-ins for rpicam-still and rpicam-vid (opening in 100 ms,
    /// frames every 10 ms), ready 300 ms after a start.
    static func board(scratch: String) -> String {
        let environment = [
            "CAMERA_STAND_IN_OPEN_MS=100", "CAMERA_STAND_IN_FRAME_MS=10", "CAMERA_STAND_IN_WRITE_MS=10",
            "CAMERA_STAND_IN_LOCK=\(scratch)/camera.lock", "CAMERA_STAND_IN_LOG=\(scratch)/events.log",
        ]
        func argv(_ program: String, _ flags: [String]) -> String {
            let words = ["/usr/bin/env"] + environment + [standIn + "/" + program] + flags
            return "[" + words.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
        return """
            {
              "name": "sim.json with the rpicam stand-ins",
              "i2c": { "bus": 1, "speed_hz": 400000 },
              "sensor": { "kind": "mpu6050", "address": "0x68", "rate_hz": 1000, "range_g": 2, "filter_hz": 94, "read_mode": "fifo" },
              "shutter": { "debounce_ms": 30, "hold_ms": 1000 },
              "camera": {
                "backend": "command", "mode": "server", "ready_ms": 300,
                "still": \(argv("rpicam-still", ["-t", "0", "--signal", "--nopreview", "-o", "{file}"])),
                "video": \(argv("rpicam-vid", ["-t", "0", "--nopreview", "-o", "{file}"]))
              },
              "output": { "directory": "upright-out", "journal": "upright-out/journal.ndjson" }
            }
            """
    }

    /// A photo in portrait (left-up), then a clip held in landscape and stopped by a press.
    static let scenario = """
        {
          "description": "the board's camera programs, the simulated sensor and button",
          "board": "board.json",
          "duration": 7,
          "motion": [ { "t": 0, "angle": 90 }, { "t": 3, "angle": 90 }, { "t": 3.5, "angle": 0 } ],
          "button": { "actions": [ { "t": 1.5, "action": "hold", "duration": 0.1 }, { "t": 4, "action": "hold", "duration": 1.3 },
                                   { "t": 6.2, "action": "hold", "duration": 0.1 } ] },
          "expect": { "captures": 1, "latched": [ { "capture": 1, "orientation": "left-up" } ] }
        }
        """

    @Test func theBoardsCameraTakesThePhotoAndTheClip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-sim-camera-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(Self.board(scratch: directory.path).utf8).write(to: directory.appendingPathComponent("board.json"))
        try Data(Self.scenario.utf8).write(to: directory.appendingPathComponent("s.json"))
        let result = try UprightBinary.run(["sim", "s.json", "--realtime", "--json"], directory: directory)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.contains { $0.contains(#""event":"capture","orientation":"left-up","exif":6,"shot":1,"file":"IMG_0001.jpg""#) }, "\(lines)")
        #expect(lines.contains { $0.contains(#""event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":1"#) }, "\(lines)")
        #expect(
            lines.contains { $0.contains(#""event":"record-stop","orientation":"normal","clip":1"#) && $0.contains(#""file":"CLIP_0001.mp4""#) },
            "\(lines)")
        // The stand-in's JPEG, named by the session with the latched orientation; its MP4.
        let photo = try TestFile.bytes(directory.appendingPathComponent("upright-out/IMG_0001.jpg").path)
        #expect(photo.prefix(2) == [0xFF, 0xD8])
        #expect(try ExternalTool.exiftool("Orientation", directory.appendingPathComponent("upright-out/IMG_0001.jpg").path) == "6")
        let clip = directory.appendingPathComponent("upright-out/CLIP_0001.mp4").path
        #expect(try ExternalTool.exiftool("Rotation", clip) == "0")
        // The firmware shut down at the end: no program of the stand-in's is left running.
        let log = try TestFile.text(directory.path + "/events.log")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/camera.lock"), "\(log)")
    }

    /// Without --realtime the simulated camera stands in, flat out, and says so.
    @Test func withoutRealtimeTheSimulatedCameraStandsIn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-sim-camera-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(Self.board(scratch: directory.path).utf8).write(to: directory.appendingPathComponent("board.json"))
        try Data(Self.scenario.utf8).write(to: directory.appendingPathComponent("s.json"))
        let result = try UprightBinary.run(["sim", "s.json", "--json"], directory: directory)
        #expect(result.status == 0)
        #expect(
            result.error
                == "upright sim: the board's command camera is run with --realtime only; the simulated camera stands in (its session rules are the same)\n"
        )
        #expect(result.out.contains(#""event":"capture","orientation":"left-up","exif":6,"shot":1,"file":"IMG_0001.jpg""#))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/events.log"))
    }
}
