#if canImport(Glibc)
import Glibc
#endif
import CLinux
import UprightCore
import UprightHost

/// The camera session's files port on a Pi: photos and clips finished (read, orientation
/// written, fsync, rename, fsync, directory fsync) and temporary files discarded on a thread of
/// their own, one job at a time in the order given, so that a slow card never stalls the
/// engine's step. On a card that holds each write and flush 300 ms, a clip's finishing kept the
/// loop from the chip for seconds, the sensor was failed, and the photo pressed next latched
/// `stale` (`make powercut-test`, the slow card).
///
/// The session submits on the engine's thread and takes the outcomes there too (`nextOutcome`,
/// as it takes the programs' events); `readyDescriptor`, an eventfd, is readable while one
/// waits, so the event loop wakes for it. A job's file is first taken under a name of its own
/// (`claimed`, a rename in the step: no data written, no flush): a job may wait here for
/// seconds, and the still server numbers its photos from 0 again at each start, so the next
/// server's photo could otherwise take the name of one still waiting and be finished or
/// discarded in its place.
///
/// At most `capacity` jobs wait. A full queue refuses the job at once (`WorkSubmission.full`):
/// the session holds it and offers it again when an outcome wakes it (the card is then slower
/// than the photos come: nothing is dropped, and the engine's thread never waits for the card),
/// and the wait is the engine's `bound` `camera-files` record. Each finishing job gives one
/// outcome, which waits until the session's next look (it takes
/// `CameraSession.maximumFileOutcomes` a look; the machine keeps at most
/// `CameraSessionState.maximumPhotos` photos and a clip at a time in hand).
///
/// `deinit` finishes the jobs queued (a discard still waiting is done), then joins the thread.
public final class CameraFileWorker: CameraFileWork {
    /// The most jobs waiting (`CameraFiles.workerCapacity`).
    public static var defaultCapacity: Int { CameraFiles.workerCapacity }
    public var capacity: Int { core.capacity }
    private let core: Core
    private let thread: pthread_t
    /// Names given to claimed files so far.
    private var claims = 0

    /// A worker with its thread running, or nil and why not (no eventfd, no thread): the
    /// caller then finishes files in the step (`InlineCameraFileWork`).
    public static func start(capacity: Int = defaultCapacity) -> Result<CameraFileWorker, LinuxDeviceError> {
        let wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wake >= 0 else {
            let code = errno
            return .failure(LinuxDeviceError(path: "eventfd", code: code, description: "cannot create an eventfd: \(LinuxDeviceError.message(code))"))
        }
        let core = Core(wake: wake, capacity: max(1, capacity))
        // Every signal blocked: it may be made before the event loop blocks the ones it takes.
        let (handle, result) = PosixThread.start(blockingEverySignal: true) { core.run() }
        guard let handle else {
            let description = "cannot start the files' thread: \(LinuxDeviceError.message(result))"
            return .failure(LinuxDeviceError(path: "camera files", code: result, description: description))
        }
        return .success(CameraFileWorker(core: core, thread: handle))
    }

    private init(core: Core, thread: pthread_t) {
        self.core = core
        self.thread = thread
    }

    deinit {
        core.stop()
        pthread_join(thread, nil)
    }

    // MARK: CameraFileWork

    public func submit(_ job: CameraFileJob, files: CameraFiles, at now: Instant) -> WorkSubmission {
        // Refused before its file is claimed: held, it keeps its name until it is taken.
        guard core.hasRoom else { return .full }
        guard let claimed = claim(job, files: files) else { return .accepted }
        // Only this thread adds jobs, so the room seen above is still there.
        core.enqueue(claimed, files: files)
        return .accepted
    }

    public func nextOutcome(through now: Instant) -> CameraFileOutcome? { core.takeOutcome() }

    public var readyDescriptor: Int32? { core.wake }

    public var finishesLater: Bool { true }

    /// How many jobs wait or are being done (for tests).
    public var jobsInHand: Int { core.counts.waiting + core.counts.working }
    /// How many jobs wait for the thread to take them (for tests).
    public var jobsWaiting: Int { core.counts.waiting }

    // MARK: claiming

    /// `job` with its file renamed to a name no program writes; nil for a discard whose file
    /// is already gone (nothing to do, and a later unlink could only hit a newer file).
    private func claim(_ job: CameraFileJob, files: CameraFiles) -> CameraFileJob? {
        switch job {
        case .finishPhoto(let path, let shot, let orientation):
            // A photo whose file is gone fails under the claimed name (no such file) rather
            // than read whatever a later program writes under its old one.
            return .finishPhoto(at: claimed(path, files: files).path, shot: shot, orientation: orientation)
        case .discard(let path):
            let (name, moved) = claimed(path, files: files)
            return moved ? .discard(name) : nil
        case .finishClip:
            return job // its file is named by its clip's number, which is never used again
        }
    }

    private func claimed(_ path: String, files: CameraFiles) -> (path: String, moved: Bool) {
        claims += 1
        let name = files.path(CameraFiles.temporaryPrefix + "queued-" + MediaNaming.fourDigits(claims) + Self.suffix(path))
        return (name, rename(path, name) == 0)
    }

    /// The name's extension with its dot, "" for none: the claimed file keeps it.
    static func suffix(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[dot...])
    }
}

extension CameraFileWorker {
    /// What the thread and the session share, every `var` under `monitor`; the thread holds it
    /// until it ends, so the worker's `deinit` can stop and join it first.
    fileprivate final class Core: @unchecked Sendable {
        // @unchecked: every `var` is touched only with `monitor` held.
        let wake: Int32
        let capacity: Int
        private let monitor = ThreadMonitor()
        private var jobs: [(job: CameraFileJob, files: CameraFiles)] = []
        private var outcomes: [CameraFileOutcome] = []
        private var working = false
        private var stopping = false

        init(wake: Int32, capacity: Int) {
            self.wake = wake
            self.capacity = capacity
        }

        deinit { close(wake) }

        var counts: (waiting: Int, working: Int) {
            monitor.lock()
            defer { monitor.unlock() }
            return (jobs.count, working ? 1 : 0)
        }

        /// Whether fewer than `capacity` jobs wait.
        var hasRoom: Bool {
            monitor.lock()
            defer { monitor.unlock() }
            return jobs.count < capacity
        }

        /// Queues `job` (the caller saw room: it is the only one adding jobs).
        func enqueue(_ job: CameraFileJob, files: CameraFiles) {
            monitor.lock()
            jobs.append((job, files))
            monitor.broadcast()
            monitor.unlock()
        }

        /// The oldest outcome; when none waits, the wake-up is cleared (under the lock the
        /// thread posts with, so a post is never cleared unseen).
        func takeOutcome() -> CameraFileOutcome? {
            monitor.lock()
            defer { monitor.unlock() }
            guard !outcomes.isEmpty else {
                var count: UInt64 = 0
                _ = read(wake, &count, 8)
                return nil
            }
            return outcomes.removeFirst()
        }

        /// Ends the thread once the jobs queued are done.
        func stop() {
            monitor.lock()
            stopping = true
            monitor.broadcast()
            monitor.unlock()
        }

        /// The thread: one job at a time, in order, until `stop` and an empty queue.
        func run() {
            // Bounded by `stop`: the loop ends once stopping is set and the queue is empty.
            while true {
                monitor.lock()
                while jobs.isEmpty && !stopping { monitor.wait() }
                guard !jobs.isEmpty else {
                    monitor.unlock()
                    return
                }
                let next = jobs.removeFirst()
                working = true
                monitor.broadcast()
                monitor.unlock()
                let outcome = next.files.carryOut(next.job)
                monitor.lock()
                working = false
                if let outcome {
                    outcomes.append(outcome)
                    var one: UInt64 = 1
                    _ = write(wake, &one, 8)
                }
                monitor.unlock()
            }
        }
    }
}
