import UprightHost

/// The bound a long life holds its journal to: on the card and read at start-up. Nil bytes
/// hold nothing (the figures are still reported).
public struct LifeJournalBound: Equatable, Sendable {
    public var onDiskBytes: Int?
    public var startupReadBytes: Int?

    public static let none = LifeJournalBound(onDiskBytes: nil, startupReadBytes: nil)

    /// A journal bounded at `segmentBytes`: start-up reads the live file, and the newest segment
    /// only when the live file has no checkpoint yet (a cut right after a rotation), each at
    /// most the bound and a line (`JournalSegments.startupReadBytes`). Segments are kept, so
    /// the card's share has no bound of its own (a year is a few MB: docs/durability.md).
    public static func startup(segmentBytes: Int) -> LifeJournalBound {
        LifeJournalBound(onDiskBytes: nil, startupReadBytes: 2 * JournalSegments.startupReadBytes(segmentBytes: segmentBytes))
    }

    public init(onDiskBytes: Int?, startupReadBytes: Int?) {
        self.onDiskBytes = onDiskBytes
        self.startupReadBytes = startupReadBytes
    }

    /// Why `footprint` breaks the bound, or nil.
    public func violation(_ footprint: LifeJournalFootprint) -> String? {
        if let bound = onDiskBytes, footprint.onDiskBytes > bound {
            return "the journal holds " + String(footprint.onDiskBytes) + " bytes on the card, past its bound of " + String(bound)
        }
        if let bound = startupReadBytes, footprint.startupReadBytes > bound {
            return "start-up read " + String(footprint.startupReadBytes) + " bytes of journal, past its bound of " + String(bound)
        }
        return nil
    }
}
