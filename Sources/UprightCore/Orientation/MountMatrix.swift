/// Maps the chip's axes to the device frame: `device = M * chip`.
///
/// Same meaning and text form as Linux iio-sensor-proxy's `ACCEL_MOUNT_MATRIX`: three rows
/// separated by `;`, three numbers per row separated by `,`, row-major, e.g.
/// `"0, -1, 0; 1, 0, 0; 0, 0, 1"` for a chip rotated 90 degrees on the board.
public struct MountMatrix: Hashable, Sendable {
    /// The rows of the matrix: `device.x = row0 . chip`, and so on.
    public let row0: Vector3
    public let row1: Vector3
    public let row2: Vector3

    public static let identity = MountMatrix(unchecked: Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 1, z: 0), Vector3(x: 0, y: 0, z: 1))

    /// The smallest |determinant| accepted. A mount matrix is a rotation or reflection
    /// (|det| = 1), possibly scaled for calibration; anything near zero collapses an axis.
    public static let minimumDeterminant: Float = 0.01

    init(unchecked row0: Vector3, _ row1: Vector3, _ row2: Vector3) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
    }

    /// Builds a matrix from rows, refusing a singular one.
    public init(rows row0: Vector3, _ row1: Vector3, _ row2: Vector3) throws(MountMatrixError) {
        self.init(unchecked: row0, row1, row2)
        let det = determinant
        guard det.isFinite, abs(det) >= MountMatrix.minimumDeterminant else { throw .singular }
    }

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

    public var determinant: Float {
        let (a, b, c) = (row0, row1, row2)
        return a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) + a.z * (b.x * c.y - b.y * c.x)
    }

    /// `M * v`.
    @inlinable
    public func apply(_ v: Vector3) -> Vector3 {
        Vector3(
            x: row0.x * v.x + row0.y * v.y + row0.z * v.z,
            y: row1.x * v.x + row1.y * v.y + row1.z * v.z,
            z: row2.x * v.x + row2.y * v.y + row2.z * v.z)
    }

    /// The sample with acceleration and angular rate rotated into the device frame.
    @inlinable
    public func apply(_ sample: Sample) -> Sample {
        var out = sample
        out.accelerationG = apply(sample.accelerationG)
        if let rate = sample.angularRateDPS { out.angularRateDPS = apply(rate) }
        return out
    }
}

public enum MountMatrixError: Error, Equatable, Sendable {
    /// The text ended after `found` numbers; nine are needed.
    case tooFewElements(found: Int)
    /// More than nine numbers, or a fourth number in a row.
    case tooManyElements
    /// A row had more than three numbers (0-based row index).
    case wrongRowLength(row: Int)
    /// Something that is not a number where one was expected (1-based column).
    case notANumber(column: Int)
    /// A character other than `,` or `;` between numbers (1-based column).
    case unexpectedCharacter(column: Int)
    /// The determinant is (nearly) zero: an axis would be lost.
    case singular
}

/// A tiny decimal scanner over UTF-8: the core has no Foundation, and `Float(String)` is
/// not available under Embedded Swift.
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
