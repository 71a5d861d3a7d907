import Synchronization

/// A bounded, lock-free, single-producer single-consumer ring (SPSC): the hand-off between the
/// sampling context (a sampler thread, an interrupt handler, the simulated clock) and the
/// event loop, of samples (`SPSCRing<Sample>`) and of the sensor's events (`SPSCRing<SensorEvent>`).
/// The producer never blocks and never allocates; every item that does not reach
/// the consumer is counted (`SPSCRingCounters`).
///
/// Use it through its two handles, which are `~Copyable`: `SPSCRing.make` is the only way to
/// get them, once each, so a second producer (or consumer) cannot appear by copying:
///
///     var ring = SPSCRing<Sample>.make(minimumCapacity: 256, overrun: .overwriteOldest)
///     var producer = ring.producer   // move to the sampling context
///     var consumer = ring.consumer   // keep in the event loop
///
/// ## Indices
/// Items get consecutive indices (machine words, wrapping); index `i` lives in slot
/// `i & (capacity - 1)`. Each shared index has exactly one writer, so plain atomic loads and
/// stores suffice: no read-modify-write, which a Cortex-M0+ does not have.
/// - `head` (producer writes): the next index to write; items below it are published.
/// - `tail` (consumer writes): the next index to read; slots below it are free again.
/// - `floor` (producer writes, `overwriteOldest` only): indices below it were discarded; the
///   consumer starts reading at the later of `tail` and `floor`.
/// - `claim` (consumer writes, `overwriteOldest` only): the first index the consumer is copying
///   out right now, stored as `index << 1 | 1`, or 0 when it is not reading (so every index,
///   even the largest, is distinguishable from "not reading").
///
/// ## Overwrite-oldest without moving the consumer's index
/// The producer never writes `tail`. When the ring is full it discards the oldest item by
/// raising `floor` past it, then reuses that item's slot, unless the consumer is copying out
/// of it. The two sides decide with a store-then-load handshake (Dekker's), both sequentially
/// consistent:
/// - producer: `floor.store(victim + 1)`, then `claim.load()`; it writes the slot only when the
///   claim does not cover `victim`, else it refuses the new item (counted as rejected);
/// - consumer: `claim.store(start)`, then `floor.load()`; it copies out only when `floor` has
///   not passed `start`, else it starts again from the new floor.
/// Sequential consistency puts the four accesses in one total order, so at least one side sees
/// the other's store: the consumer never reads a slot the producer is rewriting. Which items were
/// discarded is then decided by the consumer alone (it counts the indices it skips between
/// `tail` and `floor`), so no item is both delivered and counted as dropped. A consumer that is
/// not running holds no claim, so the producer keeps overwriting while it sleeps.
///
/// Indices compare by distance from `head`, so the consumer must pop at least once every 2^31
/// items on a 32-bit core (25 days at 1 kHz); on 64-bit cores they never wrap in practice.
public final class SPSCRing<Element>: @unchecked Sendable {
    /// How many items the ring holds: a power of two, fixed at creation.
    public let capacity: Int
    /// What a push into a full ring does.
    public let overrun: SPSCRingOverrun

    @usableFromInline let mask: UInt
    @usableFromInline let slots: UnsafeMutablePointer<Element>
    /// Slots written at least once (they hold initialized elements); only the producer writes
    /// it, and only until the ring has filled once; `deinit` reads it.
    @usableFromInline var initializedSlots: Int = 0

    // Written by the producer. Kept apart from the consumer's fields (cache line padding), so
    // the two cores do not steal one line from each other on every item. Not on a
    // microcontroller (Embedded Swift): no data cache to share, and 128 bytes of its RAM.
    @usableFromInline let head = Atomic<UInt>(0)
    @usableFromInline let floor = Atomic<UInt>(0)
    @usableFromInline let rejected = Atomic<UInt>(0)
    #if !hasFeature(Embedded)
    private let producerPadding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    #endif

    // Written by the consumer.
    @usableFromInline let tail = Atomic<UInt>(0)
    @usableFromInline let claim = Atomic<UInt>(SPSCRing.idle)
    @usableFromInline let popped = Atomic<UInt>(0)
    @usableFromInline let overwritten = Atomic<UInt>(0)
    #if !hasFeature(Embedded)
    private let consumerPadding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    #endif

    /// The claim value meaning "not reading".
    @usableFromInline static var idle: UInt { 0 }

    /// The claim value for "copying out from `index` on". The top bit of the index is lost, so
    /// the producer compares claims modulo 2^(bits-1): harmless, since it only ever compares a
    /// claim with an index less than `capacity` away from it.
    @inlinable static func claimWord(_ index: UInt) -> UInt { index << 1 | 1 }

    /// Whether a consumer holding `claim` may be copying out of `index`'s slot.
    @inlinable static func claim(_ claim: UInt, covers index: UInt, capacity: UInt) -> Bool {
        claim != idle && (index &- (claim >> 1)) & (UInt.max >> 1) < capacity
    }

    /// The largest capacity `make` grants (2^20 items).
    public static var maximumCapacity: Int { 1 << 20 }

    private init(capacity: Int, overrun: SPSCRingOverrun) {
        self.capacity = capacity
        self.overrun = overrun
        self.mask = UInt(capacity - 1)
        // The only allocation: all slots, once.
        self.slots = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    deinit {
        slots.deinitialize(count: initializedSlots)
        slots.deallocate()
    }

    /// Creates a ring of at least `minimumCapacity` items (rounded up to a power of two, at
    /// least 2, at most `maximumCapacity`) and returns its two handles.
    public static func make(minimumCapacity: Int, overrun: SPSCRingOverrun) -> Endpoints {
        var capacity = 2
        while capacity < minimumCapacity && capacity < maximumCapacity { capacity <<= 1 }
        let ring = SPSCRing(capacity: capacity, overrun: overrun)
        return Endpoints(producer: Producer(ring: ring), consumer: Consumer(ring: ring))
    }

    /// The producer's and the consumer's handle, to be moved apart
    /// (`let producer = endpoints.producer`).
    @frozen public struct Endpoints: ~Copyable {
        /// The handle that pushes: move it to the context that samples.
        public var producer: Producer
        /// The handle that pops: move it to the context that consumes.
        public var consumer: Consumer
    }
}
