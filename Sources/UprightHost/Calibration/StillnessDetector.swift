import UprightCore

/// Notices a camera at rest from its accelerometer alone: samples are averaged in blocks of
/// `blockSpan` (which averages the noise away: 4 mg rms per sample is 0.4 mg per block at
/// 1 kHz), and the camera is still while every block mean in the window lies within
/// `toleranceG` of the others on each axis. A block that does not fit starts the window
/// again: the camera moved. Pure and bounded (the window holds `maximumBlocks`).
public struct StillnessDetector: Sendable {
    public struct Settings: Equatable, Sendable {
        public var blockSpan: TimeSpan = .milliseconds(100)
        /// The most the block means may spread, per axis. A camera resting on a table spreads
        /// a few mg; a hand holding it still 10 to 30 mg; turning it 5 degrees a second moves
        /// the up axis 0.13 g in 1.5 s.
        public var toleranceG: Float = 0.03
        /// How long the window reaches back at most (older blocks fall out).
        public var windowSpan: TimeSpan = .seconds(2)

        public init() {}
    }

    private struct Block {
        var sum: Vector3
        var count: Int
        var start: Instant
        var end: Instant
        var mean: Vector3 { sum * (1 / Float(count)) }
    }

    public let settings: Settings
    private var window: [Block] = []
    private var open: Block?

    public init(settings: Settings = Settings()) {
        self.settings = settings
        window.reserveCapacity(maximumBlocks)
    }

    var maximumBlocks: Int { Int(settings.windowSpan.nanoseconds / max(1, settings.blockSpan.nanoseconds)) + 1 }

    /// Adds one sample; returns true when it closed a block that broke the stillness (the
    /// camera moved; the window starts again from that block).
    @discardableResult
    public mutating func add(_ sample: Sample) -> Bool {
        let value = sample.accelerationG
        guard var block = open else {
            open = Block(sum: value, count: 1, start: sample.time, end: sample.time)
            return false
        }
        if sample.time - block.start < settings.blockSpan {
            block.sum = block.sum + value
            block.count += 1
            block.end = sample.time
            open = block
            return false
        }
        open = Block(sum: value, count: 1, start: sample.time, end: sample.time)
        return close(block)
    }

    /// Forgets everything: the next still span starts from the next sample.
    public mutating func reset() {
        window.removeAll(keepingCapacity: true)
        open = nil
    }

    /// How long the camera has been still: from the first block of the window to the end of
    /// its last (zero while moving).
    public var stillFor: TimeSpan {
        guard let first = window.first, let last = window.last, window.count > 1 else { return .zero }
        return last.end - first.start
    }

    /// The mean of the still window's samples and their number; nil while it is empty.
    public var mean: (valueG: Vector3, samples: Int)? {
        guard !window.isEmpty else { return nil }
        var sum = Vector3.zero
        var count = 0
        for block in window {
            sum = sum + block.sum
            count += block.count
        }
        return (sum * (1 / Float(count)), count)
    }

    /// The newest closed block's mean: where the camera is now, still or not.
    public var latestG: Vector3? { window.last?.mean }

    private mutating func close(_ block: Block) -> Bool {
        let mean = block.mean
        var fits = true
        var low = mean
        var high = mean
        for other in window {
            let m = other.mean
            low = Vector3(x: min(low.x, m.x), y: min(low.y, m.y), z: min(low.z, m.z))
            high = Vector3(x: max(high.x, m.x), y: max(high.y, m.y), z: max(high.z, m.z))
        }
        let spread = high - low
        if spread.x > settings.toleranceG || spread.y > settings.toleranceG || spread.z > settings.toleranceG { fits = false }
        let wasStill = window.count > 1
        if !fits { window.removeAll(keepingCapacity: true) }
        window.append(block)
        while window.count > maximumBlocks || (window.count > 1 && block.end - window[0].start > settings.windowSpan) {
            window.removeFirst()
        }
        return !fits && wasStill
    }
}
