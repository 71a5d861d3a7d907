import UprightCore

/// One `struct gpio_v2_line_event` read from a line's file descriptor (linux/gpio.h).
public struct GPIOEdgeEvent: Equatable, Sendable {
    public enum Edge: Hashable, Sendable {
        /// GPIO_V2_LINE_EVENT_RISING_EDGE (1): inactive to active (a press, when active-low).
        case rising
        /// GPIO_V2_LINE_EVENT_FALLING_EDGE (2): active to inactive.
        case falling
    }

    /// When the kernel saw the edge, on CLOCK_MONOTONIC.
    public var time: Instant
    public var edge: Edge
    /// The line's offset on its chip.
    public var offset: UInt32
    /// Sequence number over all lines of the request, and of this line (gaps mean the kernel's
    /// event buffer overflowed).
    public var sequence: UInt32
    public var lineSequence: UInt32

    public init(time: Instant, edge: Edge, offset: UInt32, sequence: UInt32, lineSequence: UInt32) {
        self.time = time
        self.edge = edge
        self.offset = offset
        self.sequence = sequence
        self.lineSequence = lineSequence
    }

    /// sizeof(struct gpio_v2_line_event): u64 timestamp_ns, u32 id, offset, seqno, line_seqno,
    /// u32 padding[6].
    public static let byteCount = 48

    /// Decodes one record (native byte order, as the kernel writes it); nil for a short record
    /// or an unknown event id.
    public init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= Self.byteCount else { return nil }
        let timestamp = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        let id = bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
        switch id {
        case 1: edge = .rising
        case 2: edge = .falling
        default: return nil
        }
        time = Instant(nanoseconds: Int64(truncatingIfNeeded: timestamp))
        offset = bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self)
        sequence = bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self)
        lineSequence = bytes.loadUnaligned(fromByteOffset: 20, as: UInt32.self)
    }
}
