#if canImport(Glibc)
import Glibc
#endif

/// A pthread mutex and its condition, for a queue that a worker thread and the engine share
/// (`DurableWork`, the camera's files worker). Allocated, not stored properties: a pthread
/// mutex and condition must not move, and Swift promises no fixed address for a property
/// passed with `&`.
public final class ThreadMonitor: @unchecked Sendable {
    // @unchecked: the pthread calls are the synchronisation.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        changed = .allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for a `broadcast`, the lock held (released while waiting).
    public func wait() { pthread_cond_wait(changed, mutex) }
    /// Wakes every thread waiting (call with the lock held).
    public func broadcast() { pthread_cond_broadcast(changed) }
}
