import Testing
import UprightHost

@Suite struct TextFormatTests {
    @Test func fixedPointText() {
        #expect(TextFormat.fixed(1.25, decimals: 1) == "1.3")
        #expect(TextFormat.fixed(-0.04, decimals: 1) == "0.0")
        #expect(TextFormat.fixed(-2.5, decimals: 0) == "-3")
        #expect(TextFormat.fixed(60, decimals: 3) == "60.000")
        #expect(TextFormat.fixed(0.0005, decimals: 3) == "0.001")
    }
}
