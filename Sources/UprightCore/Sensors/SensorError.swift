/// Why a sensor operation failed. Bus failures keep their kind, so the caller can tell a
/// missing chip (no-acknowledge) from a noisy wire; the driver stays usable after any of them.
public enum SensorError: Error, Equatable, Sendable {
    /// The bus transaction failed; the driver state is unchanged and a later call may succeed.
    case bus(I2CError)
    /// The identity register at `address` read `value`, which is no part this driver knows.
    case unknownDevice(address: UInt8, value: UInt8)
    /// The adapter cannot read even one whole sample in a transaction.
    case adapterTooSmall(maximumReadBytes: Int)
}
