import Foundation
import Testing
import UprightTestSupport
import UprightCore
import UprightHost
@testable import UprightSim

/// Tests/CameraStandIn/camera-stand-in, the rpicam-still / rpicam-vid stand-in the camera
/// session's tests run, spawned as a process and driven with real signals, under the host's
/// /bin/sh and under busybox ash with only busybox's applets on PATH (the kernel test's guest).
@Suite(.serialized) struct CameraStandInTests {
    static let standInDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("CameraStandIn").path

    enum Shell: String, CaseIterable, CustomTestStringConvertible {
        case host, busybox
        var testDescription: String { rawValue }
    }

    /// One scratch directory: the lock, the violations file and the event log live in it.
    final class Rig {
        let directory: String
        let shell: Shell
        /// busybox's applets as the guest has them, and nothing else.
        let appletPath: String

        init(_ shell: Shell) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-stand-in-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            self.shell = shell
            appletPath = directory + "/bin"
            if shell == .busybox {
                let busybox = try ExternalTool.path("busybox")
                try FileManager.default.createDirectory(atPath: appletPath, withIntermediateDirectories: true)
                for applet in String(decoding: try ExternalTool.run("busybox", ["--list"]), as: UTF8.self).split(separator: "\n") {
                    try FileManager.default.createSymbolicLink(atPath: appletPath + "/" + applet, withDestinationPath: busybox)
                }
            }
        }

        /// Every process started, killed (if still there) and reaped at the end of the test.
        private var started: [pid_t] = []

        deinit {
            for pid in started {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                _ = waitpid(pid, &status, 0)
            }
            try? FileManager.default.removeItem(atPath: directory)
        }

        var lock: String { directory + "/camera.lock" }
        var violations: [String] { lines(directory + "/camera.lock.violations") }
        var log: [String] { lines(directory + "/events.log") }

        func lines(_ path: String) -> [String] {
            guard let text = try? TestFile.text(path) else { return [] }
            return text.split(separator: "\n").map(String.init)
        }

        /// Starts `program` (rpicam-still or rpicam-vid) with `arguments` and extra environment.
        func start(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> StandIn {
            let script = CameraStandInTests.standInDirectory + "/" + program
            let argv: [String]
            switch shell {
            case .host: argv = ["/bin/sh", script] + arguments
            case .busybox: argv = [try ExternalTool.path("busybox"), "sh", script] + arguments
            }
            var env = [
                "CAMERA_STAND_IN_LOCK": lock, "CAMERA_STAND_IN_LOG": directory + "/events.log",
                "PATH": shell == .busybox ? appletPath : "/usr/bin:/bin",
                "CAMERA_STAND_IN_FRAME_MS": "10", "CAMERA_STAND_IN_WRITE_MS": "10",
            ]
            env.merge(environment) { $1 }
            let errors = directory + "/stderr-\(UUID().uuidString)"
            let pid = try Self.spawn(argv, environment: env, standardError: errors)
            started.append(pid)
            return StandIn(pid: pid, errorsPath: errors, rig: self)
        }

        /// `rpicam-still -t 0 --signal -o <directory>/<pattern>`, the still server.
        func stillServer(_ pattern: String = "i%d.jpg", environment: [String: String] = [:]) throws -> StandIn {
            try start("rpicam-still", ["-t", "0", "--signal", "-o", directory + "/" + pattern], environment: environment)
        }

        /// posix_spawn with every signal at its default action and none blocked, as the firmware
        /// spawns its camera commands (POSIX_SPAWN_SETSIGDEF, POSIX_SPAWN_SETSIGMASK): Foundation's
        /// Process would pass on the test runner's blocked signals, and a shell never sees a
        /// signal it was started with blocked.
        static func spawn(_ argv: [String], environment: [String: String], standardError: String) throws -> pid_t {
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            var all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let arguments = argv.map { strdup($0) } + [nil]
            let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for pointer in arguments + variables { free(pointer) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, argv[0], &actions, &attributes, arguments, variables)
            guard status == 0 else { throw Timeout(description: "posix_spawn \(argv[0]): error \(status)") }
            return pid
        }
    }

    struct StandIn {
        let pid: pid_t
        let errorsPath: String
        let rig: Rig
        /// Set once reaped: the wait status.
        private let reaped = Reaped()

        final class Reaped { var status: Int32? }

        init(pid: pid_t, errorsPath: String, rig: Rig) {
            self.pid = pid
            self.errorsPath = errorsPath
            self.rig = rig
        }

        func signal(_ number: Int32) { kill(pid, number) }

        var isRunning: Bool {
            if reaped.status != nil { return false }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return true }
            reaped.status = status
            return false
        }

        /// Waits (up to 10 s) for the event log to hold a line of this process containing `text`.
        func waitFor(_ text: String, count: Int = 1) throws {
            try CameraStandInTests.eventually("\(text) x\(count) in the log \(rig.log)") {
                rig.log.filter { $0.hasPrefix("\(pid) ") && $0.contains(text) }.count >= count
            }
        }

        /// Waits (up to 10 s) for the exit: the exit status, or the signal that ended it.
        func exit() throws -> (status: Int32, bySignal: Bool) {
            try CameraStandInTests.eventually("pid \(pid) to exit") { !isRunning }
            let status = reaped.status!
            // wait(2): low 7 bits 0 = exited with status bits 8...15, else the signal number.
            return status & 0x7F == 0 ? ((status >> 8) & 0xFF, false) : (status & 0x7F, true)
        }

        func stderr() -> String {
            (try? TestFile.text(errorsPath)) ?? ""
        }

        /// Still running after `seconds`.
        func staysUp(for seconds: Double) -> Bool {
            usleep(UInt32(seconds * 1e6))
            return isRunning
        }
    }

    struct Timeout: Error, CustomStringConvertible { var description: String }

    static func eventually(_ what: String, seconds: Double = 10, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { throw Timeout(description: "timed out waiting for \(what)") }
            usleep(5_000)
        }
    }

    static func fixture() throws -> [UInt8] { try SafeFileWriter.read(path: standInDirectory + "/fixture.jpg") }

    // MARK: the still server

    @Test(arguments: Shell.allCases)
    func stillServerWritesOneCountedJPEGPerSIGUSR1(shell: Shell) throws {
        let rig = try Rig(shell)
        let pattern = rig.directory + "/img%04d.jpg"
        // As a maker's board passes them, unknown flags and values included.
        let still = try rig.start(
            "rpicam-still",
            [
                "-t", "0", "--signal", "--zsl", "-n", "--width", "640", "--height", "480",
                "--framestart", "7", "-o", pattern, "--exif", "IFD0.Orientation=6",
                "--shutter", "10000", "--no-such-flag",
            ])
        try still.waitFor("ready")
        #expect(FileManager.default.fileExists(atPath: rig.lock))
        still.signal(SIGUSR1)
        try still.waitFor("wrote")
        still.signal(SIGUSR1)
        try still.waitFor("wrote", count: 2)
        for name in ["img0007.jpg", "img0008.jpg"] {
            let bytes = try SafeFileWriter.read(path: rig.directory + "/" + name)
            #expect(bytes == (try Self.fixture()))
            #expect(try DecodedPicture.decode(jpeg: bytes).width == 160)
        }
        still.signal(SIGUSR2)
        let end = try still.exit()
        #expect(end.status == 0 && !end.bySignal)
        #expect(!FileManager.default.fileExists(atPath: rig.lock))
        #expect(!FileManager.default.fileExists(atPath: rig.directory + "/img0009.jpg"))
        #expect(rig.violations.isEmpty)
    }

    /// The photo is written in place: it exists, partly written, before it is closed.
    @Test func photoIsVisibleBeforeItIsComplete() throws {
        let rig = try Rig(.host)
        let still = try rig.stillServer("p%d.jpg", environment: ["CAMERA_STAND_IN_WRITE_MS": "400"])
        try still.waitFor("ready")
        still.signal(SIGUSR1)
        let path = rig.directory + "/p0.jpg"
        // The first half is there while the writer pauses, before the close.
        try Self.eventually("p0.jpg to have its first half") { (try? SafeFileWriter.read(path: path).count) == 512 }
        #expect(!rig.log.contains { $0.contains("wrote") })
        try still.waitFor("wrote")
        #expect(try SafeFileWriter.read(path: path) == (try Self.fixture()))
        still.signal(SIGUSR2)
        #expect(try still.exit().status == 0)
    }

    // MARK: one owner

    @Test(arguments: Shell.allCases)
    func aSecondOwnerIsRefusedAndRecorded(shell: Shell) throws {
        let rig = try Rig(shell)
        let still = try rig.stillServer()
        try still.waitFor("ready")
        let recorder = try rig.start("rpicam-vid", ["-t", "0", "--codec", "libav", "-o", rig.directory + "/c.mp4"])
        #expect(try recorder.exit().status == 255)
        #expect(recorder.stderr().contains("ERROR: *** failed to acquire camera stand-in-0 ***"))
        let second = try rig.start("rpicam-still", ["--immediate", "-o", rig.directory + "/x.jpg"])
        #expect(try second.exit().status == 255)
        #expect(
            rig.violations == [
                "vid pid \(recorder.pid) refused: camera owned by still pid \(still.pid)",
                "still pid \(second.pid) refused: camera owned by still pid \(still.pid)",
            ])
        #expect(!FileManager.default.fileExists(atPath: rig.directory + "/c.mp4"))

        // Once the still server has quit, the recorder gets the camera; SIGINT stops it cleanly.
        still.signal(SIGUSR2)
        #expect(try still.exit().status == 0)
        let clip = rig.directory + "/c.mp4"
        let video = try rig.start("rpicam-vid", ["-t", "0", "--nopreview", "--codec", "libav", "-o", clip])
        try video.waitFor("ready")
        video.signal(SIGINT)
        #expect(try video.exit().status == 0)
        #expect(rig.violations.count == 2)
        #expect(try SafeFileWriter.read(path: clip) == SafeFileWriter.read(path: Self.standInDirectory + "/minimal.mp4"))
        // A valid MP4 with one video track: `upright orient` rotates it.
        #expect(try MediaOrientationWriter.apply(.leftUp, toFileAt: clip) == .mp4)
        #expect(
            try ExternalTool.exiftool(["Rotation", "HandlerType", "ImageWidth"], clip) == [
                "Rotation": "90", "HandlerType": "vide", "ImageWidth": "640",
            ])
    }

    /// A recorder killed (SIGTERM is not rpicam-vid's stop signal) leaves a movie without its index.
    @Test func killedRecorderLeavesNoIndex() throws {
        let rig = try Rig(.host)
        let clip = rig.directory + "/c.mp4"
        let video = try rig.start("rpicam-vid", ["-t", "0", "-o", clip])
        try video.waitFor("ready")
        video.signal(SIGTERM)
        let end = try video.exit()
        #expect(end.bySignal && end.status == SIGTERM)
        #expect(try SafeFileWriter.read(path: clip).count == 32)
        #expect(throws: MediaError.malformed("no 'moov' box")) { try MediaOrientationWriter.apply(.leftUp, toFileAt: clip) }
        // Its lock is taken over by the next owner.
        let next = try rig.start("rpicam-vid", ["-t", "50", "-o", clip])
        #expect(try next.exit().status == 0)
        #expect(rig.violations.isEmpty)
    }

    /// rpicam-vid -t MS records for that long and stops by itself, index written.
    @Test func timedRecordingStopsByItself() throws {
        let rig = try Rig(.host)
        let clip = rig.directory + "/t.mp4"
        let video = try rig.start("rpicam-vid", ["-t", "100ms", "-o", clip])
        #expect(try video.exit().status == 0)
        #expect(try SafeFileWriter.read(path: clip).count == 321)
    }

    // MARK: one-shot forms (the boards' current still command)

    @Test func oneShotForms() throws {
        let rig = try Rig(.host)
        let immediate = try rig.start("rpicam-still", ["--immediate", "--nopreview", "-o", rig.directory + "/a.jpg", "--exif", "IFD0.Orientation=6"])
        #expect(try immediate.exit().status == 0)
        #expect(try SafeFileWriter.read(path: rig.directory + "/a.jpg") == (try Self.fixture()))

        let timed = try rig.start("rpicam-still", ["-t", "50", "-o", rig.directory + "/b.jpg"])
        #expect(try timed.exit().status == 0)
        #expect(FileManager.default.fileExists(atPath: rig.directory + "/b.jpg"))

        // --signal --immediate: one photo on SIGUSR1, then exit.
        let oneSignal = try rig.start("rpicam-still", ["--signal", "--immediate", "-o", rig.directory + "/c.jpg"])
        try oneSignal.waitFor("ready")
        oneSignal.signal(SIGUSR1)
        #expect(try oneSignal.exit().status == 0)
        #expect(FileManager.default.fileExists(atPath: rig.directory + "/c.jpg"))
    }

    /// Before the camera is open there is no handler: SIGUSR1 ends it, as it ends rpicam-still.
    @Test func signalBeforeTheCameraOpensKillsIt() throws {
        let rig = try Rig(.host)
        let still = try rig.stillServer(environment: ["CAMERA_STAND_IN_OPEN_MS": "2000"])
        try still.waitFor("start")
        still.signal(SIGUSR1)
        let end = try still.exit()
        #expect(end.bySignal && end.status == SIGUSR1)
        #expect(!FileManager.default.fileExists(atPath: rig.lock))
    }

    // MARK: faults

    @Test(arguments: Shell.allCases)
    func crashAndFailModes(shell: Shell) throws {
        let rig = try Rig(shell)
        let failing = try rig.stillServer(environment: ["CAMERA_STAND_IN_FAULT": "fail-at-start"])
        #expect(try failing.exit().status == 255)
        #expect(failing.stderr().contains("no cameras available"))

        let crashing = try rig.stillServer(environment: ["CAMERA_STAND_IN_FAULT": "crash-at-start"])
        let crashed = try crashing.exit()
        #expect(crashed.bySignal && crashed.status == SIGSEGV)

        // The crashed owner's lock is taken over; the second photo crashes half-way through.
        let still = try rig.stillServer(environment: ["CAMERA_STAND_IN_FAULT": "crash-on-capture", "CAMERA_STAND_IN_FAULT_AFTER": "1"])
        try still.waitFor("ready")
        still.signal(SIGUSR1)
        try still.waitFor("wrote")
        still.signal(SIGUSR1)
        let end = try still.exit()
        #expect(end.bySignal && end.status == SIGSEGV)
        #expect(try SafeFileWriter.read(path: rig.directory + "/i0.jpg") == (try Self.fixture()))
        let truncated = try SafeFileWriter.read(path: rig.directory + "/i1.jpg")
        #expect(truncated.count == 512)
        #expect(throws: (any Error).self) { try DecodedPicture.decode(jpeg: truncated) }
        #expect(rig.violations.isEmpty)
    }

    /// After a power cut the dead owner's pid may belong to another process: a lock whose pid
    /// is alive but started at another time is taken over; one whose pid and start time are a
    /// live process's refuses the camera.
    @Test(arguments: Shell.allCases)
    func aLockWhosePidWasReusedIsTakenOver(shell: Shell) throws {
        let rig = try Rig(shell)
        // This test process stands for the unrelated process that got the dead owner's pid.
        let stat = try TestFile.text("/proc/self/stat")
        let started = String(stat[stat.range(of: ") ")!.upperBound...].split(separator: " ")[19])
        func lock(start: String) throws {
            try? FileManager.default.removeItem(atPath: rig.lock)
            try FileManager.default.createDirectory(atPath: rig.lock, withIntermediateDirectories: false)
            for (name, text) in [("mode", "still"), ("pid", "\(getpid())"), ("start", start)] {
                try (text + "\n").write(toFile: rig.lock + "/" + name, atomically: false, encoding: .utf8)
            }
        }
        try lock(start: String((Int(started) ?? 1) - 1))
        let still = try rig.stillServer()
        try still.waitFor("ready")
        #expect(try TestFile.text(rig.lock + "/pid") == "\(still.pid)\n")
        still.signal(SIGUSR2)
        #expect(try still.exit().status == 0)
        #expect(rig.violations.isEmpty)

        try lock(start: started)
        let refused = try rig.stillServer()
        #expect(try refused.exit().status == 255)
        #expect(rig.violations == ["still pid \(refused.pid) refused: camera owned by still pid \(getpid())"])
    }

    @Test(arguments: Shell.allCases)
    func hangModesIgnoreEverythingButSIGKILL(shell: Shell) throws {
        let rig = try Rig(shell)
        let stuck = try rig.stillServer(environment: ["CAMERA_STAND_IN_FAULT": "hang-at-start"])
        try stuck.waitFor("hang")
        stuck.signal(SIGUSR2)
        stuck.signal(SIGINT)
        stuck.signal(SIGTERM)
        #expect(stuck.staysUp(for: 0.3))
        // Still the owner: a recorder is refused.
        let refused = try rig.start("rpicam-vid", ["-t", "0", "-o", rig.directory + "/c.mp4"])
        #expect(try refused.exit().status == 255)
        #expect(rig.violations.count == 1)
        stuck.signal(SIGKILL)
        let killed = try stuck.exit()
        #expect(killed.bySignal && killed.status == SIGKILL)

        let capturing = try rig.stillServer(environment: ["CAMERA_STAND_IN_FAULT": "hang-on-capture"])
        try capturing.waitFor("ready")
        capturing.signal(SIGUSR1)
        try capturing.waitFor("hang")
        capturing.signal(SIGUSR2)
        #expect(capturing.staysUp(for: 0.3))
        #expect(try SafeFileWriter.read(path: rig.directory + "/i0.jpg").count == 512)
        capturing.signal(SIGKILL)
        #expect(try capturing.exit().bySignal)

        let recorder = try rig.start(
            "rpicam-vid", ["-t", "0", "-o", rig.directory + "/h.mp4"],
            environment: ["CAMERA_STAND_IN_FAULT": "hang-on-stop"])
        try recorder.waitFor("ready")
        recorder.signal(SIGINT)
        try recorder.waitFor("ignored stop")
        #expect(recorder.staysUp(for: 0.2))
        recorder.signal(SIGKILL)
        #expect(try recorder.exit().bySignal)
    }

    // MARK: the fixture

    /// fixture.jpg is the simulator's own photo (the scene level, lens 5 degrees up, 160 x 120,
    /// quality 85, EXIF Orientation 1). UPRIGHT_UPDATE_FIXTURES=1 rewrites it after a change to
    /// the renderer or the encoder.
    @Test func fixtureIsTheSimulatorsPhoto() throws {
        let photo = try SimPhoto.encoded(rollDegrees: 0, tiltDegrees: 5, orientation: .normal, width: 160, height: 120, quality: 85)
        let path = Self.standInDirectory + "/fixture.jpg"
        if ProcessInfo.processInfo.environment["UPRIGHT_UPDATE_FIXTURES"] == "1" {
            try AtomicFile.write(photo, to: path)
        }
        #expect(try Self.fixture() == photo, "rerun with UPRIGHT_UPDATE_FIXTURES=1 to rewrite \(path)")
        // More than one 512-byte block, so a photo is written in two parts.
        #expect(photo.count > 1024)
        #expect(try ExternalTool.exiftool("Orientation", path) == "1")
    }
}
