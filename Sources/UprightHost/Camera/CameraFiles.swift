#if canImport(Glibc)
import Glibc
#endif
import UprightCore

/// Where the camera session's programs write and where the finished files go. A program
/// writes under a hidden temporary name in the output directory (`.upright-...`; rpicam-still
/// writes in place, not atomically, so a half-written photo must never carry the final name);
/// the session then writes the shot's latched orientation into it with Upright's own patcher
/// and gives it its final name (`MediaNaming`) atomically: fsync, rename (never over a file of
/// that name), fsync of the renamed file, directory fsync.
/// A cut power leaves only the temporary names to clean up.
public struct CameraFiles: Equatable, Sendable {
    public var outputDirectory: String
    public var naming: MediaNaming
    /// Whether the output's file system has room (the board's `output.reserve_mb`).
    public var storage: StorageCheck
    /// When set, a clip's track matrix cannot be written in place: the write fails with these
    /// words, as a card's I/O error would. Only the simulator sets it (the long-life swarm's
    /// failing card, `upright sim --life`), to reach the rotation owed without a real bad card;
    /// start-up's own writes (`OutputReconciliation`) do not see it. Nil on a board.
    public var inPlaceWriteFailure: String?

    /// The hidden names' prefix: what start-up reconciliation removes.
    public static let temporaryPrefix = ".upright-"
    /// A photo file larger than this is not read.
    public static let maximumPhotoBytes = 64 << 20

    public init(outputDirectory: String, naming: MediaNaming, reserveBytes: UInt64 = 0) {
        self.outputDirectory = outputDirectory
        self.naming = naming
        storage = StorageCheck(directory: outputDirectory, reserveBytes: reserveBytes)
    }

    public func path(_ name: String) -> String {
        outputDirectory.hasSuffix("/") ? outputDirectory + name : outputDirectory + "/" + name
    }

    /// The still server's output pattern (rpicam's printf-style counter, from 0).
    public var serverPattern: String { path(Self.temporaryPrefix + "still-%04d.jpg") }

    /// The still server's `index`-th photo, as its pattern names it.
    public func serverPhoto(index: Int) -> String { path(Self.temporaryPrefix + "still-" + MediaNaming.fourDigits(index) + ".jpg") }

    /// The one-shot command's file for `shot`.
    public func oneShotPhoto(shot: UInt32) -> String { path(Self.temporaryPrefix + "shot-" + MediaNaming.fourDigits(Int(shot)) + ".jpg") }

    /// The video program's file for `clip`, before its rotation is written.
    public func pendingClip(clip: UInt32) -> String {
        path(Self.temporaryPrefix + "clip-" + MediaNaming.fourDigits(Int(clip)) + "." + naming.clipExtension)
    }

    /// Finishes a photo a program closed at `temporary`: it must be a whole JPEG (a program
    /// that died while writing also closes its file), gets `orientation` as its EXIF
    /// Orientation (nil, `unknown`: no Orientation tag, whatever the program wrote) and is
    /// written as `IMG_NNNN.jpg` atomically; the temporary file is removed.
    /// Returns the final path, or why not (the temporary file is removed either way).
    public func finishPhoto(at temporary: String, shot: UInt32, orientation: UprightOrientation?) -> Result<String, CameraFileError> {
        defer { discard(temporary) }
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try POSIXFile.readAll(temporary, limit: Self.maximumPhotoBytes)
        } catch {
            return .failure(CameraFileError(error.description))
        }
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9 else {
            // A program that could not write all of it (the card filled) leaves this too.
            return .failure(storageError("\(temporary): not a whole JPEG (\(bytes.count) bytes, no end-of-image marker)", code: nil))
        }
        let patched: [UInt8]
        do throws(MediaError) {
            patched = try JPEGOrientationPatcher.patched(bytes, exifValue: orientation.map { UInt16($0.exifValue) })
        } catch {
            return .failure(CameraFileError("\(temporary): \(error)"))
        }
        let final = path(naming.photoName(shot: shot))
        do throws(FileError) {
            try AtomicFile.create(patched, at: final)
        } catch {
            return .failure(storageError(error.description, code: error.code))
        }
        return .success(final)
    }

    /// Finishes a clip the video program ended cleanly: its track matrix gets `orientation`'s
    /// rotation, written in place under the temporary name (nil, `unknown`: the identity; the
    /// same MP4 path for rpicam-vid's files and the simulator's), then it takes its final name
    /// `CLIP_NNNN.<ext>`: fsync of the file, rename, fsync of the file under its new name and
    /// of the directory, so that once the caller journals it the clip is on the card under that
    /// name. The final name is given only after the matrix is flushed, so a cut never leaves it
    /// with half a matrix (a cut before leaves the temporary file, removed at start-up).
    ///
    /// A recording is never deleted for its rotation: when the matrix cannot be written (an
    /// I/O error), the clip still takes its final name with the video program's bytes, and
    /// the result says the rotation is owed (`FinishedClip.owedRotation`), for the journal's
    /// `fault` `rotation` and start-up to finish. A file that is not a whole movie (the
    /// recorder died) is removed, as before: no rotation can ever be written into it.
    public func finishClip(at temporary: String, clip: UInt32, orientation: UprightOrientation?) -> Result<FinishedClip, CameraFileError> {
        let final = path(naming.clipName(clip: clip))
        var owed: OwedRotation?
        do throws(MediaError) {
            // The identity needs no write (the recorder's matrix), so only a turn can fail.
            if let failure = inPlaceWriteFailure, orientation?.rotationDegrees ?? 0 != 0 { throw .io("cannot write in place: " + failure) }
            try MediaOrientationWriter.apply(orientation, toFileAt: temporary)
        } catch {
            guard !error.isBadInput else {
                discard(temporary)
                return .failure(storageError("\(temporary): \(error)", code: nil))
            }
            owed = OwedRotation(
                clip: Int(clip), file: naming.clipName(clip: clip), rotationDegrees: orientation?.rotationDegrees ?? 0,
                problem: error.description)
        }
        // The orientation writer flushes the file only when its matrix changes; a clip already
        // at its rotation is the video program's bytes, still in the page cache. Flushed before
        // the rename, or a power cut could leave CLIP_N with no data under it (docs/events.md,
        // "Durability"; make powercut-test).
        do throws(FileError) {
            try POSIXFile.syncFile(at: temporary)
        } catch {
            discard(temporary)
            return .failure(storageError(error.description, code: error.code))
        }
        do throws(FileError) {
            try POSIXFile.renameRefusingExisting(temporary, to: final)
        } catch {
            discard(temporary)
            return .failure(storageError(error.description, code: error.code))
        }
        do throws(FileError) {
            // As PendingFile's commit: the file under its new name (vfat writes the size and
            // first cluster of a renamed entry only then), then the directory.
            try POSIXFile.syncFile(at: final)
            try POSIXFile.syncDirectory(of: final)
        } catch {
            return .failure(storageError(error.description, code: error.code))
        }
        return .success(FinishedClip(path: final, owedRotation: owed))
    }

    /// A failure to write, marked as the storage's when its errno says so or the file system
    /// is full or read-only now (a media writer's error carries no errno).
    func storageError(_ description: String, code: Int32?) -> CameraFileError {
        CameraFileError(description, isStorage: StorageCheck.isStorageFailure(code) || storage.problem() != nil)
    }

    /// Removes a temporary file nothing will finish (an abandoned or broken photo).
    public func discard(_ temporary: String) { _ = unlink(temporary) }
}

/// Why a photo or clip could not be finished: one line for the log.
public struct CameraFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    /// The output's file system failed (full, EIO, read-only), not the photo or clip itself.
    public var isStorage: Bool
    public init(_ description: String, isStorage: Bool = false) {
        self.description = description
        self.isStorage = isStorage
    }
}
