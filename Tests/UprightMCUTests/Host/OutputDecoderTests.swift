import Testing
@testable import UprightMCU

@Suite struct OutputDecoderTests {
    /// What the micro:bit printed for traces/photo-left-up.csv.
    static let photo = """
        upright-mcu 1 microbit trace
        o 100000000 1
        s 630000000 1 2
        c 0 1 1 0
        s 0 2 1
        s 270000000 1 0
        = samples 21
        = instructions 155625
        end ok 5

        """

    @Test func recordsBecomeTheContractLines() throws {
        let run = try OutputDecoder.decode(Self.photo)
        #expect(run.machine == "microbit" && run.kind == "trace")
        #expect(
            run.lines == [
                #"{"t":0.100000,"event":"orientation","orientation":"left-up"}"#,
                #"{"t":0.730000,"event":"state","from":"previewing","to":"capturing"}"#,
                #"{"t":0.730000,"event":"capture","orientation":"left-up","exif":6,"shot":1}"#,
                #"{"t":0.730000,"event":"state","from":"capturing","to":"previewing"}"#,
                #"{"t":1.000000,"event":"state","from":"previewing","to":"idle"}"#,
            ])
        #expect(run.figures == [.init(name: "samples", value: 21), .init(name: "instructions", value: 155_625)])
    }

    /// A clip's duration is the record-stop's own (the recorder's, as the runtime measured it).
    @Test func aClipsDurationComesFromItsRecord() throws {
        let run = try OutputDecoder.decode("upright-mcu 1 mps2-an386 trace\nr 1000000000 1 0 0\np 2500000000 1 0 0 2500\nend ok 2\n")
        #expect(
            run.lines == [
                #"{"t":1.000000,"event":"record-start","orientation":"normal","exif":1,"rotation":0,"clip":1}"#,
                #"{"t":3.500000,"event":"record-stop","orientation":"normal","clip":1,"duration":2.5,"reason":"shutter"}"#,
            ])
    }

    @Test func probeLinesBecomeDigestLines() throws {
        let run = try OutputDecoder.decode("upright-mcu 1 microbit float-probe\nP add 7\nP divide 4294967295\nend ok 2\n")
        #expect(run.lines == [#"{"probe":"add","digest":7}"#, #"{"probe":"divide","digest":4294967295}"#])
    }

    @Test(arguments: [
        ("", "no output (the chip did not start)"),
        ("qemu-system-arm: oops\n", "line 1: expected the header 'upright-mcu 1 MACHINE KIND', found 'qemu-system-arm: oops'"),
        ("upright-mcu 2 microbit trace\n", "line 1: output format 2, this decoder reads 1"),
        ("upright-mcu 1 microbit trace\no 1 1\n", "the output stops before its end line (the chip stopped or timed out)"),
        (
            "upright-mcu 1 microbit bus\nX bus: transfer 3 other bytes written than recorded\nend failed\n",
            "line 2: the chip reported: bus: transfer 3 other bytes written than recorded"
        ),
        ("upright-mcu 1 microbit trace\no 1 1\nend ok 2\n", "line 3: the end line counts other records than were read ('end ok 2')"),
        ("upright-mcu 1 microbit trace\no 1 9\nend ok 1\n", "line 2: unknown record 'o 1 9'"),
        ("upright-mcu 1 microbit trace\nhello world\n", "line 2: not a harness line: 'hello world'"),
        ("upright-mcu 1 microbit trace\n= samples\n", "line 2: malformed figure '= samples'"),
    ])
    func brokenOutputIsNamed(text: String, message: String) {
        #expect(throws: OutputDecoder.DecodeError.self) { _ = try OutputDecoder.decode(text) }
        do {
            _ = try OutputDecoder.decode(text)
        } catch {
            #expect(error.description == message)
        }
    }
}
