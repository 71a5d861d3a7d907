import UprightHost

/// The clock an I2C adapter runs at, as the device tree set it: on a Pi
/// `/sys/class/i2c-adapter/i2c-N/of_node/clock-frequency`, a big-endian 32-bit cell in Hz
/// (`dtparam=i2c_arm_baudrate=400000` writes it). Adapters without a device-tree node (i2c-stub,
/// a USB adapter) have none. `upright run` compares it with the board's `i2c.speed_hz`.
public enum I2CAdapterClock {
    public static func path(bus: Int) -> String { "/sys/class/i2c-adapter/i2c-\(bus)/of_node/clock-frequency" }

    /// The adapter's clock in Hz, nil when the device tree gives none.
    public static func hertz(bus: Int) -> Int? {
        // No device tree node (a PC's adapter, i2c-stub): the clock is unknown, as documented.
        guard let bytes = try? POSIXFile.readAll(path(bus: bus), limit: 64) else { return nil }
        return hertz(cell: bytes)
    }

    /// A device-tree cell: four bytes, big-endian.
    static func hertz(cell bytes: [UInt8]) -> Int? {
        guard bytes.count == 4 else { return nil }
        return Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
    }
}
