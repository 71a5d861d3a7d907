#if canImport(Glibc)
import Glibc
#endif

/// Starts a joinable pthread running a closure (the C entry point cannot capture, so the
/// closure travels as the thread's argument).
enum PosixThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// The thread, or nil and pthread_create's error.
    static func start(_ run: @escaping () -> Void) -> (pthread_t?, Int32) {
        let context = Unmanaged.passRetained(Body(run)).toOpaque()
        var handle = pthread_t()
        let result = pthread_create(
            &handle, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return (nil, result)
        }
        return (handle, 0)
    }
}
