import Testing
import UprightSim

/// Today's journal has no bound and is only measured; a bound, once set, is held.
struct LifeJournalBoundTests {
    static let footprint = LifeJournalFootprint(files: ["j"], onDiskBytes: 5000, startupReadBytes: 4000)

    @Test func noBoundHoldsNothing() { #expect(LifeJournalBound.none.violation(Self.footprint) == nil) }

    @Test func aBoundIsHeld() {
        #expect(
            LifeJournalBound(onDiskBytes: 4999, startupReadBytes: nil).violation(Self.footprint)
                == "the journal holds 5000 bytes on the card, past its bound of 4999")
        #expect(
            LifeJournalBound(onDiskBytes: nil, startupReadBytes: 3000).violation(Self.footprint)
                == "start-up read 4000 bytes of journal, past its bound of 3000")
        #expect(LifeJournalBound(onDiskBytes: 5000, startupReadBytes: 4000).violation(Self.footprint) == nil)
    }
}
