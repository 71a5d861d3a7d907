import UprightCore

/// One output line built in place, without allocating: ASCII words and decimal numbers
/// separated by single spaces. Longer lines are cut at `capacity` (no line of the format comes
/// near it: the longest, a capture record, is under 40 bytes).
public struct LineBuilder {
    public static let capacity = 80

    private var bytes = InlineArray<80, UInt8>(repeating: 0)
    public private(set) var count = 0

    public init() {}

    public init(_ word: StaticString) {
        append(word)
    }

    public mutating func append(_ word: StaticString) {
        separate()
        let start = word.utf8Start
        for index in 0..<word.utf8CodeUnitCount { push(start[index]) }
    }

    /// Bytes as they are (a machine name from C, an input name).
    public mutating func append(_ text: UnsafeRawBufferPointer) {
        separate()
        for byte in text { push(byte) }
    }

    public mutating func append(_ value: UInt64) {
        separate()
        appendDigitsOnly(value)
    }

    public mutating func append(_ value: Int64) {
        if value < 0 {
            separate()
            push(UInt8(ascii: "-"))
            // The magnitude of Int64.min does not fit Int64; it does fit UInt64.
            appendDigitsOnly(UInt64(bitPattern: 0 &- value))
        } else {
            append(UInt64(value))
        }
    }

    public mutating func append(_ value: Int) { append(Int64(value)) }

    public mutating func append(_ value: UInt32) { append(UInt64(value)) }

    public mutating func append(_ value: UInt8) { append(UInt64(value)) }

    /// Calls `body` with the line and its newline.
    public mutating func finish<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        let length = min(count, LineBuilder.capacity - 1)
        bytes[length] = 10
        return withUnsafeBytes(of: &bytes) { raw in body(UnsafeRawBufferPointer(rebasing: raw[0..<(length + 1)])) }
    }

    /// Writes the line with its newline to `output`.
    public mutating func write<Output: LineOutput>(to output: inout Output) {
        finish { output.write($0) }
    }

    private mutating func appendDigitsOnly(_ value: UInt64) {
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var remaining = value
        var used = 0
        repeat {
            digits[used] = UInt8(truncatingIfNeeded: 48 + remaining % 10)
            remaining /= 10
            used += 1
        } while remaining > 0
        while used > 0 {
            used -= 1
            push(digits[used])
        }
    }

    private mutating func separate() {
        if count > 0 { push(32) }
    }

    private mutating func push(_ byte: UInt8) {
        guard count < LineBuilder.capacity - 1 else { return }
        bytes[count] = byte
        count += 1
    }
}
