import UprightCore

/// An `I2CBus` that plays back a recording: each transfer the driver makes must be the next
/// recorded one (same address, same bytes written, same number read); it then gets the
/// recorded answer (the bytes read, or the recorded error). The first transfer that differs
/// is kept as `divergence` and every transfer from then on fails, so a firmware that departs
/// from the recording is reported, never silently fed wrong data. `remaining` counts the
/// recorded transfers not made (an unused expectation is a failure too).
///
/// A transfer record: address (u8), status (u8: 0 done, else `errorCode`), the error's code
/// (i32) when the status is `other`, bytes written (u8), bytes to read (u16), the written
/// bytes, then the read bytes when the status is 0.
public final class PlaybackBus<Pause: CountingPause>: I2CBus {
    public let capabilities: I2CCapabilities
    public let count: Int
    public private(set) var used = 0
    public private(set) var divergence: PlaybackDivergence?
    private var cursor: InputCursor

    public init(transfers: UnsafeRawBufferPointer, count: Int, capabilities: I2CCapabilities) {
        cursor = InputCursor(transfers)
        self.count = count
        self.capabilities = capabilities
    }

    public var remaining: Int { count - used }

    public func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        Pause.pause()
        defer { Pause.resume() }
        guard divergence == nil else { throw .bus }
        guard used < count else { return try diverge("a transfer after the last recorded one") }
        let expected: (address: UInt8, status: UInt8, code: Int32, written: UnsafeRawBufferPointer, readCount: Int)
        do throws(InputError) {
            let recordedAddress = try cursor.uint8()
            let status = try cursor.uint8()
            let code = status == TransferStatus.otherCode ? try cursor.int32() : 0
            let writeCount = Int(try cursor.uint8())
            let readCount = Int(try cursor.uint16())
            expected = (recordedAddress, status, code, try cursor.take(writeCount), readCount)
        } catch {
            return try diverge("the recording is malformed here")
        }
        guard address == expected.address else { return try diverge("a transfer to another address") }
        guard write.count == expected.written.count, write.elementsEqual(expected.written) else {
            return try diverge("other bytes written than recorded")
        }
        guard read.count == expected.readCount else { return try diverge("another read length than recorded") }
        if let error = TransferStatus.error(status: expected.status, code: expected.code) {
            used += 1
            throw error
        }
        do throws(InputError) {
            let answer = try cursor.take(expected.readCount)
            if let destination = read.baseAddress, let source = answer.baseAddress {
                destination.copyMemory(from: source, byteCount: expected.readCount)
            }
        } catch {
            return try diverge("the recording is malformed here")
        }
        used += 1
    }

    private func diverge(_ reason: StaticString) throws(I2CError) {
        divergence = PlaybackDivergence(index: used, reason: reason)
        throw .bus
    }
}

/// The first transfer a firmware made that the recording did not have.
public struct PlaybackDivergence: Sendable {
    /// The transfer (from 0) that did not match.
    public var index: Int
    public var reason: StaticString
}
