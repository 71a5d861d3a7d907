/// libjpeg-turbo refused to set up or to compress (it says why: out of memory, bad
/// dimensions). One line for the user.
public struct JPEGCompressionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { "JPEG compression failed: \(message)" }
}
