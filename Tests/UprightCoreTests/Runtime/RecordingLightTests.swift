import Testing
import UprightCore

@Suite struct RecordingLightTests {
    static func at(_ milliseconds: Int64) -> Instant { Instant(nanoseconds: milliseconds * 1_000_000) }

    /// The levels at `times` (ms).
    static func levels(_ light: RecordingLight, _ times: [Int64]) -> [Bool] { times.map { light.level(at: at($0)) } }

    @Test func onWhileRecording() {
        var light = RecordingLight()
        #expect(!light.level(at: Self.at(0)))
        #expect(light.nextChange(after: Self.at(0)) == nil)
        light.observe(.recordStart(clip: 1, orientation: .normal, stale: false), at: Self.at(1000))
        #expect(Self.levels(light, [1000, 5000]) == [true, true])
        light.observe(.recordStop(clip: 1, orientation: .normal, reason: .shutter), at: Self.at(6000))
        #expect(!light.level(at: Self.at(6000)))
        light.observe(.recordStart(clip: 2, orientation: .normal, stale: false), at: Self.at(7000))
        light.observe(.recordFailed(clip: 2, reason: .camera), at: Self.at(7500))
        #expect(!light.level(at: Self.at(7500)))
    }

    /// A clip stopped earlier that could not be finished (its late `record-failed`) does not
    /// put out the light of the clip recording now.
    @Test func aStoppedClipsLateFailureLeavesTheLightOfTheNextClip() {
        var light = RecordingLight()
        light.observe(.recordStart(clip: 1, orientation: .normal, stale: false), at: Self.at(1000))
        light.observe(.recordStop(clip: 1, orientation: .normal, reason: .shutter), at: Self.at(2000))
        light.observe(.recordStart(clip: 2, orientation: .normal, stale: false), at: Self.at(3000))
        light.observe(.recordFailed(clip: 1, reason: .storage), at: Self.at(3100))
        #expect(light.level(at: Self.at(3100)))
    }

    /// A photo: on for 150 ms, then off; the change is announced.
    @Test func aBlinkPerPhoto() {
        var light = RecordingLight()
        light.observe(.capture(shot: 1, orientation: .leftUp, stale: false), at: Self.at(2000))
        #expect(Self.levels(light, [2000, 2149, 2150]) == [true, true, false])
        #expect(light.nextChange(after: Self.at(2000)) == Self.at(2150))
        #expect(light.nextChange(after: Self.at(2150)) == nil)
    }

    /// A sensor fault: flashes at 0-100 and 200-300 ms of every second, until it recovers;
    /// while recording the same inverted. Faults that are not the sensor's do not show.
    @Test func aDistinctPatternWhileTheSensorIsAtFault() {
        var light = RecordingLight()
        light.observe(.fault(.button), at: Self.at(500))
        #expect(light.faultSince == nil)
        light.observe(.fault(.sensor), at: Self.at(1000))
        #expect(
            Self.levels(light, [1000, 1099, 1100, 1199, 1200, 1299, 1300, 1999, 2000, 2250]) == [
                true, true, false, false, true, true, false, false, true, true,
            ])
        #expect(light.nextChange(after: Self.at(1000)) == Self.at(1100))
        #expect(light.nextChange(after: Self.at(1150)) == Self.at(1200))
        #expect(light.nextChange(after: Self.at(1250)) == Self.at(1300))
        #expect(light.nextChange(after: Self.at(1300)) == Self.at(2000))
        light.observe(.recordStart(clip: 1, orientation: .normal, stale: true), at: Self.at(2500))
        #expect(Self.levels(light, [3000, 3100, 3250, 3500]) == [false, true, false, true])
        // A second kind starts while the first holds; the pattern runs on until both end.
        light.observe(.fault(.stuckData), at: Self.at(3600))
        light.observe(.recovered(.sensor), at: Self.at(3700))
        #expect(light.faultSince == Self.at(1000))
        light.observe(.recovered(.stuckData), at: Self.at(3800))
        #expect(light.faultSince == nil)
        #expect(Self.levels(light, [3800, 4000, 4100]) == [true, true, true])
        #expect(light.nextChange(after: Self.at(3800)) == nil)
    }
}
