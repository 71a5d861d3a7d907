/// Why a flash input cannot be run: each a fixed sentence, which the chip prints on an `X`
/// line (docs/mcu.md) and the host reports with the input's name.
public enum InputError: Error, Equatable {
    case noHeader
    case badMagic
    case unsupportedVersion
    case unknownKind
    case payloadTooLarge
    case checksumMismatch
    case truncated
    case badCall
    case badTransfer
    case empty

    public var message: StaticString {
        switch self {
        case .noHeader: "input: shorter than its header"
        case .badMagic: "input: no input at the input address (bad magic)"
        case .unsupportedVersion: "input: unsupported format version"
        case .unknownKind: "input: unknown kind"
        case .payloadTooLarge: "input: payload larger than the input region"
        case .checksumMismatch: "input: checksum mismatch (truncated or corrupted)"
        case .truncated: "input: a row or record runs past the end of the payload"
        case .badCall: "input: unknown call in a bus recording"
        case .badTransfer: "input: malformed transfer in a bus recording"
        case .empty: "input: no rows"
        }
    }
}
