import Testing
@testable import UprightMCU

@Suite struct FigureTableTests {
    static func machine(_ name: String) throws -> FigureTable.Machine {
        let sizes = try FirmwareSizes(map: FirmwareSizesTests.map)
        return FigureTable.Machine(
            name: name, sizes: sizes,
            runs: [
                FigureTable.Run(
                    name: "trace-a", kind: "trace",
                    figures: [
                        "samples": 100, "instructions": 900_000, "heap-peak": 0, "stack-peak": 3000, "stack-region": 6144,
                        "allocations-init": 0, "allocations-run": 0,
                    ]),
                FigureTable.Run(
                    name: "trace-b", kind: "trace", figures: ["samples": 10, "instructions": 110_000, "stack-peak": 3100, "stack-region": 6144]),
                FigureTable.Run(
                    name: "bus-a", kind: "bus",
                    figures: [
                        "samples": 50, "instructions": 750_000, "heap-peak": 2772, "stack-peak": 2000, "stack-region": 6144,
                        "allocations-init": 4, "allocations-run": 0,
                    ]),
            ])
    }

    @Test func benchLinesCarryTheIssuesGoals() throws {
        let table = FigureTable(machines: [try Self.machine("microbit"), try Self.machine("mps2-an386")])
        // The map's flash without the harness: engine 992, runtime 16, newlib 72 + 100 (its
        // data's copy), libgcc 772; with the harness's 200 + 4 more. RAM: data 104 and bss 12,
        // and the bus run's heap and stack, 2772 + 2000 (more than either trace run's).
        #expect(
            table.benchLines == [
                "mcu_m0_engine_flash_bytes bytes 1952.0 <=49152",
                "mcu_m0_firmware_flash_bytes bytes 2156.0",
                "mcu_m0_ram_peak_bytes bytes 4888.0 <=8192",
                "mcu_m0_stack_peak_bytes bytes 3100.0",
                "mcu_m0_allocations_after_init count 0.0 <=0",
                "mcu_m0_trace_instructions_per_sample instructions 10000.0",
                "mcu_m0_bus_instructions_per_sample instructions 15000.0",
                "mcu_m4f_engine_flash_bytes bytes 1952.0",
                "mcu_m4f_firmware_flash_bytes bytes 2156.0",
                "mcu_m4f_ram_peak_bytes bytes 4888.0",
                "mcu_m4f_stack_peak_bytes bytes 3100.0",
                "mcu_m4f_allocations_after_init count 0.0 <=0",
                "mcu_m4f_trace_instructions_per_sample instructions 10000.0",
                "mcu_m4f_bus_instructions_per_sample instructions 15000.0",
            ])
        #expect(table.text.contains("instructions a sample, traces (mean, max)"))
    }

    @Test func budgetVerdictsFailOverALimitAndPassAtIt() throws {
        let machine = try Self.machine("microbit")
        // 1952 B of flash and 4888 B of RAM (above): at the limit passes, a byte under it fails.
        #expect(
            FigureTable.budgetVerdicts(machine: machine, flashLimit: 49152, ramLimit: 4888).map(\.line) == [
                "PASS microbit   budget: flash, the engine with what it links, 1952 B of 49152 B (47200 B to spare)",
                "PASS microbit   budget: RAM, the most a run used (of 3 runs), 4888 B of 4888 B (0 B to spare)",
            ])
        let over = FigureTable.budgetVerdicts(machine: machine, flashLimit: 1951, ramLimit: 4887)
        #expect(over.map(\.passed) == [false, false])
        #expect(
            over.map(\.line) == [
                "FAIL microbit   budget: flash, the engine with what it links, 1952 B, over its 1951 B by 1 B",
                "FAIL microbit   budget: RAM, the most a run used (of 3 runs), 4888 B, over its 4887 B by 1 B",
            ])
    }
}
