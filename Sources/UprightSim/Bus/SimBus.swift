import UprightCore

/// An `I2CBus` with simulated chips attached at 7-bit addresses. An address with no chip (or
/// an unplugged one) does not acknowledge. Every transaction is counted in `stats` (bytes and
/// conditions on the wire), and an optional `FaultInjector` disturbs the traffic reproducibly.
public final class SimBus: I2CBus {
    public var capabilities: I2CCapabilities
    public let clock: SimClock
    /// Wire accounting since creation (take differences of snapshots to measure an interval).
    /// Updated on every transfer of the single-threaded simulation: unchecked exclusivity
    /// spares a runtime access-tracking call each time.
    @exclusivity(unchecked) public private(set) var stats = WireStats()
    /// Seeded bus and chip faults; nil for a clean bus (read on every transfer: unchecked).
    @exclusivity(unchecked) public var faults: FaultInjector?

    /// One slot per 7-bit address, in a raw allocation: every transaction looks its device
    /// up, and array accesses on a class pay copy-on-write and exclusivity checks.
    private let slots = UnsafeMutablePointer<Slot>.allocate(capacity: 128)

    private struct Slot {
        var device: (any SimI2CDevice)?
        var unpluggedUntil: Instant?
    }

    public init(clock: SimClock, capabilities: I2CCapabilities = .combined) {
        self.clock = clock
        self.capabilities = capabilities
        slots.initialize(repeating: Slot(device: nil, unpluggedUntil: nil), count: 128)
    }

    deinit {
        slots.deinitialize(count: 128)
        slots.deallocate()
    }

    public func attach(_ device: any SimI2CDevice, at address: UInt8) {
        slots[Int(address & 0x7F)].device = device
    }

    public func detach(at address: UInt8) {
        slots[Int(address & 0x7F)].device = nil
    }

    public func device(at address: UInt8) -> (any SimI2CDevice)? {
        slots[Int(address & 0x7F)].device
    }

    /// The chip at `address` stops acknowledging until `until` (a loose wire), then answers
    /// again with its registers reset (it lost power while unplugged).
    /// `fault` happens to the chip at `address` at `now`: the one place every chip fault is
    /// applied (a scenario's, the soak's, a `FaultPlan`'s).
    public func apply(_ fault: ChipFault, toChipAt address: UInt8, at now: Instant) {
        switch fault {
        case .powerGlitch: device(at: address)?.powerCycle(now: now)
        case .unplug(let duration): unplug(address: address, until: now + duration)
        case .stuckData(let duration): device(at: address)?.freezeData(now: now, until: now + duration)
        }
    }

    public func unplug(address: UInt8, until: Instant) {
        slots[Int(address & 0x7F)].unpluggedUntil = until
    }

    public func resetStats() { stats = WireStats() }

    public func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        let now = clock.now
        faults?.applyScheduledFaults(now: now, bus: self)
        let index = Int(address & 0x7F)
        if let until = slots[index].unpluggedUntil {
            if now < until {
                stats.record(writeCount: write.count, readCount: read.count, acknowledged: false)
                throw .noAcknowledge
            }
            slots[index].unpluggedUntil = nil
            slots[index].device?.powerCycle(now: now)
        }
        guard address < 0x80, let device = slots[index].device else {
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
