import UprightMCUShared

/// The chip's figures, from the C side's counters (Embedded/Startup/clock.c and runtime.c).
struct ChipMeter: HarnessMeter {
    typealias Pause = ChipCountingPause

    private var allocationsAtInitialisation: UInt32 = 0
    private var freesAtInitialisation: UInt32 = 0

    mutating func initialised() {
        allocationsAtInitialisation = upright_allocations()
        freesAtInitialisation = upright_frees()
        upright_mark()
    }

    mutating func figures() -> HarnessFigures? {
        let instructions = upright_instructions()
        return HarnessFigures(
            instructions: instructions,
            calibrationInstructions: upright_calibration_instructions(),
            allocationsAtInitialisation: allocationsAtInitialisation,
            allocationsAfterInitialisation: upright_allocations() - allocationsAtInitialisation,
            freesAfterInitialisation: upright_frees() - freesAtInitialisation,
            heapPeakBytes: upright_heap_peak_bytes(),
            stackPeakBytes: upright_stack_peak_bytes(),
            stackRegionBytes: upright_stack_region_bytes(),
            dataBytes: upright_data_bytes(),
            bssBytes: upright_bss_bytes())
    }
}

/// The C side's clock pause (Embedded/Startup/clock.c).
enum ChipCountingPause: CountingPause {
    static func pause() { upright_clock_pause() }
    static func resume() { upright_clock_resume() }
}
