/// The bound a long life holds its journal to: on the card and read at start-up. Nil bytes
/// (today's journal, unbounded) reports the figures and holds nothing.
public struct LifeJournalBound: Equatable, Sendable {
    public var onDiskBytes: Int?
    public var startupReadBytes: Int?

    public static let none = LifeJournalBound(onDiskBytes: nil, startupReadBytes: nil)

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
