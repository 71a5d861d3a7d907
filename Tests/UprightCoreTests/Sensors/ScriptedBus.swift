import Testing
import UprightCore

/// A bus that states the literal traffic a test expects, in order (embedded-hal-mock style):
/// each transfer must match the next expectation exactly, and `verify()` fails the test if any
/// expectation was left unused.
final class ScriptedBus: I2CBus {
    struct Expectation: CustomStringConvertible {
        var address: UInt8
        var write: [UInt8]
        /// Bytes the device returns (its count is the expected read length).
        var reply: [UInt8]
        var failure: I2CError?

        var description: String {
            "address \(address) write \(write) read \(reply.count)" + (failure.map { " fails \($0)" } ?? "")
        }
    }

    var capabilities: I2CCapabilities
    private(set) var expectations: [Expectation] = []
    private(set) var used = 0

    init(capabilities: I2CCapabilities = .combined) { self.capabilities = capabilities }

    /// A register write: pointer then values, no read.
    func expectWrite(_ address: UInt8, _ bytes: [UInt8]) {
        expectations.append(Expectation(address: address, write: bytes, reply: [], failure: nil))
    }

    /// A register read: pointer written, then `reply` read after a repeated start.
    func expectRead(_ address: UInt8, register: UInt8, reply: [UInt8]) {
        expectations.append(Expectation(address: address, write: [register], reply: reply, failure: nil))
    }

    /// A transaction that fails with `error`.
    func expectFailure(_ address: UInt8, write: [UInt8], readCount: Int, error: I2CError) {
        expectations.append(Expectation(address: address, write: write, reply: Array(repeating: 0, count: readCount), failure: error))
    }

    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        let actual = "address \(address) write \(Array(write)) read \(read.count)"
        guard used < expectations.count else {
            Issue.record("unexpected transfer after the script ended: \(actual)")
            throw .bus
        }
        let expected = expectations[used]
        used += 1
        guard expected.address == address, expected.write == Array(write), expected.reply.count == read.count else {
            Issue.record("transfer \(used): expected \(expected), got \(actual)")
            throw .bus
        }
        if let failure = expected.failure { throw failure }
        for (index, byte) in expected.reply.enumerated() { read[index] = byte }
    }

    /// Fails the test if any expectation was not used.
    func verify(sourceLocation: SourceLocation = #_sourceLocation) {
        if used < expectations.count {
            let left = expectations[used...].map(\.description).joined(separator: "; ")
            Issue.record("\(expectations.count - used) expectation(s) unused: \(left)", sourceLocation: sourceLocation)
        }
    }
}
