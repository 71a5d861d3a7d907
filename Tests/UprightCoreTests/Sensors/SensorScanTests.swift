import Testing
import UprightCore

@Suite struct SensorScanTests {
    @Test func scansTheFourAddressesInOrder() {
        let bus = ScriptedBus()
        bus.expectRead(0x68, register: 0x75, reply: [0x70])
        bus.expectFailure(0x69, write: [0x75], readCount: 1, error: .noAcknowledge)
        bus.expectRead(0x53, register: 0x00, reply: [0xE5])
        bus.expectRead(0x1D, register: 0x00, reply: [0x42])
        var found: [DetectedSensor] = []
        let answered = SensorScan.detect(bus: bus) { found.append($0) }
        #expect(answered == 3)
        #expect(
            found == [
                DetectedSensor(address: 0x68, idValue: 0x70, identity: ChipIdentity(model: .mpu6500, idValue: 0x70)),
                DetectedSensor(address: 0x53, idValue: 0xE5, identity: ChipIdentity(model: .adxl345, idValue: 0xE5)),
                DetectedSensor(address: 0x1D, idValue: 0x42, identity: nil),
            ])
        bus.verify()
    }

    @Test func anySensorPicksTheFirstKnownChip() {
        let bus = ScriptedBus()
        bus.expectFailure(0x68, write: [0x75], readCount: 1, error: .noAcknowledge)
        bus.expectFailure(0x69, write: [0x75], readCount: 1, error: .noAcknowledge)
        bus.expectRead(0x53, register: 0x00, reply: [0xE5])
        bus.expectFailure(0x1D, write: [0x00], readCount: 1, error: .noAcknowledge)
        let sensor = AnySensor.detect(bus: bus)
        guard let driver = sensor?.adxl345 else {
            Issue.record("expected an ADXL345, got \(String(describing: sensor))")
            return
        }
        #expect(driver.address == 0x53)
        bus.verify()
    }
}
