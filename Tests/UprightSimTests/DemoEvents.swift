import UprightCore
import UprightHost
import UprightSim

/// The event stream a correct firmware gives for the demo (hand-written from the scenario and
/// docs/events.md), for the report and plot tests until the runtime produces the real one.
enum DemoEvents {
    static func at(_ seconds: Double, _ record: EventRecord) -> TimedEvent {
        TimedEvent(time: Instant(nanoseconds: Int64((seconds * 1e9).rounded())), record: record)
    }

    static let events: [TimedEvent] = {
        // The detector starts undecided: its first decision, `normal`, is the first event.
        var list: [TimedEvent] = [at(0.181, .orientation(.normal))]
        list.append(at(1.03, .state(from: "idle", to: "previewing")))
        var shot = 0
        func photo(_ t: Double, _ orientation: UprightOrientation) {
            shot += 1
            list.append(at(t, .state(from: "previewing", to: "capturing")))
            list.append(at(t, .capture(shot: shot, orientation: orientation, stale: false, file: "IMG_000\(shot).jpg")))
            list.append(at(t + 0.25, .state(from: "capturing", to: "previewing")))
        }
        // The press that wakes the camera also shoots.
        photo(1.13, .normal)
        list.append(at(4.7, .orientation(.leftUp)))
        photo(6.53, .leftUp)
        list.append(at(8.2, .orientation(.bottomUp)))
        photo(10.03, .bottomUp)
        list.append(at(11.7, .orientation(.rightUp)))
        photo(13.53, .rightUp)
        list.append(at(15.2, .orientation(.normal)))
        photo(19.03, .normal)
        photo(23.03, .normal)
        list.append(at(27.0, .state(from: "previewing", to: "recording")))
        list.append(at(27.0, .recordStart(clip: 1, orientation: .normal, stale: false, file: "VID_0001.mp4")))
        list.append(at(28.7, .orientation(.leftUp)))
        list.append(at(32.03, .recordStop(clip: 1, orientation: .normal, durationSeconds: 5.03, reason: "shutter", file: "VID_0001.mp4")))
        list.append(at(32.03, .state(from: "recording", to: "previewing")))
        list.append(at(35.0, .orientation(.lensDown)))
        photo(37.03, .leftUp)
        list.append(at(39.0, .orientation(.leftUp)))
        list.append(at(41.3, .fault(kind: "bus", detail: "no acknowledge")))
        list.append(at(41.32, .recovered(kind: "bus", detail: "reads resumed")))
        list.append(at(52.28, .state(from: "previewing", to: "idle")))
        return list
    }()
}
