import UprightCore

/// What both simulated chips (`SimMPU6050`, `SimADXL345`) do alike around their own registers:
/// a transaction first produces the samples due (`catchUp`), then sets the register pointer
/// and stores the bytes written after it; a power glitch resets the registers and restarts the
/// sample clock; stuck data holds the measurements until a time.
protocol SimRegisterChip: SimI2CDevice {
    /// The register the next byte is read from or written to.
    var pointer: UInt8 { get set }
    /// The register addresses the pointer can hold (it wraps within them).
    static var registerMask: UInt8 { get }
    /// When the next sample is measured.
    var nextSampleTime: Instant { get set }
    /// Until when the measurements stop changing (`freezeData`), nil when they do not.
    var frozenUntil: Instant? { get set }
    /// Power-on and reset-command resets since creation (for tests and statistics).
    var resetCount: Int { get set }

    /// Produces the samples due up to `now`.
    func catchUp(now: Instant)
    /// Every register back to its reset value, the FIFO emptied, no data frozen (the state
    /// at power-on).
    func writeResetValues()
    /// A byte written to the register at `address`.
    func store(_ value: UInt8, at address: UInt8, now: Instant)
    /// Moves the pointer on after a byte.
    func advancePointer()
}

extension SimRegisterChip {
    /// A reset after power-on: a glitch or the chip's reset command.
    func resetRegisters() {
        writeResetValues()
        resetCount += 1
    }

    public func powerCycle(now: Instant) {
        resetRegisters()
        nextSampleTime = now
    }

    public func freezeData(now: Instant, until: Instant) {
        catchUp(now: now)
        frozenUntil = until
    }

    /// The start of every transaction: the samples due, then the write (the register pointer,
    /// then the values stored from it on).
    @inline(__always)
    func begin(write: UnsafeRawBufferPointer, now: Instant) {
        catchUp(now: now)
        guard let first = write.first else { return }
        pointer = first & Self.registerMask
        for byte in write.dropFirst() {
            store(byte, at: pointer, now: now)
            advancePointer()
        }
    }

    /// Whether a measurement at `time` is held back by stuck data (which ends at its time).
    @inline(__always)
    func dataFrozen(at time: Instant) -> Bool {
        guard let until = frozenUntil else { return false }
        if time < until { return true }
        frozenUntil = nil
        return false
    }
}
