#if canImport(Glibc)
import Glibc
#endif

/// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID): what single-threaded benchmarks
/// time, so a machine shared with other work (builds, other benchmarks) shows the cost of the
/// code rather than how often the scheduler ran it. Cache pollution by the others remains.
public enum ThreadCPUClock {
    public static func nowNanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// CPU seconds `body` took on this thread.
    public static func seconds(_ body: () -> Void) -> Double {
        let start = nowNanoseconds()
        body()
        return Double(nowNanoseconds() - start) / 1e9
    }
}
