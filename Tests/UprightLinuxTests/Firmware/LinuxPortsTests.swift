import Glibc
import Testing
import UprightCore
import UprightHost
import UprightLinux

@Suite(.serialized) struct LinuxPortsTests {
    /// A deadline source (the light's next change) wakes the wait though the engine has none;
    /// a watched input calls back from the wait.
    @Test func extraDeadlinesAndInputWakeTheWait() throws {
        let edges = try LinuxPorts(shutter: nil, clock: { monotonicNow() })
        edges.maximumWait = .seconds(10)
        let start = monotonicNow()
        let due = start + .milliseconds(30)
        edges.deadlineSources.append { due }
        edges.wait(until: nil)
        let woke = monotonicNow()
        #expect(woke >= due)
        #expect(woke - start < .seconds(5))

        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        var called = 0
        try edges.watchInput(fd: fds[0]) { called += 1 }
        edges.deadlineSources = []
        var byte = UInt8(ascii: "q")
        #expect(write(fds[1], &byte, 1) == 1)
        edges.wait(until: nil)
        #expect(called == 1)
    }

    /// The light driver over the records: a photo's blink set on at the capture and off when
    /// updated at its end.
    @Test func lightDriverSetsTheLevelOnChanges() {
        var set: [(Bool, Int64)] = []
        let driver = RecordingLightDriver { on, time in set.append((on, time.nanoseconds / 1_000_000)) }
        driver.observe(.capture(shot: 1, orientation: .normal, stale: false), at: Instant(nanoseconds: 1_000_000_000))
        driver.update(at: Instant(nanoseconds: 1_100_000_000))
        #expect(driver.nextChange(after: Instant(nanoseconds: 1_100_000_000)) == Instant(nanoseconds: 1_150_000_000))
        driver.update(at: Instant(nanoseconds: 1_150_000_000))
        #expect(set.map { "\($0.0) \($0.1)" } == ["true 1000", "false 1150"])
        #expect(driver.changes == 2)
    }
}
