import UprightHost

/// A scenario file that cannot be used, with where: `FILE: motion[2].angle: ...` for a bad
/// value, `FILE:3:14: ...` for a syntax error, `FILE: ...` for an unreadable file.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name as the user gave it (`<demo>` for the built-in demo).
    public var file: String
    /// 1-based line and column of a syntax error; nil for errors found after parsing.
    public var line: Int?
    public var column: Int?
    /// The key path of the offending value (`motion[2].angle`); empty when not about a key.
    public var path: String
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, path: String = "", message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    init(file: String, _ error: ConfigError) {
        self.init(file: file, path: error.path, message: error.message)
    }

    init(file: String, _ error: JSONSyntaxError) {
        self.init(file: file, line: error.line, column: error.column, message: error.message)
    }

    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(message)" }
        return path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}
