/// A long life's boots, drawn lazily from the life's seed, day by day (nothing of the year
/// is held): heavy use is one to three boots a day sharing 10 to 25 minutes of device time
/// (about a hundred photos and a few clips), ending in a shutdown four times in five, else a
/// kill (12%) or a power cut (8%), so one every few days; now and then a card that cannot
/// write a clip's matrix (3% of boots), a full card (2%), a flipped bit in the journal (one
/// boot in 20) or in a photo (one in 30). One life in four also finds, on a drawn day of its
/// last ten, a photo numbered a few dozen below the largest number on the card: its numbers
/// run out (`LifePlanner.topPhoto`).
public struct LifePlanner: Sendable {
    public let days: Int
    private var generator: SeededGenerator
    private var day = 0
    private var bootsLeftToday = 0
    private var secondsToday = 0.0
    private var bootsToday = 0
    private var index = 0
    /// The day a photo numbered near the top arrives (nil: never), and its number.
    public let topPhotoDay: Int?
    public let topPhotoNumber: UInt32

    /// The least and most device seconds of a day's use.
    public static let daySeconds = (low: 600.0, high: 1500.0)

    public init(seed: UInt64, days: Int) {
        self.days = max(0, days)
        var root = SeededGenerator(seed: seed)
        var top = root.split()
        generator = root.split()
        let nearTop = top.next() % 4 == 0
        topPhotoDay = nearTop ? max(0, self.days - 1 - Int(top.next() % 10)) : nil
        topPhotoNumber = UInt32.max - UInt32(20 + top.next() % 180)
    }

    /// The next boot, nil when the life is over.
    public mutating func next() -> LifeBoot? {
        if bootsLeftToday == 0 {
            guard day < days else { return nil }
            let roll = generator.next() % 100
            bootsToday = roll < 50 ? 1 : roll < 85 ? 2 : 3
            bootsLeftToday = bootsToday
            secondsToday = Self.daySeconds.low + (Self.daySeconds.high - Self.daySeconds.low) * generator.unit()
            day += 1
        }
        bootsLeftToday -= 1
        let session = max(60, secondsToday / Double(bootsToday) * (0.5 + generator.unit()))
        let roll = generator.next() % 100
        let ending: LifeEnding = roll < 80 ? .shutdown : roll < 92 ? .kill : .powerCut
        let endingSeconds = ending == .shutdown ? session : session * generator.unit()
        var boot = LifeBoot(
            day: day - 1, index: index, seed: generator.next(), sessionSeconds: session, ending: ending, endingSeconds: endingSeconds)
        boot.cardFailing = generator.next() % 100 < 3
        boot.cardFull = generator.next() % 100 < 2
        boot.journalFlips = generator.next() % 20 == 0 ? 1 : 0
        boot.photoFlip = generator.next() % 30 == 0
        index += 1
        return boot
    }
}
