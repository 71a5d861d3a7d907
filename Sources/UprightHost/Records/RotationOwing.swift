import UprightCore

/// A camera that can name a clip without its rotation: its track matrix could not be written
/// (the card failed the write), so the clip kept its bytes under its final name and owes the
/// rotation to the next start-up (`OutputReconciliation`).
public protocol RotationOwing {
    /// The clips named without their rotation since the last call.
    mutating func takeOwedRotations() -> [OwedRotation]
}

extension CameraSession: RotationOwing {}

extension FirmwareEngine where Cam: RotationOwing {
    /// Journals each clip its camera named without its rotation since the last call: a `fault`
    /// `rotation` line naming the clip, its file and the rotation owed, at the engine's time.
    /// Without the line no start-up would pay it: a turned clip left unturned, nothing on the
    /// card to say so.
    ///
    /// Called after every pass by each edge whose camera writes files (`LinuxFirmware`, the long
    /// life's boots), the one place this rule is written. It is not the engine's step's: the
    /// line names a file and the file system's words, which the microcontroller's records
    /// (`MachineRecord`) do not carry.
    public func journalOwedRotations<Output>() where Records == RecordWriter<Output> {
        for owed in runtime.camera.takeOwedRotations() { runtime.sink.write(owed.record, at: runtime.now) }
    }
}
