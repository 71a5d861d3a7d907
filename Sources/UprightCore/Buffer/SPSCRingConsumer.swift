import Synchronization

extension SPSCRing {
    /// The one handle that may pop. `~Copyable`: it stays with the event loop and cannot be
    /// duplicated.
    public struct Consumer: ~Copyable, @unchecked Sendable {
        @usableFromInline let ring: SPSCRing
        /// The next index to read (the ring's `tail`, which only this handle stores).
        @usableFromInline var tail: UInt = 0
        /// The producer's `head` as last loaded (`rejectNewest` reads up to it without loading).
        @usableFromInline var cachedHead: UInt = 0
        @usableFromInline var popped: UInt = 0
        @usableFromInline var overwritten: UInt = 0
        /// The last `floor` this handle acted on. A floor that has not moved since says nothing
        /// new (and, on a 32-bit core, could look recent again once the indices wrap).
        @usableFromInline var seenFloor: UInt = 0

        /// How often a pop starts again because the producer discarded what it was about to
        /// read. Each retry means the producer made progress, so giving up after a few (and
        /// reporting "nothing now") keeps the loop bounded without losing anything.
        @usableFromInline static var retryLimit: Int { 8 }

        @usableFromInline init(ring: SPSCRing) { self.ring = ring }

        /// The ring's fixed capacity.
        public var capacity: Int { ring.capacity }

        /// What happened to the items offered so far.
        public var counters: SPSCRingCounters {
            SPSCRingCounters(
                accepted: ring.head.load(ordering: .relaxed),
                rejected: ring.rejected.load(ordering: .relaxed),
                overwritten: overwritten,
                popped: popped)
        }

        /// Items queued now (the producer may add more at any moment).
        public var count: Int {
            // Acquire on floor first: the floor a producer stored is never ahead of a head
            // loaded after it (see `take`).
            let floor = ring.floor.load(ordering: .acquiring)
            let head = ring.head.load(ordering: .acquiring)
            return Int(Swift.min(head &- tail, head &- floor))
        }

        /// The oldest queued item, or nil when the ring is empty.
        @inlinable
        public mutating func pop() -> Element? {
            let range = acquire(maximum: 1)
            guard range.count > 0 else { return nil }
            let element = ring.slots[Int(truncatingIfNeeded: range.start & ring.mask)]
            release(range)
            return element
        }

        /// Appends up to `max` queued items, oldest first, to `destination` and returns how many.
        /// One pass over the indices, so draining a burst costs one atomic handshake. Reserve
        /// `destination`'s capacity up front to keep this allocation-free.
        @inlinable
        public mutating func popBatch(into destination: inout [Element], max: Int) -> Int {
            let range = acquire(maximum: max)
            var index = range.start
            for _ in 0..<range.count {
                destination.append(ring.slots[Int(truncatingIfNeeded: index & ring.mask)])
                index &+= 1
            }
            release(range)
            return Int(range.count)
        }

        /// Copies up to `destination.count` queued items, oldest first, to the start of
        /// `destination` (which must be initialized memory) and returns how many: the batch pop
        /// for code without arrays.
        @inlinable
        public mutating func popBatch(into destination: UnsafeMutableBufferPointer<Element>) -> Int {
            let range = acquire(maximum: destination.count)
            var index = range.start
            for position in 0..<Int(range.count) {
                destination[position] = ring.slots[Int(truncatingIfNeeded: index & ring.mask)]
                index &+= 1
            }
            release(range)
            return Int(range.count)
        }

        /// Up to `maximum` readable indices from `start`; the caller copies them out, then calls
        /// `release` (at once: while an overwriting ring's range is held, the producer refuses
        /// pushes that would reuse its slots).
        @inlinable
        mutating func acquire(maximum: Int) -> (start: UInt, count: UInt) {
            guard maximum > 0 else { return (tail, 0) }
            switch ring.overrun {
            case .rejectNewest: return acquireFromRejectingRing(maximum: maximum)
            case .overwriteOldest: return acquireFromOverwritingRing(maximum: maximum)
            }
        }

        /// `rejectNewest`: the producer never writes a slot at or above `tail` minus capacity,
        /// so published slots are ours until we move `tail`.
        @inlinable
        mutating func acquireFromRejectingRing(maximum: Int) -> (start: UInt, count: UInt) {
            if cachedHead &- tail < UInt(maximum) {
                // Acquire pairs with the producer's releasing store of `head`: the slots below
                // it hold the elements it wrote.
                cachedHead = ring.head.load(ordering: .acquiring)
            }
            let available = cachedHead &- tail
            return (tail, available < UInt(maximum) ? available : UInt(maximum))
        }

        /// `overwriteOldest`: claim the first index and confirm the producer has not discarded
        /// it (the handshake on `SPSCRing`).
        @inlinable
        mutating func acquireFromOverwritingRing(maximum: Int) -> (start: UInt, count: UInt) {
            for _ in 0..<Self.retryLimit {
                // Acquire on floor, then on head: the producer stores floor before the head
                // that follows it, so head - floor never exceeds the capacity here.
                let floor = ring.floor.load(ordering: .acquiring)
                let head = ring.head.load(ordering: .acquiring)
                // Start at the later of tail and a newly raised floor (the one nearer to head).
                let start = floor != seenFloor && head &- floor < head &- tail ? floor : tail
                seenFloor = floor
                if start == head {
                    skip(to: start)
                    return (start, 0)
                }
                // Sequentially consistent store then load: our half of the handshake. After
                // it, either we see the producer's newer floor (and start again), or the
                // producer sees this claim (and leaves our slots alone).
                ring.claim.store(SPSCRing.claimWord(start), ordering: .sequentiallyConsistent)
                let confirmed = ring.floor.load(ordering: .sequentiallyConsistent)
                let passed = confirmed &- start
                if confirmed != floor && passed != 0 && passed <= UInt.max >> 1 {
                    // The producer discarded `start` (and maybe more) meanwhile. Drop the
                    // claim (a stale one would make the producer refuse pushes) and retry.
                    ring.claim.store(SPSCRing.idle, ordering: .releasing)
                    continue
                }
                skip(to: start)
                let available = head &- start
                return (start, available < UInt(maximum) ? available : UInt(maximum))
            }
            return (tail, 0)
        }

        /// Marks an acquired range as read: publishes the new `tail` and drops the claim.
        @inlinable
        mutating func release(_ range: (start: UInt, count: UInt)) {
            if range.count > 0 {
                tail = range.start &+ range.count
                popped &+= range.count
                // Release: our copies out of these slots happen before the producer, loading
                // `tail` with acquire, reuses them.
                ring.tail.store(tail, ordering: .releasing)
            }
            if ring.overrun == .overwriteOldest {
                // Release: the same guarantee for a producer that learns it from the claim.
                ring.claim.store(SPSCRing.idle, ordering: .releasing)
            }
        }

        /// Counts the indices between `tail` and `start` as overwritten and moves past them.
        @usableFromInline
        mutating func skip(to start: UInt) {
            guard start != tail else { return }
            overwritten &+= start &- tail
            tail = start
            ring.tail.store(tail, ordering: .releasing)
        }
    }
}
