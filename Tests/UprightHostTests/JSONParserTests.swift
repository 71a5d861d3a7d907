import Testing
import UprightHost

@Suite struct JSONParserTests {
    @Test func parsesNestedDocumentInOrder() throws {
        let value = try JSONParser.parse(#"{"b": [1, -2.5e1, true, null], "a": {"s": "x\u00e9\n"}}"#)
        #expect(
            value
                == .object([
                    JSONMember(key: "b", value: .array([.number(1), .number(-25), .bool(true), .null])),
                    JSONMember(key: "a", value: .object([JSONMember(key: "s", value: .string("x\u{e9}\n"))])),
                ]))
    }

    @Test func surrogatePairs() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("\u{1F600}"))
    }

    /// Windows editors start a UTF-8 file with a byte-order mark and end lines with CRLF:
    /// both are accepted (RFC 8259 section 8.1), and positions count from after the mark.
    @Test func byteOrderMarkAndCRLF() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(
            try JSONParser.parse(bom + Array("{\r\n  \"a\": [1,\r\n 2]\r\n}\r\n".utf8))
                == .object([JSONMember(key: "a", value: .array([.number(1), .number(2)]))]))
        func message(_ bytes: [UInt8]) -> String? {
            do {
                _ = try JSONParser.parse(bytes)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message(bom + Array("[1] x".utf8)) == "1:5: unexpected text after the JSON value")
        #expect(message(bom + Array("{\r\n  \"a\": x}".utf8)) == "2:8: expected a value")
        // Only at the very start: a second mark, or one after whitespace, is not JSON.
        #expect(message(bom + bom + Array("1".utf8)) == "1:1: expected a value")
        #expect(message([0x20] + bom + Array("1".utf8)) == "1:2: expected a value")
    }

    @Test(arguments: [
        ("", "1:1: empty document"),
        ("{", "1:2: expected a key in quotes"),
        ("{\"a\": 1,}", "1:9: expected a key in quotes"),
        ("{\"a\": 1, \"a\": 2}", "1:10: duplicate key \"a\""),
        ("[1, 2", "1:6: unexpected end of file in an array"),
        ("{\n  \"rate\": 01\n}", "2:11: invalid number (leading zero)"),
        ("{\n  \"rate\": NaN\n}", "2:11: expected a value"),
        ("[1] x", "1:5: unexpected text after the JSON value"),
        ("\"abc", "1:5: unterminated string"),
        ("\"\\x\"", "1:3: invalid escape in a string"),
        ("\"\\ud800\"", "1:8: unpaired surrogate in \\u escape"),
        ("1e999", "1:1: number out of range"),
    ])
    func reportsLineAndColumn(text: String, expected: String) {
        #expect(throws: (any Error).self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func depthIsBounded() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(fine) }
    }
}

@Suite struct JSONObjectReaderTests {
    @Test func typedAccessWithPaths() throws {
        let root = try JSONObjectReader(JSONParser.parse(#"{"sensor": {"rate": 7000, "kind": "mpu6050"}, "name": 3}"#))
        let sensor = try root.requiredObject("sensor")
        #expect(throws: ConfigError(path: "sensor.rate", message: "7000 is out of range (4..1000)")) {
            try sensor.integer("rate", in: 4...1000)
        }
        #expect(try sensor.choice("kind", ["mpu6050", "adxl345"]) == "mpu6050")
        #expect(throws: ConfigError(path: "name", message: "expected a string, found a number")) { try root.string("name") }
        #expect(throws: ConfigError(path: "missing", message: "missing (required)")) { try root.requiredString("missing") }
    }

    @Test func unknownKeysAreRefused() throws {
        let root = try JSONObjectReader(JSONParser.parse(#"{"rate": 100, "raet": 200}"#))
        _ = try root.integer("rate")
        #expect(throws: ConfigError(path: "raet", message: "unknown key")) { try root.finish() }
    }

    @Test func integersMustBeWhole() throws {
        let root = try JSONObjectReader(JSONParser.parse(#"{"n": 1.5}"#))
        #expect(throws: ConfigError(path: "n", message: "1.5 is not an integer")) { try root.integer("n") }
    }

    @Test func arraysOfObjectsCarryIndexInPath() throws {
        let root = try JSONObjectReader(JSONParser.parse(#"{"steps": [{"t": 1}, 5]}"#))
        #expect(throws: ConfigError(path: "steps[1]", message: "expected an object, found a number")) { try root.objects("steps") }
    }
}

@Suite struct JSONWriterTests {
    @Test func writesFieldsInOrder() {
        var writer = JSONWriter()
        writer.field("t", seconds: .init(nanoseconds: 12_034_500_400))
        writer.field("event", "capture")
        writer.field("exif", 6)
        writer.field("stale", false)
        writer.field("note", "a \"quoted\"\n\u{1}")
        #expect(writer.finished == #"{"t":12.034500,"event":"capture","exif":6,"stale":false,"note":"a \"quoted\"\n\u0001"}"#)
    }

    @Test func formatsSeconds() {
        #expect(JSONWriter.formatSeconds(0) == "0.000000")
        #expect(JSONWriter.formatSeconds(999_999_999) == "1.000000")
        #expect(JSONWriter.formatSeconds(1_500) == "0.000002")
        #expect(JSONWriter.formatSeconds(-2_000_000_000) == "-2.000000")
    }
}
