import Testing
import UprightCore
import UprightHost

@Suite struct StillnessDetectorTests {
    /// `count` samples at 100 Hz from `start` s, alternating +-`noise` on every axis.
    static func samples(from start: Double, count: Int, value: Vector3, noise: Float = 0.005) -> [Sample] {
        (0..<count).map { index in
            let sign: Float = index % 2 == 0 ? 1 : -1
            return Sample(
                time: .zero + TimeSpan(seconds: start + Double(index) * 0.01),
                accelerationG: value + Vector3(x: noise, y: noise, z: noise) * sign)
        }
    }

    @Test func restingIsStillAndItsMeanIsTheReading() {
        var detector = StillnessDetector()
        var broke = false
        for sample in Self.samples(from: 0, count: 101, value: Vector3(x: 0, y: 0, z: 1)) { broke = detector.add(sample) || broke }
        #expect(!broke)
        // Blocks of 0.1 s, closed by the next block's first sample: ten closed, 0 to 0.99 s.
        #expect(detector.stillFor == .milliseconds(990))
        let mean = detector.mean
        #expect(mean?.samples == 100)
        #expect(mean?.valueG == Vector3(x: 0, y: 0, z: 1))
    }

    @Test func aMoveStartsAgain() {
        var detector = StillnessDetector()
        for sample in Self.samples(from: 0, count: 100, value: Vector3(x: 0, y: 0, z: 1)) { detector.add(sample) }
        var broke = 0
        // 0.05 g more on y: beyond the 0.03 g tolerance.
        for sample in Self.samples(from: 1, count: 21, value: Vector3(x: 0, y: 0.05, z: 1)) where detector.add(sample) { broke += 1 }
        #expect(broke == 1)
        #expect(detector.stillFor == .milliseconds(190)) // the moved blocks 1.0 to 1.19 s
        #expect(detector.latestG.map { abs($0.y - 0.05) < 1e-6 } == true)
    }

    /// Hand tremor of 10 mg each way averages away in the blocks; 0.02 g steps within the
    /// tolerance still count as still.
    @Test func smallWanderingIsStill() {
        var detector = StillnessDetector()
        for sample in Self.samples(from: 0, count: 100, value: Vector3(x: 0, y: 1, z: 0), noise: 0.01) { detector.add(sample) }
        var broke = false
        for sample in Self.samples(from: 1, count: 51, value: Vector3(x: 0.02, y: 1, z: 0), noise: 0.01) { broke = detector.add(sample) || broke }
        #expect(!broke)
        #expect(detector.stillFor == .milliseconds(1490))
    }

    @Test func windowIsBounded() {
        var detector = StillnessDetector()
        for sample in Self.samples(from: 0, count: 1000, value: Vector3(x: 0, y: 1, z: 0)) { detector.add(sample) }
        #expect(detector.stillFor <= .seconds(2))
        #expect(detector.mean?.samples == 200)
    }
}
