/// A chip FIFO of fixed depth in bytes that overwrites its oldest byte when full (the
/// MPU-6050's behaviour, RM 4.31; INT_STATUS FIFO_OFLOW_INT, RM 4.16) and remembers that it did.
///
/// Storage is a raw allocation owned by the chip model (`deallocate()` from its deinit): the
/// simulator pushes millions of bytes per second through it, and array copy-on-write and
/// exclusivity checks per byte cost more than the rest of the chip model.
struct ByteFIFO {
    private let storage: UnsafeMutablePointer<UInt8>
    let capacity: Int
    private var head = 0
    private(set) var count = 0
    /// Set when a byte was overwritten; cleared by `takeOverflow`.
    private(set) var overflowed = false

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage = .allocate(capacity: self.capacity)
        storage.initialize(repeating: 0, count: self.capacity)
    }

    func deallocate() { storage.deallocate() }

    mutating func clear() {
        head = 0
        count = 0
    }

    mutating func push(_ byte: UInt8) {
        if count == capacity {
            head = head + 1 == capacity ? 0 : head + 1
            count -= 1
            overflowed = true
        }
        var tail = head + count
        if tail >= capacity { tail -= capacity }
        storage[tail] = byte
        count += 1
    }

    /// Pushes `length` bytes from `source`.
    mutating func push(_ source: UnsafePointer<UInt8>, _ length: Int) {
        for index in 0..<length { push(source[index]) }
    }

    mutating func pop() -> UInt8? {
        guard count > 0 else { return nil }
        let byte = storage[head]
        head = head + 1 == capacity ? 0 : head + 1
        count -= 1
        return byte
    }

    /// Pops up to `destination.count` bytes in order; returns how many it had.
    mutating func pop(into destination: UnsafeMutableRawBufferPointer) -> Int {
        let taken = min(destination.count, count)
        var index = 0
        while index < taken {
            let run = min(taken - index, capacity - head)
            UnsafeMutableRawBufferPointer(rebasing: destination[index..<(index + run)]).copyMemory(
                from: UnsafeRawBufferPointer(start: storage + head, count: run))
            index += run
            head += run
            if head == capacity { head = 0 }
        }
        count -= taken
        return taken
    }

    mutating func takeOverflow() -> Bool {
        defer { overflowed = false }
        return overflowed
    }
}
