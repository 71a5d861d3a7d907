#if canImport(Glibc)
import Glibc
#endif
import UprightCore

extension I2CError {
    /// The kind of bus failure an i2c-dev call's errno stands for (Documentation/i2c/
    /// fault-codes.rst in the kernel).
    public init(errno code: Int32) {
        switch code {
        case ENXIO, EREMOTEIO:
            // No acknowledge: ENXIO from most adapters, EREMOTEIO from the Pi's (i2c-bcm2835).
            self = .noAcknowledge
        case ETIMEDOUT:
            self = .timeout
        case EAGAIN:
            // fault-codes.rst: "lost arbitration" on a multi-master bus.
            self = .arbitrationLost
        case EIO:
            self = .bus
        case EOPNOTSUPP, EPROTONOSUPPORT:
            self = .unsupported
        case EBADF, ENODEV:
            // The descriptor is closed, or the adapter went away (USB adapter unplugged).
            self = .unavailable
        default:
            self = .other(code: code)
        }
    }
}
