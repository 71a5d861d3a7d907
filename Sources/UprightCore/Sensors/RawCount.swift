extension Float {
    /// A chip's raw 16-bit count as a `Float`: exact, since every `Int16` fits the 24-bit
    /// significand. Converted through `Int` on purpose: `Float(_:)` on an `Int16` is the
    /// generic conversion, which widens to `Int64` first, and a Cortex-M0 converts an `Int64`
    /// in software through `double` (libgcc's `__floatdisf`: five calls, a few hundred
    /// instructions for each axis of each sample); from a 32-bit `Int` it is one `__aeabi_i2f`.
    @usableFromInline @inline(__always)
    init(count: Int16) { self.init(Int(count)) }
}
