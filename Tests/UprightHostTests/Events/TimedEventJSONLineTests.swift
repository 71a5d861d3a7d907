import Testing
import UprightCore
import UprightHost

struct TimedEventJSONLineTests {
    /// One line of every kind the firmware writes, as docs/events.md shows them.
    static let lines = [
        #"{"t":1.250000,"event":"orientation","orientation":"lens-down"}"#,
        #"{"t":1.250000,"event":"state","from":"idle","to":"previewing"}"#,
        #"{"t":2.000001,"event":"capture","orientation":"left-up","exif":6,"shot":1}"#,
        #"{"t":2.5,"event":"capture","orientation":"bottom-up","exif":3,"shot":12,"stale":true,"file":"IMG_0012.jpg","lag":0.588,"wait":1.25}"#,
        #"{"t":3.000000,"event":"capture-failed","shot":2,"reason":"camera"}"#,
        #"{"t":4.000000,"event":"record-start","orientation":"right-up","exif":8,"rotation":270,"clip":1,"file":"CLIP_0001.mp4"}"#,
        #"{"t":4.000000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":2,"stale":true}"#,
        #"{"t":9.100000,"event":"record-stop","orientation":"right-up","clip":1,"duration":5.1,"reason":"shutter","file":"CLIP_0001.mp4"}"#,
        #"{"t":9.200000,"event":"record-failed","clip":3,"reason":"interrupted"}"#,
        #"{"t":9.300000,"event":"shutter-rejected","reason":"busy"}"#,
        #"{"t":9.400000,"event":"fault","kind":"sensor","detail":"no sample for 0.5 s"}"#,
        #"{"t":9.500000,"event":"recovered","kind":"sensor","detail":"samples again"}"#,
        #"{"t":9.600000,"event":"file-recovered","shot":4,"orientation":"left-up","exif":6,"file":"IMG_0004.jpg"}"#,
        #"{"t":9.600000,"event":"file-recovered","clip":5,"orientation":"right-up","rotation":270,"file":"CLIP_0005.mov"}"#,
        #"{"t":9.600000,"event":"file-recovered","shot":6,"file":"IMG_0006.jpg"}"#,
        #"{"t":9.700000,"event":"file-missing","clip":7,"file":"CLIP_0007.mp4"}"#,
        // A latch `unknown` (no upright orientation decided when it was ordered): no `exif`,
        // no `rotation` (docs/events.md).
        #"{"t":9.800000,"event":"capture","orientation":"unknown","shot":8,"file":"IMG_0008.jpg"}"#,
        #"{"t":9.800000,"event":"record-start","orientation":"unknown","clip":9,"stale":true}"#,
        #"{"t":9.900000,"event":"record-stop","orientation":"unknown","clip":9,"duration":0.1,"reason":"shutter"}"#,
        // A clip named without its rotation, and the rotation written at the next start.
        #"{"t":9.950000,"event":"fault","kind":"rotation","detail":"CLIP_0009.mp4: cannot write in place: Input/output error","clip":9,"file":"CLIP_0009.mp4","rotation":0}"#,
        #"{"t":0.000000,"event":"recovered","kind":"rotation","detail":"CLIP_0009.mp4: rotation 0 written","clip":9,"file":"CLIP_0009.mp4","rotation":0}"#,
    ]

    @Test func everyKindReadsBackToTheRecordAndTheSameLine() throws {
        let expected: [EventRecord] = [
            .orientation(.lensDown),
            .state(from: "idle", to: "previewing"),
            .capture(shot: 1, orientation: .leftUp, stale: false, file: nil),
            .capture(shot: 12, orientation: .bottomUp, stale: true, file: "IMG_0012.jpg", lagSeconds: 0.588, waitSeconds: 1.25),
            .captureFailed(shot: 2, reason: "camera"),
            .recordStart(clip: 1, orientation: .rightUp, stale: false, file: "CLIP_0001.mp4"),
            .recordStart(clip: 2, orientation: .normal, stale: true, file: nil),
            .recordStop(clip: 1, orientation: .rightUp, durationSeconds: 5.1, reason: "shutter", file: "CLIP_0001.mp4"),
            .recordFailed(clip: 3, reason: "interrupted"),
            .shutterRejected(reason: "busy"),
            .fault(kind: "sensor", detail: "no sample for 0.5 s"),
            .recovered(kind: "sensor", detail: "samples again"),
            .fileRecovered(.shot(4), orientation: .leftUp, file: "IMG_0004.jpg"),
            .fileRecovered(.clip(5), orientation: .rightUp, file: "CLIP_0005.mov"),
            .fileRecovered(.shot(6), orientation: nil, file: "IMG_0006.jpg"),
            .fileMissing(.clip(7), file: "CLIP_0007.mp4"),
            .capture(shot: 8, orientation: nil, stale: false, file: "IMG_0008.jpg"),
            .recordStart(clip: 9, orientation: nil, stale: true, file: nil),
            .recordStop(clip: 9, orientation: nil, durationSeconds: 0.1, reason: "shutter", file: nil),
            .rotationOwed(clip: 9, file: "CLIP_0009.mp4", rotationDegrees: 0, detail: "CLIP_0009.mp4: cannot write in place: Input/output error"),
            .rotationWritten(clip: 9, file: "CLIP_0009.mp4", rotationDegrees: 0),
        ]
        #expect(Self.lines.count == expected.count)
        for (line, record) in zip(Self.lines, expected) {
            let event = try TimedEvent(jsonLine: line)
            #expect(event.record == record, "\(line)")
            // Six decimals always: `2.5` is written back as `2.500000`, everything else as read.
            #expect(event.jsonLine() == line.replacing(#""t":2.5,"#, with: #""t":2.500000,"#))
        }
        #expect(try TimedEvent(jsonLine: Self.lines[2]).time == Instant(nanoseconds: 2_000_001_000))
        // An instant between microseconds is written, and so read, at the nearest.
        let between = TimedEvent(time: Instant(nanoseconds: 86_399_999_999_600), record: .shutterRejected(reason: "busy"))
        #expect(try TimedEvent(jsonLine: between.jsonLine()).time == Instant(nanoseconds: 86_400_000_000_000))
    }

    @Test func aBoundReadsBackFromItsDerivedDetail() throws {
        let event = TimedEvent(time: Instant(nanoseconds: 7_000_000_000), record: .bound(bound: "shutter-edges", lost: 3))
        let line = event.jsonLine()
        #expect(line.hasPrefix(#"{"t":7.000000,"event":"fault","kind":"bound","detail":"#))
        #expect(line.hasSuffix(#","bound":"shutter-edges","lost":3}"#))
        #expect(try TimedEvent(jsonLine: line) == event)
        let wrongDetail = line.replacing(#""bound":"shutter-edges""#, with: #""bound":"sample-ring""#)
        #expect(throws: ConfigError(path: "detail", message: "does not say what bound sample-ring with 3 lost says")) {
            try TimedEvent(jsonLine: wrongDetail)
        }
    }

    /// A rotation's `fault` names the clip, its file and a rotation a matrix can have; its
    /// `recovered` says what its keys say.
    @Test func aRotationRecordNamesItsClipFileAndRotation() {
        let written = #"{"t":1.0,"event":"recovered","kind":"rotation","detail":"CLIP_0002.mp4: rotation 90 written","clip":2,"file":"CLIP_0002.mp4""#
        let cases: [(String, ConfigError)] = [
            (written + #","rotation":45}"#, ConfigError(path: "rotation", message: "45 is not 0, 90, 180 or 270")),
            (written + #","rotation":180}"#, ConfigError(path: "detail", message: "does not say what file CLIP_0002.mp4 with rotation 180 says")),
            (written + "}", ConfigError(path: "rotation", message: "missing (required)")),
            (
                #"{"t":1.0,"event":"fault","kind":"rotation","detail":"x","file":"CLIP_0002.mp4","rotation":90}"#,
                ConfigError(path: "clip", message: "missing (required)")
            ),
            (
                #"{"t":1.0,"event":"fault","kind":"rotation","detail":"x","clip":2,"rotation":90}"#,
                ConfigError(path: "file", message: "missing (required)")
            ),
        ]
        for (line, error) in cases {
            #expect(throws: error, "\(line)") { try TimedEvent(jsonLine: line) }
        }
    }

    @Test func everyRecordTheMachineWritesRoundTrips() throws {
        // Through the records port: each kind of MachineRecord as it reaches the journal.
        let naming = MediaNaming(clipExtension: "mp4")
        var log = EventLog(fileName: naming.fileName(for:))
        let records: [MachineRecord] = [
            .orientation(.lensUp), .state(from: .idle, to: .previewing),
            .capture(shot: 3, orientation: .leftUp, stale: false, lagMilliseconds: 588, waitMilliseconds: 1250),
            .captureFailed(shot: 4, reason: .timeout), .recordStart(clip: 1, orientation: .rightUp, stale: true),
            .recordStop(clip: 1, orientation: .rightUp, reason: .clipLimit, durationMilliseconds: 4321),
            .recordFailed(clip: 2, reason: .camera), .shutterRejected(.busy), .fault(.sensor), .recovered(.sensor), .fault(.storage),
            .bound(.shutterEdges, lost: 2),
            .capture(shot: 5, orientation: nil, stale: true), .recordStart(clip: 3, orientation: nil, stale: false),
            .recordStop(clip: 3, orientation: nil, reason: .shutter, durationMilliseconds: 20),
        ]
        // Times of whole microseconds: the line keeps six decimals.
        for (index, record) in records.enumerated() { log.record(record, at: Instant(nanoseconds: Int64(index) * 1_234_000)) }
        #expect(log.events.count == records.count)
        for event in log.events {
            #expect(try TimedEvent(jsonLine: event.jsonLine()) == event)
        }
    }

    @Test func aBrokenLineNamesItsKey() {
        let cases: [(String, ConfigError)] = [
            (#"{"t":1.0,"event":"capture","orientation":"left-up","exif":6}"#, ConfigError(path: "shot", message: "missing (required)")),
            (#"{"t":1.0,"event":"capture","orientation":"left-up","exif":1,"shot":1}"#, ConfigError(path: "exif", message: "1, where left-up is 6")),
            (
                #"{"t":1.0,"event":"capture","orientation":"sideways","exif":1,"shot":1}"#,
                ConfigError(path: "orientation", message: "unknown latch \"sideways\" (an upright orientation or unknown)")
            ),
            (
                #"{"t":1.0,"event":"capture","orientation":"lens-up","exif":1,"shot":1}"#,
                ConfigError(path: "orientation", message: "unknown latch \"lens-up\" (an upright orientation or unknown)")
            ),
            // An unknown latch claims no EXIF value and no rotation: a default would be a claim.
            (
                #"{"t":1.0,"event":"capture","orientation":"unknown","exif":1,"shot":1}"#,
                ConfigError(path: "exif", message: "present, where an unknown orientation has none")
            ),
            (
                #"{"t":1.0,"event":"record-start","orientation":"unknown","rotation":0,"clip":1}"#,
                ConfigError(path: "rotation", message: "present, where an unknown orientation has none")
            ),
            // A recovered file that says nothing of its orientation leaves the key out.
            (
                #"{"t":1.0,"event":"file-recovered","shot":1,"orientation":"unknown","file":"IMG_0001.jpg"}"#,
                ConfigError(path: "orientation", message: "unknown upright orientation \"unknown\"")
            ),
            (
                #"{"t":1.0,"event":"record-start","orientation":"left-up","exif":6,"rotation":0,"clip":1}"#,
                ConfigError(path: "rotation", message: "0, where left-up is 90")
            ),
            (
                #"{"t":1.0,"event":"capture","orientation":"normal","exif":1,"shot":0}"#,
                ConfigError(path: "shot", message: "0 is out of range (1..4294967295)")
            ),
            (
                #"{"t":1.0,"event":"capture","orientation":"normal","exif":1,"shot":1,"file":"../x.jpg"}"#,
                ConfigError(path: "file", message: "\"../x.jpg\" is not a plain file name in the output directory")
            ),
            (
                #"{"t":1.0,"event":"capture","orientation":"normal","exif":1,"shot":1,"stale":false}"#,
                ConfigError(path: "stale", message: "written only when true")
            ),
            (#"{"t":1.0,"event":"shutter-rejected","reason":"busy","extra":1}"#, ConfigError(path: "extra", message: "unknown key")),
            (#"{"t":1.0,"event":"photo"}"#, ConfigError(path: "event", message: "unknown record \"photo\"")),
            (#"{"event":"shutter-rejected","t":1.0,"reason":"busy"}"#, ConfigError(path: "", message: "a record begins with t, then event")),
            (#"{"t":-1.0,"event":"shutter-rejected","reason":"busy"}"#, ConfigError(path: "t", message: "-1 is out of range (0..1000000000)")),
            // Past Instant's 64 bits of nanoseconds (9.2e9 s): it trapped ("arithmetic overflow").
            (#"{"t":1e10,"event":"fault","kind":"sensor"}"#, ConfigError(path: "t", message: "10000000000 is out of range (0..1000000000)")),
            (#"{"t":1e9,"event":"shutter-rejected","reason":"busy","x":1}"#, ConfigError(path: "x", message: "unknown key")),
            (
                #"{"t":1.0,"event":"file-missing","file":"IMG_0001.jpg"}"#,
                ConfigError(path: "shot", message: "missing (a file-recovered or file-missing record has shot or clip)")
            ),
            (#"[1,2]"#, ConfigError(path: "", message: "expected an object, found an array")),
        ]
        for (line, error) in cases {
            #expect(throws: error, "\(line)") { try TimedEvent(jsonLine: line) }
        }
        // A torn line (a cut mid-write) is not JSON.
        #expect(throws: ConfigError.self) { try TimedEvent(jsonLine: #"{"t":1.0,"event":"capt"#) }
    }
}
