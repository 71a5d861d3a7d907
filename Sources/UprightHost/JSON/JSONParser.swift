/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports `line:column` on error.
///
/// Written here because the board, scenario and journal files need exact positions and key
/// paths in their errors, and FoundationEssentials' decoders give neither. Bounded: nesting
/// depth and input size are limited, so a hostile file cannot exhaust the stack or memory.
public struct JSONParser {
    public static let maximumDepth = 64
    public static let maximumBytes = 16 << 20

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// Where the JSON text begins: 3 after a byte-order mark, else 0.
    private var textStart = 0

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        guard bytes.count <= maximumBytes else { throw parser.error("file is larger than \(maximumBytes >> 20) MiB") }
        // A UTF-8 byte-order mark (EF BB BF), which Windows editors write: RFC 8259 section
        // 8.1 lets a parser ignore it. Positions count from after it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            parser.index = 3
            parser.textStart = 3
        }
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw parser.error("empty document") }
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[textStart..<max(textStart, min(index, bytes.count))] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// One value at `index`: a case per JSON token (RFC 8259, section 3), kept in one switch so
    /// that each rule of the grammar is one case beside the others.
    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("expected a value") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("expected a value")
        }
        index += count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw error("nested deeper than \(JSONParser.maximumDepth) levels") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let keyStart = index
            let key = try string()
            if members.contains(where: { $0.key == key }) {
                index = keyStart
                throw error("duplicate key \(JSONWriter.quoted(key).oneLine)")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key: key, value: try value()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                break
            }
            if byte < 0x20 { throw error("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                scalars.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw error("unterminated string") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(code) {
                    throw error("unpaired surrogate in \\u escape")
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                scalars.append(contentsOf: String(Character(scalar)).utf8)
            default:
                index -= 1
                throw error("invalid escape in a string")
            }
        }
        guard let text = String(validating: scalars, as: UTF8.self) else { throw error("string is not valid UTF-8") }
        return text
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("short \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while parser.index < parser.bytes.count, parser.bytes[parser.index] >= 0x30, parser.bytes[parser.index] <= 0x39 {
                parser.index += 1
                count += 1
            }
            return count
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits(&self) > 0 else { throw error("invalid number") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            index = integerStart
            throw error("invalid number (leading zero)")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("invalid number (no digits after '.')") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("invalid number (no exponent digits)") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number out of range")
        }
        return value
    }
}

/// A JSON syntax error with its 1-based position.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(line):\(column): \(message)" }
}
