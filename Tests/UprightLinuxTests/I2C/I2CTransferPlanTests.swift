import Testing
import UprightCore
import UprightLinux

@Suite struct I2CTransferPlanTests {
    // I2C_FUNC_* bits from linux/i2c.h.
    let plainI2C = I2CFunctionality(rawValue: 0x0000_0001 | 0x0EFF_0008) // i2c-bcm2835: I2C | SMBUS_EMUL
    let smbusStub = I2CFunctionality(rawValue: 0x0002_0000 | 0x0004_0000 | 0x0008_0000 | 0x0010_0000 | 0x0400_0000 | 0x0800_0000)
    let byteDataOnly = I2CFunctionality(rawValue: 0x0008_0000 | 0x0010_0000)

    @Test func capabilitiesFollowTheFunctionalityBits() {
        #expect(plainI2C.capabilities == I2CCapabilities(combinedTransfers: true, maximumReadBytes: 8192))
        #expect(smbusStub.capabilities == I2CCapabilities(combinedTransfers: false, maximumReadBytes: 32))
        #expect(byteDataOnly.capabilities == I2CCapabilities(combinedTransfers: false, maximumReadBytes: 1))
        #expect(I2CFunctionality(rawValue: 0x0004_0000).capabilities == nil)
    }

    @Test func fullAdapterUsesCombinedTransfers() {
        #expect(I2CTransferPlan.choose(functionality: plainI2C, writeCount: 1, readCount: 14) == .combined)
        #expect(I2CTransferPlan.choose(functionality: plainI2C, writeCount: 2, readCount: 0) == .combined)
        #expect(I2CTransferPlan.choose(functionality: plainI2C, writeCount: 1, readCount: 1024) == .combined)
        #expect(I2CTransferPlan.choose(functionality: plainI2C, writeCount: 1, readCount: 8193) == nil)
        #expect(I2CTransferPlan.choose(functionality: plainI2C, writeCount: 0, readCount: 0) == nil)
    }

    @Test func smbusAdapterFallsBackToTheMatchingCall() {
        #expect(I2CTransferPlan.choose(functionality: smbusStub, writeCount: 1, readCount: 14) == .readBlock)
        #expect(I2CTransferPlan.choose(functionality: smbusStub, writeCount: 1, readCount: 32) == .readBlock)
        #expect(I2CTransferPlan.choose(functionality: smbusStub, writeCount: 1, readCount: 33) == nil)
        #expect(I2CTransferPlan.choose(functionality: smbusStub, writeCount: 1, readCount: 1) == .readByteData)
        #expect(I2CTransferPlan.choose(functionality: smbusStub, writeCount: 0, readCount: 1) == .readByte)
        #expect(I2CTransferPlan.choose(functionality: smbusStub, writeCount: 1, readCount: 0) == .writeByte)
        #expect(I2CTransferPlan.choose(functionality: smbusStub, writeCount: 2, readCount: 0) == .writeByteData)
        #expect(I2CTransferPlan.choose(functionality: smbusStub, writeCount: 5, readCount: 0) == .writeBlock)
        #expect(I2CTransferPlan.choose(functionality: smbusStub, writeCount: 2, readCount: 6) == nil)
        #expect(I2CTransferPlan.choose(functionality: smbusStub, writeCount: 0, readCount: 6) == nil)
    }

    @Test func byteDataAdapterReadsOneRegisterAtATime() {
        #expect(I2CTransferPlan.choose(functionality: byteDataOnly, writeCount: 1, readCount: 1) == .readByteData)
        #expect(I2CTransferPlan.choose(functionality: byteDataOnly, writeCount: 1, readCount: 6) == nil)
        #expect(I2CTransferPlan.choose(functionality: byteDataOnly, writeCount: 2, readCount: 0) == .writeByteData)
        #expect(I2CTransferPlan.choose(functionality: byteDataOnly, writeCount: 0, readCount: 1) == nil)
    }
}
