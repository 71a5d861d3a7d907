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

    public var capacity: Int { worker.capacity }
    private let worker: WorkerThread<(job: CameraFileJob, files: CameraFiles)>
    private let outcomes: Outcomes
    /// Names given to claimed files so far.
    private var claims = 0

    /// A worker with its thread running, or nil and why not (no eventfd, no thread): the
    /// caller then finishes files in the step (`InlineCameraFileWork`). Each outcome says when
    /// its job ended on `clock` (the session's clock, read on the thread).
    public static func start(
        capacity: Int = defaultCapacity, clock: @escaping @Sendable () -> Instant
    ) -> Result<CameraFileWorker, LinuxDeviceError> {
        let wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wake >= 0 else {
            let code = errno
            return .failure(LinuxDeviceError(path: "eventfd", code: code, description: "cannot create an eventfd: \(LinuxDeviceError.message(code))"))
        }
        let outcomes = Outcomes(wake: wake)
        let worker = WorkerThread<(job: CameraFileJob, files: CameraFiles)>(capacity: capacity) { next in
            if let outcome = next.files.carryOut(next.job) { outcomes.post(outcome.stamped(at: clock())) }
        }
        let result = worker.start()
        guard result == 0 else {
            let description = "cannot start the files' thread: \(LinuxDeviceError.message(result))"
            return .failure(LinuxDeviceError(path: "camera files", code: result, description: description))
        }
        return .success(CameraFileWorker(worker: worker, outcomes: outcomes))
    }

    private init(worker: WorkerThread<(job: CameraFileJob, files: CameraFiles)>, outcomes: Outcomes) {
        self.worker = worker
        self.outcomes = outcomes
    }

    deinit {
        // The jobs queued are done first (a discard still waiting is done).
        worker.finish()
    }

    // MARK: CameraFileWork

    public func submit(_ job: CameraFileJob, files: CameraFiles, at now: Instant) -> WorkSubmission {
        // Refused before its file is claimed: held, it keeps its name until it is taken.
        guard worker.counts.waiting < worker.capacity else { return .full }
        guard let claimed = claim(job, files: files) else { return .accepted }
        // Only this thread offers jobs, so the room seen above is still there.
        return worker.offer((claimed, files))
    }

    public func nextOutcome(through now: Instant) -> CameraFileOutcome? { outcomes.take() }

    public var readyDescriptor: Int32? { outcomes.wake }

    public var finishesLater: Bool { true }

    /// How many jobs wait or are being done (for tests).
    public var jobsInHand: Int {
        let counts = worker.counts
        return counts.waiting + (counts.working ? 1 : 0)
    }
    /// How many jobs wait for the thread to take them (for tests).
    public var jobsWaiting: Int { worker.counts.waiting }

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
    /// The outcomes the thread posts and the session takes, under a lock, with the eventfd
    /// that is readable while one waits.
    fileprivate final class Outcomes: @unchecked Sendable {
        // @unchecked: `waiting` is touched only with `monitor` held.
        let wake: Int32
        private let monitor = ThreadMonitor()
        private var waiting: [CameraFileOutcome] = []

        init(wake: Int32) { self.wake = wake }

        deinit { close(wake) }

        func post(_ outcome: CameraFileOutcome) {
            monitor.lock()
            waiting.append(outcome)
            var one: UInt64 = 1
            _ = write(wake, &one, 8)
            monitor.unlock()
        }

        /// The oldest outcome; when none waits, the wake-up is cleared (under the lock the
        /// thread posts with, so a post is never cleared unseen).
        func take() -> CameraFileOutcome? {
            monitor.lock()
            defer { monitor.unlock() }
            guard !waiting.isEmpty else {
                var count: UInt64 = 0
                _ = read(wake, &count, 8)
                return nil
            }
            return waiting.removeFirst()
        }
    }
}
