import Glibc
import Testing
import UprightCore
import UprightHost
@testable import UprightLinux
import UprightTestSupport

/// The files' thread: jobs done in order off the caller's thread, outcomes handed back through
/// an eventfd, each job's file claimed at once, a full queue refusing at once.
@Suite(.serialized) struct CameraFileWorkerTests {
    let directory = TemporaryDirectory()
    var files: CameraFiles { CameraFiles(outputDirectory: directory.path, naming: MediaNaming(clipExtension: "mp4")) }
    static let jpeg: [UInt8] = (try? POSIXFile.readAll(StandInCamera.programs + "/fixture.jpg", limit: 1 << 20)) ?? []

    /// A worker whose clock reads `clock` (zero: the outcomes compare equal to unstamped ones).
    func worker(capacity: Int = CameraFileWorker.defaultCapacity, clock: Instant = .zero) throws -> CameraFileWorker {
        switch CameraFileWorker.start(capacity: capacity, clock: { clock }) {
        case .success(let worker): return worker
        case .failure(let error): throw error
        }
    }

    /// Whether `fd` polls readable within `milliseconds`.
    func readable(_ fd: Int32, within milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    /// The outcomes, once the descriptor says they are ready (at most 10 s).
    func outcomes(_ worker: CameraFileWorker, count: Int) -> [CameraFileOutcome] {
        var taken: [CameraFileOutcome] = []
        // Bounded: at most 100 waits of 100 ms.
        for _ in 0..<100 where taken.count < count {
            guard let fd = worker.readyDescriptor, readable(fd, within: 100) else { continue }
            while let outcome = worker.nextOutcome(through: .zero) { taken.append(outcome) }
        }
        return taken
    }

    @Test func aPhotoIsFinishedOnTheThreadAndItsOutcomeWakesThePoll() throws {
        defer { directory.remove() }
        #expect(Self.jpeg.count == 2_841)
        let worker = try self.worker()
        try AtomicFile.write(Self.jpeg, to: files.serverPhoto(index: 0))
        #expect(worker.submit(.finishPhoto(at: files.serverPhoto(index: 0), shot: 7, orientation: .rightUp), files: files, at: .zero) == .accepted)
        let taken = outcomes(worker, count: 1)
        #expect(taken == [CameraFileOutcome(event: .photoWritten(shot: 7), written: directory.path + "/IMG_0007.jpg")])
        #expect(try JPEGOrientationPatcher.orientation(of: try POSIXFile.readAll(directory.path + "/IMG_0007.jpg", limit: 1 << 20)) == 8)
        // Nothing waits now: taking found none and cleared the wake-up.
        #expect(worker.nextOutcome(through: .zero) == nil)
        #expect(!readable(try #require(worker.readyDescriptor), within: 0))
        #expect(POSIXFile.names(inDirectory: directory.path, maximumEntries: 16) == ["IMG_0007.jpg"])
    }

    /// An outcome says when its job ended, on the clock the worker was given, read on the
    /// thread as the job ends (here a clock that reads 12.345 s).
    @Test func anOutcomeCarriesTheTimeItsJobEnded() throws {
        defer { directory.remove() }
        let worker = try self.worker(clock: Instant(nanoseconds: 12_345_000_000))
        try AtomicFile.write(Self.jpeg, to: files.serverPhoto(index: 0))
        #expect(worker.submit(.finishPhoto(at: files.serverPhoto(index: 0), shot: 3, orientation: nil), files: files, at: .zero) == .accepted)
        #expect(outcomes(worker, count: 1).map(\.time) == [Instant(nanoseconds: 12_345_000_000)])
    }

    /// The still server names its photos from 0 again at each start: a photo written under the
    /// name of one still waiting to be finished is neither finished in its place nor removed.
    @Test func aJobsFileIsClaimedAtOnceSoTheNextServersPhotoUnderItsNameIsLeftAlone() throws {
        defer { directory.remove() }
        let worker = try self.worker()
        let name = files.serverPhoto(index: 0)
        try AtomicFile.write(Self.jpeg, to: name)
        #expect(worker.submit(.finishPhoto(at: name, shot: 1, orientation: .leftUp), files: files, at: .zero) == .accepted)
        #expect(worker.submit(.discard(name), files: files, at: .zero) == .accepted)
        #expect(!POSIXFile.exists(name))
        let next = [UInt8](repeating: 0x55, count: 100)
        try AtomicFile.write(next, to: name)
        #expect(outcomes(worker, count: 1).map(\.event) == [.photoWritten(shot: 1)])
        // Bounded: the discard after it is done within 10 s.
        for _ in 0..<1_000 where worker.jobsInHand > 0 { usleep(10_000) }
        #expect(try POSIXFile.readAll(name, limit: 1 << 20) == next)
        #expect(POSIXFile.names(inDirectory: directory.path, maximumEntries: 16).sorted() == [".upright-still-0000.jpg", "IMG_0001.jpg"])
    }

    /// A discard whose file is already gone is dropped: done later, it could only remove a newer
    /// file of that name.
    @Test func aDiscardOfAFileAlreadyGoneIsDropped() throws {
        defer { directory.remove() }
        let worker = try self.worker()
        #expect(worker.submit(.discard(files.serverPhoto(index: 3)), files: files, at: .zero) == .accepted)
        #expect(worker.jobsInHand == 0)
    }

    /// A full queue refuses the job at once, its file left under its name (the caller holds it),
    /// and takes it once the thread has taken the one before.
    @Test func aFullQueueRefusesAtOnceAndTakesTheJobOnceThereIsRoom() throws {
        defer { directory.remove() }
        let worker = try self.worker(capacity: 1)
        // The first photo is a FIFO: the thread waits in its open until a writer comes.
        let first = files.serverPhoto(index: 0)
        #expect(mkfifo(first, 0o644) == 0)
        #expect(worker.submit(.finishPhoto(at: first, shot: 1, orientation: .normal), files: files, at: .zero) == .accepted)
        // Bounded: the thread takes it within 10 s.
        for _ in 0..<1_000 where worker.jobsWaiting > 0 { usleep(10_000) }
        #expect(worker.jobsInHand == 1)
        try AtomicFile.write(Self.jpeg, to: files.serverPhoto(index: 1))
        #expect(worker.submit(.finishPhoto(at: files.serverPhoto(index: 1), shot: 2, orientation: .normal), files: files, at: .zero) == .accepted)
        try AtomicFile.write(Self.jpeg, to: files.serverPhoto(index: 2))
        let third = CameraFileJob.finishPhoto(at: files.serverPhoto(index: 2), shot: 3, orientation: .normal)
        #expect(worker.submit(third, files: files, at: .zero) == .full)
        // Refused before it was claimed: the file keeps its name.
        #expect(POSIXFile.exists(files.serverPhoto(index: 2)))
        // Claimed (renamed) at submit: the FIFO is the first job's file now.
        let claimed = directory.path + "/.upright-queued-0001.jpg"
        let fd = open(claimed, O_WRONLY)
        #expect(fd >= 0)
        try POSIXFile.writeAll(fd, Self.jpeg, path: claimed)
        close(fd)
        #expect(outcomes(worker, count: 1).map(\.event) == [.photoWritten(shot: 1)])
        // Bounded: the thread takes the second job within 10 s.
        for _ in 0..<1_000 where worker.jobsWaiting > 0 { usleep(10_000) }
        #expect(worker.submit(third, files: files, at: .zero) == .accepted)
        #expect(outcomes(worker, count: 2).map(\.event) == [.photoWritten(shot: 2), .photoWritten(shot: 3)])
    }

    /// Dropped, the worker finishes what was queued and ends its thread.
    @Test func aDroppedWorkerFinishesItsQueue() throws {
        defer { directory.remove() }
        let name = files.serverPhoto(index: 0)
        try AtomicFile.write(Self.jpeg, to: name)
        do {
            let worker = try self.worker()
            #expect(worker.submit(.discard(name), files: files, at: .zero) == .accepted)
        }
        #expect(POSIXFile.names(inDirectory: directory.path, maximumEntries: 16) == [])
    }

    @Test func aClaimedFileKeepsItsExtension() {
        #expect(CameraFileWorker.suffix("/out/.upright-still-0000.jpg") == ".jpg")
        #expect(CameraFileWorker.suffix("/out/IMG_0001.jpg") == ".jpg")
        #expect(CameraFileWorker.suffix("/out/.hidden") == "")
        #expect(CameraFileWorker.suffix("/o.d/name") == "")
    }
}
