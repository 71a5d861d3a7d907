import UprightCore

/// The floating-point operations the engine's decisions rest on (the detector's filters and
/// thresholds, the drivers' scaling, `TimeSpan.secondsFloat`), run on pseudo-random operands
/// and folded, family by family, into digests of the results' bit patterns. A Cortex-M0
/// (libgcc's soft float), a Cortex-M4F (its single-precision FPU) and the host (SSE) give the
/// same digests only if every operation rounds alike (docs/mcu.md, "Floating point").
///
/// Operands alternate between any finite float (every exponent, denormals included) and
/// values of the size the detector sees (magnitudes 1/8 to 8, full 24-bit significands, so
/// rounding is exercised on every operation). NaN results are folded as one canonical NaN:
/// NaN payloads differ between implementations and never change a decision (every
/// comparison with NaN is false).
public struct FloatProbe {
    public enum Family: UInt8, CaseIterable {
        case add, subtract, multiply, multiplyAdd, divide, squareRoot, compare, convert

        public var name: StaticString {
            switch self {
            case .add: "add"
            case .subtract: "subtract"
            case .multiply: "multiply"
            case .multiplyAdd: "multiply-add"
            case .divide: "divide"
            case .squareRoot: "square-root"
            case .compare: "compare"
            case .convert: "convert"
            }
        }
    }

    public private(set) var digests = InlineArray<8, UInt32>(repeating: 2_166_136_261)
    private var state: UInt32

    /// `seed` 0 is replaced by 1 (xorshift's state must not be zero).
    public init(seed: UInt32) {
        state = seed == 0 ? 1 : seed
    }

    /// Runs `rounds` rounds of every family.
    public mutating func run(rounds: Int) {
        for round in 0..<rounds {
            let narrow = round & 1 == 1
            let a = operand(narrow: narrow)
            let b = operand(narrow: narrow)
            let c = operand(narrow: narrow)
            fold(.add, a + b)
            fold(.subtract, a - b)
            fold(.multiply, a * b)
            // The filters' shape, `x + (y - x) * k`: a compiler that fused it (one rounding,
            // VFMA) would change results; chained (VMLA, two roundings) or apart it must not.
            fold(.multiplyAdd, c + (b - c) * a)
            fold(.divide, a / b)
            fold(.squareRoot, abs(a).squareRoot())
            var order: UInt32 = 0
            if a < b { order |= 1 }
            if a <= b { order |= 2 }
            if a == b { order |= 4 }
            if a > b { order |= 8 }
            if a >= b { order |= 16 }
            fold(.compare, order)
            let raw = next()
            // The drivers' scaling: counts times a power of two (MPU-6050) or 3.9 mg (ADXL345),
            // each count converted through `Int` as the drivers do (`Float(count:)`).
            fold(.convert, Float(Int(Int16(truncatingIfNeeded: raw))) * (1 / 16384))
            fold(.convert, Float(Int(Int16(truncatingIfNeeded: raw >> 16))) * 0.0039)
            // Through `Int`, as the engine converts: `Float(Int32)` and `Float(UInt32)` take the
            // generic path, which on a 32-bit core goes through a 64-bit integer, and libgcc
            // converts that in double precision (the engine never does). The engine's own
            // 64-bit conversion instead, on 32-bit values (its rounding past 2^24).
            fold(.convert, Float(Int(Int32(bitPattern: next()))))
            fold(.convert, TimeSpan(nanoseconds: Int64(next())).secondsFloat)
            // TimeSpan.secondsFloat: 64-bit nanoseconds to Float (its own correctly rounded
            // conversion), then / 1e9.
            let nanoseconds = Int64(bitPattern: UInt64(next()) << 32 | UInt64(next())) >> (next() & 63)
            fold(.convert, TimeSpan(nanoseconds: nanoseconds).secondsFloat)
        }
    }

    private mutating func fold(_ family: Family, _ value: Float) {
        fold(family, value.isNaN ? 0x7FC0_0000 : value.bitPattern)
    }

    private mutating func fold(_ family: Family, _ word: UInt32) {
        var hash = digests[Int(family.rawValue)]
        for shift in stride(from: 0, to: 32, by: 8) {
            hash = (hash ^ (word >> UInt32(shift) & 0xFF)) &* 16_777_619
        }
        digests[Int(family.rawValue)] = hash
    }

    /// xorshift32 (Marsaglia 2003: shifts 13, 17, 5).
    private mutating func next() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }

    private mutating func operand(narrow: Bool) -> Float {
        let bits = next()
        if narrow {
            // Sign and significand from `bits`, exponent 124...129 (1/8 to 8).
            let exponent = 124 + next() % 6
            return Float(bitPattern: bits & 0x807F_FFFF | exponent << 23)
        }
        // Any finite float: an all-ones exponent (infinity, NaN) loses its top bit.
        let value = Float(bitPattern: bits)
        return value.isFinite ? value : Float(bitPattern: bits & 0xBFFF_FFFF)
    }
}
