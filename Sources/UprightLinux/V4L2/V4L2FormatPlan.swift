import UprightCore
import UprightHost

/// The decisions of opening a stream, apart from the device: which pixel format to ask for
/// among those the device offers, whether what the driver set will do, the frame interval it
/// reports, and how its buffers split between the ring and the driver's queue. Each problem is
/// one line naming the board key to change.
public enum V4L2FormatPlan {
    /// A fourcc as videodev2.h's `v4l2_fourcc(a, b, c, d)`: the first character in the low byte.
    public static func fourcc(_ text: String) -> UInt32 {
        var value: UInt32 = 0
        for (index, byte) in text.utf8.prefix(4).enumerated() { value |= UInt32(byte) << (8 * UInt32(index)) }
        return value
    }

    /// A fourcc's four characters (unprintable ones as '?').
    public static func name(_ fourcc: UInt32) -> String {
        String(
            (0..<4).map { index -> Character in
                let byte = UInt8(truncatingIfNeeded: fourcc >> (8 * UInt32(index)))
                return (0x20...0x7E).contains(byte) ? Character(Unicode.Scalar(byte)) : "?"
            })
    }

    /// The fourccs that carry the board's format, in order of preference: Motion JPEG is
    /// `MJPG`, and some drivers call their JPEG stream `JPEG` (videodev2.h: V4L2_PIX_FMT_MJPEG,
    /// V4L2_PIX_FMT_JPEG); YUYV is `YUYV`.
    public static func fourccs(for format: Board.V4L2CameraSettings.PixelFormat) -> [UInt32] {
        switch format {
        case .mjpeg: [fourcc("MJPG"), fourcc("JPEG")]
        case .yuyv: [fourcc("YUYV")]
        }
    }

    /// The fourcc to ask for, or why the device cannot give `format`.
    public static func choose(_ format: Board.V4L2CameraSettings.PixelFormat, offered: [UInt32], device: String) -> Result<UInt32, V4L2Error> {
        if let chosen = fourccs(for: format).first(where: offered.contains) { return .success(chosen) }
        let names = offered.isEmpty ? "no capture format" : offered.map(name).joined(separator: ", ")
        return .failure(
            V4L2Error(
                device: device, operation: "VIDIOC_ENUM_FMT", code: 0,
                description: "\(device) offers \(names), not \(format.rawValue) (camera.format)"))
    }

    /// Whether the format the driver set will do: the pixel format must be the one asked for
    /// (a driver answers S_FMT with one it has when it lacks the one asked); the size may
    /// differ (a driver picks its nearest), and the port records the size it got.
    public static func check(got pixelFormat: UInt32, asked: UInt32, device: String) -> V4L2Error? {
        guard pixelFormat != asked else { return nil }
        return V4L2Error(
            device: device, operation: "VIDIOC_S_FMT", code: 0,
            description: "\(device) set \(name(pixelFormat)) when asked for \(name(asked)) (camera.format)")
    }

    /// The frame interval `numerator`/`denominator` seconds the driver reports; the board's
    /// when it reports none (0 in either: a driver without frame-rate control).
    public static func interval(numerator: UInt32, denominator: UInt32, asked: TimeSpan) -> TimeSpan {
        guard numerator > 0, denominator > 0 else { return asked }
        return TimeSpan(nanoseconds: Int64(numerator) * 1_000_000_000 / Int64(denominator))
    }

    /// Buffers the driver keeps queued beyond the ring, so it always has one to fill while
    /// the port holds the ring's: one being filled, one waiting.
    public static let queuedBuffers = 2

    /// How many buffers to ask for (`VIDIOC_REQBUFS`): the ring's and the queued ones.
    public static func buffersToRequest(ringFrames: Int) -> Int { ringFrames + queuedBuffers }

    /// The ring's capacity from the buffers the driver granted (it may grant fewer or more
    /// than asked), or why that is too few: the ring needs two, the queue `queuedBuffers`.
    public static func ringCapacity(granted: Int, ringFrames: Int, device: String) -> Result<Int, V4L2Error> {
        let capacity = min(ringFrames, granted - queuedBuffers)
        guard capacity >= 2 else {
            return .failure(
                V4L2Error(
                    device: device, operation: "VIDIOC_REQBUFS", code: 0,
                    description: "\(device) granted \(granted) buffers, fewer than the \(2 + queuedBuffers) a frame ring needs"))
        }
        return .success(capacity)
    }
}
