import UprightCore

/// A board file's `detector` object (keys in snake case with units, like the rest of the
/// board file) applied over the defaults. Unknown keys are refused so a typo never silently
/// keeps a default; every value is range-checked by `DetectorParameters.validate()`.
///
/// | key | parameter | default |
/// |---|---|---|
/// | `filter_time_constant_ms` | filterTimeConstant | 30 |
/// | `gyro_correction_time_constant_ms` | gyroCorrectionTimeConstant | 250 |
/// | `rate_time_constant_ms` | rateTimeConstant | 30 |
/// | `hysteresis_degrees` | hysteresisDegrees | 8 |
/// | `flat_enter_degrees` | flatEnterDegrees | 80 |
/// | `flat_exit_degrees` | flatExitDegrees | 77 |
/// | `magnitude_tolerance_g` | magnitudeToleranceG | 0.2 |
/// | `still_rate_dps` | stillRateDPS | 50 |
/// | `settle_ms` | settleTime | 80 |
/// | `still_ms` | stillTime | 50 |
/// | `flick_ms` | flickTime | 300 |
/// | `maximum_gap_ms` | maximumGap | 250 |
/// | `motion_filter_time_constant_ms` | motionFilterTimeConstant | 200 |
/// | `motion_tolerance_g` | motionToleranceG | 0.4 |
/// | `motion_steady_rate_dps` | motionSteadyRateDPS | 180 |
/// | `motion_trust_ms` | motionTrustTime | 250 |
/// | `motion_hysteresis_degrees` | motionHysteresisDegrees | 15 |
/// | `gyro_offset_time_constant_ms` | gyroOffsetTimeConstant | 2000 |
public enum DetectorSettings {
    public struct SettingError: Error, Equatable, Sendable {
        /// Key path, e.g. `detector.settle_ms`.
        public var path: String
        public var message: String

        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }
    }

    static let keys: [(String, DetectorParameterError)] = [
        ("filter_time_constant_ms", .filterTimeConstant),
        ("gyro_correction_time_constant_ms", .gyroCorrectionTimeConstant),
        ("rate_time_constant_ms", .rateTimeConstant),
        ("hysteresis_degrees", .hysteresisDegrees),
        ("flat_enter_degrees", .flatEnterDegrees),
        ("flat_exit_degrees", .flatExitDegrees),
        ("magnitude_tolerance_g", .magnitudeToleranceG),
        ("still_rate_dps", .stillRateDPS),
        ("settle_ms", .settleTime),
        ("still_ms", .stillTime),
        ("flick_ms", .flickTime),
        ("maximum_gap_ms", .maximumGap),
        ("motion_filter_time_constant_ms", .motionFilterTimeConstant),
        ("motion_tolerance_g", .motionToleranceG),
        ("motion_steady_rate_dps", .motionSteadyRateDPS),
        ("motion_trust_ms", .motionTrustTime),
        ("motion_hysteresis_degrees", .motionHysteresisDegrees),
        ("gyro_offset_time_constant_ms", .gyroOffsetTimeConstant),
    ]

    /// The defaults with `members` applied.
    public static func parameters(from members: [JSONMember]) throws(SettingError) -> DetectorParameters {
        var p = DetectorParameters()
        for member in members {
            let path = "detector." + member.key
            guard let field = keys.first(where: { $0.0 == member.key })?.1 else {
                throw SettingError(path: path, message: "unknown key (expected one of \(keys.map(\.0).joined(separator: ", ")))")
            }
            guard case .number(let value) = member.value, value.isFinite else {
                throw SettingError(path: path, message: "expected a number")
            }
            let span = TimeSpan(seconds: min(max(value, -1e6), 1e6) / 1000)
            switch field {
            case .filterTimeConstant: p.filterTimeConstant = span
            case .gyroCorrectionTimeConstant: p.gyroCorrectionTimeConstant = span
            case .rateTimeConstant: p.rateTimeConstant = span
            case .hysteresisDegrees: p.hysteresisDegrees = Float(value)
            case .flatEnterDegrees: p.flatEnterDegrees = Float(value)
            case .flatExitDegrees: p.flatExitDegrees = Float(value)
            case .magnitudeToleranceG: p.magnitudeToleranceG = Float(value)
            case .stillRateDPS: p.stillRateDPS = Float(value)
            case .settleTime: p.settleTime = span
            case .stillTime: p.stillTime = span
            case .flickTime: p.flickTime = span
            case .maximumGap: p.maximumGap = span
            case .motionFilterTimeConstant: p.motionFilterTimeConstant = span
            case .motionToleranceG: p.motionToleranceG = Float(value)
            case .motionSteadyRateDPS: p.motionSteadyRateDPS = Float(value)
            case .motionTrustTime: p.motionTrustTime = span
            case .motionHysteresisDegrees: p.motionHysteresisDegrees = Float(value)
            case .gyroOffsetTimeConstant: p.gyroOffsetTimeConstant = span
            }
        }
        do throws(DetectorParameterError) {
            try p.validate()
        } catch {
            let key = keys.first { $0.1 == error }?.0 ?? String(describing: error.name)
            throw SettingError(path: "detector." + key, message: rangeMessage(error))
        }
        return p
    }

    static func rangeMessage(_ field: DetectorParameterError) -> String {
        switch field {
        case .filterTimeConstant, .gyroCorrectionTimeConstant, .rateTimeConstant, .maximumGap, .motionFilterTimeConstant, .motionTrustTime,
            .gyroOffsetTimeConstant:
            "must be more than 0 and at most 10000 ms"
        case .settleTime, .stillTime, .flickTime: "must be 0 to 10000 ms"
        case .hysteresisDegrees, .motionHysteresisDegrees: "must be 0 to 30 degrees"
        case .flatEnterDegrees: "must be 45 to 89 degrees"
        case .flatExitDegrees: "must be 45 degrees up to flat_enter_degrees"
        case .magnitudeToleranceG, .motionToleranceG: "must be more than 0 and at most 1 g"
        case .stillRateDPS, .motionSteadyRateDPS: "must be more than 0 degrees per second"
        }
    }
}
