/// A small, fast, seedable generator (xoshiro256**, seeded through SplitMix64) so that one
/// seed reproduces a whole simulated run exactly, on every platform and Swift version.
/// `SystemRandomNumberGenerator` is never used in the simulator.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        var splitmix = seed
        func next() -> UInt64 {
            splitmix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitmix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    public mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotate(state.3, 45)
        return result
    }

    /// An independent stream for a sub-component (chip noise, bus faults, button bounce), so
    /// adding draws in one component does not shift the numbers another one sees.
    public mutating func split() -> SeededGenerator { SeededGenerator(seed: next()) }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { p > 0 && unit() < p }

    /// Standard normal deviate (Box-Muller; one of the pair is discarded for simplicity).
    public mutating func gaussian() -> Double {
        let u1 = max(unit(), 0x1.0p-53)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Masking shifts (k is 7 or 45 here): no range checks, and always inlined, since the
    /// chip models draw a number for every noise sample.
    @inline(__always)
    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x &<< k) | (x &>> (64 &- k)) }
}

#if canImport(Glibc)
import Glibc
#endif
