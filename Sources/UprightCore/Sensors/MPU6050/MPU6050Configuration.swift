/// Accelerometer full scale, ACCEL_CONFIG AFS_SEL (RM 4.5; PS 6.2 sensitivity).
public enum MPU6050AccelerometerRange: UInt8, Hashable, Sendable, CaseIterable {
    /// +-2 g full scale (each case is its ACCEL_CONFIG AFS_SEL value, RM 4.5).
    case g2 = 0
    /// +-4 g full scale.
    case g4 = 1
    /// +-8 g full scale.
    case g8 = 2
    /// +-16 g full scale.
    case g16 = 3

    /// PS 6.2: 16384 / 8192 / 4096 / 2048 LSB per g.
    @inlinable
    public var countsPerG: Float { Float(16384 >> Int(rawValue)) }
}

/// Gyroscope full scale, GYRO_CONFIG FS_SEL (RM 4.4; PS 6.1 sensitivity).
public enum MPU6050GyroRange: UInt8, Hashable, Sendable, CaseIterable {
    /// +-250 degrees per second full scale (each case is its GYRO_CONFIG FS_SEL value, RM 4.4).
    case dps250 = 0
    /// +-500 degrees per second full scale.
    case dps500 = 1
    /// +-1000 degrees per second full scale.
    case dps1000 = 2
    /// +-2000 degrees per second full scale.
    case dps2000 = 3

    /// PS 6.1: 131 / 65.5 / 32.8 / 16.4 LSB per degree per second.
    @inlinable
    public var countsPerDPS: Float {
        switch self {
        case .dps250: 131
        case .dps500: 65.5
        case .dps1000: 32.8
        case .dps2000: 16.4
        }
    }
}

/// Digital low-pass filter, CONFIG DLPF_CFG (RM 4.3): accelerometer bandwidth in Hz.
public enum MPU6050LowPassFilter: UInt8, Hashable, Sendable, CaseIterable {
    /// 260 Hz accelerometer bandwidth (each case is its CONFIG DLPF_CFG value, RM 4.3).
    case hz260 = 0
    /// 184 Hz accelerometer bandwidth.
    case hz184 = 1
    /// 94 Hz accelerometer bandwidth.
    case hz94 = 2
    /// 44 Hz accelerometer bandwidth.
    case hz44 = 3
    /// 21 Hz accelerometer bandwidth.
    case hz21 = 4
    /// 10 Hz accelerometer bandwidth.
    case hz10 = 5
    /// 5 Hz accelerometer bandwidth.
    case hz5 = 6

    /// RM 4.3: the gyroscope output rate is 8 kHz with DLPF_CFG 0 (or 7), 1 kHz otherwise.
    @inlinable
    public var gyroOutputRateHz: Int { self == .hz260 ? 8000 : 1000 }
}

/// What each FIFO record holds, in register order (RM 4.6, 4.31).
public enum MPU6050FIFOContents: UInt8, Hashable, Sendable, CaseIterable {
    /// Accelerometer X, Y, Z: 6 bytes.
    case accelerometer
    /// Accelerometer then gyroscope: 12 bytes.
    case accelerometerGyro
    /// Accelerometer, temperature, gyroscope: 14 bytes (the whole data block).
    case all

    /// Bytes one FIFO record of these contents takes.
    @inlinable
    public var bytesPerSample: Int {
        switch self {
        case .accelerometer: 6
        case .accelerometerGyro: 12
        case .all: 14
        }
    }

    /// RM 4.6 FIFO_EN bits.
    public var fifoEnableBits: UInt8 {
        switch self {
        case .accelerometer: MPU6050Register.fifoAccelerometer
        case .accelerometerGyro: MPU6050Register.fifoAccelerometer | MPU6050Register.fifoGyro
        case .all: MPU6050Register.fifoAccelerometer | MPU6050Register.fifoGyro | MPU6050Register.fifoTemperature
        }
    }
}

/// The INT pin (RM 4.14, 4.15).
public struct InterruptPin: Equatable, Sendable {
    /// The pin is driven low when active (high otherwise).
    public var activeLow: Bool
    /// Held until the status is read (instead of a 50 us pulse).
    public var latched: Bool

    /// A pin configuration; by default active high and latched.
    public init(activeLow: Bool = false, latched: Bool = true) {
        self.activeLow = activeLow
        self.latched = latched
    }
}

/// How the MPU-6050 is set up; every field is one of the chip's legal choices.
public struct MPU6050Configuration: Equatable, Sendable {
    /// The accelerometer's full-scale range.
    public var accelerometerRange: MPU6050AccelerometerRange = .g2
    /// The gyroscope's full-scale range.
    public var gyroRange: MPU6050GyroRange = .dps250
    /// The digital low-pass filter, which also sets the internal rate the divider divides.
    public var lowPassFilter: MPU6050LowPassFilter = .hz44
    /// SMPLRT_DIV: sample rate = gyro output rate / (1 + divider). 0 with a filtered DLPF
    /// gives 1 kHz, the accelerometer's own maximum.
    public var sampleRateDivider: UInt8 = 0
    /// How samples are read: the FIFO (default), one burst, or register by register.
    public var readMode: ReadMode = .fifo
    /// What each FIFO record holds.
    public var fifoContents: MPU6050FIFOContents = .accelerometer
    /// Drives the INT pin on data ready (and FIFO overflow in FIFO mode); nil leaves it off.
    public var interruptPin: InterruptPin? = nil
    /// How often the driver checks that the chip has not been reset or fallen asleep
    /// or lost a configuration write (every configured register is read back, PWR_MGMT_1
    /// first) when nothing else revealed it.
    public var healthCheckInterval: TimeSpan = .milliseconds(250)
    /// Identical raw accelerometer readings in a row that count as stuck data (real readings
    /// carry noise of several LSB; zero disables the check).
    public var stuckSampleLimit: Int = 64

    /// The default configuration: +-2 g, 250 dps, 44 Hz filter, 1 kHz, FIFO of accelerometer records.
    public init() {}

    /// 1 kHz / (1 + divider), or 8 kHz / (1 + divider) with the 260 Hz filter (RM 4.2).
    @inlinable
    public var sampleRateHz: Int { lowPassFilter.gyroOutputRateHz / (1 + Int(sampleRateDivider)) }

    /// Time between two samples at `sampleRateHz`.
    @inlinable
    public var samplePeriod: TimeSpan {
        // Unsigned: the M0 links no signed 64-bit division (`TimeSpan.quotient`).
        TimeSpan(nanoseconds: Int64((1 + UInt64(sampleRateDivider)) * 1_000_000_000 / UInt64(lowPassFilter.gyroOutputRateHz)))
    }
}
