extension String {
    /// The text with every control character written as an escape (`\n`, `\r`, `\t`, or
    /// `\u{1b}`): an error message that quotes bytes from a file or an argument stays on one
    /// line and cannot drive the terminal. C0 and C1 controls, DEL, and the Unicode line and
    /// paragraph separators count as control characters.
    public var oneLine: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where Self.isControl(scalar): text += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
