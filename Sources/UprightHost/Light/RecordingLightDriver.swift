import UprightCore

/// Drives a recording light from the engine's records (`RecordWriter.observer`): keeps the
/// pure `RecordingLight`, sets the output through `setLevel` whenever the level changes, and
/// says when it must be looked at again (`nextChange`, a deadline for the event loop). The
/// output is a GPIO line on a board (`GPIOOutputLine`), a list of changes in the simulator.
public final class RecordingLightDriver {
    public private(set) var light = RecordingLight()
    public private(set) var level = false
    /// Level changes made so far.
    public private(set) var changes = 0
    private let setLevel: (Bool, Instant) -> Void

    public init(setLevel: @escaping (Bool, Instant) -> Void) {
        self.setLevel = setLevel
    }

    /// The observer to give the records port.
    public var observer: (MachineRecord, Instant) -> Void {
        { [weak self] record, time in self?.observe(record, at: time) }
    }

    public func observe(_ record: MachineRecord, at time: Instant) {
        light.observe(record, at: time)
        update(at: time)
    }

    /// Sets the output to the level due at `now`.
    public func update(at now: Instant) {
        let due = light.level(at: now)
        guard due != level else { return }
        level = due
        changes += 1
        setLevel(due, now)
    }

    /// When to call `update` next if no record comes first.
    public func nextChange(after now: Instant) -> Instant? { light.nextChange(after: now) }
}
