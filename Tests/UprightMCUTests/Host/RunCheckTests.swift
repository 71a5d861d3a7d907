import Testing
@testable import UprightMCU

@Suite struct RunCheckTests {
    static let expected = [
        #"{"t":0.100000,"event":"orientation","orientation":"left-up"}"#
    ]

    static func output(record: String = "o 100000000 1", calibration: Int = 200_000, stackPeak: Int = 3900) -> String {
        """
        upright-mcu 1 microbit trace
        \(record)
        = samples 10
        = instructions 12345
        = calibration \(calibration)
        = allocations-run 0
        = stack-peak \(stackPeak)
        = stack-region 6144
        end ok 1

        """
    }

    @Test func identicalRecordsPass() {
        let check = RunCheck(machine: "microbit", name: "trace-x", expected: Self.expected, output: Self.output())
        #expect(check.passed)
        #expect(check.line == "PASS microbit   trace-x (1 lines identical, 10 samples, 1234 instructions a sample, 0 allocations after init)")
    }

    @Test func aDifferentRecordFailsNamingTheLine() {
        let check = RunCheck(machine: "mps2-an386", name: "trace-x", expected: Self.expected, output: Self.output(record: "o 100000000 2"))
        #expect(!check.passed)
        #expect(
            check.line
                == #"FAIL mps2-an386 trace-x: line 1: expected {"t":0.100000,"event":"orientation","orientation":"left-up"}, got {"t":0.100000,"event":"orientation","orientation":"right-up"}"#
        )
    }

    @Test func aMissingOrExtraLineFails() {
        let short = RunCheck(machine: "microbit", name: "x", expected: Self.expected + ["more"], output: Self.output())
        #expect(short.line == "FAIL microbit   x: line 2: expected more, got nothing (end of stream)")
    }

    @Test func aCalibrationOffByMoreThanTwoTicksFails() {
        #expect(RunCheck(machine: "microbit", name: "x", expected: Self.expected, output: Self.output(calibration: 200_125)).passed)
        let off = RunCheck(machine: "microbit", name: "x", expected: Self.expected, output: Self.output(calibration: 200_126))
        #expect(!off.passed)
        #expect(off.line.hasSuffix("instruction counting is off (the calibration loop counted 200126, not 200000)"))
    }
}

extension RunCheckTests {
    @Test func aStackWithinItsMarginOfTheRegionsEndFails() {
        #expect(RunCheck(machine: "microbit", name: "x", expected: Self.expected, output: Self.output(stackPeak: 5888)).passed)
        let deep = RunCheck(machine: "microbit", name: "x", expected: Self.expected, output: Self.output(stackPeak: 5889))
        #expect(!deep.passed)
        #expect(deep.line == "FAIL microbit   x: the stack reached 5889 of its 6144 bytes: it may have overflowed")
    }
}
