import UprightCore

/// A fault the scenario injects into the simulated bus or chip (the bus's `FaultInjector` and the
/// chip models carry them out; the scenario only schedules them).
public enum FaultSpec: Equatable, Sendable {
    /// Each bus transfer in the window fails with `probability`, with this error.
    case busErrors(startSeconds: Double, durationSeconds: Double, probability: Double, error: I2CError)
    /// The chip loses power for an instant and comes back with its reset register values.
    case chipReset(timeSeconds: Double)
    /// The chip stops answering at `timeSeconds` (every transfer is not acknowledged) and
    /// answers again, reset, at `replugSeconds` (never when nil).
    case unplug(timeSeconds: Double, replugSeconds: Double?)
    /// The chip's data registers stop changing for the window.
    case stuckData(startSeconds: Double, durationSeconds: Double)
    /// The camera program running then crashes.
    case cameraCrash(timeSeconds: Double)
    /// The first photo asked for from then on hangs the camera program.
    case cameraHang(timeSeconds: Double)
    /// Another program owns the camera for the window: starts then are refused.
    case cameraBusy(startSeconds: Double, durationSeconds: Double)

    /// The `type` value in a scenario file.
    public var typeName: String {
        switch self {
        case .busErrors: "bus-errors"
        case .chipReset: "chip-reset"
        case .unplug: "unplug"
        case .stuckData: "stuck"
        case .cameraCrash: "camera-crash"
        case .cameraHang: "camera-hang"
        case .cameraBusy: "camera-busy"
        }
    }

    public var startSeconds: Double {
        switch self {
        case .busErrors(let start, _, _, _): start
        case .chipReset(let time): time
        case .unplug(let time, _): time
        case .stuckData(let start, _): start
        case .cameraCrash(let time), .cameraHang(let time): time
        case .cameraBusy(let start, _): start
        }
    }

    /// When the fault stops acting (equal to the start for an instant fault; infinity for an
    /// unplug without replug).
    public var endSeconds: Double {
        switch self {
        case .busErrors(let start, let duration, _, _): start + duration
        case .chipReset(let time): time
        case .unplug(_, let replug): replug ?? .infinity
        case .stuckData(let start, let duration): start + duration
        case .cameraCrash(let time), .cameraHang(let time): time
        case .cameraBusy(let start, let duration): start + duration
        }
    }

    /// The camera program's fault, for `SimCameraProcesses`; nil for the bus's and chip's.
    public var cameraFault: SimCameraFault? {
        func instant(_ seconds: Double) -> Instant { .zero + TimeSpan(seconds: seconds) }
        switch self {
        case .cameraCrash(let time): return .crash(at: instant(time))
        case .cameraHang(let time): return .hang(at: instant(time))
        case .cameraBusy(let start, let duration): return .busy(at: instant(start), until: instant(start + duration))
        case .busErrors, .chipReset, .unplug, .stuckData: return nil
        }
    }

    /// The scenario names of the bus errors, in the order `I2CError` lists them.
    public static let busErrorNames: [(name: String, error: I2CError)] = [
        ("nack", .noAcknowledge), ("timeout", .timeout), ("arbitration-lost", .arbitrationLost), ("bus", .bus),
    ]
}
