/// A malformed trace: the line it was found on and what is wrong, printed by the CLI as
/// `FILE:LINE: message` (exit 2).
public struct TraceError: Error, Equatable, Sendable {
    /// 1-based line number in the file.
    public var line: Int
    public var message: String

    public init(line: Int, _ message: String) {
        self.line = line
        // Fields quoted from the trace may hold control characters: kept on one line.
        self.message = message.oneLine
    }

    /// `FILE:LINE: message`.
    public func located(in file: String) -> String { "\(file):\(line): \(message)" }
}
