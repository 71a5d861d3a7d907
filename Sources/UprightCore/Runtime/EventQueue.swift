/// The runtime's bounded FIFO of events waiting to be run. Full means the event is refused;
/// the runtime turns that into an `eventsLost` event, never a silent drop.
public struct EventQueue: Sendable {
    /// The most events waiting; `append` refuses one more.
    public static let capacity = 16

    private var slots = InlineArray<16, MachineEvent>(repeating: .eventsLost)
    private var head = 0
    /// How many events are waiting.
    public private(set) var count = 0

    /// An empty queue.
    public init() {}

    /// True when no event is waiting.
    public var isEmpty: Bool { count == 0 }

    /// False when full (the event is not stored).
    public mutating func append(_ event: MachineEvent) -> Bool {
        guard count < EventQueue.capacity else { return false }
        slots[(head + count) % EventQueue.capacity] = event
        count += 1
        return true
    }

    /// Removes and returns the oldest event; nil when the queue is empty.
    public mutating func removeFirst() -> MachineEvent? {
        guard count > 0 else { return nil }
        let event = slots[head]
        head = (head + 1) % EventQueue.capacity
        count -= 1
        return event
    }
}
