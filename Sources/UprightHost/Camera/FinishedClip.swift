/// A clip under its final name: its path, and the rotation it is owed when its matrix could not
/// be written (nil: it has it).
public struct FinishedClip: Equatable, Sendable {
    public var path: String
    public var owedRotation: OwedRotation?

    public init(path: String, owedRotation: OwedRotation? = nil) {
        self.path = path
        self.owedRotation = owedRotation
    }
}
