import Testing
import UprightCore
import UprightHost

@Suite struct EventRecordTests {
    let t = Instant(nanoseconds: 1_250_000_000)

    @Test func contractLines() {
        #expect(
            TimedEvent(time: t, record: .orientation(.leftUp)).jsonLine()
                == #"{"t":1.250000,"event":"orientation","orientation":"left-up"}"#)
        #expect(
            TimedEvent(time: t, record: .state(from: "previewing", to: "capturing")).jsonLine()
                == #"{"t":1.250000,"event":"state","from":"previewing","to":"capturing"}"#)
        #expect(
            TimedEvent(time: t, record: .capture(shot: 3, orientation: .rightUp, stale: false, file: "IMG_0003.jpg")).jsonLine()
                == #"{"t":1.250000,"event":"capture","orientation":"right-up","exif":8,"shot":3,"file":"IMG_0003.jpg"}"#)
        #expect(
            TimedEvent(time: t, record: .recordStart(clip: 1, orientation: .leftUp, stale: true, file: nil)).jsonLine()
                == #"{"t":1.250000,"event":"record-start","orientation":"left-up","exif":6,"rotation":90,"clip":1,"stale":true}"#)
        #expect(
            TimedEvent(time: t, record: .recordStop(clip: 1, orientation: .leftUp, durationSeconds: 4.5, reason: "shutter", file: nil)).jsonLine()
                == #"{"t":1.250000,"event":"record-stop","orientation":"left-up","clip":1,"duration":4.5,"reason":"shutter"}"#)
        #expect(
            TimedEvent(time: t, record: .shutterRejected(reason: "queue full")).jsonLine()
                == #"{"t":1.250000,"event":"shutter-rejected","reason":"queue full"}"#)
        #expect(
            TimedEvent(time: t, record: .fault(kind: "sensor", detail: "no acknowledge")).jsonLine()
                == #"{"t":1.250000,"event":"fault","kind":"sensor","detail":"no acknowledge"}"#)
    }

    @Test func timeIsRelativeToOrigin() {
        let line = TimedEvent(time: t, record: .orientation(.lensUp)).jsonLine(origin: Instant(nanoseconds: 250_000_000))
        #expect(line == #"{"t":1.000000,"event":"orientation","orientation":"lens-up"}"#)
    }
}
