import UprightCore

/// Something that happens to a chip (not to one transaction).
public enum ChipFault: Equatable, Sendable {
    /// A brown-out: the chip resets to its power-on register values.
    case powerGlitch
    /// The chip stops acknowledging for `duration`, then comes back reset.
    case unplug(duration: TimeSpan)
    /// The measurements freeze for `duration` (registers and FIFO repeat one reading).
    case stuckData(duration: TimeSpan)
}

/// A chip fault planned at a virtual time.
public struct ScheduledChipFault: Equatable, Sendable {
    public var time: Instant
    public var address: UInt8
    public var fault: ChipFault

    public init(time: Instant, address: UInt8, fault: ChipFault) {
        self.time = time
        self.address = address
        self.fault = fault
    }
}

/// A fault that was injected, as reported to `FaultInjector.onFault`.
public enum InjectedFault: Equatable, Sendable {
    case noAcknowledge
    case timeout
    case arbitrationLost
    /// One bit of the read data inverted.
    case bitFlip(byteIndex: Int, bit: Int)
    case chip(address: UInt8, fault: ChipFault)
}
