#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// CLOCK_MONOTONIC as an `Instant`: the time base of the Linux firmware and of benchmarks.
public enum MonotonicClock {
    public static func now() -> Instant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Instant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }

    /// Seconds `body` took.
    public static func seconds(_ body: () -> Void) -> Double {
        let start = now()
        body()
        return (now() - start).seconds
    }
}
