import UprightCore

/// A fault the scenario injects into the simulated bus or chip (issue 3's fault plan carries
/// them out; the scenario only schedules them).
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

    /// The `type` value in a scenario file.
    public var typeName: String {
        switch self {
        case .busErrors: "bus-errors"
        case .chipReset: "chip-reset"
        case .unplug: "unplug"
        case .stuckData: "stuck"
        }
    }

    public var startSeconds: Double {
        switch self {
        case .busErrors(let start, _, _, _): start
        case .chipReset(let time): time
        case .unplug(let time, _): time
        case .stuckData(let start, _): start
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
        }
    }

    /// The scenario names of the bus errors, in the order `I2CError` lists them.
    public static let busErrorNames: [(name: String, error: I2CError)] = [
        ("nack", .noAcknowledge), ("timeout", .timeout), ("arbitration-lost", .arbitrationLost), ("bus", .bus),
    ]
}
