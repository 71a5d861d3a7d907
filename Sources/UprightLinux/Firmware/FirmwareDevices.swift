import UprightCore

/// The hardware the firmware and `trace` talk to: `BoardDevices.open` gives the real ones,
/// tests a simulated bus and pipes.
public struct FirmwareDevices<Bus: I2CBus> {
    public var bus: Bus
    /// For messages: "/dev/i2c-1".
    public var busName: String
    public var shutter: (any EdgeSource)?
    /// The IMU's interrupt line: data ready for register (burst) reads, the FIFO watermark for
    /// an ADXL345's FIFO. Reads paced by it run on the sampler thread, which waits on it.
    public var dataReady: (any EdgeSource)?
    /// The recording light's output line, when the board has an `led`.
    public var led: GPIOOutputLine?
    /// N of /dev/i2c-N, for the kernel's view of the bus in sysfs (who holds the chip's
    /// address, its IIO device); nil skips those looks (a simulated bus).
    public var busNumber: Int?
    /// Where sysfs is (a temporary tree in tests).
    public var sysfs = Sysfs()
    /// Where the IIO device nodes are (`/dev`).
    public var devRoot = "/dev"
    /// The nodes opened (the bus, the lines' chips), looked at while the firmware runs: one
    /// gone ends the run (`DeviceNode`). Empty for simulated devices.
    public var nodes: [DeviceNode] = []

    public init(bus: Bus, busName: String, shutter: (any EdgeSource)?, dataReady: (any EdgeSource)? = nil, led: GPIOOutputLine? = nil) {
        self.bus = bus
        self.busName = busName
        self.shutter = shutter
        self.dataReady = dataReady
        self.led = led
    }
}
