import Testing
import UprightCore
import UprightHost
import UprightSim

@Suite struct ReportTests {
    @Test func timelineLines() {
        let lines = TimelineFormatter.lines(
            Array(DemoEvents.events.prefix(4)) + [
                DemoEvents.at(27.0, .recordStart(clip: 1, orientation: .normal, stale: true, file: nil)),
                DemoEvents.at(32.0305, .recordStop(clip: 1, orientation: .normal, durationSeconds: 5.0305, reason: "shutter", file: "VID_0001.mp4")),
                DemoEvents.at(41.3, .fault(kind: "bus", detail: "no acknowledge")),
                DemoEvents.at(50, .capture(shot: 9, orientation: nil, stale: false, file: "IMG_0009.jpg")),
                DemoEvents.at(51, .recordStart(clip: 2, orientation: nil, stale: false, file: nil)),
                DemoEvents.at(123.4567, .shutterRejected(reason: "queue full")),
            ])
        #expect(
            lines == [
                "     t (s)  event             detail",
                "     0.181  orientation       normal",
                "     1.030  state             idle -> previewing",
                "     1.130  state             previewing -> capturing",
                "     1.130  capture           #1 normal (EXIF 1) IMG_0001.jpg",
                "    27.000  record-start      clip 1 normal (rotation 0) stale",
                "    32.031  record-stop       clip 1 normal 5.031 s shutter VID_0001.mp4",
                "    41.300  fault             bus: no acknowledge",
                "    50.000  capture           #9 unknown (no EXIF Orientation) IMG_0009.jpg",
                "    51.000  record-start      clip 2 unknown (no rotation)",
                "   123.457  shutter-rejected  queue full",
            ])
    }

    @Test func summaryTable() {
        let lines = RunSummary.lines(DemoEvents.events)
        #expect(
            lines.prefix(4) == [
                "captures (7 taken, 0 failed)",
                "  #   t (s)  orientation  EXIF  stale  lag (ms)  file",
                "  1   1.130  normal          1  no            -  IMG_0001.jpg",
                "  2   6.530  left-up         6  no            -  IMG_0002.jpg",
            ])
        #expect(lines.contains("clips (1)"))
        #expect(lines.contains("  #  start (s)  stop (s)  length (s)  orientation  rotation  end      file"))
        #expect(lines.contains("  1     27.000    32.030       5.030  normal              0  shutter  VID_0001.mp4"))
        #expect(lines.contains("faults (1)"))
        #expect(lines.contains("  41.300  fault      bus   no acknowledge"))
        #expect(lines.last == "8 orientation changes, 0 shutter presses rejected")
    }

    /// A camera that says when it exposed gives each photo's lag, the wait for the camera
    /// in brackets, and the percentiles (nearest rank) under the table.
    @Test func summaryListsShutterLag() {
        let lines = RunSummary.lines([
            DemoEvents.at(2.756, .capture(shot: 1, orientation: .leftUp, stale: false, file: "IMG_0001.jpg", lagSeconds: 1.456, waitSeconds: 0.9)),
            DemoEvents.at(5.0, .capture(shot: 2, orientation: .normal, stale: false, file: "IMG_0002.jpg", lagSeconds: 0.112)),
        ])
        #expect(
            lines.prefix(5) == [
                "captures (2 taken, 0 failed)",
                "  #  t (s)  orientation  EXIF  stale           lag (ms)  file",
                "  1  2.756  left-up         6  no     1456 (waited 900)  IMG_0001.jpg",
                "  2  5.000  normal          1  no                   112  IMG_0002.jpg",
                "shutter lag (press edge to exposure): p50 112 ms, p99 1456 ms over 2 photos",
            ])
    }

    @Test func emptyRunSummary() {
        #expect(
            RunSummary.lines([]) == [
                "captures (0 taken, 0 failed)", "  none", "clips (0)", "  none", "faults (0)", "  none",
                "0 orientation changes, 0 shutter presses rejected",
            ])
    }

    @Test func progressBarDrawsOnlyWhenEnabledAndOnlyOnChange() {
        final class Sink: @unchecked Sendable { var writes: [String] = [] }
        let sink = Sink()
        var bar = ProgressBar(totalSeconds: 60, enabled: true) { sink.writes.append($0) }
        bar.update(doneSeconds: 30)
        bar.update(doneSeconds: 30.01) // same tenth of a percent: no redraw
        bar.update(doneSeconds: 60)
        bar.finish()
        #expect(
            sink.writes == [
                "\r[###############---------------]  50%  30.0/60.0 s\u{1B}[K",
                "\r[##############################] 100%  60.0/60.0 s\u{1B}[K",
                "\r\u{1B}[K",
            ])
        let quiet = Sink()
        var piped = ProgressBar(totalSeconds: 60, enabled: false) { quiet.writes.append($0) }
        piped.update(doneSeconds: 10)
        piped.finish()
        #expect(quiet.writes.isEmpty)
        #expect(ProgressBar.line(doneSeconds: 0.6, totalSeconds: 60) == "[------------------------------]   1%  0.6/60.0 s")
    }
}

@Suite struct RunReportTests {
    @Test func seedFirstThenTimelineSummaryAndExpectations() throws {
        let events = Array(DemoEvents.events.prefix(2))
        let results = [
            ExpectationResult(expected: "captures = 1", actual: "0", passed: false),
            ExpectationResult(expected: "clips = 0", actual: "0", passed: true),
        ]
        let lines = RunReport.lines(scenarioName: "<demo>", seed: 7, events: events, expectations: results)
        #expect(
            Array(lines.prefix(6)) == [
                "seed 7 (rerun with --seed 7)", "scenario <demo>", "",
                "     t (s)  event             detail",
                "     0.181  orientation       normal",
                "     1.030  state             idle -> previewing",
            ])
        #expect(Array(lines.suffix(3)) == ["expectations: 1 of 2 not met", "  FAIL  captures = 1 (got 0)", "  ok    clips = 0"])
        #expect(!RunReport.allMet(results))
        #expect(RunReport.allMet([results[1]]))
    }
}

@Suite struct RealtimePacerTests {
    /// A fake wall clock that only moves when the pacer sleeps.
    final class FakeWall: @unchecked Sendable {
        var now = Instant(nanoseconds: 5_000_000_000)
        var sleeps: [TimeSpan] = []
    }

    @Test func sleepsUntilTheWallCatchesUpInBoundedSteps() {
        let wall = FakeWall()
        let pacer = RealtimePacer(
            virtualStart: .zero, wallNow: { wall.now },
            sleep: { span in
                wall.sleeps.append(span)
                wall.now = wall.now + span
            })
        pacer.wait(until: Instant(nanoseconds: 600_000_000))
        #expect(wall.sleeps == [.milliseconds(250), .milliseconds(250), .milliseconds(100)])
        #expect(wall.now == Instant(nanoseconds: 5_600_000_000))
        // Behind the wall clock: no sleep.
        wall.sleeps = []
        pacer.wait(until: Instant(nanoseconds: 100_000_000))
        #expect(wall.sleeps.isEmpty)
    }
}
