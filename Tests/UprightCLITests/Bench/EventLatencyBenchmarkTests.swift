import Testing
@testable import UprightCLI

@Suite struct EventLatencyBenchmarkTests {
    /// Every press reaches the camera: one figure per press (a press that took no photo
    /// would leave a gap and shorten the list).
    @Test func everyPressGivesOneFigure() {
        let latencies = EventLatencyBenchmark.run(presses: 50)
        #expect(latencies.count == 50)
        #expect(latencies.allSatisfy { $0 >= 0 })
    }

    @Test func quantilesByNearestRank() {
        let values: [Int64] = [50, 10, 40, 20, 30, 60, 70, 80, 90, 100]
        #expect(EventLatencyBenchmark.quantile(values, 0.5) == 50)
        #expect(EventLatencyBenchmark.quantile(values, 0.99) == 100)
        #expect(EventLatencyBenchmark.quantile(values, 0) == 10)
        #expect(EventLatencyBenchmark.quantile([], 0.5).isNaN)
    }
}
