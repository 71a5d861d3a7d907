import UprightCore

/// A simulated chip on a `SimBus`. The bus has already checked the address and decided that
/// the chip acknowledges; the device sees the written bytes, then fills the read bytes.
public protocol SimI2CDevice: AnyObject {
    /// One acknowledged transaction at virtual time `now`: `write` (register pointer, then
    /// values), repeated START, `read`.
    func transfer(write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer, now: Instant)
    /// A power glitch: every register back to its reset value, the FIFO emptied.
    func powerCycle(now: Instant)
    /// Stuck data: the measurements stop changing until `until`.
    func freezeData(now: Instant, until: Instant)
}
