#if canImport(Glibc)
import Glibc
#endif
import Testing
import UprightCore
import UprightHost
import UprightSim

/// What the card does between boots is what it says: a torn last line, one bit flipped, a
/// kill's leftovers under names start-up knows as temporary.
struct LifeCardTests {
    @Test func aPowerCutTearsOnlyTheLastLine() throws {
        let directory = SoakRunTests.temporaryDirectory()
        let path = directory + "/journal.ndjson"
        try AtomicFile.write(Array("{\"a\":1}\n{\"b\":22}\n".utf8), to: path)
        var generator = SeededGenerator(seed: 5)
        #expect(LifeCard.tearLastLine(of: path, generator: &generator) == "{\"b\":22}")
        let left = String(decoding: try POSIXFile.readAll(path, limit: 100), as: UTF8.self)
        #expect(left.hasPrefix("{\"a\":1}\n"))
        #expect(left.count < "{\"a\":1}\n{\"b\":22}\n".count)
    }

    @Test func aFlipChangesOneBitOfOneByte() throws {
        let directory = SoakRunTests.temporaryDirectory()
        let path = directory + "/file"
        let bytes = [UInt8](repeating: 0x41, count: 64)
        try AtomicFile.write(bytes, to: path)
        var generator = SeededGenerator(seed: 9)
        let offset = try #require(LifeCard.flipBit(in: path, generator: &generator))
        let after = try POSIXFile.readAll(path, limit: 100)
        #expect(after.count == 64)
        #expect(zip(bytes, after).filter { $0 != $1 }.count == 1)
        #expect((after[offset] ^ 0x41).nonzeroBitCount == 1)
    }

    @Test func aKillLeavesTemporaryFilesStartUpRemoves() throws {
        let life = try LifeTests.twoDays()
        var generator = SeededGenerator(seed: 2)
        let left = LifeCard.leaveLeftovers(in: life.directory, ledger: life.ledger, generator: &generator)
        #expect(left.count == 2)
        #expect(left.allSatisfy(OutputReconciliation.isTemporary))
        let startup = try OutputStartup(
            directory: life.directory, journal: .kept(path: life.directory + "/" + Life.journalName), naming: SimCamera.naming)
        #expect(startup.reconciliation.removedTemporaryFiles == left.sorted())
    }
}
