/// A detector parameter outside the range the algorithm is designed for (e.g. from a board
/// file): which one. The board loader turns it into a message naming its key.
public enum DetectorParameterError: Error, Equatable, Sendable {
    /// `filterTimeConstant` is out of range.
    case filterTimeConstant
    /// `gyroCorrectionTimeConstant` is out of range.
    case gyroCorrectionTimeConstant
    /// `rateTimeConstant` is out of range.
    case rateTimeConstant
    /// `hysteresisDegrees` is out of range.
    case hysteresisDegrees
    /// `flatEnterDegrees` is out of range.
    case flatEnterDegrees
    /// `flatExitDegrees` is out of range.
    case flatExitDegrees
    /// `magnitudeToleranceG` is out of range.
    case magnitudeToleranceG
    /// `stillRateDPS` is out of range.
    case stillRateDPS
    /// `settleTime` is out of range.
    case settleTime
    /// `stillTime` is out of range.
    case stillTime
    /// `flickTime` is out of range.
    case flickTime
    /// `maximumGap` is out of range.
    case maximumGap
    /// `motionFilterTimeConstant` is out of range.
    case motionFilterTimeConstant
    /// `motionToleranceG` is out of range.
    case motionToleranceG
    /// `motionSteadyRateDPS` is out of range.
    case motionSteadyRateDPS
    /// `motionTrustTime` is out of range.
    case motionTrustTime
    /// `motionHysteresisDegrees` is out of range.
    case motionHysteresisDegrees
    /// `gyroOffsetTimeConstant` is out of range.
    case gyroOffsetTimeConstant

    /// The parameter's name as spelled in Swift, for messages.
    public var name: StaticString {
        switch self {
        case .filterTimeConstant: "filterTimeConstant"
        case .gyroCorrectionTimeConstant: "gyroCorrectionTimeConstant"
        case .rateTimeConstant: "rateTimeConstant"
        case .hysteresisDegrees: "hysteresisDegrees"
        case .flatEnterDegrees: "flatEnterDegrees"
        case .flatExitDegrees: "flatExitDegrees"
        case .magnitudeToleranceG: "magnitudeToleranceG"
        case .stillRateDPS: "stillRateDPS"
        case .settleTime: "settleTime"
        case .stillTime: "stillTime"
        case .flickTime: "flickTime"
        case .maximumGap: "maximumGap"
        case .motionFilterTimeConstant: "motionFilterTimeConstant"
        case .motionToleranceG: "motionToleranceG"
        case .motionSteadyRateDPS: "motionSteadyRateDPS"
        case .motionTrustTime: "motionTrustTime"
        case .motionHysteresisDegrees: "motionHysteresisDegrees"
        case .gyroOffsetTimeConstant: "gyroOffsetTimeConstant"
        }
    }
}

extension DetectorParameters {
    /// Checks every parameter against the range the design assumes: time constants above
    /// zero and at most 10 s, hysteresis 0-30 degrees (beyond that the bands overlap badly),
    /// 45 <= flat exit <= flat enter <= 89 degrees, tolerances in (0, 1] g, positive rates.
    public func validate() throws(DetectorParameterError) {
        let tenSeconds = TimeSpan.seconds(10)
        func constant(_ span: TimeSpan) -> Bool { span > .zero && span <= tenSeconds }
        func hold(_ span: TimeSpan) -> Bool { span >= .zero && span <= tenSeconds }
        guard constant(filterTimeConstant) else { throw .filterTimeConstant }
        guard constant(gyroCorrectionTimeConstant) else { throw .gyroCorrectionTimeConstant }
        guard constant(rateTimeConstant) else { throw .rateTimeConstant }
        guard hysteresisDegrees >= 0 && hysteresisDegrees <= 30 else { throw .hysteresisDegrees }
        guard flatEnterDegrees >= 45 && flatEnterDegrees <= 89 else { throw .flatEnterDegrees }
        guard flatExitDegrees >= 45 && flatExitDegrees <= flatEnterDegrees else { throw .flatExitDegrees }
        guard magnitudeToleranceG > 0 && magnitudeToleranceG <= 1 else { throw .magnitudeToleranceG }
        guard stillRateDPS > 0 && stillRateDPS.isFinite else { throw .stillRateDPS }
        guard hold(settleTime) else { throw .settleTime }
        guard hold(stillTime) else { throw .stillTime }
        guard hold(flickTime) else { throw .flickTime }
        guard constant(maximumGap) else { throw .maximumGap }
        guard constant(motionFilterTimeConstant) else { throw .motionFilterTimeConstant }
        guard motionToleranceG > 0 && motionToleranceG <= 1 else { throw .motionToleranceG }
        guard motionSteadyRateDPS > 0 && motionSteadyRateDPS.isFinite else { throw .motionSteadyRateDPS }
        guard constant(motionTrustTime) else { throw .motionTrustTime }
        guard motionHysteresisDegrees >= 0 && motionHysteresisDegrees <= 30 else { throw .motionHysteresisDegrees }
        guard constant(gyroOffsetTimeConstant) else { throw .gyroOffsetTimeConstant }
    }
}
