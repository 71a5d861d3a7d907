import UprightCore

/// A bus recording (docs/mcu.md, "Bus inputs"): the adapter's view of the bus at recording
/// time (address, capabilities), the calls into the engine, and the transfers they made.
///
/// Payload: address (u8), combined transfers (u8, 0 or 1), longest read (u16), call bytes
/// (u32), then the calls (per call: a code byte, `BusCall`, and its time: u32 nanoseconds
/// after the previous call, or i64 when the code has bit 7), then the transfers
/// (`PlaybackBus`). The header's flags name the chip; its auxiliary field counts transfers.
public struct BusInput {
    public let chip: BusChip
    public let address: UInt8
    public let capabilities: I2CCapabilities
    public let callCount: Int
    public let transferCount: Int
    /// The transfer records, for `PlaybackBus`.
    public let transfers: UnsafeRawBufferPointer
    public let start: Instant
    public private(set) var callsRead = 0
    private var calls: InputCursor
    private var previous: Instant

    public init(header: InputHeader, payload: UnsafeRawBufferPointer) throws(InputError) {
        guard header.kind == .bus, let chip = BusChip(rawValue: header.flags) else { throw .unknownKind }
        self.chip = chip
        var cursor = InputCursor(payload)
        address = try cursor.uint8()
        let combined = try cursor.uint8()
        guard combined <= 1 else { throw .badCall }
        capabilities = I2CCapabilities(combinedTransfers: combined == 1, maximumReadBytes: Int(try cursor.uint16()))
        let callBytes = Int(try cursor.uint32())
        calls = InputCursor(try cursor.take(callBytes))
        transfers = try cursor.take(cursor.remaining)
        callCount = Int(header.count)
        transferCount = Int(header.auxiliary)
        start = header.start
        previous = header.start
    }

    /// The next call, or nil after the last.
    public mutating func next() throws(InputError) -> BusCall? {
        guard callsRead < callCount else { return nil }
        let code = try calls.uint8()
        let time = try calls.time(after: previous, absolute: code & BusCall.absoluteTimeFlag != 0)
        previous = time
        callsRead += 1
        switch code & ~BusCall.absoluteTimeFlag {
        case BusCall.stepCode: return .step(time)
        case BusCall.edgeUpCode: return .edge(down: false, at: time)
        case BusCall.edgeDownCode: return .edge(down: true, at: time)
        case BusCall.finishCode: return .finish(time)
        default: throw .badCall
        }
    }
}
