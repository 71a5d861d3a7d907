import Testing
import UprightCore
import UprightSim
@testable import UprightCLI

/// A bus on which nobody acknowledges anything (an empty or unpowered bus).
private final class SilentBus: I2CBus {
    let capabilities = I2CCapabilities.combined
    let error: I2CError
    init(error: I2CError = .noAcknowledge) { self.error = error }
    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        throw error
    }
}

/// SimBus, except that an address with no chip fails as the kernel's i2c-stub fails it
/// (ENODEV, which LinuxI2CBus maps to `unavailable`) instead of with a no-acknowledge.
private final class StubStyleBus: I2CBus {
    let inner: SimBus
    var capabilities: I2CCapabilities { inner.capabilities }
    init(_ inner: SimBus) { self.inner = inner }
    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        guard inner.device(at: address) != nil else { throw .unavailable }
        try inner.transfer(address: address, write: write, read: read)
    }
}

/// SimBus, except that every transfer after the first `answered` ones times out (a chip that
/// identifies itself, then drops off a noisy bus).
private final class FadingBus: I2CBus {
    let inner: SimBus
    var answered: Int
    var capabilities: I2CCapabilities { inner.capabilities }
    init(_ inner: SimBus, answered: Int) {
        self.inner = inner
        self.answered = answered
    }
    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        guard answered > 0 else { throw .timeout }
        answered -= 1
        try inner.transfer(address: address, write: write, read: read)
    }
}

/// The kernel test's pose (Tests/Kernel/guest-init.sh): left-up, tilted so every axis differs.
private let leftUpTilted = Vector3(x: -1, y: 0.125, z: -0.25)

private struct Rig {
    let clock = SimClock()
    let bus: SimBus
    var mpu: SimMPU6050?
    var adxl: SimADXL345?

    init(
        capabilities: I2CCapabilities = .combined, accelerationG: Vector3 = leftUpTilted, whoAmI: UInt8? = 0x68, deviceID: UInt8? = 0xE5,
        imperfections: SensorImperfections = .ideal
    ) {
        bus = SimBus(clock: clock, capabilities: capabilities)
        let motion = FixedMotion(MotionState(accelerationG: accelerationG))
        if let whoAmI {
            let chip = SimMPU6050(motion: motion, seed: 1, whoAmI: whoAmI, imperfections: imperfections)
            bus.attach(chip, at: 0x68)
            mpu = chip
        }
        if let deviceID {
            let chip = SimADXL345(motion: motion, seed: 2, deviceID: deviceID, imperfections: imperfections)
            bus.attach(chip, at: 0x53)
            adxl = chip
        }
    }

    func probe<Bus: I2CBus>(_ bus: Bus) -> ProbeReport {
        let clock = self.clock
        return BusProbe(bus: bus, now: { clock.now }, sleep: { clock.advance(by: $0) }).run()
    }

    func probe() -> ProbeReport { probe(bus) }
}

@Suite struct BusProbeTests {
    /// The lines Tests/Kernel/guest-init.sh expects from both chips in its preloaded pose:
    /// -1 g, 0.125 g, -0.25 g; |a| = sqrt(1 + 1/64 + 1/16) = 1.0383 g; 25.0 C.
    static let bothChips = [
        "0x68 MPU-6050 id=0x68 x=-1.000 y=0.125 z=-0.250 g |a|=1.038 g temperature=25.0 C",
        "0x69 absent (no acknowledge)",
        "0x53 ADXL345 id=0xe5 x=-1.000 y=0.125 z=-0.250 g |a|=1.038 g",
        "0x1d absent (no acknowledge)",
    ]

    @Test func findsAndReadsBothChipsOverCombinedTransfers() {
        let rig = Rig()
        let report = rig.probe()
        #expect(report.addressLines == Self.bothChips)
        #expect(report.exitStatus == 0)
        #expect(
            report.adviceLines(bus: 1) == [
                "verdict: ok: MPU-6050 at 0x68 and ADXL345 at 0x53 read about 1 g at rest",
                "board file lines (boards/*.json; one sensor per board):",
                "  \"i2c\": {\"bus\": 1},",
                "  \"sensor\": {\"kind\": \"mpu6050\", \"address\": \"0x68\"}",
                "  \"sensor\": {\"kind\": \"adxl345\", \"address\": \"0x53\"}",
            ])
        // The probe's own set-up: MPU-6050 ACCEL_CONFIG 0x1C = 0x00 (+-2 g), awake on the PLL
        // clock (PWR_MGMT_1 0x6B = 0x01); ADXL345 DATA_FORMAT 0x31 with FULL_RES (bit 3),
        // POWER_CTL 0x2D measuring (bit 3).
        #expect(rig.mpu?.register(0x1C) == 0x00)
        #expect(rig.mpu?.register(0x6B) == 0x01)
        #expect(rig.adxl.map { $0.register(0x31) & 0x08 } == 0x08)
        #expect(rig.adxl?.register(0x2D) == 0x08)
    }

    @Test func smbusOnlyAdapterPrintsTheSameLines() {
        let rig = Rig(capabilities: .smbus)
        let report = rig.probe()
        #expect(report.addressLines == Self.bothChips)
        #expect(report.exitStatus == 0)
    }

    @Test func typicalNoiseStillRoundsNearThePose() throws {
        let rig = Rig(imperfections: .mpu6050Typical)
        let readings = rig.probe().readings
        #expect(readings.map(\.address) == [0x68, 0x53])
        for (_, reading) in readings {
            #expect(reading.sampleCount == 8)
            #expect(abs(reading.meanG.x + 1) < 0.01)
            #expect(reading.spreadG < 0.05)
        }
    }

    @Test func aShakingBoardIsWarnedAbout() {
        // 0.2 g of noise per sample: eight samples stray far more than 0.05 g from their mean.
        let rig = Rig(deviceID: nil, imperfections: SensorImperfections(accelerationNoiseG: 0.2))
        let lines = rig.probe().adviceLines(bus: 1)
        #expect(
            lines.contains {
                $0.hasPrefix("warning: 0x68 samples strayed up to ") && $0.hasSuffix(" g from their mean: keep the board still while probing")
            })
    }

    @Test func aBusThatAcknowledgesNothing() {
        let report = Rig().probe(SilentBus())
        #expect(
            report.addressLines == [
                "0x68 absent (no acknowledge)",
                "0x69 absent (no acknowledge)",
                "0x53 absent (no acknowledge)",
                "0x1d absent (no acknowledge)",
            ])
        #expect(report.exitStatus == 1)
        #expect(
            report.adviceLines(bus: 1) == [
                "verdict: not ok: no accelerometer answers on this bus: check SDA, SCL, 3.3 V and GND, and the address pin (MPU-6050 AD0, ADXL345 SDO/ALT ADDRESS)"
            ])
    }

    @Test func aBusThatTimesOutIsNotCalledEmpty() {
        let report = Rig().probe(SilentBus(error: .timeout))
        #expect(report.addressLines.first == "0x68 error reading the identity register: timeout")
        #expect(report.exitStatus == 1)
        #expect(report.verdict == "not ok: something answers, but no supported accelerometer could be read (see the lines above)")
    }

    @Test func anAdapterThatReportsMissingDevicesAsENODEV() {
        let rig = Rig(whoAmI: nil)
        let report = rig.probe(StubStyleBus(rig.bus))
        #expect(
            report.addressLines == [
                "0x68 absent (no acknowledge: the adapter reports no device there)",
                "0x69 absent (no acknowledge: the adapter reports no device there)",
                "0x53 ADXL345 id=0xe5 x=-1.000 y=0.125 z=-0.250 g |a|=1.038 g",
                "0x1d absent (no acknowledge: the adapter reports no device there)",
            ])
        #expect(report.exitStatus == 0)
    }

    @Test func aRelativeIsNamedAndWarnedAbout() {
        let rig = Rig(accelerationG: Vector3(x: 0, y: 0, z: 1), whoAmI: 0x70, deviceID: nil)
        let report = rig.probe()
        // No temperature: RM 4.18's formula is the MPU-6050's alone.
        #expect(report.addressLines[0] == "0x68 MPU-6500 id=0x70 x=0.000 y=0.000 z=1.000 g |a|=1.000 g")
        #expect(report.exitStatus == 0)
        #expect(
            report.adviceLines(bus: 1) == [
                "warning: 0x68 answers WHO_AM_I 0x70: an MPU-6500, a relative of the MPU-6050; the MPU-6050 driver uses only the registers they share (data, power, FIFO), so it works, but the board is not what it was sold as",
                "verdict: ok: MPU-6500 at 0x68 reads about 1 g at rest",
                "board file lines (boards/*.json; one sensor per board):",
                "  \"i2c\": {\"bus\": 1},",
                "  \"sensor\": {\"kind\": \"mpu6050\", \"address\": \"0x68\"}",
            ])
    }

    @Test func aCloneAndAnADXL346AreNamed() {
        let rig = Rig(whoAmI: 0x72, deviceID: 0xE6)
        let lines = rig.probe().adviceLines(bus: 3)
        #expect(
            lines.contains(
                "warning: 0x68 answers WHO_AM_I 0x72: an unofficial MPU-6050 clone; the MPU-6050 driver uses only the registers they share (data, power, FIFO), so it works, but the board is not what it was sold as"
            ))
        #expect(
            lines.contains(
                "warning: 0x53 answers DEVID 0xe6: an ADXL346, a relative of the ADXL345; the ADXL345 driver uses only the registers they share (data, power, FIFO), so it works, but the board is not what it was sold as"
            ))
        #expect(lines.contains("  \"i2c\": {\"bus\": 3},"))
        #expect(lines.contains("  \"sensor\": {\"kind\": \"adxl345\", \"address\": \"0x53\"}"))
    }

    @Test func aChipThatStopsAnsweringAfterItsIdentity() {
        let rig = Rig(deviceID: nil)
        let report = rig.probe(FadingBus(rig.bus, answered: 1))
        #expect(report.addressLines[0] == "0x68 MPU-6050 id=0x68 read failed: timeout")
        #expect(report.exitStatus == 1)
        #expect(report.verdict == "not ok: something answers, but no supported accelerometer could be read (see the lines above)")
    }

    @Test func anUnknownDeviceAtAnAccelerometerAddress() {
        let rig = Rig(whoAmI: 0x33, deviceID: nil)
        let report = rig.probe()
        #expect(report.addressLines[0] == "0x68 unknown device (register 0x75 reads 0x33, no part the drivers know)")
        #expect(report.exitStatus == 1)
        #expect(report.verdict == "not ok: something answers, but no supported accelerometer could be read (see the lines above)")
    }

    @Test func aMagnitudeFarFromOneGFails() {
        let rig = Rig(accelerationG: Vector3(x: 0, y: 0.5, z: 0), deviceID: nil)
        let report = rig.probe()
        #expect(report.addressLines[0] == "0x68 MPU-6050 id=0x68 x=0.000 y=0.500 z=0.000 g |a|=0.500 g temperature=25.0 C")
        #expect(report.exitStatus == 1)
        #expect(
            report.adviceLines(bus: 1) == [
                "warning: 0x68 reads |a|=0.500 g, not about 1 g at rest: check the supply (3.3 V) and that nothing else drives the chip",
                "verdict: not ok: the accelerometer answers but does not read about 1 g at rest",
            ])
    }

    @Test func justInsideAndOutsideTheRestTolerance() {
        let identity = ChipIdentity(model: .mpu6050, idValue: 0x68)
        let inside = ProbeChipReading(identity: identity, sampleCount: 1, meanG: Vector3(x: 0, y: 0, z: 1.19), spreadG: 0, temperatureCelsius: nil)
        let outside = ProbeChipReading(identity: identity, sampleCount: 1, meanG: Vector3(x: 0, y: 0, z: 1.21), spreadG: 0, temperatureCelsius: nil)
        #expect(ProbeReport.readsOneG(inside))
        #expect(!ProbeReport.readsOneG(outside))
    }
}
