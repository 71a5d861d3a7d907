import UprightCore
import UprightHost

extension RecordingLightDriver {
    /// A driver setting `line` (a failure goes to `note`, once per kind: a light must not stop
    /// the camera).
    public static func driving(_ line: GPIOOutputLine, note: @escaping (String) -> Void) -> RecordingLightDriver {
        var reported = false
        return RecordingLightDriver { on, _ in
            if let error = line.set(on), !reported {
                reported = true
                note("light: \(error.description)")
            }
        }
    }
}

extension LinuxPorts {
    /// Wakes the wait when `light` changes by itself (a blink ends, the fault pattern flashes).
    public func wake(for light: RecordingLightDriver, clock: @escaping @Sendable () -> Instant) {
        deadlineSources.append { [unowned light] in light.nextChange(after: clock()) }
    }
}
