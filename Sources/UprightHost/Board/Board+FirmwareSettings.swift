import UprightCore

extension Board {
    /// The engine's settings from this board: the one mapping `run`, `sim`, the soak, `replay`
    /// and `trace` share. The detector section was parsed and checked at load; the mount
    /// matrix belongs to the sensor (samples are in the device frame once they reach the
    /// engine), and the camera and output sections to the ports.
    public func firmwareSettings(strictBounds: Bool = false, ringCapacity: Int = 1024) -> FirmwareSettings {
        FirmwareSettings(
            detector: detector,
            gesture: ShutterGesture.Configuration(
                debounce: .milliseconds(Int64(shutter.debounceMilliseconds)),
                holdTime: .milliseconds(Int64(shutter.holdMilliseconds)),
                stuckTime: TimeSpan(seconds: shutter.stuckSeconds)),
            machine: MachineConfiguration(
                idleTimeout: TimeSpan(seconds: machine.idleTimeoutSeconds),
                captureTimeout: TimeSpan(seconds: machine.captureTimeoutSeconds),
                maxClipLength: TimeSpan(seconds: machine.maximumClipSeconds),
                queueDepth: machine.pressQueueDepth),
            ringCapacity: ringCapacity,
            strictBounds: strictBounds)
    }
}
