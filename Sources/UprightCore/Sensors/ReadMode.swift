/// How a driver fetches samples from its chip.
public enum ReadMode: UInt8, Hashable, Sendable, CaseIterable {
    /// One transaction per data register (the naive way; a baseline for wire cost only:
    /// the bytes of one sample may come from two different measurements).
    case registerByRegister
    /// One burst read of the data block per sample (the chip auto-increments the pointer).
    case burst
    /// The chip's FIFO: read the count, drain whole samples in as few transactions as the
    /// adapter allows, back-date each sample by the sample period.
    case fifo
}
