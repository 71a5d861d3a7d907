import Testing
import UprightLinux

/// The request bytes against struct gpio_v2_line_request in linux/gpio.h: offsets[64] at 0,
/// consumer[32] at 256, config at 288 (flags u64 at 288, num_attrs at 296, padding to 320,
/// attrs[10] of 24 bytes at 320: id at +0, debounce_period_us at +8, mask at +16), num_lines
/// at 560, event_buffer_size at 564, padding to 588, fd at 588; 592 bytes in all.
@Suite struct GPIOLineConfigurationTests {
    func expectedRequest(offset: UInt8, flags: [UInt8], debounce: [UInt8]?, eventBufferSize: UInt8 = 0) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 592)
        bytes[0] = offset
        for (index, byte) in Array("upright".utf8).enumerated() { bytes[256 + index] = byte }
        for (index, byte) in flags.enumerated() { bytes[288 + index] = byte }
        if let debounce {
            bytes[296] = 1 // num_attrs
            bytes[320] = 3 // GPIO_V2_LINE_ATTR_ID_DEBOUNCE
            for (index, byte) in debounce.enumerated() { bytes[328 + index] = byte }
            bytes[336] = 1 // mask: the request's first line
        }
        bytes[560] = 1 // num_lines
        bytes[564] = eventBufferSize
        return bytes
    }

    @Test func buttonRequestIsPullUpActiveLowBothEdgesWithDebounce() {
        let configuration = GPIOLineConfiguration(offset: 17, bias: .pullUp, activeLow: true, edges: .both, debounceMicroseconds: 30_000)
        // INPUT 0x4 | ACTIVE_LOW 0x2 | EDGE_RISING 0x10 | EDGE_FALLING 0x20 | BIAS_PULL_UP 0x100
        #expect(configuration.flags == 0x136)
        // 30000 us = 0x7530, little-endian.
        #expect(configuration.encodedRequest() == expectedRequest(offset: 17, flags: [0x36, 0x01], debounce: [0x30, 0x75]))
    }

    @Test func dataReadyRequestIsRisingEdgeWithoutDebounce() {
        let configuration = GPIOLineConfiguration(offset: 23, bias: .pullDown, activeLow: false, edges: .rising, eventBufferSize: 64)
        // INPUT 0x4 | EDGE_RISING 0x10 | BIAS_PULL_DOWN 0x200
        #expect(configuration.flags == 0x214)
        #expect(configuration.encodedRequest() == expectedRequest(offset: 23, flags: [0x14, 0x02], debounce: nil, eventBufferSize: 64))
    }

    @Test func otherBiasFlags() {
        #expect(GPIOLineConfiguration(offset: 0, bias: .disabled, activeLow: false, edges: .falling).flags == 0x424)
        #expect(GPIOLineConfiguration(offset: 0, bias: .asIs, activeLow: false, edges: []).flags == 0x4)
    }

    @Test func longConsumerNamesAreCutToThirtyOneBytes() {
        var configuration = GPIOLineConfiguration(offset: 4)
        configuration.consumer = String(repeating: "x", count: 40)
        let bytes = configuration.encodedRequest()
        #expect(bytes[256..<287].allSatisfy { $0 == 0x78 })
        #expect(bytes[287] == 0)
    }

    @Test func edgeEventRecordsDecode() {
        // struct gpio_v2_line_event: timestamp_ns 1234567890123, id 2 (falling), offset 17,
        // seqno 5, line_seqno 3, then 24 bytes of padding.
        let record: [UInt8] =
            [
                0xCB, 0x04, 0xFB, 0x71, 0x1F, 0x01, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,
                0x11, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00,
            ] + [UInt8](repeating: 0, count: 24)
        let event = record.withUnsafeBytes { GPIOEdgeEvent(bytes: $0) }
        #expect(event?.time.nanoseconds == 1_234_567_890_123)
        #expect(event?.edge == .falling)
        #expect(event?.offset == 17)
        #expect(event?.sequence == 5)
        #expect(event?.lineSequence == 3)
        var rising = record
        rising[8] = 1
        #expect(rising.withUnsafeBytes { GPIOEdgeEvent(bytes: $0) }?.edge == .rising)
        var unknown = record
        unknown[8] = 7
        #expect(unknown.withUnsafeBytes { GPIOEdgeEvent(bytes: $0) } == nil)
        #expect(record.dropLast().withUnsafeBytes { GPIOEdgeEvent(bytes: $0) } == nil)
    }

    @Test func missingChipLabelIsReported() {
        do {
            _ = try GPIOChip.label("upright-test-no-such-chip").open()
            Issue.record("found a chip that does not exist")
        } catch {
            #expect(error.description.hasPrefix("no GPIO chip is labelled upright-test-no-such-chip"))
        }
    }
}
