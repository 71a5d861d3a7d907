import Testing
import UprightSim

/// The year's boots are drawn from the seed alone, a day at a time, and fit their sessions.
struct LifePlannerTests {
    static func boots(seed: UInt64, days: Int) -> [LifeBoot] {
        var planner = LifePlanner(seed: seed, days: days)
        var boots: [LifeBoot] = []
        while let boot = planner.next() { boots.append(boot) }
        return boots
    }

    @Test func aYearIsDrawnTheSameEveryTimeAndFillsItsDays() {
        let year = Self.boots(seed: 11, days: 365)
        #expect(year == Self.boots(seed: 11, days: 365))
        #expect(Set(year.map(\.day)) == Set(0..<365))
        #expect(year.map(\.index) == Array(0..<year.count))
        #expect(year.allSatisfy { $0.endingSeconds <= $0.sessionSeconds && $0.sessionSeconds >= 60 })
        #expect((365...3 * 365).contains(year.count))
        // Every kind of ending and mishap comes in a year.
        #expect(Set(year.map(\.ending)) == Set(LifeEnding.allCases))
        #expect(year.contains { $0.cardFailing } && year.contains { $0.cardFull })
        #expect(year.contains { $0.journalFlips > 0 } && year.contains { $0.photoFlip })
    }

    @Test func oneLifeInFourFindsAPhotoNumberedNearTheTop() {
        let tops = (1...40 as ClosedRange<UInt64>).map { LifePlanner(seed: $0, days: 365) }.filter { $0.topPhotoDay != nil }
        #expect((5...15).contains(tops.count))
        #expect(tops.allSatisfy { ($0.topPhotoDay ?? 0) >= 355 && $0.topPhotoNumber > UInt32.max - 200 })
    }
}
