/// Measurement range, DATA_FORMAT Range bits (data sheet Table 21).
public enum ADXL345Range: UInt8, Hashable, Sendable, CaseIterable {
    /// +-2 g full scale (each case is its DATA_FORMAT Range bits, Table 21).
    case g2 = 0
    /// +-4 g full scale.
    case g4 = 1
    /// +-8 g full scale.
    case g8 = 2
    /// +-16 g full scale.
    case g16 = 3
}

/// Output data rate, BW_RATE rate code (data sheet Table 7): 3200 Hz / 2^(15 - code).
public enum ADXL345DataRate: UInt8, Hashable, Sendable, CaseIterable {
    /// 0.10 Hz output data rate (each case is its BW_RATE Rate code, Table 7).
    case hz0_10 = 0
    /// 0.20 Hz output data rate.
    case hz0_20 = 1
    /// 0.39 Hz output data rate.
    case hz0_39 = 2
    /// 0.78 Hz output data rate.
    case hz0_78 = 3
    /// 1.56 Hz output data rate.
    case hz1_56 = 4
    /// 3.13 Hz output data rate.
    case hz3_13 = 5
    /// 6.25 Hz output data rate.
    case hz6_25 = 6
    /// 12.5 Hz output data rate.
    case hz12_5 = 7
    /// 25 Hz output data rate.
    case hz25 = 8
    /// 50 Hz output data rate.
    case hz50 = 9
    /// 100 Hz output data rate.
    case hz100 = 10
    /// 200 Hz output data rate.
    case hz200 = 11
    /// 400 Hz output data rate.
    case hz400 = 12
    /// 800 Hz output data rate.
    case hz800 = 13
    /// 1600 Hz output data rate.
    case hz1600 = 14
    /// 3200 Hz output data rate.
    case hz3200 = 15

    /// 1 / (0.09765625 Hz x 2^code) = 10.24 s / 2^code, exact in nanoseconds for every code.
    @inlinable
    public var period: TimeSpan { TimeSpan(nanoseconds: 10_240_000_000 >> Int64(rawValue)) }
}

/// How the ADXL345 is set up; every field is one of the chip's legal choices.
public struct ADXL345Configuration: Equatable, Sendable {
    /// The full-scale range (resolution is 3.9 mg per count at every range).
    public var range: ADXL345Range = .g2
    /// The output data rate.
    public var dataRate: ADXL345DataRate = .hz100
    /// BW_RATE LOW_POWER: less current, more noise (data sheet: 12.5 Hz to 400 Hz only).
    public var lowPower: Bool = false
    /// How samples are read: the FIFO (default), one burst, or register by register.
    public var readMode: ReadMode = .fifo
    /// FIFO_CTL Samples: the watermark interrupt fires at this many entries (1-31).
    public var fifoWatermark: UInt8 = 16
    /// INT1 on data ready (burst) or watermark and overrun (FIFO); nil leaves interrupts off.
    /// `latched` has no effect: the ADXL345 holds its interrupts until the source is read.
    public var interruptPin: InterruptPin? = nil
    /// How often the driver reads its configuration registers back, to find a chip that lost
    /// power (reset to standby) or a configuration write that did not take.
    public var healthCheckInterval: TimeSpan = .milliseconds(250)
    /// Identical raw readings in a row that count as stuck data (zero disables the check).
    public var stuckSampleLimit: Int = 64

    /// The default configuration: +-2 g, 100 Hz, FIFO in stream mode.
    public init() {}

    /// Time between two samples at `dataRate`.
    @inlinable
    public var samplePeriod: TimeSpan { dataRate.period }
}
