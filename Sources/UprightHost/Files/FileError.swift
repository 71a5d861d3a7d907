/// A file operation that failed, with the path and the system's reason.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    /// The errno, when a system call failed.
    public var code: Int32?

    public init(path: String, message: String, code: Int32? = nil) {
        self.path = path
        self.message = message
        self.code = code
    }

    public var description: String { "\(path): \(message)" }
}
