import Testing
import UprightCore
@testable import UprightLinux

/// The frame ring: bounded, oldest out first, and the nearest frame to a moment, waiting while
/// a frame still to come could be nearer.
@Suite struct FrameRingTests {
    static func frame(_ buffer: UInt32, atMilliseconds milliseconds: Int64) -> RingFrame {
        RingFrame(buffer: buffer, exposure: Instant(nanoseconds: milliseconds * 1_000_000), sequence: buffer, bytesUsed: 100)
    }

    static func at(_ milliseconds: Int64) -> Instant { Instant(nanoseconds: milliseconds * 1_000_000) }

    static let interval = TimeSpan.milliseconds(40)

    @Test func theOldestFrameLeavesWhenFull() {
        var ring = FrameRing(capacity: 3)
        #expect(ring.push(Self.frame(0, atMilliseconds: 0)) == nil)
        #expect(ring.push(Self.frame(1, atMilliseconds: 40)) == nil)
        #expect(ring.push(Self.frame(2, atMilliseconds: 80)) == nil)
        #expect(ring.push(Self.frame(3, atMilliseconds: 120)) == Self.frame(0, atMilliseconds: 0))
        #expect(ring.frames.map(\.buffer) == [1, 2, 3])
        #expect(ring.removeAll().map(\.buffer) == [1, 2, 3])
        #expect(ring.frames.isEmpty)
    }

    /// Frames at 0, 40, 80 ms: a moment at 55 ms takes the 40 ms frame; 60 ms is a tie and
    /// takes the later; 10 ms the first; before the ring's oldest, the oldest.
    @Test(arguments: [(55, 1), (60, 2), (61, 2), (10, 0), (20, 1), (-500, 0), (99, 2)] as [(Int64, UInt32)])
    func nearestFrame(moment: Int64, buffer: UInt32) {
        var ring = FrameRing(capacity: 4)
        for index in 0..<3 { _ = ring.push(Self.frame(UInt32(index), atMilliseconds: Int64(index) * 40)) }
        #expect(ring.nearest(to: Self.at(moment), interval: Self.interval) == .frame(Self.frame(buffer, atMilliseconds: Int64(buffer) * 40)))
    }

    /// Half an interval or more past the newest frame (80 ms), the next one (120 ms) may be
    /// nearer: wait for it. An empty ring waits too.
    @Test func waitsWhileTheNextFrameCouldBeNearer() {
        var ring = FrameRing(capacity: 4)
        #expect(ring.nearest(to: Self.at(0), interval: Self.interval) == .wait)
        for index in 0..<3 { _ = ring.push(Self.frame(UInt32(index), atMilliseconds: Int64(index) * 40)) }
        #expect(ring.nearest(to: Self.at(100), interval: Self.interval) == .wait)
        #expect(ring.nearest(to: Self.at(5000), interval: Self.interval) == .wait)
        #expect(ring.nearest(to: Self.at(99), interval: Self.interval) == .frame(Self.frame(2, atMilliseconds: 80)))
        _ = ring.push(Self.frame(3, atMilliseconds: 120))
        #expect(ring.nearest(to: Self.at(100), interval: Self.interval) == .frame(Self.frame(3, atMilliseconds: 120)))
    }

    /// Frames at 0, 40, 80 ms by distance from 55 ms: 40, 80, 0; from 60 ms (40 and 80 as
    /// near) the later first.
    @Test func framesByDistance() {
        var ring = FrameRing(capacity: 4)
        for index in 0..<3 { _ = ring.push(Self.frame(UInt32(index), atMilliseconds: Int64(index) * 40)) }
        #expect(ring.byDistance(to: Self.at(55)).map(\.buffer) == [1, 2, 0])
        #expect(ring.byDistance(to: Self.at(60)).map(\.buffer) == [2, 1, 0])
        #expect(FrameRing(capacity: 2).byDistance(to: Self.at(0)).isEmpty)
    }

    @Test func capacityIsAtLeastOne() {
        var ring = FrameRing(capacity: 0)
        #expect(ring.capacity == 1)
        #expect(ring.push(Self.frame(0, atMilliseconds: 0)) == nil)
        #expect(ring.push(Self.frame(1, atMilliseconds: 40))?.buffer == 0)
    }
}
