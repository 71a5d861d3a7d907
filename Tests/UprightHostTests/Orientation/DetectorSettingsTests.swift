import Testing
import UprightCore
import UprightHost

@Suite struct DetectorSettingsTests {
    @Test func emptyObjectGivesTheDefaults() throws {
        #expect(try DetectorSettings.parameters(from: []) == DetectorParameters())
    }

    @Test func keysSetParametersInTheirUnits() throws {
        let p = try DetectorSettings.parameters(from: [
            JSONMember(key: "settle_ms", value: .number(120)),
            JSONMember(key: "hysteresis_degrees", value: .number(12.5)),
            JSONMember(key: "maximum_gap_ms", value: .number(400)),
        ])
        #expect(p.settleTime == TimeSpan(nanoseconds: 120_000_000))
        #expect(p.hysteresisDegrees == 12.5)
        #expect(p.maximumGap == TimeSpan(nanoseconds: 400_000_000))
    }

    @Test func flickTimeIsSetInMillisecondsAndRangeChecked() throws {
        let p = try DetectorSettings.parameters(from: [JSONMember(key: "flick_ms", value: .number(250))])
        #expect(p.flickTime == TimeSpan(nanoseconds: 250_000_000))
        #expect(throws: DetectorSettings.SettingError(path: "detector.flick_ms", message: "must be 0 to 10000 ms")) {
            try DetectorSettings.parameters(from: [JSONMember(key: "flick_ms", value: .number(-1))])
        }
    }

    @Test func errorsNameTheKey() {
        #expect(throws: DetectorSettings.SettingError(path: "detector.flat_exit_degrees", message: "must be 45 degrees up to flat_enter_degrees")) {
            try DetectorSettings.parameters(from: [JSONMember(key: "flat_exit_degrees", value: .number(85))])
        }
        #expect(throws: DetectorSettings.SettingError(path: "detector.settle_ms", message: "expected a number")) {
            try DetectorSettings.parameters(from: [JSONMember(key: "settle_ms", value: .string("fast"))])
        }
        do {
            _ = try DetectorSettings.parameters(from: [JSONMember(key: "settle", value: .number(1))])
            Issue.record("an unknown key was accepted")
        } catch {
            #expect(error.path == "detector.settle")
            #expect(error.message.hasPrefix("unknown key (expected one of filter_time_constant_ms, "))
        }
    }

    @Test func motionKeysSetTheMotionJudgeAndAreRangeChecked() throws {
        let p = try DetectorSettings.parameters(from: [
            JSONMember(key: "motion_filter_time_constant_ms", value: .number(300)),
            JSONMember(key: "motion_tolerance_g", value: .number(0.25)),
            JSONMember(key: "motion_steady_rate_dps", value: .number(90)),
            JSONMember(key: "motion_trust_ms", value: .number(500)),
            JSONMember(key: "motion_hysteresis_degrees", value: .number(20)),
            JSONMember(key: "gyro_offset_time_constant_ms", value: .number(5000)),
        ])
        #expect(p.motionFilterTimeConstant == TimeSpan(nanoseconds: 300_000_000))
        #expect(p.motionToleranceG == 0.25)
        #expect(p.motionSteadyRateDPS == 90)
        #expect(p.motionTrustTime == TimeSpan(nanoseconds: 500_000_000))
        #expect(p.motionHysteresisDegrees == 20)
        #expect(p.gyroOffsetTimeConstant == TimeSpan(nanoseconds: 5_000_000_000))
        #expect(throws: DetectorSettings.SettingError(path: "detector.motion_hysteresis_degrees", message: "must be 0 to 30 degrees")) {
            try DetectorSettings.parameters(from: [JSONMember(key: "motion_hysteresis_degrees", value: .number(40))])
        }
        #expect(
            throws: DetectorSettings.SettingError(
                path: "detector.motion_filter_time_constant_ms", message: "must be more than 0 and at most 10000 ms")
        ) {
            try DetectorSettings.parameters(from: [JSONMember(key: "motion_filter_time_constant_ms", value: .number(0))])
        }
        #expect(throws: DetectorSettings.SettingError(path: "detector.motion_tolerance_g", message: "must be more than 0 and at most 1 g")) {
            try DetectorSettings.parameters(from: [JSONMember(key: "motion_tolerance_g", value: .number(1.5))])
        }
        #expect(throws: DetectorSettings.SettingError(path: "detector.motion_steady_rate_dps", message: "must be more than 0 degrees per second")) {
            try DetectorSettings.parameters(from: [JSONMember(key: "motion_steady_rate_dps", value: .number(-3))])
        }
        #expect(throws: DetectorSettings.SettingError(path: "detector.motion_trust_ms", message: "must be more than 0 and at most 10000 ms")) {
            try DetectorSettings.parameters(from: [JSONMember(key: "motion_trust_ms", value: .number(20000))])
        }
    }
}
