import UprightHost
import UprightSim

/// One input on one chip: the chip's decoded output against the reference, line for line,
/// and the instruction counter against its calibration loop. `line` is what `make mcu-test`
/// prints for it.
struct RunCheck {
    /// The calibration loop's exact length (Embedded/Startup/clock.c: 2 x 100,000).
    static let calibrationInstructions: UInt64 = 200_000
    /// One timer tick is 62.5 instructions on the micro:bit: two ticks either way.
    static let calibrationTolerance: UInt64 = 125
    /// A stack that came this close to the end of its region may have run past it (into the
    /// heap, unseen by the painting).
    static let stackMarginBytes: UInt64 = 256

    let passed: Bool
    let line: String
    let run: OutputDecoder.Run?

    init(machine: String, name: String, expected: [String], output: String) {
        let label = "\(TextFormat.padRight(machine, 10)) \(name)"
        do throws(OutputDecoder.DecodeError) {
            let run = try OutputDecoder.decode(output)
            self.run = run
            if let mismatch = RunCheck.firstDifference(expected: expected, actual: run.lines) {
                passed = false
                line = "FAIL \(label): \(mismatch)"
                return
            }
            let figure = { (key: String) in run.figures.first { $0.name == key }?.value }
            if let calibration = figure("calibration"),
                calibration < RunCheck.calibrationInstructions - RunCheck.calibrationTolerance
                    || calibration > RunCheck.calibrationInstructions + RunCheck.calibrationTolerance
            {
                passed = false
                line =
                    "FAIL \(label): instruction counting is off (the calibration loop counted \(calibration), not \(RunCheck.calibrationInstructions))"
                return
            }
            if let peak = figure("stack-peak"), let region = figure("stack-region"), peak + RunCheck.stackMarginBytes > region {
                passed = false
                line = "FAIL \(label): the stack reached \(peak) of its \(region) bytes: it may have overflowed"
                return
            }
            passed = true
            var detail = "\(run.lines.count) lines identical"
            if let samples = figure("samples"), samples > 0, let instructions = figure("instructions") {
                detail += ", \(samples) samples, \(instructions / samples) instructions a sample"
            }
            if let allocations = figure("allocations-run") { detail += ", \(allocations) allocations after init" }
            line = "PASS \(label) (\(detail))"
        } catch {
            run = nil
            passed = false
            line = "FAIL \(label): \(error)"
        }
    }

    /// Where two streams first differ, said in one line; nil when they are equal.
    static func firstDifference(expected: [String], actual: [String]) -> String? {
        for index in 0..<max(expected.count, actual.count) {
            let want = index < expected.count ? expected[index] : nil
            let got = index < actual.count ? actual[index] : nil
            if want != got {
                return "line \(index + 1): expected \(want ?? "nothing (end of stream)"), got \(got ?? "nothing (end of stream)")"
            }
        }
        return nil
    }
}
