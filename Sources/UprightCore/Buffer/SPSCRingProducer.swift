import Synchronization

extension SPSCRing {
    /// The one handle that may push. `~Copyable`: it can be moved to the sampling context but
    /// not duplicated. It caches its own index and its last view of the consumer's, so a push
    /// into a ring that is not full costs one slot write and one atomic store.
    public struct Producer: ~Copyable, @unchecked Sendable {
        @usableFromInline let ring: SPSCRing
        /// The next index to write (the ring's `head`, which only this handle stores).
        @usableFromInline var head: UInt = 0
        /// The consumer's `tail` as last loaded: never ahead of the real one, so a push that
        /// fits by this view fits for sure.
        @usableFromInline var cachedTail: UInt = 0
        /// The ring's `floor`, which only this handle stores.
        @usableFromInline var floor: UInt = 0
        @usableFromInline var rejected: UInt = 0

        @usableFromInline init(ring: SPSCRing) { self.ring = ring }

        /// The ring's fixed capacity.
        public var capacity: Int { ring.capacity }

        /// Items queued and not yet read, as far as the producer can tell.
        public var count: Int {
            let tail = ring.tail.load(ordering: .relaxed)
            return Int(Swift.min(head &- tail, head &- floor, UInt(ring.capacity)))
        }

        /// Offers one item. Returns whether it went into the ring; a refused item is counted in
        /// `SPSCRingCounters.rejected`. Never blocks, never allocates.
        @inlinable
        public mutating func push(_ element: Element) -> Bool {
            let ring = self.ring
            let index = head
            let capacity = ring.mask &+ 1
            if index &- cachedTail >= capacity {
                // Looks full: refresh our view of the consumer. Acquire pairs with the
                // consumer's releasing store of `tail`, so its copies out of the slots below
                // `tail` are complete before we overwrite them.
                cachedTail = ring.tail.load(ordering: .acquiring)
                if index &- cachedTail >= capacity {
                    switch ring.overrun {
                    case .rejectNewest:
                        return reject()
                    case .overwriteOldest:
                        let victim = index &- capacity
                        if index &- floor >= capacity {
                            // Discard `victim` before touching its slot. Sequentially
                            // consistent: this store and the claim load below form one half of
                            // the handshake described on `SPSCRing`.
                            floor = victim &+ 1
                            ring.floor.store(floor, ordering: .sequentiallyConsistent)
                        }
                        // Sequentially consistent: ordered after the floor store above. A
                        // consumer that passed its floor check holds a claim we see here.
                        let claim = ring.claim.load(ordering: .sequentiallyConsistent)
                        if SPSCRing.claim(claim, covers: victim, capacity: capacity) {
                            // The consumer is copying out of this slot right now.
                            return reject()
                        }
                    }
                }
            }
            let slot = ring.slots + Int(truncatingIfNeeded: index & ring.mask)
            if ring.initializedSlots < ring.capacity {
                slot.initialize(to: element)
                ring.initializedSlots += 1
            } else {
                slot.pointee = element
            }
            head = index &+ 1
            // Release: the slot's contents are visible to a consumer that loads this `head`
            // with acquire.
            ring.head.store(head, ordering: .releasing)
            return true
        }

        @usableFromInline
        mutating func reject() -> Bool {
            rejected &+= 1
            // Relaxed: a statistic; the consumer needs no other memory to be visible with it.
            ring.rejected.store(rejected, ordering: .relaxed)
            return false
        }
    }
}
