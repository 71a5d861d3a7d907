/// Event loop tokens of the firmware's descriptors.
enum FirmwareToken {
    static let shutter = 1
    static let dataReady = 2
    static let sampler = 3
    static let camera = 4
}
