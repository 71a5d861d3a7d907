/// A chip FIFO of fixed depth in bytes that overwrites its oldest byte when full (the
/// MPU-6050's behaviour, RM 4.17 FIFO_OFLOW_INT) and remembers that it did.
struct ByteFIFO {
    private var storage: [UInt8]
    private var head = 0
    private(set) var count = 0
    /// Set when a byte was overwritten; cleared by `takeOverflow`.
    private(set) var overflowed = false

    init(capacity: Int) { storage = Array(repeating: 0, count: max(1, capacity)) }

    var capacity: Int { storage.count }

    mutating func clear() {
        head = 0
        count = 0
    }

    mutating func push(_ byte: UInt8) {
        if count == storage.count {
            head = head + 1 == storage.count ? 0 : head + 1
            count -= 1
            overflowed = true
        }
        var tail = head + count
        if tail >= storage.count { tail -= storage.count }
        storage[tail] = byte
        count += 1
    }

    mutating func pop() -> UInt8? {
        guard count > 0 else { return nil }
        let byte = storage[head]
        head = head + 1 == storage.count ? 0 : head + 1
        count -= 1
        return byte
    }

    mutating func takeOverflow() -> Bool {
        defer { overflowed = false }
        return overflowed
    }
}
