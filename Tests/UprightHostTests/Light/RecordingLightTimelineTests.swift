import Testing
import UprightCore
import UprightHost

@Suite struct RecordingLightTimelineTests {
    static func at(_ milliseconds: Int64) -> Instant { Instant(nanoseconds: milliseconds * 1_000_000) }

    @Test func aPhotoAClipAndASensorFault() {
        let records: [(record: MachineRecord, time: Instant)] = [
            (.capture(shot: 1, orientation: .normal, stale: false), Self.at(1000)),
            (.recordStart(clip: 1, orientation: .normal, stale: false), Self.at(2000)),
            (.recordStop(clip: 1, orientation: .normal, reason: .shutter), Self.at(4000)),
            (.fault(.sensor), Self.at(5000)),
            (.recovered(.sensor), Self.at(6500)),
        ]
        let timeline = RecordingLightTimeline(records: records, end: Self.at(8000))
        #expect(
            timeline.changes.map { ($0.time.nanoseconds / 1_000_000, $0.on) }.map { "\($0.0) \($0.1 ? "on" : "off")" } == [
                "1000 on", "1150 off", // the photo's blink
                "2000 on", "4000 off", // the clip
                "5000 on", "5100 off", "5200 on", "5300 off", // the fault's two flashes a second
                "6000 on", "6100 off", "6200 on", "6300 off",
            ])
        #expect(timeline.photoBlinks == 1)
        #expect(abs(timeline.onSeconds - (0.15 + 2 + 0.4)) < 1e-9)
        #expect(abs(timeline.faultPatternSeconds - 1.5) < 1e-9)
        #expect(timeline.summary == "light: 12 changes, on 2.55 s, 1 photo blinks, sensor-fault pattern 1.50 s")
    }
}
