import UprightCore

/// An `I2CBus` with simulated chips attached at 7-bit addresses. An address with no chip (or
/// an unplugged one) does not acknowledge. Every transaction is counted in `stats` (bytes and
/// conditions on the wire), and an optional `FaultInjector` disturbs the traffic reproducibly.
public final class SimBus: I2CBus {
    public var capabilities: I2CCapabilities
    public let clock: SimClock
    /// Wire accounting since creation (take differences of snapshots to measure an interval).
    public private(set) var stats = WireStats()
    /// Seeded bus and chip faults; nil for a clean bus.
    public var faults: FaultInjector?

    private var devices: [(any SimI2CDevice)?] = Array(repeating: nil, count: 128)
    private var unpluggedUntil: [Instant?] = Array(repeating: nil, count: 128)

    public init(clock: SimClock, capabilities: I2CCapabilities = .combined) {
        self.clock = clock
        self.capabilities = capabilities
    }

    public func attach(_ device: any SimI2CDevice, at address: UInt8) {
        devices[Int(address & 0x7F)] = device
    }

    public func detach(at address: UInt8) {
        devices[Int(address & 0x7F)] = nil
    }

    public func device(at address: UInt8) -> (any SimI2CDevice)? {
        devices[Int(address & 0x7F)]
    }

    /// The chip at `address` stops acknowledging until `until` (a loose wire), then answers
    /// again with its registers reset (it lost power while unplugged).
    public func unplug(address: UInt8, until: Instant) {
        unpluggedUntil[Int(address & 0x7F)] = until
    }

    public func resetStats() { stats = WireStats() }

    public func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        let now = clock.now
        faults?.applyScheduledFaults(now: now, bus: self)
        let index = Int(address & 0x7F)
        if let until = unpluggedUntil[index] {
            if now < until {
                stats.record(writeCount: write.count, readCount: read.count, acknowledged: false)
                throw .noAcknowledge
            }
            unpluggedUntil[index] = nil
            devices[index]?.powerCycle(now: now)
        }
        guard address < 0x80, let device = devices[index] else {
            stats.record(writeCount: write.count, readCount: read.count, acknowledged: false)
            throw .noAcknowledge
        }
        if let fault = faults?.drawTransferFault(now: now) {
            stats.record(writeCount: write.count, readCount: read.count, acknowledged: false)
            throw fault
        }
        device.transfer(write: write, read: read, now: now)
        stats.record(writeCount: write.count, readCount: read.count, acknowledged: true)
        faults?.maybeFlipBit(in: read, now: now)
    }
}
