/// Why the firmware could not start or had to stop, as one line for the terminal.
public struct FirmwareError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The board file asks for something this build cannot do (exit 2, like a bad file).
        case badBoard
        /// A device is missing, refused or broken (exit 1).
        case device
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    public static func device(_ error: LinuxDeviceError) -> FirmwareError {
        FirmwareError(.device, error.description)
    }
}
