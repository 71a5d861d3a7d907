import UprightMCUShared

/// The host's `LineOutput`: keeps the lines (a class, so the copies the harness hands around
/// all append to one list).
final class CollectedLines: LineOutput {
    private(set) var text = ""

    func write(_ line: UnsafeRawBufferPointer) {
        text += String(decoding: line, as: UTF8.self)
    }
}

/// The host measures nothing: no figure lines.
struct HostMeter: HarnessMeter {
    typealias Pause = NoCountingPause

    /// How many times the harness said the engine was set up (once per run that starts).
    /// Also keeps the type from being empty: Swift passes a placeholder address for an inout
    /// of a zero-sized type, and the thread sanitizer's access check faults on it.
    private(set) var initialisedCount = 0

    mutating func initialised() { initialisedCount += 1 }
    mutating func figures() -> HarnessFigures? { nil }
}

extension HarnessRun {
    /// Runs `input` on the host exactly as the chip's entry point does, and returns the output
    /// text and the exit status.
    static func runOnHost(_ input: [UInt8], machine: String = "host") -> (text: String, status: Int32) {
        let output = CollectedLines()
        var writer = output
        var meter = HostMeter()
        var name = Array(machine.utf8)
        let status = input.withUnsafeBytes { raw in
            name.withUnsafeMutableBytes { machineBytes in
                HarnessRun.run(input: raw, machine: UnsafeRawBufferPointer(machineBytes), output: &writer, meter: &meter)
            }
        }
        return (output.text, status)
    }
}
