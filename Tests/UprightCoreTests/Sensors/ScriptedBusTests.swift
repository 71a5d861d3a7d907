import Testing
import UprightCore

/// The test double itself must fail when traffic differs or expectations are left over.
@Suite struct ScriptedBusTests {
    @Test func matchingTrafficPasses() throws {
        let bus = ScriptedBus()
        bus.expectWrite(0x68, [0x6B, 0x01])
        bus.expectRead(0x68, register: 0x75, reply: [0x68])
        try bus.writeRegister(address: 0x68, 0x6B, 0x01)
        #expect(try bus.readRegister(address: 0x68, 0x75) == 0x68)
        bus.verify()
    }

    @Test func unusedExpectationFails() {
        withKnownIssue {
            let bus = ScriptedBus()
            bus.expectWrite(0x68, [0x6B, 0x01])
            bus.verify()
        }
    }

    @Test func wrongBytesFail() {
        withKnownIssue {
            let bus = ScriptedBus()
            bus.expectWrite(0x68, [0x6B, 0x01])
            try bus.writeRegister(address: 0x68, 0x6B, 0x00)
        }
    }
}
