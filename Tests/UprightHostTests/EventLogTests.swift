import Testing
import UprightCore
import UprightHost

@Suite struct EventLogTests {
    func at(_ milliseconds: Int64) -> Instant { Instant(nanoseconds: milliseconds * 1_000_000) }

    @Test func machineRecordsBecomeContractLines() {
        var log = EventLog(fileName: { record in
            if case .capture(let shot, _, _, _, _) = record { return "IMG_000\(shot).jpg" }
            return nil
        })
        log.record(.state(from: .previewing, to: .capturing), at: at(1250))
        log.record(.capture(shot: 3, orientation: .rightUp, stale: false), at: at(1250))
        log.record(.recordStart(clip: 1, orientation: .leftUp, stale: true), at: at(2000))
        log.record(.recordStop(clip: 1, orientation: .leftUp, reason: .clipLimit, durationMilliseconds: 4_250), at: at(6500))
        log.record(.shutterRejected(.queueFull), at: at(7000))
        log.record(.captureFailed(shot: 4, reason: .timeout), at: at(8000))
        log.record(.fault(.eventQueue), at: at(9000))
        log.record(.bound(.shutterEdges, lost: 2), at: at(9500))
        #expect(
            log.jsonLines() == [
                #"{"t":1.250000,"event":"state","from":"previewing","to":"capturing"}"#,
                #"{"t":1.250000,"event":"capture","orientation":"right-up","exif":8,"shot":3,"file":"IMG_0003.jpg"}"#,
                #"{"t":2.000000,"event":"record-start","orientation":"left-up","exif":6,"rotation":90,"clip":1,"stale":true}"#,
                // The recorder's duration, as the record says (the runtime measures it).
                #"{"t":6.500000,"event":"record-stop","orientation":"left-up","clip":1,"duration":4.25,"reason":"clip-limit"}"#,
                #"{"t":7.000000,"event":"shutter-rejected","reason":"queue full"}"#,
                #"{"t":8.000000,"event":"capture-failed","shot":4,"reason":"timeout"}"#,
                #"{"t":9.000000,"event":"fault","kind":"event-queue","detail":"event queue full, events dropped"}"#,
                #"{"t":9.500000,"event":"fault","kind":"bound","detail":"the shutter's edge buffer overflowed (edges lost before the firmware read them); 2 lost","bound":"shutter-edges","lost":2}"#,
            ])
    }
}
