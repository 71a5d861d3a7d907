import UprightCore

/// One run of the harness over a flash input: what the chip's entry point does, and what the
/// host's tests and `upright-mcu run` do with the same bytes. Writes (docs/mcu.md, "Output"):
///
///     upright-mcu 1 MACHINE KIND
///     <one compact line per record>, or P lines for the float probe
///     = samples N
///     = <figure> <value>           (on the chip)
///     end ok RECORDS               or   X <message> / end failed
///
/// and returns the exit status: 0 when the input ran to its end, 1 otherwise.
public enum HarnessRun {
    public static let formatVersion: UInt64 = 1

    public static func run<Output: LineOutput, Meter: HarnessMeter>(
        input region: UnsafeRawBufferPointer, machine: UnsafeRawBufferPointer, output: inout Output, meter: inout Meter
    ) -> Int32 {
        let parsed: (header: InputHeader, payload: UnsafeRawBufferPointer)
        do throws(InputError) {
            parsed = try InputHeader.parse(region)
        } catch {
            writeHeader(machine: machine, kind: "unknown", output: &output)
            writeError(.input(error), output: &output)
            return 1
        }
        writeHeader(machine: machine, kind: kindName(parsed.header.kind), output: &output)
        let outcome: (samples: Int, records: Int)
        do throws(RunError) {
            switch parsed.header.kind {
            case .trace: outcome = try runTrace(parsed.header, parsed.payload, output: output, meter: &meter)
            case .bus: outcome = try runBus(parsed.header, parsed.payload, output: output, meter: &meter)
            case .floatProbe: outcome = runFloatProbe(parsed.header, output: &output, meter: &meter)
            }
        } catch {
            writeError(error, output: &output)
            return 1
        }
        writeNamedValue("=", "samples", UInt64(outcome.samples), output: &output)
        if let figures = meter.figures() {
            let lines = figures.lines
            for index in 0..<lines.count { writeNamedValue("=", lines[index].name, lines[index].value, output: &output) }
        }
        writeEnd(records: outcome.records, output: &output)
        return 0
    }

    // Each line is written by its own small function: the chip's stack is 4 KB, and a line
    // buffer in the frame of `run` would stay there for the whole run.

    @inline(never)
    static func writeHeader<Output: LineOutput>(machine: UnsafeRawBufferPointer, kind: StaticString, output: inout Output) {
        var line = LineBuilder("upright-mcu")
        line.append(formatVersion)
        line.append(machine)
        line.append(kind)
        line.write(to: &output)
    }

    /// A figure (`= name value`) or a probe digest (`P family digest`).
    @inline(never)
    static func writeNamedValue<Output: LineOutput>(_ tag: StaticString, _ name: StaticString, _ value: UInt64, output: inout Output) {
        var line = LineBuilder(tag)
        line.append(name)
        line.append(value)
        line.write(to: &output)
    }

    @inline(never)
    static func writeEnd<Output: LineOutput>(records: Int, output: inout Output) {
        var line = LineBuilder("end")
        line.append("ok")
        line.append(records)
        line.write(to: &output)
    }

    /// A run that stopped early: the input was bad, or the firmware left the bus recording.
    enum RunError: Error {
        case input(InputError)
        case divergence(PlaybackDivergence)
        case unusedTransfers(Int)
        /// The engine could not start its sensor (the chip never answered at boot).
        case sensorDidNotStart
    }

    static func kindName(_ kind: InputKind) -> StaticString {
        switch kind {
        case .trace: "trace"
        case .bus: "bus"
        case .floatProbe: "float-probe"
        }
    }

    static func runTrace<Output: LineOutput, Meter: HarnessMeter>(
        _ header: InputHeader, _ payload: UnsafeRawBufferPointer, output: Output, meter: inout Meter
    ) throws(RunError) -> (samples: Int, records: Int) {
        var rows: TraceInput
        let first: TraceInput.Row
        do throws(InputError) {
            rows = try TraceInput(header: header, payload: payload)
            guard let row = try rows.next() else { throw InputError.empty }
            first = row
        } catch {
            throw .input(error)
        }
        var engine: TraceEngine<RecordLineSink<Output>>
        do throws(SensorError) {
            engine = try TraceEngine(sink: RecordLineSink(output: output), start: first.sample.time)
        } catch {
            throw .sensorDidNotStart
        }
        meter.initialised()
        engine.feed(first.sample, buttonDown: first.buttonDown)
        while true {
            let next: TraceInput.Row?
            do throws(InputError) {
                next = try rows.next()
            } catch {
                throw .input(error)
            }
            guard let row = next else { break }
            engine.feed(row.sample, buttonDown: row.buttonDown)
        }
        engine.finish()
        return (rows.rowsRead, engine.sink.records)
    }

    static func runBus<Output: LineOutput, Meter: HarnessMeter>(
        _ header: InputHeader, _ payload: UnsafeRawBufferPointer, output: Output, meter: inout Meter
    ) throws(RunError) -> (samples: Int, records: Int) {
        var calls: BusInput
        do throws(InputError) {
            calls = try BusInput(header: header, payload: payload)
        } catch {
            throw .input(error)
        }
        let bus = PlaybackBus<Meter.Pause>(transfers: calls.transfers, count: calls.transferCount, capabilities: calls.capabilities)
        let engine: BusEngine<PlaybackBus<Meter.Pause>, RecordLineSink<Output>>
        do throws(SensorError) {
            engine = try BusEngine(bus: bus, chip: calls.chip, sink: RecordLineSink(output: output), start: calls.start)
        } catch {
            if let divergence = bus.divergence { throw .divergence(divergence) }
            throw .sensorDidNotStart
        }
        meter.initialised()
        while true {
            let next: BusCall?
            do throws(InputError) {
                next = try calls.next()
            } catch {
                throw .input(error)
            }
            guard let call = next else { break }
            engine.perform(call)
            if let divergence = bus.divergence { throw .divergence(divergence) }
        }
        if bus.remaining > 0 { throw .unusedTransfers(bus.remaining) }
        return (engine.samples, engine.engine.runtime.sink.records)
    }

    static func runFloatProbe<Output: LineOutput, Meter: HarnessMeter>(
        _ header: InputHeader, output: inout Output, meter: inout Meter
    ) -> (samples: Int, records: Int) {
        var probe = FloatProbe(seed: header.auxiliary)
        meter.initialised()
        probe.run(rounds: Int(header.count))
        for family in FloatProbe.Family.allCases {
            writeNamedValue("P", family.name, UInt64(probe.digests[Int(family.rawValue)]), output: &output)
        }
        return (Int(header.count), FloatProbe.Family.allCases.count)
    }

    /// The `X` line and `end failed`.
    @inline(never)
    static func writeError<Output: LineOutput>(_ error: RunError, output: inout Output) {
        var line = LineBuilder("X")
        switch error {
        case .input(let inputError):
            line.append(inputError.message)
        case .divergence(let divergence):
            line.append("bus: transfer")
            line.append(divergence.index)
            line.append(divergence.reason)
        case .unusedTransfers(let count):
            line.append("bus: recorded transfers never made:")
            line.append(count)
        case .sensorDidNotStart:
            line.append("engine: the sensor did not answer at boot")
        }
        line.write(to: &output)
        var end = LineBuilder("end")
        end.append("failed")
        end.write(to: &output)
    }
}
