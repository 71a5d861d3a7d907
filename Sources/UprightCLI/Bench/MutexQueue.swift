import Synchronization

/// The baseline `SPSCRing` is measured against: the same bounded FIFO (a fixed circular
/// array, reject-newest), every push and pop taking a `Synchronization.Mutex`.
final class MutexQueue<Element: Sendable>: Sendable {
    private struct State {
        var storage: [Element?]
        var first = 0
        var count = 0
    }

    private let state: Mutex<State>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        state = Mutex(State(storage: Array(repeating: nil, count: capacity)))
    }

    /// Appends `element`; false when the queue is full.
    func push(_ element: Element) -> Bool {
        state.withLock { state in
            guard state.count < state.storage.count else { return false }
            state.storage[(state.first + state.count) % state.storage.count] = element
            state.count += 1
            return true
        }
    }

    /// The oldest element, or nil when empty.
    func pop() -> Element? {
        state.withLock { state -> Element? in
            guard state.count > 0 else { return nil }
            let element = state.storage[state.first]
            state.storage[state.first] = nil
            state.first = (state.first + 1) % state.storage.count
            state.count -= 1
            return element
        }
    }

    /// Appends up to `max` elements to `destination` under one lock; returns how many.
    func popBatch(into destination: inout [Element], max: Int) -> Int {
        state.withLock { state -> Int in
            let n = Swift.min(max, state.count)
            for _ in 0..<n {
                if let element = state.storage[state.first] { destination.append(element) }
                state.storage[state.first] = nil
                state.first = (state.first + 1) % state.storage.count
            }
            state.count -= n
            return n
        }
    }

    /// Runs `body` holding the lock, touching nothing: a consumer descheduled inside its
    /// critical section (`StalledConsumerBenchmark`).
    func withLockHeld(_ body: () -> Void) {
        state.withLock { _ in body() }
    }

    /// Copies up to `destination.count` elements to `destination` under one lock; returns how many.
    func popBatch(into destination: UnsafeMutableBufferPointer<Element>) -> Int {
        state.withLock { state -> Int in
            let n = Swift.min(destination.count, state.count)
            for position in 0..<n {
                if let element = state.storage[state.first] { destination[position] = element }
                state.storage[state.first] = nil
                state.first = (state.first + 1) % state.storage.count
            }
            state.count -= n
            return n
        }
    }
}
