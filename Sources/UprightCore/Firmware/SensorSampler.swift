/// The sampling context's half of the engine: it reads the chip on its `ReadSchedule`, pushes
/// the samples into the sample ring and reports driver trouble through the sensor-event ring,
/// keeping the sensor going through faults. Whoever samples runs it: the engine's own step
/// (the default on a Pi, a FIFO drained by the event loop), a sampler thread, the simulator's
/// sampling context, later an interrupt handler. It never blocks: the chip's reset wait is a
/// deadline inside the driver.
///
/// Supervision (the consumer's half, the failure timeout, is `FirmwareEngine`'s):
/// - a read that throws is retried later, backing off from the schedule's interval to
///   `SupervisionSettings.maximumRetryInterval`, so a broken bus is not hammered;
/// - no sample for `stallTimeout` restarts the driver's initialisation (at most once per
///   span), the only repair for a chip left configured wrong; a restart the chip answers is a
///   `sensorReset` trouble, as a reset the driver found is;
/// - a read whose driver found the chip reset or its data stuck starts a `SensorTrouble`
///   (one `troubleStarted` event, not one per read), and the first sample after it ends it;
/// - lost samples (FIFO overflows, the gap of a reset) are counted.
///
/// A class: it holds the rings' producer handles, which cannot be copied, and moves as one
/// piece to the context that samples. Only that context touches it, so its per-read state is
/// `@exclusivity(unchecked)` (see `FirmwareEngine`).
public final class SensorSampler<Sensor: Accelerometer>: @unchecked Sendable {
    /// The driver it reads.
    @exclusivity(unchecked) public var sensor: Sensor
    /// The chip's read schedule, as configured and identified when it was begun.
    public private(set) var schedule: ReadSchedule
    /// The retry backoff and the stall restart it applies.
    public let supervision: SupervisionSettings
    /// When the next read is due (the schedule, or a backed-off retry).
    @exclusivity(unchecked) public private(set) var nextRead: Instant
    /// What it has done so far: reads, failures, samples delivered and lost, restarts.
    @exclusivity(unchecked) public private(set) var counters = SamplerCounters()
    /// The trouble being recovered from, if any.
    @exclusivity(unchecked) public private(set) var trouble: SensorTrouble?
    /// The time of the last read that did not fail: every sample measured up to it has been
    /// pushed, and the drivers stamp every later one after it (`Accelerometer.readSamples`),
    /// so the engine may judge up to it even when the read brought nothing new.
    @exclusivity(unchecked) public private(set) var deliveredThrough: Instant

    @exclusivity(unchecked) @usableFromInline var samples: SPSCRing<Sample>.Producer
    @exclusivity(unchecked) var events: SPSCRing<SensorEvent>.Producer
    @exclusivity(unchecked) private var lastProgress: Instant
    /// How long after a failed read the next is tried: from the schedule's interval, doubling
    /// per failure up to `SupervisionSettings.maximumRetryInterval`.
    @exclusivity(unchecked) private var retry: Backoff

    /// Begins the sensor's initialisation (where it is stored: a driver is about 150 bytes, and
    /// every copy of it is stack on a microcontroller); throws when the chip does not answer.
    init(
        sensor: consuming Sensor, supervision: SupervisionSettings, samples: consuming SPSCRing<Sample>.Producer,
        events: consuming SPSCRing<SensorEvent>.Producer, start: Instant
    ) throws(SensorError) {
        self.sensor = sensor
        // Set again below, once the chip is identified (its FIFO's depth depends on the part).
        self.schedule = ReadSchedule(samplePeriod: ReadSchedule.shortestInterval, fifoSamples: 0)
        self.supervision = supervision
        self.samples = samples
        self.events = events
        self.nextRead = start
        self.deliveredThrough = start
        self.lastProgress = start
        self.retry = Backoff(first: .zero, longest: supervision.maximumRetryInterval)
        try self.sensor.begin(now: start)
        schedule = ReadSchedule(samplePeriod: self.sensor.samplePeriod, fifoSamples: self.sensor.fifoSamples)
        retry.reset(to: schedule.interval)
    }

    /// Samples in the ring not yet taken by the engine, as far as this side can tell, and
    /// the ring's capacity (a sampler thread wakes the engine before it fills).
    public var samplesQueued: Int { samples.count }
    /// How many samples the sample ring holds.
    public var ringCapacity: Int { samples.capacity }

    /// True while failed reads are backing off: the next read is a retry, not the schedule's.
    public var isBackingOff: Bool { retry.current > schedule.interval }

    /// Reads when due; returns whether it read.
    @discardableResult
    public func readIfDue(at now: Instant) -> Bool {
        guard now >= nextRead else { return false }
        read(at: now)
        return true
    }

    /// One read of the chip now (on the schedule, or on a data-ready interrupt), with its
    /// supervision. The next read is due an interval later, or a backed-off retry later.
    @inline(never)
    public func read(at now: Instant) {
        counters.reads += 1
        do throws(SensorError) {
            var pushed = 0
            let report = try sensor.readSamples(now: now) { sample in
                // A refused push is counted by the ring, where the engine reads it.
                if samples.push(sample) { pushed += 1 }
            }
            counters.samplesDelivered += pushed
            counters.samplesLost += report.lost
            if now > deliveredThrough { deliveredThrough = now }
            if report.overflowed {
                counters.fifoOverflows += 1
                publish(SensorEvent(time: now, kind: .fifoOverflowed(lost: UInt32(clamping: report.lost))))
            }
            retry.reset(to: schedule.interval)
            nextRead = now + schedule.interval
            if report.delivered > 0 {
                lastProgress = now
                if let ended = trouble {
                    trouble = nil
                    publish(SensorEvent(time: now, kind: .troubleCleared(ended)))
                }
            }
            if trouble == nil, report.chipResetDetected || report.stuckDataDetected {
                let started: SensorTrouble = report.stuckDataDetected ? .stuckData : .sensorReset
                trouble = started
                publish(SensorEvent(time: now, kind: .troubleStarted(started)))
            }
        } catch {
            counters.failedReads += 1
            retry.lengthen()
            nextRead = now + max(retry.current, schedule.interval)
        }
        if now - lastProgress >= supervision.stallTimeout {
            lastProgress = now
            counters.restarts += 1
            do throws(SensorError) {
                try sensor.begin(now: now)
                // The chip answers and is being initialised again: the same trouble as a
                // reset the driver found, so the records do not depend on which came first.
                if trouble == nil {
                    trouble = .sensorReset
                    publish(SensorEvent(time: now, kind: .troubleStarted(.sensorReset)))
                }
            } catch {
                // Not answering: tried again on the next stall.
            }
        }
    }

    /// A full event ring means the consumer has not run for many trouble episodes: the ring
    /// counts the refusal, and the engine journals it (a `bound` `sensorEvents` record).
    private func publish(_ event: SensorEvent) {
        if events.push(event) { counters.eventsPublished += 1 }
    }
}
