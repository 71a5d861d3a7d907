/// What the two drivers share: one chip at one address whose configuration is a list of
/// register values. `configure` writes the list and the health check reads it back, so a
/// register that a failed write (or a brown-out) left different is found and the chip is
/// initialised again, instead of, say, a FIFO left disabled delivering nothing for good.
@usableFromInline
protocol RegisterChip {
    associatedtype Bus: I2CBus
    var bus: Bus { get }
    var address: UInt8 { get }
    var samplePeriod: TimeSpan { get }

    /// Passes every configuration register and its value to `body`, in write order.
    /// `configuring` adds the transitional writes that do not read back (a self-clearing reset
    /// bit, standby before the settings).
    func forEachSetting(configuring: Bool, _ body: (UInt8, UInt8) throws(SensorError) -> Void) throws(SensorError)
}

extension RegisterChip {
    @inline(__always)
    func writeSettings() throws(SensorError) {
        try forEachSetting(configuring: true) { (register, value) throws(SensorError) in try write(register, value) }
    }

    /// True when every configuration register reads back as written; stops at the first that
    /// differs (after a power loss that is the first one read).
    @inline(__always)
    func settingsIntact() throws(SensorError) -> Bool {
        var intact = true
        try forEachSetting(configuring: false) { (register, value) throws(SensorError) in
            if intact { intact = try read(register) == value }
        }
        return intact
    }

    @inline(__always)
    func samplesDue(from start: Instant, to end: Instant) -> Int {
        let span = (end - start).nanoseconds
        let period = samplePeriod.nanoseconds
        guard span > 0, period > 0 else { return 0 }
        return Int(span / period)
    }

    @inline(__always)
    func read(_ register: UInt8) throws(SensorError) -> UInt8 {
        do throws(I2CError) {
            return try bus.readRegister(address: address, register)
        } catch {
            throw .bus(error)
        }
    }

    @inline(__always)
    func write(_ register: UInt8, _ value: UInt8) throws(SensorError) {
        do throws(I2CError) {
            try bus.writeRegister(address: address, register, value)
        } catch {
            throw .bus(error)
        }
    }

    /// One data block of `count` bytes from `register`: one burst, or single-byte reads as the
    /// register-by-register baseline.
    @inline(__always)
    func readDataBlock(from register: UInt8, into bytes: UnsafeMutableRawBufferPointer, byRegister: Bool) throws(SensorError) {
        do throws(I2CError) {
            if byRegister {
                for index in 0..<bytes.count {
                    bytes[index] = try bus.readRegister(address: address, register &+ UInt8(index))
                }
            } else {
                try bus.readRegisters(address: address, from: register, into: bytes)
            }
        } catch {
            throw .bus(error)
        }
    }
}
