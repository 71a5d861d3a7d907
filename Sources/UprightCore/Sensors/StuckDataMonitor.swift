/// Counts identical raw accelerometer readings in a row. A live sensor's readings carry
/// several LSB of noise, so a long run of identical bytes means frozen data registers (a chip
/// asleep after a brown-out, or a wedged part).
struct StuckDataMonitor: Sendable {
    var limit: Int
    private var last: (UInt32, UInt16) = (0, 0)
    private var run = 0

    init(limit: Int) { self.limit = limit }

    mutating func reset() { run = 0 }

    /// Feeds the six accelerometer bytes at `offset`; true once the run reaches the limit.
    mutating func isStuck(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard limit > 0 else { return false }
        let head = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        let tail = UInt16(bytes[offset + 4]) | UInt16(bytes[offset + 5]) << 8
        if head == last.0 && tail == last.1 {
            run += 1
        } else {
            last = (head, tail)
            run = 0
        }
        return run >= limit
    }
}
