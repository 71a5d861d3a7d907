import Testing
import UprightCore
@testable import UprightLinux

/// A frame's exposure start from its buffer's timestamp and flags (the V4L2 specification's
/// V4L2_BUF_FLAG_TIMESTAMP_* and TSTAMP_SRC_* values, written out here as numbers).
@Suite struct V4L2TimestampTests {
    static let interval = TimeSpan.milliseconds(33)
    static let dequeued = Instant(nanoseconds: 10_000_000_000)

    static func start(_ stamp: Int64, flags: UInt32, previous: Instant? = nil) -> (Instant, V4L2Timestamp.Source) {
        let result = V4L2Timestamp.exposureStart(
            timestampNanoseconds: stamp, flags: flags, dequeuedAt: dequeued, interval: interval, previous: previous)
        return (result.start, result.source)
    }

    @Test func flagValuesAreVideodev2s() {
        #expect(V4L2Timestamp.clockMask == 0xE000 && V4L2Timestamp.monotonicClock == 0x2000)
        #expect(V4L2Timestamp.sourceMask == 0x70000 && V4L2Timestamp.startOfExposure == 0x10000)
    }

    /// Monotonic, start of exposure: as stamped.
    @Test func startOfExposureIsTakenAsItIs() {
        let (start, source) = Self.start(9_990_000_000, flags: 0x12000)
        #expect(start == Instant(nanoseconds: 9_990_000_000) && source == .startOfExposure)
    }

    /// Monotonic, end of frame (source 0): one interval earlier. vivid stamps the end of the
    /// frame about 0.9 frame after its dequeue, which this brings back before the dequeue.
    @Test func endOfFrameMovesBackOneInterval() {
        let (start, source) = Self.start(9_999_000_000, flags: 0x2000)
        #expect(start == Instant(nanoseconds: 9_966_000_000) && source == .endOfFrame)
        let vivid = Self.start(10_030_000_000, flags: 0x2000)
        #expect(vivid.0 == Instant(nanoseconds: 9_997_000_000) && vivid.1 == .endOfFrame)
    }

    /// Another clock, an exposure after the dequeue, or one not after the previous frame's:
    /// the dequeue less one interval.
    @Test(arguments: [
        (Int64(9_990_000_000), UInt32(0x4000), nil as Int64?), // TIMESTAMP_COPY
        (9_990_000_000, 0x0000, nil), // TIMESTAMP_UNKNOWN
        (10_001_000_000, 0x12000, nil), // after the dequeue
        (9_990_000_000, 0x12000, 9_990_000_000), // equal to the previous
        (9_980_000_000, 0x12000, 9_985_000_000), // before the previous
    ])
    func unbelievableStampsFallBackToTheDequeue(stamp: Int64, flags: UInt32, previous: Int64?) {
        let (start, source) = Self.start(stamp, flags: flags, previous: previous.map { Instant(nanoseconds: $0) })
        #expect(start == Instant(nanoseconds: 9_967_000_000) && source == .dequeue)
    }
}
