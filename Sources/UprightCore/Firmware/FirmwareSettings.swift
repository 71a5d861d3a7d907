/// Everything the engine takes from a board file, in the core's types: the one mapping every
/// command uses (UprightHost's `Board.firmwareSettings`).
public struct FirmwareSettings: Equatable, Sendable {
    public var detector: DetectorParameters
    public var gesture: ShutterGesture.Configuration
    public var machine: MachineConfiguration
    public var supervision: SupervisionSettings
    /// Samples the ring between the sampling context and the engine holds (rounded up to a
    /// power of two): a second at 1 kHz on a Pi, a few dozen on a microcontroller.
    public var ringCapacity: Int
    /// Sensor events the event ring holds (rounded up to a power of two): trouble starts and
    /// ends, a few per second at most, and each read publishes two at most.
    public var eventRingCapacity: Int
    /// Trap on a broken bound (a buffer overflow that drops an event) instead of reporting
    /// it: the simulator and the tests run strict, a camera in the field reports and runs on.
    public var strictBounds: Bool

    public init(
        detector: DetectorParameters = DetectorParameters(),
        gesture: ShutterGesture.Configuration = ShutterGesture.Configuration(),
        machine: MachineConfiguration = MachineConfiguration(),
        supervision: SupervisionSettings? = nil,
        ringCapacity: Int = 1024,
        eventRingCapacity: Int = 32,
        strictBounds: Bool = false
    ) {
        self.detector = detector
        self.gesture = gesture
        self.machine = machine
        self.supervision = supervision ?? SupervisionSettings(failureTimeout: detector.maximumGap)
        self.ringCapacity = ringCapacity
        self.eventRingCapacity = eventRingCapacity
        self.strictBounds = strictBounds
    }
}
