import UprightCore
import UprightMCUShared

/// An `I2CBus` in front of another that writes down every transfer as `PlaybackBus` plays it
/// back: address, outcome, bytes written, and the bytes read as the driver received them
/// (after any fault the inner bus injected).
final class RecordingBus<Inner: I2CBus>: I2CBus {
    let inner: Inner
    private(set) var records = ByteWriter()
    private(set) var count = 0

    init(inner: Inner) {
        self.inner = inner
    }

    var capabilities: I2CCapabilities { inner.capabilities }

    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        precondition(write.count <= Int(UInt8.max) && read.count <= Int(UInt16.max), "a transfer longer than a recording can hold")
        count += 1
        records.uint8(address)
        do {
            try inner.transfer(address: address, write: write, read: read)
        } catch {
            let (status, code) = TransferStatus.status(for: error)
            records.uint8(status)
            if status == TransferStatus.otherCode { records.int32(code) }
            header(write: write, readCount: read.count)
            throw error
        }
        records.uint8(TransferStatus.doneCode)
        header(write: write, readCount: read.count)
        records.bytes(UnsafeRawBufferPointer(read))
    }

    private func header(write: UnsafeRawBufferPointer, readCount: Int) {
        records.uint8(UInt8(write.count))
        records.uint16(UInt16(readCount))
        records.bytes(write)
    }
}
