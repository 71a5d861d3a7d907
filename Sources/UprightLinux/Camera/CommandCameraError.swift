import UprightHost

/// Why a camera command could not be started.
public enum CommandCameraError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value could not go into the template (a NUL byte).
    case template(TemplateError)
    case spawn(SpawnError)

    public var description: String {
        switch self {
        case .template(let error): "command argument \(error.index): \(error.message)"
        case .spawn(let error): "cannot start \(error.description)"
        }
    }
}
