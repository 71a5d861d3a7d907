import UprightCore
import UprightSim

/// A `SimBus` that does not acknowledge chosen register writes (pointer and value, as on the
/// wire), each a bounded number of times, and passes everything else through: the faults of
/// the demo's NACK burst, aimed at one write instead of drawn by chance.
final class WriteRefusingBus: I2CBus {
    let bus: SimBus
    /// Writes still to refuse: bytes written, and how many more times.
    private var refusals: [(write: [UInt8], remaining: Int)] = []
    private(set) var refused = 0

    init(_ bus: SimBus) { self.bus = bus }

    /// From now on, refuses the write of `bytes` the next `times` times it is attempted.
    func refuse(_ bytes: [UInt8], times: Int = 1) { refusals.append((bytes, times)) }

    var capabilities: I2CCapabilities { bus.capabilities }

    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        if read.isEmpty, let index = refusals.firstIndex(where: { $0.remaining > 0 && $0.write == Array(write) }) {
            refusals[index].remaining -= 1
            refused += 1
            throw .noAcknowledge
        }
        try bus.transfer(address: address, write: write, read: read)
    }
}
