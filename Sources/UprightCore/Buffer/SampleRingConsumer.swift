import Synchronization

extension SampleRing {
    /// The one handle that may pop. `~Copyable`: it stays with the event loop and cannot be
    /// duplicated.
    public struct Consumer: ~Copyable, @unchecked Sendable {
        @usableFromInline let ring: SampleRing
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

        @usableFromInline init(ring: SampleRing) { self.ring = ring }

        /// The ring's fixed capacity.
        public var capacity: Int { ring.capacity }

        /// What happened to the items offered so far.
        public var counters: SampleRingCounters {
            SampleRingCounters(
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
            var element: Element? = nil
            _ = take(maximum: 1) { element = $0 }
            return element
        }

        /// Appends up to `max` queued items, oldest first, to `destination` and returns how many.
        /// One pass over the indices, so draining a burst costs about one atomic handshake.
        /// Reserve `destination`'s capacity up front to keep this allocation-free.
        @inlinable
        public mutating func popBatch(into destination: inout [Element], max: Int) -> Int {
            take(maximum: max) { destination.append($0) }
        }

        /// Hands up to `maximum` items to `deliver`, oldest first; returns how many.
        @inlinable
        mutating func take(maximum: Int, _ deliver: (Element) -> Void) -> Int {
            guard maximum > 0 else { return 0 }
            switch ring.overrun {
            case .rejectNewest: return takeFromRejectingRing(maximum: maximum, deliver)
            case .overwriteOldest: return takeFromOverwritingRing(maximum: maximum, deliver)
            }
        }

        /// `rejectNewest`: the producer never writes a slot at or above `tail` minus capacity,
        /// so published slots are ours until we move `tail`.
        @inlinable
        mutating func takeFromRejectingRing(maximum: Int, _ deliver: (Element) -> Void) -> Int {
            let ring = self.ring
            if cachedHead &- tail < UInt(maximum) {
                // Acquire pairs with the producer's releasing store of `head`: the slots below
                // it hold the elements it wrote.
                cachedHead = ring.head.load(ordering: .acquiring)
                if cachedHead == tail { return 0 }
            }
            let available = cachedHead &- tail
            let n = available < UInt(maximum) ? available : UInt(maximum)
            var index = tail
            for _ in 0..<n {
                deliver(ring.slots[Int(truncatingIfNeeded: index & ring.mask)])
                index &+= 1
            }
            tail = index
            // Release: our copies out of these slots happen before the producer, loading
            // `tail` with acquire, reuses them.
            ring.tail.store(tail, ordering: .releasing)
            popped &+= n
            return Int(n)
        }

        /// `overwriteOldest`: claim the first index, confirm the producer has not discarded it,
        /// copy out, publish the new `tail`, drop the claim (the handshake on `SampleRing`).
        @inlinable
        mutating func takeFromOverwritingRing(maximum: Int, _ deliver: (Element) -> Void) -> Int {
            let ring = self.ring
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
                    return 0
                }
                // Sequentially consistent store then load: our half of the handshake. After
                // it, either we see the producer's newer floor (and start again), or the
                // producer sees this claim (and leaves our slots alone).
                ring.claim.store(SampleRing.claimWord(start), ordering: .sequentiallyConsistent)
                let confirmed = ring.floor.load(ordering: .sequentiallyConsistent)
                let passed = confirmed &- start
                if confirmed != floor && passed != 0 && passed <= UInt.max >> 1 {
                    // The producer discarded `start` (and maybe more) meanwhile.
                    continue
                }
                let available = head &- start
                let n = available < UInt(maximum) ? available : UInt(maximum)
                var index = start
                for _ in 0..<n {
                    deliver(ring.slots[Int(truncatingIfNeeded: index & ring.mask)])
                    index &+= 1
                }
                skip(to: start)
                tail = index
                // Release, twice: our copies happen before the producer reuses these slots,
                // whether it learns so from `tail` or from the dropped claim.
                ring.tail.store(tail, ordering: .releasing)
                ring.claim.store(SampleRing.idle, ordering: .releasing)
                popped &+= n
                return Int(n)
            }
            ring.claim.store(SampleRing.idle, ordering: .releasing)
            return 0
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
