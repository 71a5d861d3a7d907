#if canImport(Glibc)
import Glibc
#endif
import Testing
import UprightCore
import UprightHost
import UprightSim

/// A short long life passes, the same seed gives the same life, and the checker can fail:
/// each way of breaking the card it guards (a file deleted, a photo overwritten, a clip's
/// matrix turned, a photo that does not carry its journaled orientation) is caught with its
/// own message.
@Suite(.serialized) struct LifeTests {
    /// Two days of seed 3's life on a new card, and the ledger it kept.
    static func twoDays(seed: UInt64 = 3) throws -> (report: LifeReport, ledger: LifeLedger, directory: String) {
        let directory = SoakRunTests.temporaryDirectory()
        let ledger = LifeLedger()
        let report = Life(board: try SoakRunTests.board(), seed: seed, days: 2, directory: directory).run(ledger: ledger)
        return (report, ledger, directory)
    }

    @Test func twoDaysOfUsePassAndAreTheSameEveryTime() throws {
        let first = try Self.twoDays()
        #expect(first.report.violation == nil)
        #expect(first.report.lines.last == "life PASSED")
        #expect(first.report.boots == 5)
        #expect(first.report.counts.photos == 176)
        #expect(first.report.counts.clips == 1)
        #expect(first.ledger.photoCount == 176)
        // One start-up per boot and one at the end.
        #expect(first.report.startupSeconds.count == 6)
        let again = try Self.twoDays()
        #expect(again.report.counts == first.report.counts)
        #expect(again.report.endings == first.report.endings)
        #expect(again.report.journal.onDiskBytes == first.report.journal.onDiskBytes)
    }

    @Test func aDeletedPhotoIsCaught() throws {
        let life = try Self.twoDays()
        #expect(life.ledger.checkAll(in: life.directory) == nil)
        unlink(life.directory + "/IMG_0003.jpg")
        #expect(life.ledger.checkAll(in: life.directory) == "photo IMG_0003.jpg was journaled done and is gone")
    }

    @Test func anOverwrittenPhotoIsCaught() throws {
        let life = try Self.twoDays()
        // Another photo's bytes renamed over it: a new inode under the old name.
        let other = try POSIXFile.readAll(life.directory + "/IMG_0004.jpg", limit: 1 << 20)
        try AtomicFile.write(other, to: life.directory + "/IMG_0003.jpg")
        #expect(life.ledger.checkAll(in: life.directory) == "photo IMG_0003.jpg was replaced (another inode: overwritten)")
    }

    @Test func aPhotoWhoseBytesChangedInPlaceIsCaught() throws {
        let life = try Self.twoDays()
        let path = life.directory + "/IMG_0005.jpg"
        let size = try POSIXFile.readAll(path, limit: 1 << 20).count
        var generator = SeededGenerator(seed: 1)
        #expect(LifeCard.flipBit(in: path, from: size - 10, upTo: size - 2, generator: &generator) != nil)
        #expect(life.ledger.checkAll(in: life.directory) == "photo IMG_0005.jpg changed its bytes (overwritten)")
    }

    @Test func aClipTurnedAwayFromItsJournaledOrientationIsCaught() throws {
        let life = try Self.twoDays()
        let clip = try #require(life.ledger.entries.first { if case .clip = $0.key { return true } else { return false } })
        let degrees = ((clip.value.orientation?.rotationDegrees ?? 0) + 90) % 360
        try MediaOrientationWriter.rotateMovie(atPath: life.directory + "/" + clip.value.file, rotationDegrees: degrees)
        #expect(
            life.ledger.checkAll(in: life.directory)
                == "clip \(clip.value.file) carries a \(degrees) degree matrix but was journaled \(clip.value.orientation.latchName) (\(clip.value.orientation?.rotationDegrees ?? 0))"
        )
    }

    @Test func aPhotoWithoutItsJournaledOrientationIsCaught() throws {
        let life = try Self.twoDays()
        // Journaled turned left; the file says what it was written with.
        let file = try POSIXFile.readAll(life.directory + "/IMG_0006.jpg", limit: 1 << 20)
        let exif = try JPEGOrientationPatcher.orientation(of: file)
        let ledger = LifeLedger()
        let wrong: UprightOrientation = exif == 6 ? .rightUp : .leftUp
        ledger.add(.shot(6), file: "IMG_0006.jpg", orientation: wrong, confirmed: true)
        #expect(
            ledger.checkAll(in: life.directory)
                == "photo IMG_0006.jpg carries EXIF Orientation \(exif.map { String($0) } ?? "none") but was journaled \(wrong)")
    }
}

/// The failing card: a turned clip is named without its rotation, journaled `fault`
/// `rotation`, and paid by the next start-up. The simulator never journaled the rotation owed
/// (only the Pi's loop took them from the session), so the clip stayed unturned with nothing on
/// the card to say so: `upright sim --life 1 --seed 7` failed on day 35 ("clip CLIP_4060.mov
/// carries a 0 degree matrix but was journaled right-up (270)").
@Suite(.serialized) struct LifeFailingCardTests {
    @Test func everyRotationOwedIsJournaledAndPaidAtTheNextStart() throws {
        let directory = SoakRunTests.temporaryDirectory()
        var life = Life(board: try SoakRunTests.board(), seed: 7, days: 2, directory: directory)
        life.adjust = { boot in
            boot.cardFailing = true
            boot.ending = .shutdown
            boot.endingSeconds = boot.sessionSeconds
        }
        let report = life.run()
        #expect(report.violation == nil)
        #expect(report.cardFailingBoots == 4)
        #expect(report.counts.rotationsOwed == 2)
        #expect(report.counts.rotationsPaid == 2)
    }
}
