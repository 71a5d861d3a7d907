#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost
import UprightMCUShared
import UprightSim

/// `upright-mcu`: the host's side of `make mcu-test` (docs/mcu.md). It makes the flash
/// inputs and their references, decodes and checks what the chips print, and tabulates the
/// figures. Not installed; the Makefile builds and runs it.
public enum MCUTool {
    static let usage = """
        usage: upright-mcu COMMAND ...
          corpus DIR                     write the scenario corpus as traces DIR/corpus-NAME.csv
          pack TRACE.csv OUT.bin         a trace as a flash input (parsed as upright replay parses it)
          record CHIP SCENARIO OUT.bin EXPECTED.ndjson
                                         a bus recording (mpu6050 or adxl345) of a scenario, and the
                                         host engine's event stream for it
          probe OUT.bin EXPECTED.ndjson  the floating-point probe and the host's digests
          run INPUT.bin                  run an input on the host as the chip runs it
          check MACHINE NAME EXPECTED.ndjson OUTPUT.txt FIGURES.txt
                                         decode a chip's output, compare it with EXPECTED, print
                                         PASS or FAIL, write the figures (- for none)
          libm MACHINE=MAP...             PASS when the firmware links no libm function but the square
                                         root (the others round differently from one libm to another)
          budget FLASH-BYTES RAM-BYTES RUNS-DIR MACHINE=MAP...
                                         PASS when each machine's engine (with what it links) fits
                                         FLASH-BYTES of flash and its runs RAM-BYTES of RAM; exit 1 if not
          report RUNS-DIR BENCH-FILE MACHINE=MAP...
                                         the figures table from the runs and the map files; the
                                         figures for upright bench into BENCH-FILE (- for none)
        """

    public static func main(_ arguments: [String]) -> Int32 {
        do throws(ToolError) {
            guard let command = arguments.first else { throw ToolError(message: usage) }
            let rest = Array(arguments.dropFirst())
            switch command {
            case "corpus": try corpus(rest)
            case "pack": try pack(rest)
            case "record": try record(rest)
            case "probe": try probe(rest)
            case "run": return try run(rest)
            case "check": return try check(rest)
            case "report": try report(rest)
            case "libm": return try libm(rest)
            case "budget": return try budget(rest)
            default: throw ToolError(message: "upright-mcu: unknown command '\(command)'\n" + usage)
            }
            return 0
        } catch {
            let line = Array("upright-mcu: \(error.message)\n".utf8)
            _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            return error.status
        }
    }

    static func expect(_ arguments: [String], count: Int, _ synopsis: String) throws(ToolError) {
        guard arguments.count == count else { throw ToolError(message: "usage: upright-mcu \(synopsis)") }
    }

    static func read(_ path: String, limit: Int = 64 << 20) throws(ToolError) -> [UInt8] {
        do throws(FileError) {
            return try POSIXFile.readAll(path, limit: limit)
        } catch {
            throw ToolError(message: error.description)
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(ToolError) {
        do throws(FileError) {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw ToolError(message: error.description)
        }
    }

    static func write(lines: [String], to path: String) throws(ToolError) {
        try write(Array(lines.map { $0 + "\n" }.joined().utf8), to: path)
    }

    /// Refuses an input the firmware's input region cannot hold.
    static func checkFits(_ input: [UInt8], _ name: String) throws(ToolError) {
        guard input.count <= InputWriter.capacity else {
            throw ToolError(message: "\(name): \(input.count) bytes, more than the \(InputWriter.capacity)-byte input region")
        }
    }

    // MARK: inputs

    static func corpus(_ arguments: [String]) throws(ToolError) {
        try expect(arguments, count: 1, "corpus DIR")
        for trace in CorpusExport.traces() {
            guard trace.inputBytes <= InputWriter.capacity else {
                print("corpus: \(trace.name) left out: \(trace.inputBytes) bytes, more than the input region")
                continue
            }
            try write(Array(trace.text.utf8), to: arguments[0] + "/corpus-\(trace.name).csv")
        }
    }

    static func pack(_ arguments: [String]) throws(ToolError) {
        try expect(arguments, count: 2, "pack TRACE.csv OUT.bin")
        let path = arguments[0]
        let text = String(decoding: try read(path), as: UTF8.self)
        var parser = TraceParser()
        var rows: [TraceRow] = []
        do throws(TraceError) {
            // As TraceParser.parse splits: "\r\n" is one Character.
            var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            if lines.last?.isEmpty == true { lines.removeLast() }
            for line in lines {
                if let row = try parser.feed(line) { rows.append(row) }
            }
            try parser.finish()
        } catch {
            throw ToolError(message: error.located(in: path))
        }
        let columns = parser.columns
        let input = InputWriter.trace(rows, hasGyro: columns?.hasGyro ?? false, hasButton: columns?.hasButton ?? false)
        try checkFits(input, path)
        try write(input, to: arguments[1])
    }

    static func record(_ arguments: [String]) throws(ToolError) {
        try expect(arguments, count: 4, "record CHIP SCENARIO OUT.bin EXPECTED.ndjson")
        guard let chip = BusChip.allCases.first(where: { String(describing: $0.name) == arguments[0] }) else {
            throw ToolError(message: "record: chip '\(arguments[0])' is not mpu6050 or adxl345")
        }
        let scenario: Scenario
        do throws(ScenarioError) {
            scenario = try ScenarioLoader.load(path: arguments[1])
        } catch {
            throw ToolError(message: error.description)
        }
        let recording: BusRecorder.Recording
        do throws(SensorError) {
            recording = try BusRecorder(chip: chip, scenario: scenario).record()
        } catch {
            throw ToolError(message: "record: \(arguments[1]): the simulated \(arguments[0]) did not answer at boot: \(error)")
        }
        try checkFits(recording.input, arguments[1])
        try write(recording.input, to: arguments[2])
        try write(lines: recording.reference, to: arguments[3])
    }

    static func probe(_ arguments: [String]) throws(ToolError) {
        try expect(arguments, count: 2, "probe OUT.bin EXPECTED.ndjson")
        let input = InputWriter.floatProbe(seed: FloatProbeInput.seed, rounds: FloatProbeInput.rounds)
        let (text, status) = HarnessRun.runOnHost(input)
        guard status == 0 else { throw ToolError(message: "probe: the host run failed:\n" + text) }
        let run: OutputDecoder.Run
        do throws(OutputDecoder.DecodeError) {
            run = try OutputDecoder.decode(text)
        } catch {
            throw ToolError(message: "probe: \(error)")
        }
        try write(input, to: arguments[0])
        try write(lines: run.lines, to: arguments[1])
    }

    static func run(_ arguments: [String]) throws(ToolError) -> Int32 {
        try expect(arguments, count: 1, "run INPUT.bin")
        let (text, status) = HarnessRun.runOnHost(try read(arguments[0]))
        print(text, terminator: "")
        return status
    }

    // MARK: checking

    static func check(_ arguments: [String]) throws(ToolError) -> Int32 {
        try expect(arguments, count: 5, "check MACHINE NAME EXPECTED.ndjson OUTPUT.txt FIGURES.txt")
        let (machine, name) = (arguments[0], arguments[1])
        let expected = String(decoding: try read(arguments[2]), as: UTF8.self).split(separator: "\n").map(String.init)
        let output = String(decoding: try read(arguments[3]), as: UTF8.self)
        let verdict = RunCheck(machine: machine, name: name, expected: expected, output: output)
        print(verdict.line)
        if let run = verdict.run, arguments[4] != "-" {
            try write(lines: ["kind \(run.kind)"] + run.figures.map { "\($0.name) \($0.value)" }, to: arguments[4])
        }
        return verdict.passed ? 0 : 1
    }

    /// The libm functions IEEE 754 requires to be correctly rounded, so every libm agrees.
    static let exactLibm: Set<String> = ["sqrtf", "__ieee754_sqrtf"]

    static func libm(_ arguments: [String]) throws(ToolError) -> Int32 {
        guard !arguments.isEmpty else { throw ToolError(message: "usage: upright-mcu libm MACHINE=MAP...") }
        var failed = false
        for (machine, sizes) in try maps(arguments) {
            let verdict = libmVerdict(machine: machine, sizes: sizes)
            print(verdict.line)
            if !verdict.passed { failed = true }
        }
        return failed ? 1 : 0
    }

    static func libmVerdict(machine: String, sizes: FirmwareSizes) -> (passed: Bool, line: String) {
        let others = sizes.libmSymbols.filter { !exactLibm.contains($0) }
        let label = TextFormat.padRight(machine, 10)
        guard others.isEmpty else {
            return (false, "FAIL \(label) libm: \(others.joined(separator: ", ")) linked; its results may differ from the host's libm")
        }
        let linked = sizes.libmSymbols.isEmpty ? "none" : sizes.libmSymbols.joined(separator: ", ")
        return (true, "PASS \(label) libm: \(linked) (IEEE 754 rounds the square root exactly: every libm agrees)")
    }

    /// `MACHINE=MAP` pairs, each map file read.
    static func maps(_ pairs: some Sequence<String>) throws(ToolError) -> [(String, FirmwareSizes)] {
        var result: [(String, FirmwareSizes)] = []
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ToolError(message: "'\(pair)' is not MACHINE=MAP") }
            let map = String(decoding: try read(parts[1]), as: UTF8.self)
            do throws(FirmwareSizes.MapError) {
                result.append((parts[0], try FirmwareSizes(map: map)))
            } catch {
                throw ToolError(message: "\(parts[1]): \(error)")
            }
        }
        return result
    }

    static func budget(_ arguments: [String]) throws(ToolError) -> Int32 {
        let synopsis = "usage: upright-mcu budget FLASH-BYTES RAM-BYTES RUNS-DIR MACHINE=MAP..."
        guard arguments.count >= 4 else { throw ToolError(message: synopsis) }
        guard let flashLimit = Int(arguments[0]), flashLimit > 0 else {
            throw ToolError(message: "budget: FLASH-BYTES '\(arguments[0])' is not a positive number\n" + synopsis)
        }
        guard let ramLimit = Int(arguments[1]), ramLimit > 0 else {
            throw ToolError(message: "budget: RAM-BYTES '\(arguments[1])' is not a positive number\n" + synopsis)
        }
        var failed = false
        for (machine, sizes) in try maps(arguments.dropFirst(3)) {
            let runs = try FigureTable.loadRuns(directory: arguments[2] + "/" + machine)
            guard !runs.isEmpty else { throw ToolError(message: "budget: no runs' figures in \(arguments[2])/\(machine)") }
            for verdict in FigureTable.budgetVerdicts(
                machine: FigureTable.Machine(name: machine, sizes: sizes, runs: runs), flashLimit: flashLimit, ramLimit: ramLimit)
            {
                print(verdict.line)
                if !verdict.passed { failed = true }
            }
        }
        return failed ? 1 : 0
    }

    static func report(_ arguments: [String]) throws(ToolError) {
        guard arguments.count >= 3 else { throw ToolError(message: "usage: upright-mcu report RUNS-DIR BENCH-FILE MACHINE=MAP...") }
        var machines: [FigureTable.Machine] = []
        for (machine, sizes) in try maps(arguments.dropFirst(2)) {
            machines.append(FigureTable.Machine(name: machine, sizes: sizes, runs: try FigureTable.loadRuns(directory: arguments[0] + "/" + machine)))
        }
        let table = FigureTable(machines: machines)
        if arguments[1] != "-" { try write(lines: table.benchLines, to: arguments[1]) }
        print(table.text, terminator: "")
    }
}
