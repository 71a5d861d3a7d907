#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// Opens the real devices a board file names: `/dev/i2c-N`, the shutter and data-ready
/// lines requested as inputs with edge events (the shutter: pull-up, active-low, both edges,
/// no kernel debounce, the kernel's largest event buffer), and the recording light as an
/// output line.
public enum BoardDevices {
    public static func open(_ board: Board) throws(FirmwareError) -> FirmwareDevices<LinuxI2CBus> {
        do throws(LinuxDeviceError) {
            return try devices(board)
        } catch {
            throw .device(error)
        }
    }

    /// `open`, waiting as `wait` says for devices that are not there yet (`DeviceWait`), its
    /// notes noted.
    public static func open(_ board: Board, waiting wait: DeviceWait, note: (String) -> Void) throws(FirmwareError) -> FirmwareDevices<LinuxI2CBus> {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        func elapsedMilliseconds() -> Int {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1_000_000
        }
        do throws(LinuxDeviceError) {
            return try wait.open(
                { () throws(LinuxDeviceError) in try devices(board) }, elapsedMilliseconds: elapsedMilliseconds,
                sleepMilliseconds: { usleep(useconds_t($0) * 1000) }, note: note)
        } catch {
            throw .device(error)
        }
    }

    private static func devices(_ board: Board) throws(LinuxDeviceError) -> FirmwareDevices<LinuxI2CBus> {
        do {
            let bus = try LinuxI2CBus(bus: board.i2c.bus)
            let shutter = try board.shutter.gpio.map { settings throws(LinuxDeviceError) in
                try GPIOLine(chip: chip(settings.chip), configuration: shutterLine(settings))
            }
            // The line paces register (burst) reads on data ready, and an ADXL345's FIFO drains
            // on its watermark interrupt (the loader refuses it for a FIFO without one).
            let dataReady = try board.dataReady.map { settings throws(LinuxDeviceError) in
                try GPIOLine(chip: chip(settings.chip), configuration: dataReadyLine(settings))
            }
            let led = try board.led.map { settings throws(LinuxDeviceError) in
                try GPIOOutputLine(
                    chip: chip(settings.gpio.chip), offset: UInt32(settings.gpio.line), activeLow: settings.activeLow, consumer: "upright-led")
            }
            var devices = FirmwareDevices(bus: bus, busName: bus.path, shutter: shutter, dataReady: dataReady, led: led)
            devices.busNumber = board.i2c.bus
            var paths = [bus.path]
            for chip in [shutter?.chipPath, dataReady?.chipPath, led?.chipPath].compactMap({ $0 }) where !paths.contains(chip) {
                paths.append(chip)
            }
            devices.nodes = paths.compactMap(DeviceNode.at)
            return devices
        }
    }

    /// `/dev/gpiochipN` or `gpiochipN` is a path; anything else a label (`pinctrl-rp1`).
    public static func chip(_ name: String) -> GPIOChip {
        if name.hasPrefix("/") { return .path(name) }
        if name.hasPrefix("gpiochip"), Int(name.dropFirst("gpiochip".count)) != nil { return .path("/dev/" + name) }
        return .label(name)
    }

    /// A button to ground: pull-up bias, active-low (pressed reads active), both edges.
    ///
    /// No kernel debounce: gpiolib-cdev's software debouncer stamps an edge when its debounce
    /// period ends, not when the contact moved (the kernel test measures it: late by the
    /// period), so a press would latch the orientation of 30 ms after the touch, and the
    /// simulator, which debounces in the recogniser, would not model it. The recogniser
    /// (`ShutterGesture`) debounces by the kernel's raw timestamps instead: one place, the
    /// same on the Pi and in the simulator. A bouncing contact then brings its chatter to us,
    /// tens of edges a press; the buffer the kernel keeps for us holds the most it allows
    /// (`eventBufferSize`), and a gap in the events' sequence numbers is journaled as lost.
    public static func shutterLine(_ settings: Board.GPIOLineSettings) -> GPIOLineConfiguration {
        GPIOLineConfiguration(
            offset: UInt32(settings.line), bias: .pullUp, activeLow: true, edges: .both,
            debounceMicroseconds: 0, consumer: "upright-shutter", eventBufferSize: GPIOLineConfiguration.maximumEventBufferSize)
    }

    /// The IMU's INT pin, configured active-high push-pull: rising edges only, no bias.
    public static func dataReadyLine(_ settings: Board.GPIOLineSettings) -> GPIOLineConfiguration {
        GPIOLineConfiguration(
            offset: UInt32(settings.line), bias: .disabled, activeLow: false, edges: .rising,
            debounceMicroseconds: 0, consumer: "upright-data-ready")
    }
}
