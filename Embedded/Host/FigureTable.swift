#if canImport(Glibc)
import Glibc
#endif
import UprightHost
import UprightSim

/// The figures `make mcu-test` prints (and `upright bench` shows when the build exists): per
/// chip, where the flash goes (`FirmwareSizes`), the RAM the runs used (peaks over all runs:
/// the stack painted at reset, the heap's high-water mark), allocations, and instructions a
/// sample (QEMU `-icount`), separately for trace and bus inputs.
struct FigureTable {
    struct Run {
        var name: String
        var kind: String
        var figures: [String: UInt64]

        /// Instructions per sample, nil for a run without samples.
        var instructionsPerSample: Double? {
            guard let samples = figures["samples"], samples > 0, let instructions = figures["instructions"] else { return nil }
            return Double(instructions) / Double(samples)
        }
    }

    struct Machine {
        var name: String
        var sizes: FirmwareSizes
        var runs: [Run]

        func peak(_ figure: String) -> UInt64 { runs.compactMap { $0.figures[figure] }.max() ?? 0 }

        /// Everything but the harness: the engine, the Swift runtime, newlib and libgcc.
        var engineFlashBytes: Int {
            FirmwareSizes.Part.allCases.filter { $0 != .harness }.reduce(0) { $0 + sizes[$1].text + sizes[$1].data }
        }

        /// All static data, and the most any one run had on the heap and the stack together.
        var ramPeakBytes: Int {
            let dynamic = runs.map { ($0.figures["heap-peak"] ?? 0) + ($0.figures["stack-peak"] ?? 0) }.max() ?? 0
            return sizes.total.data + sizes.total.bss + Int(dynamic)
        }

        /// Mean and maximum instructions a sample over the runs of `kind`.
        func instructions(kind: String) -> (mean: Double, max: Double)? {
            let values = runs.filter { $0.kind == kind }.compactMap(\.instructionsPerSample)
            guard !values.isEmpty else { return nil }
            return (values.reduce(0, +) / Double(values.count), values.max()!)
        }
    }

    let machines: [Machine]

    /// The runs' figure files in `directory` (`NAME.figures`: `kind KIND`, then `FIGURE VALUE`).
    static func loadRuns(directory: String) throws(ToolError) -> [Run] {
        guard let handle = opendir(directory) else { throw ToolError(message: "\(directory): cannot open: \(POSIXFile.errorText(errno))") }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".figures") { names.append(name) }
        }
        var runs: [Run] = []
        for name in names.sorted() {
            let text = String(decoding: try MCUTool.read(directory + "/" + name), as: UTF8.self)
            var run = Run(name: String(name.dropLast(".figures".count)), kind: "", figures: [:])
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard words.count == 2 else { continue }
                if words[0] == "kind" {
                    run.kind = String(words[1])
                } else if let value = UInt64(words[1]) {
                    run.figures[String(words[0])] = value
                }
            }
            runs.append(run)
        }
        return runs
    }

    static func bytes(_ count: Int) -> String { "\(count) B" }

    /// The microcontroller budget (docs/mcu.md), checked by `upright bench`: on the Cortex-M0
    /// the engine within 48 KB of flash and 8 KB of RAM (stack included); nowhere an
    /// allocation after start-up.
    static let engineFlashGoalBytes = 48 * 1024
    static let ramGoalBytes = 8 * 1024

    /// The budget's verdicts for `machine` (`make mcu-test` gives the Cortex-M0's goals): the
    /// engine's flash with what it links and the most RAM a run used, each against its limit in
    /// bytes, one PASS or FAIL line each.
    static func budgetVerdicts(machine: Machine, flashLimit: Int, ramLimit: Int) -> [(passed: Bool, line: String)] {
        let label = TextFormat.padRight(machine.name, 10)
        func verdict(_ title: String, _ used: Int, _ limit: Int) -> (passed: Bool, line: String) {
            guard used <= limit else { return (false, "FAIL \(label) budget: \(title) \(used) B, over its \(limit) B by \(used - limit) B") }
            return (true, "PASS \(label) budget: \(title) \(used) B of \(limit) B (\(limit - used) B to spare)")
        }
        return [
            verdict("flash, the engine with what it links,", machine.engineFlashBytes, flashLimit),
            verdict("RAM, the most a run used (of \(machine.runs.count) runs),", machine.ramPeakBytes, ramLimit),
        ]
    }

    /// The figures for `upright bench` (Sources/UprightCLI/Bench/MCUFigures.swift reads them):
    /// one per line, `KEY UNIT VALUE`, then `<=GOAL` when there is one.
    var benchLines: [String] {
        var lines: [String] = []
        for machine in machines {
            let chip = machine.name == "microbit" ? "m0" : machine.name == "mps2-an386" ? "m4f" : machine.name
            let m0 = chip == "m0"
            func add(_ key: String, _ unit: String, _ value: Double, goal: Int? = nil) {
                lines.append("mcu_\(chip)_\(key) \(unit) \(value)" + (goal.map { " <=\($0)" } ?? ""))
            }
            add("engine_flash_bytes", "bytes", Double(machine.engineFlashBytes), goal: m0 ? FigureTable.engineFlashGoalBytes : nil)
            add("firmware_flash_bytes", "bytes", Double(machine.sizes.total.text + machine.sizes.total.data))
            add("ram_peak_bytes", "bytes", Double(machine.ramPeakBytes), goal: m0 ? FigureTable.ramGoalBytes : nil)
            add("stack_peak_bytes", "bytes", Double(machine.peak("stack-peak")))
            add("allocations_after_init", "count", Double(machine.peak("allocations-run")), goal: 0)
            for kind in ["trace", "bus"] {
                if let figures = machine.instructions(kind: kind) { add("\(kind)_instructions_per_sample", "instructions", figures.mean.rounded()) }
            }
        }
        return lines
    }

    var text: String {
        var table = TextTable(headers: ["figure"] + machines.map(\.name), alignments: [.left] + machines.map { _ in .right })
        func row(_ title: String, _ value: (Machine) -> String) { table.append([title] + machines.map(value)) }
        for part in FirmwareSizes.Part.allCases {
            row("flash: \(part.title)") { FigureTable.bytes($0.sizes[part].text + $0.sizes[part].data) }
        }
        row("flash: the engine with what it links") { FigureTable.bytes($0.engineFlashBytes) }
        row("flash: total (text + data)") { FigureTable.bytes($0.sizes.total.text + $0.sizes.total.data) }
        row("RAM: engine's data + bss") { FigureTable.bytes($0.sizes[.engine].data + $0.sizes[.engine].bss) }
        row("RAM: all data + bss") { FigureTable.bytes($0.sizes.total.data + $0.sizes.total.bss) }
        row("RAM: heap, peak") { FigureTable.bytes(Int($0.peak("heap-peak"))) }
        row("RAM: stack, peak (of the region)") { "\($0.peak("stack-peak")) B (\($0.peak("stack-region")))" }
        row("RAM: total used, peak of a run") { FigureTable.bytes($0.ramPeakBytes) }
        row("allocations at initialisation, max") { "\($0.peak("allocations-init"))" }
        row("allocations after initialisation, max") { "\($0.peak("allocations-run"))" }
        for (kind, title) in [("trace", "traces"), ("bus", "bus recordings")] {
            row("instructions a sample, \(title) (mean, max)") { machine in
                guard let figures = machine.instructions(kind: kind) else { return "-" }
                return "\(Int(figures.mean.rounded())), \(Int(figures.max.rounded()))"
            }
        }
        row("runs") { "\($0.runs.count)" }
        return table.lines(indent: 0).joined(separator: "\n") + "\n"
    }
}
