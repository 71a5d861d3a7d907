/// MPU-6050 register addresses and bits. Sections refer to InvenSense "MPU-6000 and MPU-6050
/// Register Map and Descriptions" RM-MPU-6000A-00 rev 4.2 (RM) and the product specification
/// PS-MPU-6000A-00 rev 3.4 (PS); docs/hardware.md lists which section holds which register
/// (rev 4.0 of the RM numbers them differently: it still has registers 31 and 105).
public enum MPU6050Register {
    /// RM 4.2 SMPLRT_DIV: sample rate = gyroscope output rate / (1 + value).
    public static let sampleRateDivider: UInt8 = 0x19
    /// RM 4.3 CONFIG: DLPF_CFG in bits 2:0.
    public static let config: UInt8 = 0x1A
    /// RM 4.4 GYRO_CONFIG: FS_SEL in bits 4:3.
    public static let gyroConfig: UInt8 = 0x1B
    /// RM 4.5 ACCEL_CONFIG: AFS_SEL in bits 4:3.
    public static let accelConfig: UInt8 = 0x1C
    /// RM 4.6 FIFO_EN: which measurements the FIFO receives.
    public static let fifoEnable: UInt8 = 0x23
    /// RM 4.14 INT_PIN_CFG.
    public static let interruptPinConfig: UInt8 = 0x37
    /// RM 4.15 INT_ENABLE.
    public static let interruptEnable: UInt8 = 0x38
    /// RM 4.16 INT_STATUS (cleared when read).
    public static let interruptStatus: UInt8 = 0x3A
    /// RM 4.17 ACCEL_XOUT_H: first of six big-endian accelerometer bytes (0x3B-0x40).
    public static let accelXHigh: UInt8 = 0x3B
    /// RM 4.18 TEMP_OUT_H (0x41-0x42).
    public static let temperatureHigh: UInt8 = 0x41
    /// RM 4.19 GYRO_XOUT_H (0x43-0x48).
    public static let gyroXHigh: UInt8 = 0x43
    /// RM 4.27 USER_CTRL: FIFO_EN bit 6, FIFO_RESET bit 2.
    public static let userControl: UInt8 = 0x6A
    /// RM 4.28 PWR_MGMT_1: DEVICE_RESET bit 7, SLEEP bit 6, CLKSEL bits 2:0.
    public static let powerManagement1: UInt8 = 0x6B
    /// RM 4.29 PWR_MGMT_2: standby bits per axis.
    public static let powerManagement2: UInt8 = 0x6C
    /// RM 4.30 FIFO_COUNT_H: big-endian byte count in 0x72-0x73.
    public static let fifoCountHigh: UInt8 = 0x72
    /// RM 4.31 FIFO_R_W: reads stream the FIFO without advancing the register pointer.
    public static let fifoReadWrite: UInt8 = 0x74
    /// RM 4.32 WHO_AM_I: 0x68 on a genuine MPU-6050.
    public static let whoAmI: UInt8 = 0x75

    /// RM 4.28: PWR_MGMT_1 DEVICE_RESET (self-clearing).
    public static let powerDeviceReset: UInt8 = 0x80
    /// RM 4.28: PWR_MGMT_1 SLEEP; the reset value of PWR_MGMT_1 is 0x40 (RM 3, register table).
    public static let powerSleep: UInt8 = 0x40
    /// RM 4.28: CLKSEL 1 = PLL with the X gyro reference, which it recommends over the
    /// internal 8 MHz oscillator (PS 7.15: the gyro clock is the more accurate one).
    public static let powerClockPLLGyroX: UInt8 = 0x01
    /// RM 4.27: USER_CTRL FIFO_EN.
    public static let userFIFOEnable: UInt8 = 0x40
    /// RM 4.27: USER_CTRL FIFO_RESET (self-clearing; takes effect while FIFO_EN is 0).
    public static let userFIFOReset: UInt8 = 0x04
    /// RM 4.6: FIFO_EN TEMP_FIFO_EN.
    public static let fifoTemperature: UInt8 = 0x80
    /// RM 4.6: FIFO_EN XG/YG/ZG_FIFO_EN.
    public static let fifoGyro: UInt8 = 0x70
    /// RM 4.6: FIFO_EN ACCEL_FIFO_EN.
    public static let fifoAccelerometer: UInt8 = 0x08
    /// RM 4.14: INT_PIN_CFG INT_LEVEL (active low).
    public static let pinActiveLow: UInt8 = 0x80
    /// RM 4.14: INT_PIN_CFG LATCH_INT_EN.
    public static let pinLatch: UInt8 = 0x20
    /// RM 4.14: INT_PIN_CFG INT_RD_CLEAR (any read clears the status).
    public static let pinClearOnAnyRead: UInt8 = 0x10
    /// RM 4.15 / 4.16: DATA_RDY_EN / DATA_RDY_INT.
    public static let interruptDataReady: UInt8 = 0x01
    /// RM 4.15 / 4.16: FIFO_OFLOW_EN / FIFO_OFLOW_INT.
    public static let interruptFIFOOverflow: UInt8 = 0x10
}
