import UprightCore

/// A frame the driver filled and the port holds back: which of the driver's buffers it is in,
/// when its exposure began (`V4L2Timestamp`), the driver's frame count and how many bytes it
/// filled.
public struct RingFrame: Equatable, Sendable {
    /// The driver's buffer index (`VIDIOC_QBUF` gives it back).
    public var buffer: UInt32
    /// The start of its exposure on CLOCK_MONOTONIC.
    public var exposure: Instant
    /// The driver's frame count (gaps are dropped frames).
    public var sequence: UInt32
    /// The bytes the driver filled (`bytesused`): a Motion JPEG frame's length.
    public var bytesUsed: Int

    public init(buffer: UInt32, exposure: Instant, sequence: UInt32, bytesUsed: Int) {
        self.buffer = buffer
        self.exposure = exposure
        self.sequence = sequence
        self.bytesUsed = bytesUsed
    }
}

/// The last few frames of a stream, oldest first, at most `capacity`: each holds one of the
/// driver's buffers out of its queue, so a new frame pushes the oldest out and the port gives
/// that buffer back to the driver. A photo is the frame nearest the moment asked for
/// (`nearest(to:interval:)`), the way a phone's zero-shutter-lag mode answers a press
/// (docs/camera.md, "V4L2").
public struct FrameRing: Equatable, Sendable {
    /// The most frames held.
    public let capacity: Int
    /// Oldest first.
    public private(set) var frames: [RingFrame] = []

    /// What `nearest` found.
    public enum Choice: Equatable, Sendable {
        /// This frame is the nearest there will be.
        case frame(RingFrame)
        /// The next frame may be nearer (the moment is more than half a frame after the
        /// newest, or there is none yet): ask again when it comes.
        case wait
    }

    /// A ring of at most `capacity` frames (at least one).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        frames.reserveCapacity(self.capacity)
    }

    /// Adds the newest frame; returns the oldest when the ring was full (its buffer goes back
    /// to the driver).
    public mutating func push(_ frame: RingFrame) -> RingFrame? {
        frames.append(frame)
        return frames.count > capacity ? frames.removeFirst() : nil
    }

    /// Empties the ring, returning what it held (oldest first).
    public mutating func removeAll() -> [RingFrame] {
        defer { frames.removeAll(keepingCapacity: true) }
        return frames
    }

    /// The frame whose exposure began nearest `moment`, before or after it (a tie takes the
    /// later, as the simulated ring does), or `.wait` while a frame still to come could be
    /// nearer: frames come every `interval`, so the next one begins about `interval` after
    /// the newest, and it is nearer when `moment` is at least half an interval past the newest.
    public func nearest(to moment: Instant, interval: TimeSpan) -> Choice {
        guard let newest = frames.last else { return .wait }
        if (moment - newest.exposure).nanoseconds * 2 >= interval.nanoseconds { return .wait }
        var best = newest
        // From the newest back, keeping a candidate only when strictly nearer: a tie keeps the later.
        for frame in frames.reversed() where distance(frame.exposure, moment) < distance(best.exposure, moment) {
            best = frame
        }
        return .frame(best)
    }

    /// Every frame, nearest `moment` first (of two as near, the later first).
    public func byDistance(to moment: Instant) -> [RingFrame] {
        frames.reversed().enumerated().sorted { left, right in
            let (a, b) = (distance(left.element.exposure, moment), distance(right.element.exposure, moment))
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }

    private func distance(_ time: Instant, _ moment: Instant) -> Int64 {
        let span = (time - moment).nanoseconds
        return span < 0 ? -span : span
    }
}
