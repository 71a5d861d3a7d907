import UprightCore

/// A Motion JPEG QuickTime movie (`.mov`) written as its frames come: the frames are streamed
/// to a temporary file next to `path`, so memory stays bounded however long the clip (12 bytes
/// of sample table per frame); `finish` writes the index (`moov`, `MotionJPEGMovieBoxes`),
/// lets `MediaOrientationWriter` write the latched rotation into the track matrix exactly as
/// the Pi's clips get it, then publishes the file atomically (fsync, rename, directory fsync).
/// Nothing appears at `path` before that, and `cancel` (or dropping the movie unfinished)
/// removes the temporary file.
///
/// A frame may repeat the one before it (`repeatLast`): its sample points at the same bytes
/// instead of storing them again (a still scene, a frame a camera dropped). The simulator's
/// movies (`SimMovie`) and the V4L2 camera's clips are written by it. Deterministic: the same
/// frames give byte-identical files.
public final class MotionJPEGMovie {
    /// What `finish` wrote.
    public struct Summary: Equatable, Sendable {
        public var path: String
        public var frameCount: Int
        /// Frames whose bytes were stored; the others repeat the frame before them.
        public var storedFrameCount: Int
        public var durationSeconds: Double
        public var bytes: Int
    }

    /// Bounds the in-memory sample table (12 bytes a frame): over 9 hours at 30 fps.
    public static let maximumFrames = 1 << 20
    public static let frameRates = 1...120

    public let path: String
    public let width: Int
    public let height: Int
    public let framesPerSecond: Int

    private let file: PendingFile
    private var sampleSizes: [UInt32] = []
    private var sampleOffsets: [UInt64] = []
    private var storedFrames = 0
    /// File offset where the next frame goes.
    private var end: UInt64
    private var open = true

    /// A movie of `width` x `height` frames (as its sample entry and track header say) at
    /// `framesPerSecond` (1...120).
    public init(path: String, width: Int, height: Int, framesPerSecond: Int) throws(MotionJPEGMovieError) {
        guard Self.frameRates.contains(framesPerSecond) else {
            throw .invalidSettings("frame rate \(framesPerSecond) (must be \(Self.frameRates.lowerBound) to \(Self.frameRates.upperBound))")
        }
        self.path = path
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        do {
            file = try PendingFile(destination: path)
        } catch {
            throw .file(error)
        }
        end = 0
        try write(MotionJPEGMovieBoxes.fileType + MotionJPEGMovieBoxes.mediaDataHeader(payloadBytes: 0))
    }

    public var frameCount: Int { sampleSizes.count }

    /// Whether a frame can still be added (not finished, not cancelled).
    public var isOpen: Bool { open }

    /// The recorded length: frame count over frame rate.
    public var duration: TimeSpan { frameTime(frameCount) }

    /// When frame `index` is shown, from the movie's start (frame 0 at 0).
    public func frameTime(_ index: Int) -> TimeSpan {
        TimeSpan(nanoseconds: Int64(index) * 1_000_000_000 / Int64(framesPerSecond))
    }

    /// The next frame: a whole JPEG.
    public func append(jpeg: [UInt8]) throws(MotionJPEGMovieError) {
        try checkRoom()
        sampleOffsets.append(end)
        sampleSizes.append(UInt32(jpeg.count))
        storedFrames += 1
        try write(jpeg)
    }

    /// The next frame is the previous one again (its bytes are not stored twice); false, with
    /// nothing added, before the first frame.
    @discardableResult
    public func repeatLast() throws(MotionJPEGMovieError) -> Bool {
        try checkRoom()
        guard let offset = sampleOffsets.last, let size = sampleSizes.last else { return false }
        sampleOffsets.append(offset)
        sampleSizes.append(size)
        return true
    }

    /// Writes the index, the rotation of `orientation` (the track matrix, through
    /// `MediaOrientationWriter`), and publishes the file at `path`.
    @discardableResult
    public func finish(orientation: UprightOrientation) throws(MotionJPEGMovieError) -> Summary {
        guard open else { throw .alreadyFinished(path) }
        let movie = MotionJPEGMovieBoxes.movie(
            width: width, height: height, framesPerSecond: framesPerSecond,
            sampleSizes: sampleSizes, sampleOffsets: sampleOffsets)
        let headerEnd = UInt64(MotionJPEGMovieBoxes.fileType.count)
        try write(movie)
        do throws(FileError) {
            try file.write(MotionJPEGMovieBoxes.mediaDataHeader(payloadBytes: end - UInt64(movie.count) - headerEnd - 16), at: Int(headerEnd))
            try file.close()
        } catch {
            cancel()
            throw .file(error)
        }
        do {
            try MediaOrientationWriter.apply(orientation, toFileAt: file.temporaryPath)
        } catch {
            cancel()
            throw .orientation(error)
        }
        do {
            try file.commit()
        } catch {
            cancel()
            throw .file(error)
        }
        open = false
        return Summary(
            path: path, frameCount: frameCount, storedFrameCount: storedFrames,
            durationSeconds: duration.seconds, bytes: Int(end))
    }

    /// Abandons the movie: the temporary file is removed, `path` is untouched.
    public func cancel() {
        open = false
        file.discard()
    }

    private func checkRoom() throws(MotionJPEGMovieError) {
        guard open else { throw .alreadyFinished(path) }
        guard frameCount < Self.maximumFrames else { throw .tooManyFrames(Self.maximumFrames) }
    }

    private func write(_ bytes: [UInt8]) throws(MotionJPEGMovieError) {
        do throws(FileError) {
            try file.write(bytes)
        } catch {
            cancel()
            throw .file(error)
        }
        end += UInt64(bytes.count)
    }
}
