/// Why a simulation could not start: a board value the simulator cannot use (named by its key,
/// e.g. `detector.settle_ms`), or an output file that cannot be opened (named by its path).
public struct SimulationError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// Bad input: the board file (exit 2).
        case board
        /// The output directory or journal (exit 1).
        case output
    }

    public var kind: Kind
    /// The board key path, or the file path.
    public var path: String
    public var message: String

    public init(kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
