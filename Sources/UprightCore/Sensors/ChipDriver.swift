/// The read cycle both drivers share, around what each does with its own chip: bring the chip
/// up when due (identify and reset in `begin`, then `applyConfiguration` once the reset time
/// has passed), deliver its samples (`readBlock` or `drainFIFO`), check the configuration now
/// and then, and start over, counting the gap, when the chip was found reset or stuck.
@usableFromInline
protocol ChipDriver: RegisterChip {
    /// What the driver keeps between reads (`ChipProgress`).
    var progress: ChipProgress { get set }
    var readMode: ReadMode { get }
    var healthCheckInterval: TimeSpan { get }
    var stuckSampleLimit: Int { get }

    /// Identifies the chip and resets it (or readies it for configuration): `progress.phase`
    /// becomes `.resetting`.
    mutating func begin(now: Instant) throws(SensorError)
    /// Writes the configuration into a chip that has come out of reset.
    mutating func applyConfiguration() throws(SensorError)
    /// One sample from the data registers.
    mutating func readBlock(now: Instant, report: inout ReadReport, body: (Sample) -> Void) throws(SensorError)
    /// Everything the FIFO holds.
    mutating func drainFIFO(now: Instant, report: inout ReadReport, body: (Sample) -> Void) throws(SensorError)
}

extension ChipDriver {
    /// Reads the identity register and names the part by `family`; an unknown value is refused.
    func identify(register: UInt8, family: (UInt8) -> ChipModel?) throws(SensorError) -> ChipIdentity {
        let value = try read(register)
        guard let model = family(value) else { throw .unknownDevice(address: address, value: value) }
        return ChipIdentity(model: model, idValue: value)
    }

    /// `Accelerometer.readSamples`: what is available, then the stamp floor moves to `now`,
    /// the read having returned.
    @inline(__always)
    mutating func readTracked(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        let report = try readAvailable(now: now, into: body)
        progress.readReturned(at: now)
        return report
    }

    /// Brings the chip up when due (identify and reset, then configure once ready), then
    /// delivers the new samples (data registers or FIFO) to `body`.
    mutating func readAvailable(now: Instant, into body: (Sample) -> Void) throws(SensorError) -> ReadReport {
        var report = ReadReport()
        if progress.phase == .unconfigured { try begin(now: now) }
        if case .resetting(let readyAt) = progress.phase {
            guard now >= readyAt else {
                report.ready = false
                return report
            }
            try configure(now: now)
            if let start = progress.takeGapStart() { report.lost = samplesDue(from: start, to: now) }
            return report
        }
        switch readMode {
        case .registerByRegister, .burst: try readBlock(now: now, report: &report, body: body)
        case .fifo: try drainFIFO(now: now, report: &report, body: body)
        }
        if !report.chipResetDetected && now - progress.lastHealthCheck >= healthCheckInterval {
            try checkHealth(now: now, report: &report)
        }
        return report
    }

    mutating func configure(now: Instant) throws(SensorError) {
        try applyConfiguration()
        progress.configured(now: now, stuckSampleLimit: stuckSampleLimit)
    }

    /// Reads the configuration back (`RegisterChip.settingsIntact`): after a power loss every
    /// register holds its reset value, and any register that differs otherwise was left so by a
    /// failed write. Start over. One copy, called from the read and from an empty FIFO (a
    /// microcontroller's flash).
    @inline(never)
    mutating func checkHealth(now: Instant, report: inout ReadReport) throws(SensorError) {
        progress.lastHealthCheck = now
        if try !settingsIntact() { try restart(now: now, report: &report) }
    }

    mutating func restart(now: Instant, report: inout ReadReport) throws(SensorError) {
        progress.restarting(report: &report)
        try begin(now: now)
    }

    /// The data registers repeated one value too long: start over.
    mutating func restartStuck(now: Instant, report: inout ReadReport) throws(SensorError) {
        report.stuckDataDetected = true
        try restart(now: now, report: &report)
    }

    /// A FIFO found empty: nothing while at least two samples were due means the FIFO was
    /// disabled by a reset or the chip sleeps; check.
    mutating func foundEmpty(now: Instant, report: inout ReadReport) throws(SensorError) {
        if samplesDue(from: progress.lastDelivered, to: now) >= 2 { try checkHealth(now: now, report: &report) }
    }
}
