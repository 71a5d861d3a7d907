/// The float probe `make mcu-test` runs: 4096 rounds (about 57,000 operations) from a fixed seed.
enum FloatProbeInput {
    static let seed: UInt32 = 0x5EED_F10A
    static let rounds = 4096
}
