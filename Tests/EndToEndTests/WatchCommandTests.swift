import Foundation
import Glibc
import Testing
import UprightTestSupport

/// `upright watch --sim` in a real terminal (tmux: a detached session, capture-pane, send-keys)
/// and piped (plain lines).
@Suite(.serialized) struct WatchCommandTests {
    /// Upright, turned left-up at 1 s, a press at 2.5 s, then nothing for a minute.
    static let scenario = """
        { "duration": 60, "motion": [ { "t": 0, "angle": 0 }, { "t": 1, "angle": 0 }, { "t": 1.5, "angle": 90, "easing": "ease-in-out" } ],
          "sensor": { "noise": 0.004 },
          "button": { "actions": [ { "t": 2.5, "action": "hold", "duration": 0.1 } ] } }
        """

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-watch-e2e-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(scenario.utf8).write(to: directory.appendingPathComponent("s.json"))
        return directory
    }

    /// A tmux server of its own (its socket named for this test run).
    struct Tmux {
        let socket = "upright-watch-" + UUID().uuidString.prefix(8)

        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            String(decoding: try ExternalTool.run("tmux", ["-L", socket] + arguments), as: UTF8.self)
        }

        /// A detached session running `command`, started with posix_spawn and its standard
        /// streams on /dev/null: the server the client forks inherits the starter's
        /// descriptors, and Foundation's Process waits for all of them to close.
        func start(_ command: String) throws {
            let arguments = [try ExternalTool.path("tmux"), "-L", socket, "new-session", "-d", "-s", "watch", "-x", "120", "-y", "30", command]
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            var pid: pid_t = 0
            #expect(posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            #expect(status == 0)
        }

        func pane() throws -> String { try run(["capture-pane", "-p", "-t", "watch"]) }

        /// Polls the pane (every 0.2 s, at most `seconds`) until `condition` holds; the last capture.
        func wait(seconds: Double, until condition: (String) -> Bool) throws -> String {
            var text = try pane()
            var waited = 0.0
            while !condition(text) && waited < seconds {
                Thread.sleep(forTimeInterval: 0.2)
                waited += 0.2
                text = try pane()
            }
            return text
        }

        func kill() { _ = try? run(["kill-server"]) }
    }

    @Test func liveViewInATerminalStopsOnQ() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tmux = Tmux()
        defer { tmux.kill() }
        let command = "cd '\(directory.path)' && '\(UprightBinary.url.path)' watch --sim s.json; echo EXIT=$?; sleep 60"
        try tmux.start(command)
        let live = try tmux.wait(seconds: 20) { $0.contains("photo 1 would be left-up") }
        let lines = live.components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix("upright watch --sim s.json (seed 1): Simulated board") == true, "\(live)")
        #expect(lines.contains { $0.hasPrefix("gravity   x -") && $0.contains("|g| 1.0") }, "\(live)")
        #expect(
            lines.contains { $0.contains("in-plane angle +90.0 degrees (clockwise +)") || $0.contains("in-plane angle +89.9 degrees") }, "\(live)")
        #expect(lines.contains("detected  left-up   a press now latches left-up (EXIF 6)"), "\(live)")
        #expect(lines.contains("state     previewing"), "\(live)")
        #expect(lines.contains("recent    photo 1 would be left-up (EXIF 6) at 2.63 s"), "\(live)")
        #expect(lines.contains { $0.hasPrefix("sensor    1000 samples/s, ") && $0.hasSuffix(" 0 failed; bus 0 failed transfers") }, "\(live)")
        // Redrawn in place: the title is on the first line only, however long it ran.
        #expect(lines.filter { $0.hasPrefix("upright watch") }.count == 1)
        let before = live
        let moved = try tmux.wait(seconds: 5) { $0 != before }
        #expect(moved != before, "the time did not advance")
        try tmux.run(["send-keys", "-t", "watch", "q"])
        let after = try tmux.wait(seconds: 10) { $0.contains("EXIT=") }
        #expect(after.contains("EXIT=0"), "\(after)")
    }

    @Test func ctrlCStopsItToo() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start("cd '\(directory.path)' && '\(UprightBinary.url.path)' watch --sim s.json; echo EXIT=$?; sleep 60")
        _ = try tmux.wait(seconds: 20) { $0.contains("state     ") }
        try tmux.run(["send-keys", "-t", "watch", "C-c"])
        #expect(try tmux.wait(seconds: 10) { $0.contains("EXIT=") }.contains("EXIT=0"))
    }

    /// Piped: plain lines, one per change or per second of device time (60 s: about 60 lines).
    @Test func plainLinesWhenPiped() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try UprightBinary.run(["watch", "--sim", "s.json", "--fast"], directory: directory)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(!result.out.contains("\u{1B}"))
        #expect((58...70).contains(lines.count), "\(lines.count) lines")
        // Before the detector's first decision: no default, a press would wait for it.
        #expect(lines.first == "t=0.00 detected=deciding latch=waiting state=idle failed=0 bus-errors=0 light=off")
        #expect(
            lines.contains {
                $0.contains("detected=left-up latch=left-up state=previewing") && $0.contains(#"last="photo 1 would be left-up (EXIF 6) at 2.63 s""#)
            })
        #expect(lines.last?.hasPrefix("t=60.00 g=-1.0") == true, "\(lines.last ?? "")")
    }
}
