import Testing
import UprightCore
@testable import UprightSim
@testable import UprightCLI

@Suite struct BenchHelperTests {
    @Test func unavailableFigureIsNullWithItsReason() {
        var report = BenchReport(machine: "test")
        report.figures = [BenchFigure(key: "sim_speed_vs_realtime", unit: "x", values: [], target: .atLeast(5000), note: "not available: no sim")]
        #expect(
            report.json == #"{"machine":"test","sim_speed_vs_realtime":null,"spread":{},"notes":{"sim_speed_vs_realtime":"not available: no sim"}}"#)
        #expect(report.table.contains("sim_speed_vs_realtime       -    -    -    -    -  x     >= 5_000 not available: no sim\n"))
    }

    /// The Embedded object's text is no measure of the flash budget (the linker drops what it
    /// holds unused): it has no goal, and once the linked M0 firmware is measured it is not shown.
    @Test func theObjectsTextIsShownWithoutTheBudgetAndOnlyWhenTheFirmwareWasNotLinked() throws {
        let object = "/bin/true" // an ELF object with a text section, as the Embedded one is
        let alone = BenchCommand.sizeFigures(embeddedObject: object, linkedFirmwareMeasured: false)
        let row = try #require(alone.first { $0.key == "embedded_object_text_bytes" })
        #expect(row.target == nil)
        #expect(row.median > 0)
        let linked = BenchCommand.sizeFigures(embeddedObject: object, linkedFirmwareMeasured: true)
        #expect(linked.map(\.key) == ["binary_bytes"])
        #expect(MCUFigures.parse("mcu_m0_engine_flash_bytes bytes 48954.0 <=49152\n").map(\.key) == [MCUFigures.engineFlashKey])
    }

    @Test func verdictFollowsTheTarget() {
        let figure = BenchFigure(key: "pipeline_samples_per_second", unit: "samples/s", values: [3, 1, 2], target: .atLeast(20))
        var report = BenchReport(machine: "m")
        report.figures = [figure]
        #expect(report.table.hasSuffix("pipeline_samples_per_second       2  1.5  2.5    1    3  samples/s  >= 20 MISSED\n"))
    }

    @Test func simulatorSpeedExcludesStartUp() {
        // 60 s of scenario in 32 ms of which 20 ms were process start-up: 60 / 0.012.
        #expect(SimBenchmark.speed(scenarioSeconds: 60, wallSeconds: 0.032, startupSeconds: 0.020) == 60 / 0.012)
        #expect(SimBenchmark.speed(scenarioSeconds: 60, wallSeconds: 0.010, startupSeconds: 0.020) == .infinity)
    }

    @Test func simulatorSpeedComesFromTheSimulationsOwnLine() {
        let report =
            "seed 1\nsimulated 60.0 s in 0.012 s (5000x real time; 0.010 s of CPU, 6000x): 0.006 s rendering photos, 0.006 s the rest (10000x; 0.005 s of CPU, 12000x)\n"
        #expect(SimBenchmark.simulatedWallSeconds(inReport: report) == 0.012)
        // The older form without the overall speed parses too; other text does not.
        #expect(SimBenchmark.simulatedWallSeconds(inReport: "simulated 60.0 s in 0.131 s: 0.108 s rendering photos") == 0.131)
        #expect(SimBenchmark.simulatedWallSeconds(inReport: "simulated sensor\nwrote 3 files") == nil)
    }

    @Test func busUtilisationFromWireBits() {
        var stats = WireStats()
        stats.wireBytes = 640
        stats.startConditions = 20
        stats.transactions = 10
        let cost = WireCost(chip: .mpu6050, mode: .fifo, capabilities: .combined, samples: 100, stats: stats)
        // 640 * 9 + 20 + 10 = 5790 bits for 100 samples; 1000 samples/s on a 400 kHz bus.
        #expect(abs(WireCostBenchmark.utilisation(cost, clockHz: 400_000, rateHz: 1000) - 0.14475) < 1e-12)
    }
}
