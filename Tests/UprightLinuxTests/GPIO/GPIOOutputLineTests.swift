import Testing
import UprightLinux

/// The output request against struct gpio_v2_line_request (layout in GPIOLineConfigurationTests):
/// GPIO_V2_LINE_FLAG_OUTPUT (0x8), ACTIVE_LOW (0x2) when asked, and one attribute,
/// GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES (id 2), values 0 (inactive) for the first line (mask 1).
@Suite struct GPIOOutputLineTests {
    @Test(arguments: [(false, UInt8(0x08)), (true, UInt8(0x0A))])
    func requestIsOneOutputLineStartingInactive(activeLow: Bool, flags: UInt8) {
        var expected = [UInt8](repeating: 0, count: 592)
        expected[0] = 27
        for (index, byte) in Array("upright-led".utf8).enumerated() { expected[256 + index] = byte }
        expected[288] = flags
        expected[296] = 1 // num_attrs
        expected[320] = 2 // GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES; values (at 328) 0
        expected[336] = 1 // mask: the request's first line
        expected[560] = 1 // num_lines
        #expect(GPIOOutputLine.encodedRequest(offset: 27, activeLow: activeLow, consumer: "upright-led") == expected)
        #expect(GPIOOutputLine.flags(activeLow: activeLow) == UInt64(flags))
    }
}
