/// What the chip measures around a run (docs/mcu.md, "Figures"): the C side's counters on
/// the chip, nothing on the host.
public protocol HarnessMeter {
    /// How the instruction count stops around the bus playback.
    associatedtype Pause: CountingPause

    /// The engine is built: allocations so far count as initialisation, and the instruction
    /// count starts.
    mutating func initialised()
    /// The run is over: the figures, or nil where nothing is measured.
    mutating func figures() -> HarnessFigures?
}

/// The figures one run reports, each on its own `=` line.
public struct HarnessFigures: Equatable, Sendable {
    /// Executed since `initialised`, without the output's.
    public var instructions: UInt64
    /// Instructions of the calibration loop (an exact count the host checks).
    public var calibrationInstructions: UInt64
    public var allocationsAtInitialisation: UInt32
    /// Allocations after `initialised`.
    public var allocationsAfterInitialisation: UInt32
    public var freesAfterInitialisation: UInt32
    public var heapPeakBytes: UInt32
    public var stackPeakBytes: UInt32
    public var stackRegionBytes: UInt32
    public var dataBytes: UInt32
    public var bssBytes: UInt32

    public init(
        instructions: UInt64, calibrationInstructions: UInt64, allocationsAtInitialisation: UInt32, allocationsAfterInitialisation: UInt32,
        freesAfterInitialisation: UInt32, heapPeakBytes: UInt32, stackPeakBytes: UInt32, stackRegionBytes: UInt32, dataBytes: UInt32, bssBytes: UInt32
    ) {
        self.instructions = instructions
        self.calibrationInstructions = calibrationInstructions
        self.allocationsAtInitialisation = allocationsAtInitialisation
        self.allocationsAfterInitialisation = allocationsAfterInitialisation
        self.freesAfterInitialisation = freesAfterInitialisation
        self.heapPeakBytes = heapPeakBytes
        self.stackPeakBytes = stackPeakBytes
        self.stackRegionBytes = stackRegionBytes
        self.dataBytes = dataBytes
        self.bssBytes = bssBytes
    }

    /// The figure lines' names and values, in order.
    public var lines: InlineArray<10, (name: StaticString, value: UInt64)> {
        [
            ("instructions", instructions),
            ("calibration", calibrationInstructions),
            ("allocations-init", UInt64(allocationsAtInitialisation)),
            ("allocations-run", UInt64(allocationsAfterInitialisation)),
            ("frees-run", UInt64(freesAfterInitialisation)),
            ("heap-peak", UInt64(heapPeakBytes)),
            ("stack-peak", UInt64(stackPeakBytes)),
            ("stack-region", UInt64(stackRegionBytes)),
            ("data", UInt64(dataBytes)),
            ("bss", UInt64(bssBytes)),
        ]
    }
}

/// Stops and restarts the instruction count around work that is not the firmware's: the
/// playback of a bus recording stands in for the chip's I2C peripheral, so its instructions
/// are left out of the figures, as the output's are.
public protocol CountingPause {
    static func pause()
    static func resume()
}

/// For the host, which counts nothing.
public enum NoCountingPause: CountingPause {
    public static func pause() {}
    public static func resume() {}
}
