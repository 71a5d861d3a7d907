/// ADXL345 register addresses and bits. Sections and tables refer to the Analog Devices
/// ADXL345 data sheet Rev. E ("Register Map", Table 19, and "Register Definitions"); see
/// docs/hardware.md.
public enum ADXL345Register {
    /// Register 0x00 DEVID: fixed 0xE5 (octal 345).
    public static let deviceID: UInt8 = 0x00
    /// Registers 0x1E-0x20 OFSX/OFSY/OFSZ: two's complement offsets, 15.6 mg/LSB.
    public static let offsetX: UInt8 = 0x1E
    /// Register 0x2C BW_RATE: LOW_POWER bit 4, rate code bits 3:0 (Table 7).
    public static let bandwidthRate: UInt8 = 0x2C
    /// Register 0x2D POWER_CTL: Measure bit 3 (0 = standby, the reset value).
    public static let powerControl: UInt8 = 0x2D
    /// Register 0x2E INT_ENABLE.
    public static let interruptEnable: UInt8 = 0x2E
    /// Register 0x2F INT_MAP: a set bit routes that interrupt to INT2, clear to INT1.
    public static let interruptMap: UInt8 = 0x2F
    /// Register 0x30 INT_SOURCE.
    public static let interruptSource: UInt8 = 0x30
    /// Register 0x31 DATA_FORMAT: INT_INVERT bit 5, FULL_RES bit 3, Justify bit 2, Range 1:0.
    public static let dataFormat: UInt8 = 0x31
    /// Registers 0x32-0x37 DATAX0..DATAZ1: little-endian (DATAx0 is the low byte). In FIFO
    /// modes each six-byte read pops one FIFO entry ("Retrieving Data from FIFO").
    public static let dataX0: UInt8 = 0x32
    /// Register 0x38 FIFO_CTL: FIFO_MODE bits 7:6 (Table 22), Samples bits 4:0 (watermark).
    public static let fifoControl: UInt8 = 0x38
    /// Register 0x39 FIFO_STATUS: FIFO_TRIG bit 7, Entries bits 5:0.
    public static let fifoStatus: UInt8 = 0x39

    /// POWER_CTL Measure.
    public static let powerMeasure: UInt8 = 0x08
    /// BW_RATE LOW_POWER.
    public static let rateLowPower: UInt8 = 0x10
    /// DATA_FORMAT FULL_RES: 4 mg/LSB (nominally 3.9) at every range.
    public static let formatFullResolution: UInt8 = 0x08
    /// DATA_FORMAT INT_INVERT: interrupts active low.
    public static let formatInterruptActiveLow: UInt8 = 0x20
    /// FIFO_CTL FIFO_MODE = stream (10 binary): keeps the newest 32 entries.
    public static let fifoModeStream: UInt8 = 0x80
    /// FIFO_STATUS Entries mask.
    public static let fifoEntriesMask: UInt8 = 0x3F
    /// INT_ENABLE / INT_SOURCE bits: DATA_READY, Watermark, Overrun.
    public static let interruptDataReady: UInt8 = 0x80
    /// INT_ENABLE / INT_SOURCE Watermark bit (D1): the FIFO holds the watermark's entries.
    public static let interruptWatermark: UInt8 = 0x02
    /// INT_ENABLE / INT_SOURCE Overrun bit (D0): data was replaced before it was read.
    public static let interruptOverrun: UInt8 = 0x01
}
