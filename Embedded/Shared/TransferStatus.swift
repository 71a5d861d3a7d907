import UprightCore

/// The outcome byte of a recorded transfer (docs/mcu.md, "Bus inputs"): 0 when it completed,
/// else the `I2CError` it failed with.
public enum TransferStatus {
    public static let doneCode: UInt8 = 0
    public static let otherCode: UInt8 = 7

    /// The status byte for a transfer that failed with `error`.
    public static func status(for error: I2CError) -> (status: UInt8, code: Int32) {
        switch error {
        case .noAcknowledge: (1, 0)
        case .timeout: (2, 0)
        case .arbitrationLost: (3, 0)
        case .bus: (4, 0)
        case .unsupported: (5, 0)
        case .unavailable: (6, 0)
        case .other(let code): (otherCode, code)
        }
    }

    /// The error a status byte stands for; nil for a transfer that completed (or an unknown
    /// status, which is treated as a bus error so it cannot pass for data).
    public static func error(status: UInt8, code: Int32) -> I2CError? {
        switch status {
        case doneCode: nil
        case 1: .noAcknowledge
        case 2: .timeout
        case 3: .arbitrationLost
        case 4: .bus
        case 5: .unsupported
        case 6: .unavailable
        case otherCode: .other(code: code)
        default: .bus
        }
    }
}
