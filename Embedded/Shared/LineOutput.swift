import UprightCore

/// Where the harness writes its lines (docs/mcu.md, "Output"): semihosting on the chip
/// (`SemihostingOutput`), memory on the host (`CollectedLines`).
public protocol LineOutput {
    /// One whole line, newline included.
    mutating func write(_ line: UnsafeRawBufferPointer)
}
