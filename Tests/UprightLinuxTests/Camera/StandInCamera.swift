import Glibc
import UprightCore
import UprightHost
import UprightLinux
import UprightTestSupport

/// Tests/CameraStandIn's rpicam-still and rpicam-vid as a board's camera programs, with a
/// scratch directory of their own: the output directory, the stand-in's camera lock, its
/// violations file (a second owner it refused) and its event log. The templates run the
/// stand-in through `/usr/bin/env` with those paths, so tests never share a lock.
struct StandInCamera {
    static let programs: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/CameraStandIn"
    }()

    /// The still server's flags as the shipped boards pass them (`-o {file}` last).
    static let serverFlags = ["-t", "0", "--signal", "--nopreview", "-o", "{file}"]
    static let oneShotFlags = ["--immediate", "--nopreview", "-o", "{file}"]
    static let videoFlags = ["-t", "0", "--nopreview", "-o", "{file}"]

    let scratch = TemporaryDirectory()
    var output: String { scratch.path + "/out" }
    var lock: String { scratch.path + "/camera.lock" }

    /// The stand-in's environment: opening the camera takes 100 ms (a signal before it ends
    /// the program, as it ends rpicam), frames every 10 ms, each photo written in two halves
    /// 10 ms apart; `extra` adds or overrides (`CAMERA_STAND_IN_FAULT`, ...).
    var environment: [String: String]

    init(output name: String = "out", environment extra: [String: String] = [:]) {
        environment = ["CAMERA_STAND_IN_OPEN_MS": "100", "CAMERA_STAND_IN_FRAME_MS": "10", "CAMERA_STAND_IN_WRITE_MS": "10"]
        environment["CAMERA_STAND_IN_LOCK"] = scratch.path + "/camera.lock"
        environment["CAMERA_STAND_IN_LOG"] = scratch.path + "/events.log"
        environment.merge(extra) { $1 }
        mkdir(scratch.path + "/" + name, 0o755)
    }

    func remove() { scratch.remove() }

    /// `/usr/bin/env NAME=VALUE... <stand-in>/<program> flags...`.
    func template(_ program: String, _ flags: [String]) throws -> ArgvTemplate {
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try ArgvTemplate(arguments: ["/usr/bin/env"] + assignments + [Self.programs + "/" + program] + flags)
    }

    /// The Pi's camera over the stand-ins, signalled 1 s after a program starts: the stand-in
    /// opens in 100 ms, and a shell's start on a loaded machine (the sanitizers, other builds)
    /// has been seen to take several hundred more.
    func camera(
        mode: CameraMode = .server, stillFlags: [String]? = nil, output directory: String? = nil,
        settings: CameraSessionSettings? = nil
    ) throws -> PiCamera {
        let directory = directory ?? output
        let still = try template("rpicam-still", stillFlags ?? (mode == .server ? Self.serverFlags : Self.oneShotFlags))
        let video = try template("rpicam-vid", Self.videoFlags)
        return PiCamera(
            processes: RpicamProcesses(still: still, video: video, outputDirectory: directory),
            settings: settings ?? CameraSessionSettings(mode: mode, readyDelay: .milliseconds(1000)),
            files: CameraFiles(outputDirectory: directory, naming: MediaNaming(clipExtension: PiCamera.clipExtension)))
    }

    /// What the stand-in refused: one line per second owner it turned away.
    var violations: [String] { Self.lines(lock + ".violations") }
    /// The stand-in's event log: "<pid> <still|vid> start ...", "ready", "wrote ...", "exit 0".
    var log: [String] { Self.lines(scratch.path + "/events.log") }

    func names(in directory: String? = nil) -> [String] {
        guard let handle = opendir(directory ?? output) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func lines(_ path: String) -> [String] {
        guard let bytes = try? POSIXFile.readAll(path, limit: 1 << 20) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

extension CameraSession where Processes == RpicamProcesses {
    /// The event loop's side of the contract, in real time: poll the descriptors until the
    /// next deadline (20 ms at most), then collect completions; until `done` holds for what
    /// has come, at most `seconds`. Returns the completions in order.
    mutating func run(
        for seconds: Int64 = 20, untilIdle: Bool = false, until done: ([CameraCompletion]) -> Bool = { _ in false }
    ) -> [CameraCompletion] {
        var seen: [CameraCompletion] = []
        let end = monotonicNow() + .seconds(seconds)
        while monotonicNow() < end {
            let now = monotonicNow()
            while let report = nextCompletion(through: now, now: now) { seen.append(report.completion) }
            if done(seen) || (untilIdle && !isBusy) { return seen }
            var timeout = TimeSpan.milliseconds(20)
            if let deadline = nextDeadline { timeout = min(timeout, max(.zero, deadline - monotonicNow())) }
            var fds = pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), Int32(timeout.nanoseconds / 1_000_000) + 1)
        }
        return seen
    }

    /// Runs until nothing is left running or waiting.
    mutating func runUntilIdle(for seconds: Int64 = 20) -> [CameraCompletion] {
        run(for: seconds, untilIdle: true)
    }
}
