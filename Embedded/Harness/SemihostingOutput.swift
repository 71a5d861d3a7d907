import UprightMCUShared

/// Lines to the host's standard output through semihosting (Embedded/Startup/semihosting.c).
/// Stateless, so the copies the harness hands around all write to the same place.
struct SemihostingOutput: LineOutput {
    func write(_ line: UnsafeRawBufferPointer) {
        upright_write(line.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(line.count))
    }
}
