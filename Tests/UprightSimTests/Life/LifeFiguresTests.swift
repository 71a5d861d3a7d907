import Testing
import UprightSim

/// The figures line reads back as it was written, and sums as the swarm sums it.
struct LifeFiguresTests {
    static let figures = LifeFigures(
        days: 365, boots: 640, photos: 36_012, clips: 900, rotationsOwed: 12, rotationsPaid: 12, kills: 80, cuts: 48, flips: 30,
        journalBytes: 5_000_000, startupReadBytes: 4_900_000, startupMaximumMilliseconds: 812.5, startupMedianMilliseconds: 300.2,
        startupCPUMaximumMilliseconds: 700.5,
        deviceHours: 101.25, wallSeconds: 700.5, cpuSeconds: 650.1)

    @Test func theLineReadsBack() {
        #expect(
            Self.figures.line
                == "figures: days=365 boots=640 photos=36012 clips=900 owed=12 paid=12 kills=80 cuts=48 flips=30 journal_bytes=5000000 startup_read_bytes=4900000 startup_max_ms=812.5 startup_median_ms=300.2 startup_cpu_max_ms=700.5 device_hours=101.25 wall_s=700.5 cpu_s=650.1"
        )
        #expect(LifeFigures.parse(["life PASSED", Substring(Self.figures.line)]) == Self.figures)
        #expect(LifeFigures.parse(["figures: days=x"]) == nil)
        #expect(LifeFigures.parse(["life PASSED"]) == nil)
    }

    @Test func sumsTakeTheLargestJournalAndStartUp() {
        var total = LifeFigures()
        total.add(Self.figures)
        var smaller = Self.figures
        smaller.journalBytes = 10
        smaller.startupMaximumMilliseconds = 1
        total.add(smaller)
        #expect(total.days == 730 && total.photos == 72_024 && total.journalBytes == 5_000_000 && total.startupMaximumMilliseconds == 812.5)
    }
}
