/// The faults a soak injects, by kind: the report counts each, and every one but the
/// per-transaction bus errors has a recovery the soak waits for.
public enum SoakFaultKind: Int, CaseIterable, Sendable {
    /// A transaction not acknowledged, timed out, lost arbitration, or a read bit flipped
    /// (about 1% of all transactions while faults are on).
    case busError
    /// A brown-out: the chip comes back with its power-on register values.
    case chipReset
    /// The chip stops acknowledging, then answers again, reset.
    case unplug
    /// The chip's measurements freeze.
    case stuckData
    /// The sampling context stops draining the chip, so its FIFO overflows.
    case fifoOverflow
    /// The event loop stops taking samples from the ring, so the ring overwrites its oldest.
    case ringOverflow

    /// The report's name for the kind.
    public var name: String {
        switch self {
        case .busError: "bus error"
        case .chipReset: "chip reset"
        case .unplug: "unplug/replug"
        case .stuckData: "stuck data"
        case .fifoOverflow: "FIFO overflow"
        case .ringOverflow: "ring overflow"
        }
    }
}
