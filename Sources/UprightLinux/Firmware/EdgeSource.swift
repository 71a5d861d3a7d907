/// Where shutter (or data-ready) edges come from: a requested `GPIOLine`, or in tests a pipe
/// carrying `gpio_v2_line_event` records. The firmware polls `fd` and reads when it is readable.
public protocol EdgeSource: AnyObject {
    /// Pollable, non-blocking.
    var fd: Int32 { get }
    /// Appends the queued edges; returns how many. Never blocks.
    func readEvents(into events: inout [GPIOEdgeEvent]) throws(LinuxDeviceError) -> Int
}

extension GPIOLine: EdgeSource {}

/// Edge records from any descriptor (a pipe in tests, an already requested line's fd).
public final class DescriptorEdgeSource: EdgeSource {
    public let fd: Int32
    public let name: String

    /// The caller keeps owning `fd`.
    public init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
    }

    public func readEvents(into events: inout [GPIOEdgeEvent]) throws(LinuxDeviceError) -> Int {
        try GPIOLine.readEvents(fd: fd, path: name, into: &events)
    }
}
