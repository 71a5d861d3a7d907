#if canImport(Glibc)
import Glibc
#endif
import CLinux
import UprightCore

extension itimerspec {
    /// A one-shot `TFD_TIMER_ABSTIME` setting for `deadline` on CLOCK_MONOTONIC; nil disarms.
    /// (All zeros would disarm, so a deadline at or before the clock's epoch fires after 1 ns.)
    static func absolute(_ deadline: Instant?) -> itimerspec {
        var specification = itimerspec()
        if let deadline {
            let nanoseconds = max(deadline.nanoseconds, 1)
            specification.it_value = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        }
        return specification
    }
}
