import Testing
import UprightMCUShared

@Suite struct LineBuilderTests {
    static func text(_ line: inout LineBuilder) -> String {
        line.finish { String(decoding: $0, as: UTF8.self) }
    }

    @Test func wordsAndNumbersAreSeparatedBySingleSpaces() {
        var line = LineBuilder("=")
        line.append("samples")
        line.append(UInt64(0))
        line.append(Int64(-42))
        line.append(UInt64.max)
        line.append(Int64.min)
        #expect(Self.text(&line) == "= samples 0 -42 18446744073709551615 -9223372036854775808\n")
    }

    @Test func aLineLongerThanTheCapacityIsCutNotOverrun() {
        var line = LineBuilder()
        for _ in 0..<40 { line.append(UInt64(12345)) }
        let text = Self.text(&line)
        #expect(text.utf8.count == LineBuilder.capacity)
        #expect(text.hasSuffix("\n"))
        #expect(text.hasPrefix("12345 12345 "))
    }
}
