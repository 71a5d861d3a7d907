/// Why an I2C transaction failed. Kinds follow embedded-hal's `ErrorKind`, so a driver can
/// decide what is worth retrying without knowing the adapter.
public enum I2CError: Error, Equatable, Sendable {
    /// Nobody acknowledged the address or a data byte (Linux: ENXIO, or EREMOTEIO on a Pi).
    case noAcknowledge
    /// The transaction did not complete in time (Linux: ETIMEDOUT).
    case timeout
    /// Another master won arbitration (Linux: EAGAIN).
    case arbitrationLost
    /// An unspecified bus or I/O error (Linux: EIO).
    case bus
    /// The adapter cannot do this kind of transaction (e.g. a read longer than it allows).
    case unsupported
    /// The bus is gone or was never opened (unplugged adapter, closed descriptor).
    case unavailable
    /// Anything else, with the platform's error code (errno on Linux).
    case other(code: Int32)
}
