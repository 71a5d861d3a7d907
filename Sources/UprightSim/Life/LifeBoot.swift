/// One boot of a long life, drawn by `LifePlanner`: how long the camera is on, how it ends,
/// and what the card does to it meanwhile and after.
public struct LifeBoot: Equatable, Sendable {
    /// The day of the year it falls on, from 0.
    public var day: Int
    /// Its number in the life, from 0.
    public var index: Int
    /// The seed of the session's own streams (motion, presses, sensor, camera, card).
    public var seed: UInt64
    /// Device time the camera is on (the presses fit in it).
    public var sessionSeconds: Double
    public var ending: LifeEnding
    /// When a kill or a cut stops it (at most `sessionSeconds`); a shutdown comes at the end.
    public var endingSeconds: Double
    /// A clip's track matrix cannot be written this boot (`CameraFiles.inPlaceWriteFailure`):
    /// a turned clip is named without its rotation, owed to the next start-up.
    public var cardFailing: Bool
    /// The card is full this boot (the storage reserve past its free space): every press is
    /// refused `storage full`.
    public var cardFull: Bool
    /// Bits flipped in the journal after the boot, before the next start-up reads it.
    public var journalFlips: Int
    /// A bit flipped in the tail of a photo's scan data after the boot.
    public var photoFlip: Bool

    public init(
        day: Int, index: Int, seed: UInt64, sessionSeconds: Double, ending: LifeEnding, endingSeconds: Double, cardFailing: Bool = false,
        cardFull: Bool = false, journalFlips: Int = 0, photoFlip: Bool = false
    ) {
        self.day = day
        self.index = index
        self.seed = seed
        self.sessionSeconds = sessionSeconds
        self.ending = ending
        self.endingSeconds = endingSeconds
        self.cardFailing = cardFailing
        self.cardFull = cardFull
        self.journalFlips = journalFlips
        self.photoFlip = photoFlip
    }
}
