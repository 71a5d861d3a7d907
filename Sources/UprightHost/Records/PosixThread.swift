#if canImport(Glibc)
import Glibc
#endif

/// Starts a joinable pthread running a closure (the C entry point cannot capture, so the
/// closure travels as the thread's argument).
public enum PosixThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// The thread, or nil and pthread_create's error. `blockingEverySignal`: the thread starts
    /// with every signal blocked (a thread inherits its creator's mask), for a thread that may
    /// be made before the event loop blocks the signals it takes through its signalfd: a
    /// process-directed signal goes to any thread that does not block it, and SIGTERM's
    /// default action there would end the firmware without its clean shutdown.
    public static func start(blockingEverySignal: Bool = false, _ run: @escaping () -> Void) -> (pthread_t?, Int32) {
        let context = Unmanaged.passRetained(Body(run)).toOpaque()
        var handle = pthread_t()
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        if blockingEverySignal { pthread_sigmask(SIG_SETMASK, &all, &previous) }
        let result = pthread_create(
            &handle, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, context)
        if blockingEverySignal { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return (nil, result)
        }
        return (handle, 0)
    }
}
