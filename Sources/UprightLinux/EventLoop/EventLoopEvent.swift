/// What woke an `EventLoop`.
public enum EventLoopEvent: Hashable, Sendable {
    /// A watched signal arrived (SIGINT, SIGTERM, SIGHUP by default), through the signalfd.
    case signal(Int32)
    /// The timer's deadline passed (`armTimer(at:)`).
    case timer(expirations: UInt64)
    /// A watched descriptor has data (a GPIO line's events, a pipe, an eventfd).
    case readable(token: Int)
    /// A watched descriptor hung up or failed without data: unwatch it, or the next wait
    /// returns at once again.
    case hangUp(token: Int)
}
