import UprightCore
import UprightHost

/// What the V4L2 port needs of a stream: frames to take and give back, their bytes, a
/// descriptor to poll. `V4L2Stream` is the device's; the tests give the port frames they state.
public protocol V4L2FrameStream: AnyObject {
    /// Polled for POLLIN: a frame is ready.
    var descriptor: Int32 { get }
    /// What the stream delivers.
    var shape: V4L2StreamShape { get }
    /// The next filled buffer, nil when none is ready.
    func dequeue() throws(V4L2Error) -> V4L2Device.Dequeued?
    /// Gives buffer `index` back to the driver.
    func requeue(_ index: UInt32) throws(V4L2Error)
    /// Reads buffer `index`'s first `count` bytes in place.
    func withBytes<Result>(of index: UInt32, count: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result
    /// Stops the stream and lets the device go.
    func close()
}

/// The stream a device agreed to: its size, format, row length and frame interval, and how
/// many frames the ring may hold.
public struct V4L2StreamShape: Equatable, Sendable {
    public var widthPixels: Int
    public var heightPixels: Int
    public var format: Board.V4L2CameraSettings.PixelFormat
    /// Bytes a row (YUYV: at least twice the width).
    public var bytesPerLine: Int
    /// The driver's frame interval.
    public var frameInterval: TimeSpan
    public var ringCapacity: Int

    public init(
        widthPixels: Int, heightPixels: Int, format: Board.V4L2CameraSettings.PixelFormat, bytesPerLine: Int, frameInterval: TimeSpan,
        ringCapacity: Int
    ) {
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
        self.format = format
        self.bytesPerLine = bytesPerLine
        self.frameInterval = frameInterval
        self.ringCapacity = ringCapacity
    }
}

/// A device opened and streaming as the board says: the format chosen among those offered,
/// the size and frame rate asked for (the driver's answer kept), the buffers mapped and all
/// queued, the stream on (`V4L2FormatPlan` makes each decision).
public final class V4L2Stream: V4L2FrameStream {
    public let device: V4L2Device
    public let shape: V4L2StreamShape

    /// What can be known of the device at once, before the slow part of opening it: that it
    /// is there, captures by streaming and offers the board's format (the fourcc to ask for).
    /// Quick calls (open, `VIDIOC_QUERYCAP`, `VIDIOC_ENUM_FMT`), so a missing device or a
    /// format not offered is known when the camera is started, not on a thread later.
    @discardableResult
    public static func check(settings: Board.V4L2CameraSettings) throws(V4L2Error) -> UInt32 {
        let device = try V4L2Device(path: settings.device)
        defer { device.close() }
        return try V4L2FormatPlan.choose(settings.format, offered: try device.offeredFormats(), device: settings.device).get()
    }

    /// Opens `settings.device` and starts it streaming; one line naming the problem otherwise.
    public init(settings: Board.V4L2CameraSettings) throws(V4L2Error) {
        let device = try V4L2Device(path: settings.device)
        let path = settings.device
        let fourcc = try V4L2FormatPlan.choose(settings.format, offered: try device.offeredFormats(), device: path).get()
        let got = try device.setFormat(width: settings.widthPixels, height: settings.heightPixels, pixelFormat: fourcc)
        if let problem = V4L2FormatPlan.check(got: got.pixel_format, asked: fourcc, device: path) { throw problem }
        let rate = device.setFrameRate(settings.framesPerSecond)
        let interval = V4L2FormatPlan.interval(numerator: rate.numerator, denominator: rate.denominator, asked: settings.frameInterval)
        let granted = try device.mapBuffers(V4L2FormatPlan.buffersToRequest(ringFrames: settings.ringFrames))
        let capacity = try V4L2FormatPlan.ringCapacity(granted: granted, ringFrames: settings.ringFrames, device: path).get()
        for index in 0..<granted { try device.queue(UInt32(index)) }
        try device.startStreaming()
        self.device = device
        shape = V4L2StreamShape(
            widthPixels: Int(got.width), heightPixels: Int(got.height), format: settings.format,
            bytesPerLine: max(Int(got.bytes_per_line), Int(got.width) * 2), frameInterval: interval, ringCapacity: capacity)
    }

    public var descriptor: Int32 { device.descriptor }
    public func dequeue() throws(V4L2Error) -> V4L2Device.Dequeued? { try device.dequeue() }
    public func requeue(_ index: UInt32) throws(V4L2Error) { try device.queue(index) }
    public func withBytes<Result>(of index: UInt32, count: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        device.withBytes(of: index, count: count, body)
    }
    public func close() { device.close() }
}
