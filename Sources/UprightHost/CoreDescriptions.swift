import UprightCore

// Human-readable text for the core's types. It lives here, not in UprightCore, because
// String interpolation and formatting cost several KB of flash in an Embedded image.

extension Orientation: CustomStringConvertible {
    public var description: String { String(describing: name) }
}

extension UprightOrientation: CustomStringConvertible {
    public var description: String { String(describing: name) }
}

extension Optional where Wrapped == UprightOrientation {
    /// A latch's name in the records (**contract**, docs/events.md): the orientation's, or
    /// `unknown` when no upright orientation was decided when it was ordered.
    public var latchName: String { map(\.description) ?? UprightOrientation.unknownName }
}

extension UprightOrientation {
    /// What a record says of a latch with no orientation (`Latch`): `unknown`.
    public static let unknownName = "unknown"

    /// The latch named `name`: `.some(nil)` for `unknown`, nil for a name that is not a latch.
    public static func latch(named name: String) -> UprightOrientation?? {
        name == unknownName ? .some(nil) : UprightOrientation(name: name).map { .some($0) }
    }
}

extension MountMatrixError {
    public var message: String {
        switch self {
        case .tooFewElements(let found): "expected 9 numbers (3 rows of 3), found \(found)"
        case .tooManyElements: "more than 9 numbers (3 rows of 3)"
        case .wrongRowLength(let row): "row \(row + 1) has more than 3 numbers"
        case .notANumber(let column): "not a number at column \(column)"
        case .unexpectedCharacter(let column): "unexpected character at column \(column) (rows are separated by ';', numbers by ',')"
        case .singular: "the matrix is singular (determinant near 0): it must be a rotation or reflection"
        }
    }
}

extension I2CError {
    /// A short lower-case phrase for logs and journals.
    public var message: String {
        switch self {
        case .noAcknowledge: "no acknowledge"
        case .timeout: "timeout"
        case .arbitrationLost: "arbitration lost"
        case .bus: "bus error"
        case .unsupported: "unsupported transfer"
        case .unavailable: "bus unavailable"
        case .other(let code): "error \(code)"
        }
    }
}
