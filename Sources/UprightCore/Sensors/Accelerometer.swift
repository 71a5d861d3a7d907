/// What the pipeline needs from an accelerometer driver. `MPU6050`, `ADXL345` and the
/// switch-dispatching `AnySensor` implement it; use it as a generic constraint, never as an
/// existential (the core compiles under Embedded Swift).
public protocol Accelerometer {
    /// The part identified by the last initialisation, nil before.
    var identity: ChipIdentity? { get }
    /// Time between two samples at the configured output data rate.
    var samplePeriod: TimeSpan { get }
    /// How many samples the chip buffers between reads in its configured mode (its FIFO's
    /// depth in samples); 0 when each read returns only the newest sample. The read
    /// schedule (`ReadSchedule`) is derived from it.
    var fifoSamples: Int { get }
    /// The software calibration offset (g, device frame) subtracted from every sample.
    var offsetG: Vector3 { get set }

    /// Identifies the chip and starts its initialisation; `readSamples` finishes it once the
    /// chip's reset time has passed.
    mutating func begin(now: Instant) throws(SensorError)

    /// Advances initialisation or recovery, then delivers the available samples to `body`,
    /// oldest first, without allocating. After a thrown error the driver is still usable.
    ///
    /// Samples are stamped no later than `now`, and after every sample delivered before and
    /// after the last read that returned (with or without samples): a read that returns
    /// promises that nothing measured up to `now` comes later (`SensorSampler.deliveredThrough`).
    mutating func readSamples(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport
}

extension Accelerometer {
    /// Blocking initialisation: `begin`, then `wait` out the reset time (`wait` sleeps or
    /// advances a simulated clock and returns the time afterwards), then configure.
    public mutating func initialize(now: Instant, wait: (TimeSpan) -> Instant) throws(SensorError) {
        try begin(now: now)
        var time = now
        // Bounded: the longest reset wait is 100 ms; 20 rounds of 10 ms cover it twice over.
        for _ in 0..<20 {
            let report = try readSamples(now: time) { _ in }
            if report.ready { return }
            time = wait(.milliseconds(10))
        }
    }

    /// Averages `sampleCount` samples taken at rest and stores the offset that makes the mean
    /// read exactly 1 g along the nearest axis. The offset is kept in software (subtracted
    /// after the mount matrix), not in the chips' offset registers: the ADXL345's OFSX/Y/Z step
    /// is 15.6 mg and the MPU-6050's accelerometer offset registers are not in its register map.
    /// Returns the offset, or nil when no sample arrived within the bounded number of reads.
    public mutating func calibrate(sampleCount: Int, now: Instant, wait: (TimeSpan) -> Instant) throws(SensorError) -> Vector3? {
        guard sampleCount > 0 else { return nil }
        offsetG = .zero
        var sum = Vector3.zero
        var taken = 0
        var time = now
        let period = samplePeriod
        for _ in 0..<(sampleCount * 4 + 16) where taken < sampleCount {
            _ = try readSamples(now: time) { sample in
                if taken < sampleCount {
                    sum = sum + sample.accelerationG
                    taken += 1
                }
            }
            time = wait(period)
        }
        guard taken > 0 else { return nil }
        let mean = sum * (1 / Float(taken))
        let offset = mean - Self.nearestAxis(mean)
        offsetG = offset
        return offset
    }

    /// The spacing a FIFO drain stamps its `records` with, back from `now`: the sample period,
    /// or less when that would stamp the oldest at or before `since`, the previous read that
    /// returned (a FIFO found empty then holds only records measured after it): a chip whose
    /// clock runs fast, or read late, holds more records than the nominal rate allows. So
    /// every sample is stamped after the reads before it and never later than its own
    /// (`readSamples`' promise).
    @inlinable
    static func stampingPeriod(_ period: TimeSpan, records: Int, since: Instant, now: Instant) -> TimeSpan {
        guard records > 0, now - period * Int64(records - 1) <= since else { return period }
        let room = TimeSpan.quotient((now - since).nanoseconds, UInt64(records))
        return TimeSpan(nanoseconds: max(1, min(period.nanoseconds, room)))
    }

    /// The unit vector along the axis where `v` is largest, with `v`'s sign.
    static func nearestAxis(_ v: Vector3) -> Vector3 {
        let (ax, ay, az) = (abs(v.x), abs(v.y), abs(v.z))
        if ax >= ay && ax >= az { return Vector3(x: v.x < 0 ? -1 : 1, y: 0, z: 0) }
        if ay >= az { return Vector3(x: 0, y: v.y < 0 ? -1 : 1, z: 0) }
        return Vector3(x: 0, y: 0, z: v.z < 0 ? -1 : 1)
    }
}
