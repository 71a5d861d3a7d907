import UprightCore

/// One call a bus recording makes into the engine, at its time.
public enum BusCall: Equatable, Sendable {
    /// The firmware's loop runs at `time`: read the sensor when due, handle what came and what
    /// is due (`FirmwareEngine.step`).
    case step(Instant)
    /// The shutter line changed.
    case edge(down: Bool, at: Instant)
    /// The recording ends: the camera shuts down.
    case finish(Instant)

    public var time: Instant {
        switch self {
        case .step(let time), .edge(_, let time), .finish(let time): time
        }
    }

    /// Operation codes (the low bits of a call's first byte; bit 7 marks an absolute time).
    public static let stepCode: UInt8 = 0
    public static let edgeUpCode: UInt8 = 1
    public static let edgeDownCode: UInt8 = 2
    public static let finishCode: UInt8 = 3
    public static let absoluteTimeFlag: UInt8 = 0x80

    public var code: UInt8 {
        switch self {
        case .step: BusCall.stepCode
        case .edge(let down, _): down ? BusCall.edgeDownCode : BusCall.edgeUpCode
        case .finish: BusCall.finishCode
        }
    }
}
