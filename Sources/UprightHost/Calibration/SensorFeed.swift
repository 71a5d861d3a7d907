import UprightCore

/// The sensor's samples and the shutter's edges as they come, for tools that use the sensor
/// without the engine's decisions: `upright calibrate` on a board (`LinuxSensorFeed`, the same
/// sampling context `upright trace` reads through) or on the simulated one (`SimSensorFeed`).
public protocol SensorFeed: AnyObject {
    var now: Instant { get }
    /// Why the feed stopped, if it failed (a device error); nil while running or after a
    /// plain end (a signal, the end of a scenario).
    var failure: String? { get }
    /// Waits for the next read (or an edge, or `deadline`), then appends the samples and edges
    /// that came, each in time order. False once the feed has ended.
    func next(until deadline: Instant?, samples: inout [Sample], edges: inout [ShutterEdge]) -> Bool
}
