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
        #expect(result == .success(directory.path + "/CLIP_0007.mp4"))
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
        for (result, name) in [(photo, "IMG_0001.jpg"), (clip, "CLIP_0002.mp4")] {
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
}
