/// A problem the driver noticed and is recovering from by itself, reported as a `fault`
/// record when it starts and a `recovered` record when samples flow again.
public enum SensorTrouble: UInt8, CaseIterable, Sendable {
    /// The chip was found reset, asleep or with a register not as configured; it is being
    /// initialised again.
    case sensorReset
    /// The data registers repeated one raw value too long; the chip is being reset.
    case stuckData

    /// The fault kind of its records.
    public var faultKind: FaultKind {
        switch self {
        case .sensorReset: .sensorReset
        case .stuckData: .stuckData
        }
    }
}
