/// A child process that could not be started (program not found, not executable, no memory).
public struct SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
    public var program: String
    public var message: String

    public var description: String { "\(program): \(message)" }
}
