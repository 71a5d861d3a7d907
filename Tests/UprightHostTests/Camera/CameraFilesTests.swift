import Glibc
import Testing
import UprightCore
import UprightHost
import UprightTestSupport

/// CameraFiles' finishing of a clip: its final name, its bytes, its leftovers. That each step is
/// flushed before the next is what `make powercut-test` proves (a clip renamed without its
/// fsync was empty at 2 of 29 cuts on ext4).
@Suite struct CameraFilesTests {
    let fixture = "\(repositoryRoot)/Tests/CameraStandIn/minimal.mp4"

    @Test func anUprightClipKeepsTheVideoProgramsBytesUnderItsFinalName() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let files = CameraFiles(outputDirectory: directory.path, naming: MediaNaming(clipExtension: "mp4"))
        let bytes = try TestFile.bytes(fixture)
        try AtomicFile.write(bytes, to: files.pendingClip(clip: 7))
        let result = files.finishClip(at: files.pendingClip(clip: 7), clip: 7, orientation: .normal)
        #expect(result == .success(FinishedClip(path: directory.path + "/CLIP_0007.mp4")))
        // Rotation 0 and the stand-in's identity matrix: no copy is made, the file is renamed.
        #expect(try TestFile.bytes(directory.path + "/CLIP_0007.mp4") == bytes)
        #expect(!POSIXFile.exists(files.pendingClip(clip: 7)))
    }

    @Test func aClipWhoseFileIsGoneFailsNamingIt() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let files = CameraFiles(outputDirectory: directory.path, naming: MediaNaming(clipExtension: "mp4"))
        guard case .failure(let error) = files.finishClip(at: files.pendingClip(clip: 3), clip: 3, orientation: .normal) else {
            Issue.record("a missing clip was finished")
            return
        }
        #expect(error.description.hasPrefix(directory.path + "/.upright-clip-0003.mp4"))
        #expect(!POSIXFile.exists(directory.path + "/CLIP_0003.mp4"))
    }

    /// A final name already taken (a number that came round again, a file put there) is never
    /// written over: the photo or clip fails as the card's, and the file there is kept.
    @Test func aFinalNameIsNeverReplaced() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let files = CameraFiles(outputDirectory: directory.path, naming: MediaNaming(clipExtension: "mp4"))
        try AtomicFile.write([1, 2, 3], to: directory.path + "/IMG_0001.jpg")
        try AtomicFile.write([4, 5, 6], to: directory.path + "/CLIP_0002.mp4")
        try AtomicFile.write(try TestFile.bytes("\(repositoryRoot)/Tests/CameraStandIn/fixture.jpg"), to: files.oneShotPhoto(shot: 1))
        try AtomicFile.write(try TestFile.bytes(fixture), to: files.pendingClip(clip: 2))
        let photo = files.finishPhoto(at: files.oneShotPhoto(shot: 1), shot: 1, orientation: .leftUp)
        let clip = files.finishClip(at: files.pendingClip(clip: 2), clip: 2, orientation: .normal)
        for (result, name) in [(photo.map { $0 }, "IMG_0001.jpg"), (clip.map(\.path), "CLIP_0002.mp4")] {
            guard case .failure(let error) = result else {
                Issue.record("\(name) was written over")
                continue
            }
            #expect(error.description == directory.path + "/" + name + ": rename: a file of that name exists (not replaced)")
        }
        #expect(try TestFile.bytes(directory.path + "/IMG_0001.jpg") == [1, 2, 3])
        #expect(try TestFile.bytes(directory.path + "/CLIP_0002.mp4") == [4, 5, 6])
        #expect(POSIXFile.names(inDirectory: directory.path, maximumEntries: 10).sorted() == ["CLIP_0002.mp4", "IMG_0001.jpg"])
    }

    @Test func syncFileNamesAMissingFile() {
        do {
            try POSIXFile.syncFile(at: "/nonexistent/upright/clip.mp4")
            Issue.record("no error")
        } catch {
            #expect(error.description == "/nonexistent/upright/clip.mp4: No such file or directory")
        }
    }

    /// A card with room for the clip but not for a copy of it (the issue's lost clip: the matrix
    /// was written into a whole copy, which failed, and the recorder's file was then removed):
    /// the matrix is written in place, the clip keeps its bytes and gets its rotation. Run in a
    /// child process: the file-size limit (RLIMIT_FSIZE: a copy past 3 KiB fails with EFBIG,
    /// as a full card's write fails) is the whole process's; the moov box comes first, inside it.
    @Test func aClipOnACardWithoutRoomForACopyKeepsItsBytesAndGetsItsRotation() async {
        await #expect(processExitsWith: .exitCode(0)) {
            let directory = "/tmp/upright-clip-room-\(getpid())"
            mkdir(directory, 0o755)
            let files = CameraFiles(outputDirectory: directory, naming: MediaNaming(clipExtension: "mp4"))
            let original = MediaFixtures.mp4(mediaBytes: 8192)
            guard (try? AtomicFile.write(original, to: files.pendingClip(clip: 4))) != nil else { exit(10) }
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit()
            getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            limit.rlim_cur = 3072
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            let result = files.finishClip(at: files.pendingClip(clip: 4), clip: 4, orientation: .leftUp)
            guard result == .success(FinishedClip(path: directory + "/CLIP_0004.mp4")) else { exit(11) }
            guard let bytes = try? POSIXFile.readAll(directory + "/CLIP_0004.mp4", limit: 1 << 20),
                let rotated = try? MP4RotationPatcher.patched(original, rotationDegrees: 90)
            else { exit(12) }
            // Only the 36 bytes of the video track's matrix differ from the recorder's.
            guard bytes == rotated, zip(bytes, original).filter({ $0 != $1 }).count <= 36 else { exit(13) }
            guard POSIXFile.names(inDirectory: directory, maximumEntries: 10) == ["CLIP_0004.mp4"] else { exit(14) }
            exit(0)
        }
    }

    /// A matrix that cannot be written at all (here the limit falls before the moov box, at
    /// the end of the clip) never costs the clip: it takes its final name with the recorder's
    /// bytes, and the rotation is owed, for the journal's `fault` `rotation`. The next start
    /// writes it (`OutputReconciliationTests`).
    @Test func aClipWhoseRotationCannotBeWrittenKeepsItsFinalNameAndItsBytes() async {
        await #expect(processExitsWith: .exitCode(0)) {
            let directory = "/tmp/upright-clip-owed-\(getpid())"
            mkdir(directory, 0o755)
            let files = CameraFiles(outputDirectory: directory, naming: MediaNaming(clipExtension: "mp4"))
            let original = MediaFixtures.mp4(moovLast: true, mediaBytes: 8192)
            for clip: UInt32 in [5, 6] {
                guard (try? AtomicFile.write(original, to: files.pendingClip(clip: clip))) != nil else { exit(10) }
            }
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit()
            getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            limit.rlim_cur = 4096
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            let owed = OwedRotation(clip: 5, file: "CLIP_0005.mp4", rotationDegrees: 270, problem: "cannot write in place: File too large")
            let result = files.finishClip(at: files.pendingClip(clip: 5), clip: 5, orientation: .rightUp)
            guard result == .success(FinishedClip(path: directory + "/CLIP_0005.mp4", owedRotation: owed)) else { exit(11) }
            guard (try? POSIXFile.readAll(directory + "/CLIP_0005.mp4", limit: 1 << 20)) == original else { exit(12) }
            guard POSIXFile.names(inDirectory: directory, maximumEntries: 10).sorted() == [".upright-clip-0006.mp4", "CLIP_0005.mp4"] else {
                exit(13)
            }
            // The outcome the session hands on: written, with the rotation owed.
            var owedSix = owed
            (owedSix.clip, owedSix.file) = (6, "CLIP_0006.mp4")
            let outcome = files.carryOut(.finishClip(clip: 6, orientation: .rightUp))
            guard outcome == CameraFileOutcome(event: .clipWritten(clip: 6), written: directory + "/CLIP_0006.mp4", owedRotation: owedSix)
            else { exit(15) }
            exit(0)
        }
    }

    /// The simulator's failing card (`inPlaceWriteFailure`, the long-life swarm's): a turned
    /// clip is named with the recorder's bytes and owes its rotation, in the card's words; an
    /// upright one needs no write and owes nothing.
    @Test func aFailingCardsClipOwesItsRotationInTheCardsWords() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var files = CameraFiles(outputDirectory: directory.path, naming: MediaNaming(clipExtension: "mp4"))
        files.inPlaceWriteFailure = "Input/output error"
        let original = MediaFixtures.mp4(moovLast: true, mediaBytes: 512)
        for clip: UInt32 in [2, 3] { try AtomicFile.write(original, to: files.pendingClip(clip: clip)) }
        let owed = OwedRotation(clip: 2, file: "CLIP_0002.mp4", rotationDegrees: 90, problem: "cannot write in place: Input/output error")
        #expect(
            files.finishClip(at: files.pendingClip(clip: 2), clip: 2, orientation: .leftUp)
                == .success(FinishedClip(path: directory.path + "/CLIP_0002.mp4", owedRotation: owed)))
        #expect(try TestFile.bytes(directory.path + "/CLIP_0002.mp4") == original)
        #expect(
            files.finishClip(at: files.pendingClip(clip: 3), clip: 3, orientation: .normal)
                == .success(FinishedClip(path: directory.path + "/CLIP_0003.mp4")))
    }
}
