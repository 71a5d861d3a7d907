/// When a sampling context of its own (a Pi's `SamplerThread`, the simulator's detached
/// sampler) wakes the engine's loop after a read: the one wake-up cadence both share, so the
/// simulator passes the engine when a Pi's loop would be woken, not after every read.
///
/// The loop is woken when the sampler reported trouble since the last wake (an event the
/// engine must judge soon), when `ReadSchedule.drainInterval` (20 ms) has passed since the
/// last wake, or when the ring is half full (so it never fills between wakes, whatever the
/// rate). A press, a timer or the camera wakes the loop on its own: this is only the
/// samples' share.
///
/// Kept apart from `SensorSampler`, owned by the context that samples: the microcontroller's
/// loop samples in its own step and carries none of it.
public struct EngineWake: Sendable {
    /// When the loop was last woken for samples.
    public private(set) var lastWake: Instant
    /// The sampler's events published at the last wake.
    private var published: Int

    /// The cadence of a sampler that starts at `start` having published `eventsPublished`.
    public init(start: Instant, eventsPublished: Int = 0) {
        lastWake = start
        published = eventsPublished
    }

    /// After `sampler` read at `now`: whether to wake the engine's loop now (and if so, the
    /// cadence counts from here).
    public mutating func isDue<Sensor: Accelerometer>(after sampler: SensorSampler<Sensor>, at now: Instant) -> Bool {
        let troubled = sampler.counters.eventsPublished != published
        published = sampler.counters.eventsPublished
        guard troubled || now - lastWake >= ReadSchedule.drainInterval || sampler.samplesQueued >= sampler.ringCapacity / 2 else {
            return false
        }
        lastWake = now
        return true
    }
}
