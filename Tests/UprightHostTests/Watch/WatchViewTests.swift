import Testing
import UprightCore
import UprightHost

@Suite struct WatchViewTests {
    static let snapshot = WatchSnapshot(
        seconds: 12.34, gravityG: Vector3(x: -0.5, y: 0.5, z: -0.70710677), orientation: .leftUp, latch: .leftUp, stale: false,
        state: .previewing, recent: ["photo 2 would be left-up (EXIF 6) at 11.20 s", "photo 1 would be normal (EXIF 1) at 3.00 s"],
        samplesPerSecond: 999.6, reads: 617, failedReads: 2, busErrors: 3, light: false)

    /// Gravity (-0.5, 0.5, -0.707): 45 degrees up out of the image plane (lens up), and turned
    /// 45 degrees clockwise in it.
    @Test func terminalLines() {
        #expect(
            WatchView.lines(Self.snapshot, title: "upright watch: test") == [
                "upright watch: test   t 12.3 s",
                "gravity   x -0.500  y +0.500  z -0.707 g   |g| 1.000 g",
                "tilt      +45.0 degrees (lens up +)   in-plane angle +45.0 degrees (clockwise +)",
                "detected  left-up   a press now latches left-up (EXIF 6)",
                "state     previewing",
                "recent    photo 2 would be left-up (EXIF 6) at 11.20 s",
                "          photo 1 would be normal (EXIF 1) at 3.00 s",
                "sensor    1000 samples/s, 617 reads, 2 failed; bus 3 failed transfers",
                "light     off",
                "q or Ctrl-C to stop",
            ])
    }

    @Test func aStaleLatchAndNoSamplesYet() {
        var snapshot = WatchSnapshot(seconds: 0, gravityG: nil, orientation: .normal, latch: .bottomUp, stale: true, state: .idle)
        let lines = WatchView.lines(snapshot, title: "t")
        #expect(lines[1] == "gravity   (no samples yet)")
        #expect(lines[2] == "tilt      - degrees (lens up +)   in-plane angle - degrees (clockwise +)")
        #expect(lines[3] == "detected  normal   a press now latches bottom-up (EXIF 3), stale: the sensor is at fault")
        #expect(lines[6] == "sensor    measuring the sample rate")
        snapshot.recent = []
        #expect(WatchView.plainLine(snapshot) == "t=0.00 detected=normal latch=bottom-up(stale) state=idle")
    }

    /// No default: before the detector's first decision a press waits for it; flat since
    /// power-on (a decision, but no upright one), a press latches unknown.
    @Test func beforeTheFirstDecisionAndFlatFromTheStart() {
        var snapshot = WatchSnapshot(seconds: 0, gravityG: nil, orientation: nil, latch: nil, stale: false, state: .idle)
        #expect(WatchView.lines(snapshot, title: "t")[3] == "detected  (deciding)   a press now waits for the first decision")
        #expect(WatchView.plainLine(snapshot) == "t=0.00 detected=deciding latch=waiting state=idle")
        snapshot.orientation = .lensUp
        #expect(WatchView.lines(snapshot, title: "t")[3] == "detected  lens-up   a press now latches unknown (no EXIF Orientation)")
        #expect(WatchView.plainLine(snapshot) == "t=0.00 detected=lens-up latch=unknown state=idle")
    }

    /// With a gyro whose offset has been learnt, a line says the gravity is fused and the offset.
    @Test func aLearntGyroOffset() {
        var snapshot = Self.snapshot
        snapshot.gyroOffsetDPS = Vector3(x: 3.25, y: -0.5, z: 18)
        let lines = WatchView.lines(snapshot, title: "t")
        #expect(lines[1] == "gravity   x -0.500  y +0.500  z -0.707 g   |g| 1.000 g")
        #expect(lines[2] == "gyro      fused; zero-rate offset x +3.25  y -0.50  z +18.00 dps, learnt at rest")
        #expect(lines[3].hasPrefix("tilt "))
        #expect(WatchView.plainLine(snapshot).hasPrefix("t=12.34 g=-0.500,+0.500,-0.707 gyro-offset=+3.25,-0.50,+18.00 tilt=+45.0 "))
        #expect(!WatchView.lines(Self.snapshot, title: "t").contains { $0.hasPrefix("gyro") })
    }

    /// On a terminal every frame redraws in place; plain, a line only on a change or after a second.
    @Test func framesRedrawOrPrintOnChange() {
        var terminal = WatchView(title: "t", terminal: true)
        let frame = terminal.frame(Self.snapshot) ?? ""
        #expect(frame.hasPrefix("\u{1B}[H" + "t   t 12.3 s\u{1B}[K\n"))
        #expect(frame.hasSuffix("q or Ctrl-C to stop\u{1B}[K\n\u{1B}[J"))
        #expect(terminal.frame(Self.snapshot) == frame)

        var plain = WatchView(title: "t", terminal: false)
        #expect(
            plain.frame(Self.snapshot)
                == #"t=12.34 g=-0.500,+0.500,-0.707 tilt=+45.0 angle=+45.0 detected=left-up latch=left-up state=previewing rate=1000 failed=2 bus-errors=3 light=off last="photo 2 would be left-up (EXIF 6) at 11.20 s""#
                + "\n")
        var later = Self.snapshot
        later.seconds = 13
        #expect(plain.frame(later) == nil)
        later.state = .capturing
        #expect(plain.frame(later) != nil)
        later.seconds = 14.1
        #expect(plain.frame(later) != nil)
    }

    /// A photo or clip latched `unknown` is said so, with no EXIF value or rotation claimed;
    /// before the detector's first decision the snapshot has no pose and no latch.
    @Test func modelSaysUnknownLatches() {
        let model = WatchModel(start: .zero)
        model.observe(.capture(shot: 1, orientation: nil, stale: false), at: Instant(nanoseconds: 1_000_000_000))
        model.observe(.recordStart(clip: 1, orientation: nil, stale: false), at: Instant(nanoseconds: 2_000_000_000))
        #expect(model.recent == ["clip 1 would start unknown (no rotation) at 2.00 s", "photo 1 would be unknown (no EXIF Orientation) at 1.00 s"])
        let snapshot = model.snapshot(
            now: .zero, detector: OrientationDetector(), state: MachineState(), samplesHandled: 0, sampler: nil, busErrors: nil, light: nil)
        #expect(snapshot.orientation == nil && snapshot.latch == nil)
    }

    @Test func modelKeepsTheNewestRecordsAndMeasuresTheRate() {
        let model = WatchModel(start: .zero)
        for shot in 1...5 {
            model.observe(
                .capture(shot: UInt32(shot), orientation: .rightUp, stale: shot == 5), at: Instant(nanoseconds: Int64(shot) * 1_000_000_000))
        }
        model.observe(.orientation(.lensUp), at: Instant(nanoseconds: 6_000_000_000))
        model.observe(.shutterRejected(.busy), at: Instant(nanoseconds: 7_000_000_000))
        #expect(
            model.recent == [
                "press rejected: busy capturing at 7.00 s", "photo 5 would be right-up (EXIF 8), stale at 5.00 s",
                "photo 4 would be right-up (EXIF 8) at 4.00 s", "photo 3 would be right-up (EXIF 8) at 3.00 s",
            ])
        let detector = OrientationDetector()
        let first = model.snapshot(now: .zero, detector: detector, state: MachineState(), samplesHandled: 0, sampler: nil, busErrors: nil, light: nil)
        #expect(first.samplesPerSecond == nil && first.gravityG == nil)
        let second = model.snapshot(
            now: Instant(nanoseconds: 2_000_000_000), detector: detector, state: MachineState(), samplesHandled: 400, sampler: nil, busErrors: nil,
            light: nil)
        #expect(second.samplesPerSecond == 200)
        #expect(second.gyroOffsetDPS == nil)
        // 10 s at rest, upright, with a gyro reading 5 dps about x: the offset is learnt
        // (2 s time constant: 99.3% of it) and shown.
        var learning = OrientationDetector()
        for index in 0..<1000 {
            _ = learning.update(
                Sample(
                    time: Instant(nanoseconds: Int64(index) * 10_000_000), accelerationG: Vector3(x: 0, y: 1, z: 0),
                    angularRateDPS: Vector3(x: 5, y: 0, z: 0)))
        }
        let learnt = model.snapshot(
            now: Instant(nanoseconds: 10_000_000_000), detector: learning, state: MachineState(), samplesHandled: 1000, sampler: nil,
            busErrors: nil, light: nil)
        #expect(learnt.gyroOffsetDPS == learning.gyroOffsetDPS)
        #expect(abs((learnt.gyroOffsetDPS?.x ?? 0) - 5) < 0.1 && learnt.gyroOffsetDPS?.y == 0)
    }
}
