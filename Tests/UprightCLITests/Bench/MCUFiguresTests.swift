import Testing
@testable import UprightCLI

@Suite struct MCUFiguresTests {
    @Test func linesBecomeFiguresWithTheirGoals() {
        let figures = MCUFigures.parse(
            """
            mcu_m0_engine_flash_bytes bytes 33250.0 <=49152
            mcu_m4f_trace_instructions_per_sample instructions 487.0
            not a figure
            mcu_m0_ram_peak_bytes bytes 6925 <=eight
            """)
        #expect(figures.map(\.key) == ["mcu_m0_engine_flash_bytes", "mcu_m4f_trace_instructions_per_sample"])
        #expect(figures[0].median == 33_250 && figures[0].unit == "bytes" && figures[0].verdict == "met")
        #expect(figures[1].median == 487 && figures[1].target == nil)
    }

    @Test func aGoalMissedSaysSo() {
        let figures = MCUFigures.parse("mcu_m0_ram_peak_bytes bytes 9000 <=8192\n")
        #expect(figures.first?.verdict == "MISSED")
    }

    @Test func noBuildNoFigures() {
        #expect(MCUFigures.read(path: "/nonexistent/figures.bench").isEmpty)
    }
}
