import UprightCore
import UprightLinux

/// What `upright probe` found at one candidate address.
public struct ProbeAddressResult: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Nobody answered: a no-acknowledge, or (`unavailable`) an adapter that reports a
        /// missing device as ENODEV, as the kernel's i2c-stub does (drivers/i2c/i2c-stub.c,
        /// stub_xfer) while its other addresses answer.
        case absent(I2CError)
        /// The identity read failed some other way (timeout, bus error): something is there,
        /// or the wiring is noisy.
        case identityFailed(I2CError)
        /// Something acknowledged but its identity register names no part the drivers know
        /// (a DS3231 real-time clock also sits at 0x68).
        case unknownDevice(register: UInt8, value: UInt8)
        /// A known part that could not be initialised or read.
        case readFailed(ChipIdentity, SensorError)
        /// A known part that was initialised but delivered no sample (it stayed in reset).
        case noSamples(ChipIdentity)
        /// A known part, read.
        case chip(ProbeChipReading)
        /// A kernel driver holds the address (`holder` says which): not touched (docs/setup.md,
        /// "A chip the kernel drives"). No payload: with a `KernelHolder` in the case, the
        /// release build's optimiser (Swift 6.3.1, CopyPropagation) crashed on `readings`.
        case held
    }

    public var address: UInt8
    public var outcome: Outcome
    /// The kernel driver holding the address, when `outcome` is `held`.
    public var holder: KernelHolder?

    public init(address: UInt8, outcome: Outcome, holder: KernelHolder? = nil) {
        self.address = address
        self.outcome = outcome
        self.holder = holder
    }

    /// The reading, when a known part was read.
    public var reading: ProbeChipReading? {
        if case .chip(let reading) = outcome { return reading }
        return nil
    }
}
