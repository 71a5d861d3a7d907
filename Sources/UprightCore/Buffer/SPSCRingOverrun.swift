/// What a full `SPSCRing` does with one more item.
public enum SPSCRingOverrun: Sendable {
    /// Keep what is queued and refuse the new item (`push` returns false, counted as rejected).
    case rejectNewest
    /// Discard the oldest queued item to make room for the new one (counted as overwritten), so
    /// the consumer always sees the freshest `capacity` items. The push is refused (counted as
    /// rejected) only in the rare moment the consumer is copying out the very slot it would reuse.
    case overwriteOldest
}
