import UprightCore
import UprightHost

/// What a simulated run adds to the rig: its inputs, faults and checks. `Simulation` (a
/// finite scenario, keeping its events) and `Soak` (hours of streamed load, checked as it
/// goes) are the two worlds; both are stepped by the one stepper in `SimRig`. A world adds no
/// policy of its own: it only moves the simulated edges (the chip, the bus, the button) and
/// watches what the engine does.
public protocol SimulationWorld: AnyObject {
    associatedtype Cam: Camera
    associatedtype Output: EventOutput

    /// Acts at `now`, before the sampling context reads: chip and bus faults due, button
    /// edges due (`rig.press`).
    func act(at now: Instant, on rig: SimRig<Self>)
    /// The next instant after `now` it acts at (an edge, a fault, a pause's end, a check),
    /// nil when none is left.
    func nextTime(after now: Instant) -> Instant?
    /// The sampling context does not run at `now` (a stalled sampler thread: the chip's FIFO
    /// fills and overflows).
    func samplingPaused(at now: Instant) -> Bool
    /// The engine does not run at `now` (a stalled event loop: the ring fills and overwrites).
    func enginePaused(at now: Instant) -> Bool
    /// After the engine stepped at `now`: check, count, report progress. False ends the run.
    func stepped(at now: Instant, on rig: SimRig<Self>) -> Bool
}

extension SimulationWorld {
    public func samplingPaused(at now: Instant) -> Bool { false }
    public func enginePaused(at now: Instant) -> Bool { false }
}
