import Testing
import UprightCore
import UprightSim

/// How long the engine was held moves a checkpoint's deadline by exactly its overlap with the
/// time the episode's answers wait on the camera.
struct SoakEnginePausesTests {
    static func at(_ nanoseconds: Int64) -> Instant { Instant(nanoseconds: nanoseconds) }

    /// `add`, outside `#expect` (which cannot call a mutating method).
    func add(_ pause: Range<Instant>, to pauses: inout SoakEnginePauses) -> Bool { pauses.add(pause) }

    /// Swarm seed 114 (`upright sim --soak 0.5 --seed 114 --mix`): the loop stalled from
    /// 730.276352349 s to 732.617244148 s, a press came at 730.302639255 s and its
    /// checkpoint was 736.468286341 s; the engine took the press 2.314604893 s late, so its
    /// answer may come as much later.
    @Test func seed114sStallMovesItsCheckpointByTheTimeThePressWaited() {
        var pauses = SoakEnginePauses()
        #expect(add(Self.at(730_276_352_349)..<Self.at(732_617_244_148), to: &pauses))
        let deadline = pauses.answerDeadline(checkpoint: Self.at(736_468_286_341), answersFrom: Self.at(730_302_639_255))
        #expect(deadline == Self.at(738_782_891_234))
        // A stall over before the episode's first press delays nothing.
        #expect(pauses.answerDeadline(checkpoint: Self.at(745_000_000_000), answersFrom: Self.at(739_000_000_000)) == Self.at(745_000_000_000))
        // Nor does one after the checkpoint.
        #expect(pauses.answerDeadline(checkpoint: Self.at(729_000_000_000), answersFrom: Self.at(723_000_000_000)) == Self.at(729_000_000_000))
    }

    /// A stall that begins after the checkpoint but before the deadline another stall gave it
    /// moves the deadline too; a stall wholly inside the episode counts whole; overlapping
    /// holds count once.
    @Test func stallsAddUpToTheDeadlineTheyMake() {
        var pauses = SoakEnginePauses()
        #expect(add(Self.at(2_000_000_000)..<Self.at(4_000_000_000), to: &pauses))
        #expect(add(Self.at(3_000_000_000)..<Self.at(5_000_000_000), to: &pauses))
        #expect(add(Self.at(20_000_000_000)..<Self.at(21_500_000_000), to: &pauses))
        #expect(pauses.pauses == [Self.at(2_000_000_000)..<Self.at(5_000_000_000), Self.at(20_000_000_000)..<Self.at(21_500_000_000)])
        // From 1 s: 3 s held, so 18 s becomes 21 s, inside the second stall, which adds 1.5 s.
        #expect(pauses.answerDeadline(checkpoint: Self.at(18_000_000_000), answersFrom: Self.at(1_000_000_000)) == Self.at(22_500_000_000))
        // From 3 s: 2 s held, so 18 s becomes 20 s, where the second stall begins: not before it.
        #expect(pauses.answerDeadline(checkpoint: Self.at(18_000_000_000), answersFrom: Self.at(3_000_000_000)) == Self.at(20_000_000_000))
        pauses.forget(endingBy: Self.at(5_000_000_000))
        #expect(pauses.pauses == [Self.at(20_000_000_000)..<Self.at(21_500_000_000)])
    }

    /// The bound: the 65th pause remembered at once is refused (the soak reports it).
    @Test func theSixtyFifthPauseIsRefused() {
        var pauses = SoakEnginePauses()
        for index in 0..<Int64(SoakEnginePauses.capacity) {
            #expect(add(Self.at(index * 20_000_000_000)..<Self.at(index * 20_000_000_000 + 1_000_000_000), to: &pauses))
        }
        #expect(!add(Self.at(2_000_000_000_000)..<Self.at(2_001_000_000_000), to: &pauses))
        #expect(pauses.pauses.count == 64)
    }
}
