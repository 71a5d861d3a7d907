import UprightCore

/// When a frame's exposure began, from the buffer's timestamp and flags (the V4L2
/// specification, "Buffers", `V4L2_BUF_FLAG_TIMESTAMP_*` and `V4L2_BUF_FLAG_TSTAMP_SRC_*`;
/// docs/camera.md, "V4L2"):
/// - a CLOCK_MONOTONIC timestamp taken at the start of exposure (`TSTAMP_SRC_SOE`) is taken as
///   it is;
/// - one taken at the end of the frame (`TSTAMP_SRC_EOF`, the default: its value is 0) is moved
///   back one frame interval, the frame's readout;
/// - a timestamp on another clock (`TIMESTAMP_COPY`, `TIMESTAMP_UNKNOWN`), one later than the
///   dequeue (no frame is dequeued before it ends), or one not after the previous frame's is
///   not believed: the frame began at the latest one interval before it was dequeued.
public enum V4L2Timestamp {
    /// `V4L2_BUF_FLAG_TIMESTAMP_MASK` and its monotonic value (videodev2.h).
    public static let clockMask: UInt32 = 0x0000_E000
    public static let monotonicClock: UInt32 = 0x0000_2000
    /// `V4L2_BUF_FLAG_TSTAMP_SRC_MASK` and its start-of-exposure value (end of frame is 0).
    public static let sourceMask: UInt32 = 0x0007_0000
    public static let startOfExposure: UInt32 = 0x0001_0000

    /// Where the exposure's start came from, for the notes and the tests.
    public enum Source: Equatable, Sendable {
        /// The driver's start-of-exposure timestamp.
        case startOfExposure
        /// The driver's end-of-frame timestamp less one interval.
        case endOfFrame
        /// The dequeue time less one interval: the driver's stamp was not believable.
        case dequeue
    }

    /// The exposure's start of a frame stamped `timestampNanoseconds` with `flags`, dequeued at
    /// `dequeuedAt`, `interval` after the previous frame's start `previous` (nil for the first).
    public static func exposureStart(
        timestampNanoseconds: Int64, flags: UInt32, dequeuedAt: Instant, interval: TimeSpan, previous: Instant?
    ) -> (start: Instant, source: Source) {
        let fallback = (dequeuedAt - interval, Source.dequeue)
        guard flags & clockMask == monotonicClock else { return fallback }
        let stamped = Instant(nanoseconds: timestampNanoseconds)
        let candidate: (Instant, Source) =
            flags & sourceMask == startOfExposure ? (stamped, .startOfExposure) : (stamped - interval, .endOfFrame)
        if candidate.0 > dequeuedAt { return fallback }
        if let previous, candidate.0 <= previous { return fallback }
        return candidate
    }
}
