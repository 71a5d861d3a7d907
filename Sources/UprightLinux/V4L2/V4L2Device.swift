#if canImport(Glibc)
import Glibc
#endif
import CLinux
import UprightCore

/// A V4L2 video capture node (`/dev/videoN`) streaming into memory-mapped buffers
/// (docs/camera.md, "V4L2": the V4L2 specification's streaming I/O): open, the format and
/// frame interval, `VIDIOC_REQBUFS` and each buffer's `VIDIOC_QUERYBUF` and `mmap`, then
/// `VIDIOC_QBUF` / `VIDIOC_DQBUF` around `VIDIOC_STREAMON`. The descriptor is non-blocking:
/// `dequeue` says nil when no frame is ready, and the event loop polls `descriptor` for the
/// next.
///
/// Every call is one ioctl through CLinux (Swift cannot call the variadic ioctl). `close`
/// (also on deinit) stops the stream, unmaps, frees the buffers and closes the node.
public final class V4L2Device {
    /// A buffer the driver filled.
    public struct Dequeued: Equatable, Sendable {
        public var buffer: UInt32
        public var bytesUsed: Int
        public var flags: UInt32
        public var sequence: UInt32
        public var timestampNanoseconds: Int64
    }

    /// `V4L2_BUF_FLAG_ERROR`: the frame was received with errors (a torn USB transfer).
    public static let errorFlag: UInt32 = 0x0000_0040
    /// `V4L2_CAP_VIDEO_CAPTURE` and `V4L2_CAP_STREAMING` (videodev2.h).
    static let captureCapability: UInt32 = 0x0000_0001
    static let streamingCapability: UInt32 = 0x0400_0000
    /// The most formats `offeredFormats` lists (vivid, the richest driver seen, has 83).
    public static let maximumFormats = 128
    /// The most buffers mapped: V4L2's own limit for a queue (VIDEO_MAX_FRAME).
    public static let maximumBuffers = 32

    public let path: String
    public private(set) var descriptor: Int32
    /// The driver's and the card's names (`VIDIOC_QUERYCAP`), for the log.
    public let driver: String
    public let card: String
    private var mappings: [UnsafeMutableRawBufferPointer] = []
    private var streaming = false

    /// Opens `path` (read-write, non-blocking) and checks that it captures video by streaming.
    public init(path: String) throws(V4L2Error) {
        self.path = path
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .system(path, "open", code: errno) }
        var capability = upright_v4l2_capability()
        let result = upright_v4l2_query_capability(fd, &capability)
        guard result == 0 else {
            _ = Glibc.close(fd)
            throw .system(path, "VIDIOC_QUERYCAP", code: -result)
        }
        driver = Self.text(capability.driver)
        card = Self.text(capability.card)
        let needed = Self.captureCapability | Self.streamingCapability
        guard capability.device_caps & needed == needed else {
            _ = Glibc.close(fd)
            throw V4L2Error(
                device: path, operation: "VIDIOC_QUERYCAP", code: 0,
                description: "\(path) (\(card)) is not a video capture device with streaming I/O (camera.device)")
        }
        descriptor = fd
    }

    deinit { close() }

    /// The capture formats the device offers (`VIDIOC_ENUM_FMT`), as fourccs.
    public func offeredFormats() throws(V4L2Error) -> [UInt32] {
        var formats: [UInt32] = []
        var description = [CChar](repeating: 0, count: 32)
        for index in 0..<UInt32(Self.maximumFormats) {
            var pixelFormat: UInt32 = 0
            let result = upright_v4l2_enum_format(descriptor, index, &pixelFormat, &description)
            if result == -EINVAL { break }
            guard result == 0 else { throw .system(path, "VIDIOC_ENUM_FMT", code: -result) }
            formats.append(pixelFormat)
        }
        return formats
    }

    /// Sets the capture format (`VIDIOC_S_FMT`); returns what the driver set.
    public func setFormat(width: Int, height: Int, pixelFormat: UInt32) throws(V4L2Error) -> upright_v4l2_format {
        var wanted = upright_v4l2_format(
            width: UInt32(width), height: UInt32(height), pixel_format: pixelFormat, bytes_per_line: 0, size_image: 0)
        var got = upright_v4l2_format()
        let result = upright_v4l2_set_format(descriptor, &wanted, &got)
        guard result == 0 else { throw .system(path, "VIDIOC_S_FMT", code: -result) }
        return got
    }

    /// Asks for `framesPerSecond` (`VIDIOC_S_PARM`, then `VIDIOC_G_PARM`); returns the interval
    /// the driver reports as numerator/denominator seconds (0/0 when it has no rate control).
    public func setFrameRate(_ framesPerSecond: Int) -> (numerator: UInt32, denominator: UInt32) {
        var numerator: UInt32 = 1
        var denominator = UInt32(framesPerSecond)
        // A driver without rate control refuses S_PARM (ENOTTY): the rate it has is used.
        _ = upright_v4l2_set_frame_interval(descriptor, &numerator, &denominator)
        guard upright_v4l2_get_frame_interval(descriptor, &numerator, &denominator) == 0 else { return (0, 0) }
        return (numerator, denominator)
    }

    /// Sets a control (`VIDIOC_S_CTRL`).
    public func setControl(_ id: UInt32, _ value: Int32) throws(V4L2Error) {
        let result = upright_v4l2_set_control(descriptor, id, value)
        guard result == 0 else { throw .system(path, "VIDIOC_S_CTRL", code: -result) }
    }

    /// Asks for `count` buffers (`VIDIOC_REQBUFS`, MMAP) and maps each; returns how many the
    /// driver granted (at most `maximumBuffers` are mapped).
    public func mapBuffers(_ count: Int) throws(V4L2Error) -> Int {
        unmap()
        let granted = upright_v4l2_request_buffers(descriptor, UInt32(min(count, Self.maximumBuffers)))
        guard granted >= 0 else { throw .system(path, "VIDIOC_REQBUFS", code: -granted) }
        for index in 0..<min(Int(granted), Self.maximumBuffers) {
            var offset: UInt32 = 0
            var length: UInt32 = 0
            let result = upright_v4l2_query_buffer(descriptor, UInt32(index), &offset, &length)
            guard result == 0 else { throw .system(path, "VIDIOC_QUERYBUF", code: -result) }
            let address = mmap(nil, Int(length), PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, off_t(offset))
            guard let address, address != MAP_FAILED else { throw .system(path, "mmap", code: errno) }
            mappings.append(UnsafeMutableRawBufferPointer(start: address, count: Int(length)))
        }
        return mappings.count
    }

    /// Hands buffer `index` to the driver (`VIDIOC_QBUF`).
    public func queue(_ index: UInt32) throws(V4L2Error) {
        let result = upright_v4l2_queue_buffer(descriptor, index)
        guard result == 0 else { throw .system(path, "VIDIOC_QBUF", code: -result) }
    }

    /// The next filled buffer (`VIDIOC_DQBUF`), or nil when none is ready.
    public func dequeue() throws(V4L2Error) -> Dequeued? {
        var frame = upright_v4l2_frame()
        let result = upright_v4l2_dequeue_buffer(descriptor, &frame)
        if result == -EAGAIN { return nil }
        guard result == 0 else { throw .system(path, "VIDIOC_DQBUF", code: -result) }
        guard Int(frame.index) < mappings.count else {
            throw V4L2Error(device: path, operation: "VIDIOC_DQBUF", code: 0, description: "\(path): buffer \(frame.index) was never mapped")
        }
        return Dequeued(
            buffer: frame.index, bytesUsed: min(Int(frame.bytes_used), mappings[Int(frame.index)].count), flags: frame.flags,
            sequence: frame.sequence, timestampNanoseconds: frame.timestamp_ns)
    }

    /// The first `count` bytes of buffer `index` (a copy: the driver refills it once queued).
    public func bytes(of index: UInt32, count: Int) -> [UInt8] {
        guard Int(index) < mappings.count else { return [] }
        let mapping = mappings[Int(index)]
        return Array(UnsafeRawBufferPointer(rebasing: mapping[0..<min(count, mapping.count)]))
    }

    /// Reads buffer `index`'s first `count` bytes in place, without a copy.
    public func withBytes<Result>(of index: UInt32, count: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        guard Int(index) < mappings.count else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let mapping = mappings[Int(index)]
        return body(UnsafeRawBufferPointer(rebasing: mapping[0..<min(count, mapping.count)]))
    }

    /// `VIDIOC_STREAMON`.
    public func startStreaming() throws(V4L2Error) {
        let result = upright_v4l2_stream(descriptor, 1)
        guard result == 0 else { throw .system(path, "VIDIOC_STREAMON", code: -result) }
        streaming = true
    }

    /// Stops the stream, unmaps and frees the buffers and closes the node; safe to repeat.
    public func close() {
        guard descriptor >= 0 else { return }
        if streaming { _ = upright_v4l2_stream(descriptor, 0) }
        streaming = false
        unmap()
        _ = upright_v4l2_request_buffers(descriptor, 0)
        _ = Glibc.close(descriptor)
        descriptor = -1
    }

    private func unmap() {
        for mapping in mappings { munmap(mapping.baseAddress, mapping.count) }
        mappings.removeAll()
    }

    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
