import FoundationEssentials
import Testing
import UprightCore
@testable import UprightHost

@Suite struct BoardFileEditorTests {
    static let matrix = BoardFileEditor.Edit(key: "mount_matrix", valueText: #""0, -1, 0; -1, 0, 0; 0, 0, -1""#)
    static let offset = BoardFileEditor.Edit(key: "offset_g", valueText: "[0.200, -0.250, 0.230]")

    static func edited(_ text: String, _ edits: [BoardFileEditor.Edit] = [matrix, offset]) throws -> String {
        String(decoding: try BoardFileEditor.apply(edits, to: Array(text.utf8), file: "b.json"), as: UTF8.self)
    }

    /// The shipped layout: the matrix replaced where it stands, the offsets added after it with
    /// its indentation; every other line kept byte for byte.
    @Test func replacesInPlaceAndInsertsAfterTheLastMember() throws {
        let text = """
            {
              "name": "x",
              "sensor": {
                "kind": "mpu6050",
                "mount_matrix": "1, 0, 0; 0, 1, 0; 0, 0, 1"
              },
              "camera": { "backend": "simulated" },
              "output": { "directory": "o" }
            }

            """
        #expect(
            try Self.edited(text) == """
                {
                  "name": "x",
                  "sensor": {
                    "kind": "mpu6050",
                    "mount_matrix": "0, -1, 0; -1, 0, 0; 0, 0, -1",
                    "offset_g": [0.200, -0.250, 0.230]
                  },
                  "camera": { "backend": "simulated" },
                  "output": { "directory": "o" }
                }

                """)
        // Run again: both now replaced in place.
        let again = try Self.edited(try Self.edited(text), [BoardFileEditor.Edit(key: "offset_g", valueText: "[0.000, 0.000, 0.010]")])
        #expect(again.contains(#""offset_g": [0.000, 0.000, 0.010]"#) && again.components(separatedBy: "offset_g").count == 2)
    }

    @Test func oneLineAndEmptySectionsAndCRLF() throws {
        #expect(
            try Self.edited(#"{"sensor": {"kind": "adxl345"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#)
                == #"{"sensor": {"kind": "adxl345", "mount_matrix": "0, -1, 0; -1, 0, 0; 0, 0, -1", "offset_g": [0.200, -0.250, 0.230]}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#
        )
        #expect(
            try Self.edited(#"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#, [Self.offset])
                == #"{"sensor": {"offset_g": [0.200, -0.250, 0.230]}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#)
        let crlf =
            "\u{FEFF}{\r\n  \"sensor\": {\r\n    \"kind\": \"mpu6050\"\r\n  },\r\n  \"camera\": {\"backend\": \"simulated\"},\r\n  \"output\": {\"directory\": \"o\"}\r\n}\r\n"
        #expect(
            try Self.edited(crlf, [Self.offset])
                == "\u{FEFF}{\r\n  \"sensor\": {\r\n    \"kind\": \"mpu6050\",\r\n    \"offset_g\": [0.200, -0.250, 0.230]\r\n  },\r\n  \"camera\": {\"backend\": \"simulated\"},\r\n  \"output\": {\"directory\": \"o\"}\r\n}\r\n"
        )
    }

    /// Strings holding braces, escaped quotes and a nested `sensor` key elsewhere do not confuse it.
    @Test func onlyTheRootSensorSectionIsTouched() throws {
        let text =
            #"{"name": "a \"sensor\": {} }", "detector": {}, "sensor": {"kind": "auto", "mount_matrix": "1,0,0;0,1,0;0,0,1"}, "camera": {"backend": "simulated"}, "output": {"directory": "{sensor}"}}"#
        #expect(
            try Self.edited(text, [Self.matrix])
                == #"{"name": "a \"sensor\": {} }", "detector": {}, "sensor": {"kind": "auto", "mount_matrix": "0, -1, 0; -1, 0, 0; 0, 0, -1"}, "camera": {"backend": "simulated"}, "output": {"directory": "{sensor}"}}"#
        )
    }

    @Test func refusesWhatDoesNotParseOrWouldNotLoad() {
        #expect(throws: BoardError(file: "b.json", line: 2, column: 1, message: "unexpected end of file in an object (not changed)")) {
            try Self.edited("{\"sensor\": {}\n")
        }
        #expect(
            throws: BoardError(
                file: "b.json",
                message:
                    "the edited file would not load (sensor.offset_g[0]: 0.9 g is not a plausible zero-g offset (at most 0.5 g per axis: check sensor.range_g, or run upright calibrate again)); nothing written"
            )
        ) {
            try Self.edited(
                #"{"sensor": {}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#,
                [BoardFileEditor.Edit(key: "offset_g", valueText: "[0.9, 0, 0]")])
        }
    }

    /// On disk: the old text goes to FILE.bak, the new replaces FILE (through a symbolic link
    /// to it), both atomically; a file that does not parse is left alone with no backup.
    @Test func rewriteKeepsABackup() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-editor-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let old = #"{"sensor": {"kind": "mpu6050"}, "camera": {"backend": "simulated"}, "output": {"directory": "o"}}"#
        try AtomicFile.write(Array(old.utf8), to: directory + "/b.json")
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.json", withDestinationPath: directory + "/b.json")
        let backup = try BoardFileEditor.rewrite(directory + "/link.json", with: [Self.offset])
        #expect(backup == directory + "/b.json.bak")
        #expect(String(decoding: try POSIXFile.readAll(backup, limit: 1000), as: UTF8.self) == old)
        let board = try Board.load(path: directory + "/link.json")
        #expect(board.sensor.offsetG == Vector3(x: 0.2, y: -0.25, z: 0.23))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.json") == directory + "/b.json")

        try AtomicFile.write(Array("{\"sensor\": ".utf8), to: directory + "/bad.json")
        #expect(throws: BoardError.self) { try BoardFileEditor.rewrite(directory + "/bad.json", with: [Self.offset]) }
        #expect(!FileManager.default.fileExists(atPath: directory + "/bad.json.bak"))
    }
}
