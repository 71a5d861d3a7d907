/// What the transactions on a bus cost on the wire: bytes (address, register pointer, data,
/// each 8 bits plus an acknowledge bit) and START / repeated START / STOP conditions.
///
/// Kept by `SimBus` (and any adapter that wants it) so read modes can be compared in bytes per
/// sample and in wire time at 100 kHz (standard mode) and 400 kHz (fast mode).
public struct WireStats: Equatable, Sendable {
    /// Transactions attempted, acknowledged or not.
    public var transactions: Int = 0
    /// Every byte clocked on the wire: address bytes (one per START), written bytes, read bytes.
    public var wireBytes: Int = 0
    /// Data bytes read from devices (the payload the driver asked for).
    public var payloadBytes: Int = 0
    /// START plus repeated START conditions.
    public var startConditions: Int = 0
    /// Transactions a device did not acknowledge (or that failed on the bus).
    public var failedTransactions: Int = 0

    /// Statistics with nothing counted yet.
    public init() {}

    /// Accounts one transaction: START, address+W, `writeCount` bytes, repeated START,
    /// address+R, `readCount` bytes, STOP. A transaction that was not acknowledged costs its
    /// address byte only.
    @inlinable
    public mutating func record(writeCount: Int, readCount: Int, acknowledged: Bool) {
        transactions += 1
        guard acknowledged else {
            failedTransactions += 1
            startConditions += 1
            wireBytes += 1
            return
        }
        if writeCount > 0 || readCount == 0 {
            startConditions += 1
            wireBytes += 1 + writeCount
        }
        if readCount > 0 {
            startConditions += 1
            wireBytes += 1 + readCount
            payloadBytes += readCount
        }
    }

    /// Bit times on the wire: 9 per byte (8 data + acknowledge), one per START, repeated START
    /// and STOP (an approximation: the I2C specification's setup and hold times are shorter).
    public var wireBits: Int { wireBytes * 9 + startConditions + transactions }

    /// Time the wire was busy at `clockHz` (100_000 standard mode, 400_000 fast mode).
    public func wireTime(clockHz: Int) -> TimeSpan {
        guard clockHz > 0 else { return .zero }
        return TimeSpan(nanoseconds: Int64(wireBits) * 1_000_000_000 / Int64(clockHz))
    }

    /// The traffic between two snapshots (`later - earlier`).
    public static func - (later: WireStats, earlier: WireStats) -> WireStats {
        var out = WireStats()
        out.transactions = later.transactions - earlier.transactions
        out.wireBytes = later.wireBytes - earlier.wireBytes
        out.payloadBytes = later.payloadBytes - earlier.payloadBytes
        out.startConditions = later.startConditions - earlier.startConditions
        out.failedTransactions = later.failedTransactions - earlier.failedTransactions
        return out
    }
}
