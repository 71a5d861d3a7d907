import UprightCore

/// What a simulated run's engine shows after a step, for a live view: the machine, the
/// detector, the sampling and the bus. A copy: looking changes nothing.
public struct SimEngineView: Sendable {
    public var now: Instant
    public var state: MachineState
    public var detector: OrientationDetector
    public var samplesHandled: Int
    public var sampler: SamplerCounters
    public var wire: WireStats
    /// The camera's programs still run or an order waits for one (`Camera.isBusy`).
    public var cameraBusy: Bool
    /// The engine's phase (`FirmwarePhase`): the run goes on past its end while `stopping`.
    public var phase: FirmwarePhase
}
