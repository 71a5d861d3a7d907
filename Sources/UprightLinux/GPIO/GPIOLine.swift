import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// One requested input line with edge events (GPIO character device, uAPI v2): the shutter
/// button, or the IMU's data-ready interrupt. The descriptor is non-blocking and pollable;
/// give `fd` to `EventLoop.watch` and call `readEvents` when it is readable.
public final class GPIOLine {
    public let chipPath: String
    public let configuration: GPIOLineConfiguration
    /// The line's descriptor (readable when events are queued).
    public let fd: Int32

    /// At most this many events are read per call; a reader that must drain the line calls
    /// again until a call returns fewer (`LinuxPorts`).
    public static let maximumEventsPerRead = 64

    /// Requests `configuration.offset` on `chip`.
    public init(chip: GPIOChip, configuration: GPIOLineConfiguration) throws(LinuxDeviceError) {
        let (chipFD, chipPath) = try chip.open()
        defer { close(chipFD) }
        var request = configuration.encodedRequest()
        let result = request.withUnsafeMutableBytes { raw in
            upright_gpio_request_line(chipFD, raw.baseAddress)
        }
        if result < 0 {
            let code = -result
            let what: String
            switch code {
            case EBUSY:
                what = "GPIO line \(configuration.offset) on \(chipPath) is in use by another program or driver (see gpioinfo)"
            case EINVAL:
                what =
                    "GPIO line \(configuration.offset) on \(chipPath) cannot be requested this way (no such line, or the kernel lacks uAPI v2 debounce: \(LinuxDeviceError.message(code)))"
            case EACCES, EPERM:
                throw LinuxDeviceError.opening(chipPath, code: code, kind: .gpio)
            default:
                what = "cannot request GPIO line \(configuration.offset) on \(chipPath): \(LinuxDeviceError.message(code))"
            }
            throw LinuxDeviceError(path: chipPath, code: code, description: what)
        }
        let flags = fcntl(result, F_GETFL)
        _ = fcntl(result, F_SETFL, flags | O_NONBLOCK)
        self.fd = result
        self.chipPath = chipPath
        self.configuration = configuration
    }

    deinit { close(fd) }

    /// Appends the queued edge events (at most `maximumEventsPerRead`) to `events`; returns
    /// how many. 0 when none are queued. Never blocks.
    public func readEvents(into events: inout [GPIOEdgeEvent]) throws(LinuxDeviceError) -> Int {
        try Self.readEvents(fd: fd, path: chipPath, into: &events)
    }

    /// The same for any descriptor that delivers `gpio_v2_line_event` records (tests use pipes).
    public static func readEvents(fd: Int32, path: String, into events: inout [GPIOEdgeEvent]) throws(LinuxDeviceError) -> Int {
        var buffer = [UInt8](repeating: 0, count: GPIOEdgeEvent.byteCount * maximumEventsPerRead)
        let count = buffer.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress, raw.count) }
        if count < 0 {
            let code = errno
            if code == EAGAIN || code == EINTR { return 0 }
            throw LinuxDeviceError(path: path, code: code, description: "reading GPIO events from \(path): \(LinuxDeviceError.message(code))")
        }
        var decoded = 0
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset + GPIOEdgeEvent.byteCount <= count {
                let record = UnsafeRawBufferPointer(rebasing: raw[offset..<offset + GPIOEdgeEvent.byteCount])
                if let event = GPIOEdgeEvent(bytes: record) {
                    events.append(event)
                    decoded += 1
                }
                offset += GPIOEdgeEvent.byteCount
            }
        }
        return decoded
    }
}
