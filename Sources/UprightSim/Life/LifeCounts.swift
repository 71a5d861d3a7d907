/// What one boot's records (or a whole life's, summed) came to (`LifeRecords`).
public struct LifeCounts: Equatable, Sendable {
    /// Photos and clips journaled with their files (a clip at its stop).
    public var photos = 0
    public var clips = 0
    public var captureFailures = 0
    /// Presses refused `numbers used up`, `storage full`, or for another reason (queue full, busy).
    public var numbersUsedUp = 0
    public var storageFull = 0
    public var otherRejections = 0
    /// Clips named without their rotation (`fault` `rotation`), and rotations start-up wrote.
    public var rotationsOwed = 0
    public var rotationsPaid = 0
    /// Files start-up found with no line and journaled `file-recovered`.
    public var filesRecovered = 0
    /// Clips whose stop a kill or a cut parted from their naming (`file-missing`).
    public var clipsLostToCuts = 0

    public init() {}

    public mutating func add(_ other: LifeCounts) {
        photos += other.photos
        clips += other.clips
        captureFailures += other.captureFailures
        numbersUsedUp += other.numbersUsedUp
        storageFull += other.storageFull
        otherRejections += other.otherRejections
        rotationsOwed += other.rotationsOwed
        rotationsPaid += other.rotationsPaid
        filesRecovered += other.filesRecovered
        clipsLostToCuts += other.clipsLostToCuts
    }
}
