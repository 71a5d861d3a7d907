import UprightCore
import UprightHost
import UprightMCUShared

/// Builds the flash inputs the chips run (docs/mcu.md, "Inputs"): the layouts `InputHeader`,
/// `TraceInput`, `BusInput` and `PlaybackBus` read.
enum InputWriter {
    /// The most bytes an input may have: the firmware's input region (Embedded/Startup/firmware.ld).
    static let capacity = 176 * 1024

    /// A trace input from parsed rows (the exact Floats `upright replay` feeds).
    static func trace(_ rows: [TraceRow], hasGyro: Bool, hasButton: Bool) -> [UInt8] {
        var payload = ByteWriter()
        let start = rows.first?.time ?? .zero
        var previous = start
        for row in rows {
            var flags: UInt8 = 0
            if row.buttonPressed == true { flags |= TraceInput.rowButtonDown }
            if ByteWriter.needsAbsoluteTime(row.time, after: previous) { flags |= TraceInput.rowAbsoluteTime }
            payload.uint8(flags)
            payload.time(row.time, after: previous)
            let a = row.accelerationG
            for value in [a.x, a.y, a.z] { payload.float(value) }
            if hasGyro {
                let g = row.angularRateDPS ?? .zero
                for value in [g.x, g.y, g.z] { payload.float(value) }
            }
            previous = row.time
        }
        var flags: UInt8 = 0
        if hasGyro { flags |= TraceInput.gyroFlag }
        if hasButton { flags |= TraceInput.buttonFlag }
        return withHeader(kind: .trace, flags: flags, count: rows.count, auxiliary: 0, start: start, payload: payload.bytes)
    }

    /// A bus recording: the calls and the transfer records (`RecordingBus.records`).
    static func bus(chip: BusChip, capabilities: I2CCapabilities, start: Instant, calls: [BusCall], transfers: [UInt8], transferCount: Int) -> [UInt8]
    {
        var encoded = ByteWriter()
        var previous = start
        for call in calls {
            let absolute = ByteWriter.needsAbsoluteTime(call.time, after: previous)
            encoded.uint8(call.code | (absolute ? BusCall.absoluteTimeFlag : 0))
            encoded.time(call.time, after: previous)
            previous = call.time
        }
        var payload = ByteWriter()
        payload.uint8(chip.address)
        payload.uint8(capabilities.combinedTransfers ? 1 : 0)
        payload.uint16(UInt16(clamping: capabilities.maximumReadBytes))
        payload.uint32(UInt32(encoded.bytes.count))
        payload.bytes(encoded.bytes)
        payload.bytes(transfers)
        return withHeader(
            kind: .bus, flags: chip.rawValue, count: calls.count, auxiliary: UInt32(transferCount), start: start, payload: payload.bytes)
    }

    /// The float probe: `rounds` rounds from `seed`; no payload.
    static func floatProbe(seed: UInt32, rounds: Int) -> [UInt8] {
        withHeader(kind: .floatProbe, flags: 0, count: rounds, auxiliary: seed, start: .zero, payload: [])
    }

    static func withHeader(kind: InputKind, flags: UInt8, count: Int, auxiliary: UInt32, start: Instant, payload: [UInt8]) -> [UInt8] {
        var header = ByteWriter()
        header.uint32(InputHeader.magic)
        header.uint16(InputHeader.version)
        header.uint8(kind.rawValue)
        header.uint8(flags)
        header.uint32(UInt32(payload.count))
        header.uint32(payload.withUnsafeBytes { InputHeader.fnv1a($0) })
        header.uint32(UInt32(count))
        header.uint32(auxiliary)
        header.int64(start.nanoseconds)
        return header.bytes + payload
    }
}
