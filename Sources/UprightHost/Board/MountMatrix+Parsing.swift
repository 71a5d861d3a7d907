import UprightCore

// Text parsing of mount matrices lives on the hosted side: board files are read there, and
// a microcontroller build constructs its matrix from rows (saves about 1.5 KB of flash).

extension MountMatrix {
    /// Parses the iio-sensor-proxy text form.
    public init(parsing text: some StringProtocol) throws(MountMatrixError) {
        var scanner = NumberScanner(text)
        var values: (Float, Float, Float, Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        for index in 0..<9 {
            scanner.skipSpaces()
            guard let value = scanner.number() else {
                throw scanner.atEnd ? .tooFewElements(found: index) : .notANumber(column: scanner.column)
            }
            withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: value, toByteOffset: index * 4, as: Float.self) }
            scanner.skipSpaces()
            if index == 8 { break }
            let separator: UInt8 = index % 3 == 2 ? UInt8(ascii: ";") : UInt8(ascii: ",")
            guard let byte = scanner.peek() else { throw .tooFewElements(found: index + 1) }
            guard byte == separator else {
                throw index % 3 == 2 && byte == UInt8(ascii: ",") ? .wrongRowLength(row: index / 3) : .unexpectedCharacter(column: scanner.column)
            }
            scanner.advance()
        }
        scanner.skipSpaces()
        if let byte = scanner.peek() {
            throw byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") ? .tooManyElements : .unexpectedCharacter(column: scanner.column)
        }
        try self.init(
            rows: Vector3(x: values.0, y: values.1, z: values.2),
            Vector3(x: values.3, y: values.4, z: values.5),
            Vector3(x: values.6, y: values.7, z: values.8))
    }
}

/// A tiny decimal scanner over UTF-8 (strict: no locale, no hex floats, no "inf"/"nan").
struct NumberScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: some StringProtocol) { bytes = Array(text.utf8) }

    var atEnd: Bool { index >= bytes.count }
    var column: Int { index + 1 }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
    mutating func advance() { index += 1 }

    mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { advance() }
    }

    /// `[+-]digits[.digits][(e|E)[+-]digits]`; nil (and no progress) if none is here.
    mutating func number() -> Float? {
        let start = index
        var negative = false
        if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            advance()
        }
        var mantissa: Double = 0
        var digits = 0
        while let byte = peek(), byte >= 48, byte <= 57 {
            mantissa = mantissa * 10 + Double(byte - 48)
            digits += 1
            advance()
        }
        var scale: Double = 1
        if peek() == UInt8(ascii: ".") {
            advance()
            while let byte = peek(), byte >= 48, byte <= 57 {
                mantissa = mantissa * 10 + Double(byte - 48)
                scale *= 10
                digits += 1
                advance()
            }
        }
        guard digits > 0, digits <= 30 else {
            index = start
            return nil
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            advance()
            var exponentNegative = false
            if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                exponentNegative = sign == UInt8(ascii: "-")
                advance()
            }
            var exponent = 0
            var exponentDigits = 0
            while let byte = peek(), byte >= 48, byte <= 57, exponentDigits < 3 {
                exponent = exponent * 10 + Int(byte - 48)
                exponentDigits += 1
                advance()
            }
            guard exponentDigits > 0 else {
                index = start
                return nil
            }
            for _ in 0..<exponent {
                if exponentNegative { scale *= 10 } else { scale /= 10 }
            }
        }
        let value = Float(mantissa / scale)
        return negative ? -value : value
    }
}
