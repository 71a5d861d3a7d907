import UprightCore
import UprightHost

/// Why a simulated movie could not be written (the shared writer's errors).
public typealias SimMovieError = MotionJPEGMovieError

/// A simulated clip as a real movie: a Motion-JPEG QuickTime file (`.mov`) whose frames are
/// the synthetic scene (`SceneRenderer`) at the camera's true pose at each frame's time,
/// compressed by libjpeg-turbo and written by `MotionJPEGMovie` (UprightHost), the writer the
/// V4L2 camera's clips use: streamed to a temporary file as they are appended (memory bounded
/// however long the clip), the index and the latched rotation written by `finish`, the file
/// published atomically; nothing appears at `path` before that, and `cancel` (or dropping the
/// movie unfinished) removes the temporary file.
///
/// Poses are quantised to `poseQuantumDegrees` before rendering, so a frame whose quantised
/// pose equals the previous one's is the same picture: its sample points at the previous
/// frame's bytes instead of rendering and storing them again (a camera held still costs one
/// frame). Deterministic: the same poses give byte-identical files.
///
///     let movie = try SimMovie(path: dir + "/CLIP_0001.mov", settings: board.simulatedClip)
///     try movie.appendFrames(upTo: stop - start) { offset in motion.pose(atSeconds: (start + offset).seconds) }
///     let summary = try movie.finish(orientation: latched)
public final class SimMovie {
    /// What `finish` wrote.
    public typealias Summary = MotionJPEGMovie.Summary

    /// Bounds the in-memory sample table (12 bytes a frame): over 9 hours at 30 fps.
    public static let maximumFrames = MotionJPEGMovie.maximumFrames
    public static let frameRates = MotionJPEGMovie.frameRates
    /// The pose step: 1/32 degree, well under a pixel (a 320-pixel-wide frame spans 60 degrees,
    /// 0.19 degrees a pixel; 1/32 degree at the corner of a 1280 x 960 frame moves it 0.4 px).
    public static let poseQuantumDegrees = 1.0 / 32

    public var path: String { movie.path }
    public var width: Int { movie.width }
    public var height: Int { movie.height }
    public var framesPerSecond: Int { movie.framesPerSecond }
    public let quality: Int
    /// When false every frame's bytes are stored, repeated or not (for measuring the saving).
    public var sharesRepeatedFrames = true

    private let movie: MotionJPEGMovie
    private let compressor: JPEGCompressor
    /// The last frame: its quantised pose and its bytes (for `sharesRepeatedFrames == false`).
    private var previous: (pose: Pose, bytes: [UInt8])?

    /// `width` x `height` are the stored frame's pixels (clamped to 1...`SimPhoto.maximumSide`),
    /// `framesPerSecond` is 1...120, `quality` 1...100 (rpicam-vid's MJPEG default is 50).
    public init(path: String, width: Int = 320, height: Int = 240, framesPerSecond: Int = 30, quality: Int = 75) throws(SimMovieError) {
        guard Self.frameRates.contains(framesPerSecond) else {
            throw .invalidSettings("frame rate \(framesPerSecond) (must be \(Self.frameRates.lowerBound) to \(Self.frameRates.upperBound))")
        }
        self.quality = min(max(quality, 1), 100)
        do {
            compressor = try JPEGCompressor()
        } catch {
            throw .compression(error)
        }
        movie = try MotionJPEGMovie(
            path: path, width: SimPhoto.clampedSide(width), height: SimPhoto.clampedSide(height), framesPerSecond: framesPerSecond)
    }

    /// A movie at the board's simulated clip size, rate and quality (`camera.clip_*`).
    public convenience init(path: String, settings: Board.SimulatedClipSettings) throws(SimMovieError) {
        try self.init(
            path: path, width: settings.widthPixels, height: settings.heightPixels,
            framesPerSecond: settings.framesPerSecond, quality: settings.quality)
    }

    public var frameCount: Int { movie.frameCount }

    /// The recorded length: frame count over frame rate.
    public var duration: TimeSpan { movie.duration }

    /// When frame `index` is shown, from the movie's start (frame 0 at 0).
    public func frameTime(_ index: Int) -> TimeSpan { movie.frameTime(index) }

    /// One frame: the scene at the true pose (`SceneRenderer` conventions).
    public func append(rollDegrees: Double, tiltDegrees: Double) throws(SimMovieError) {
        try append(Pose(roll: Self.quantised(rollDegrees), tilt: Self.quantised(tiltDegrees)), rendered: nil)
    }

    /// A quantised pose, in steps of `poseQuantumDegrees`.
    struct Pose: Equatable {
        var roll: Int64
        var tilt: Int64
    }

    /// One frame at `pose`: the previous frame again when the pose repeats, else `rendered`
    /// (the frame's JPEG made ahead) or the frame rendered now.
    private func append(_ pose: Pose, rendered: [UInt8]?) throws(SimMovieError) {
        guard movie.isOpen else { throw .alreadyFinished(path) }
        guard frameCount < Self.maximumFrames else { throw .tooManyFrames(Self.maximumFrames) }
        if let previous, previous.pose == pose {
            if sharesRepeatedFrames {
                try movie.repeatLast()
            } else {
                try movie.append(jpeg: previous.bytes)
            }
            return
        }
        let jpeg: [UInt8]
        do throws(JPEGCompressionError) {
            if let rendered {
                jpeg = rendered
            } else {
                jpeg = try Self.picture(pose, width: width, height: height, quality: quality, compressor: compressor)
            }
        } catch {
            cancel()
            throw .compression(error)
        }
        try movie.append(jpeg: jpeg)
        previous = (pose, sharesRepeatedFrames ? [] : jpeg)
    }

    /// The frame at `pose`, compressed.
    static func picture(_ pose: Pose, width: Int, height: Int, quality: Int, compressor: JPEGCompressor) throws(JPEGCompressionError) -> [UInt8] {
        let image = SceneRenderer.render(
            rollDegrees: Double(pose.roll) * poseQuantumDegrees, tiltDegrees: Double(pose.tilt) * poseQuantumDegrees, width: width, height: height)
        return try compressor.compress(image, quality: quality)
    }

    /// One frame at a pose from the motion model (`angleDegrees` is the renderer's roll).
    public func append(_ pose: MotionPose) throws(SimMovieError) {
        try append(rollDegrees: pose.angleDegrees, tiltDegrees: pose.tiltDegrees)
    }

    /// Every frame due before `elapsed` (time since the movie's start) that is not yet in the
    /// movie, each at `pose(frameTime)`; returns how many were added. Call it as time passes,
    /// or once when the clip stops.
    ///
    /// The frames are taken `batchFrames` at a time, and the new pictures among them (a pose
    /// that is not the frame before's) are rendered on two threads, this one and a helper
    /// (`FrameRenderer`), then appended in order: the same bytes as one at a time. A clip is
    /// rendered at its stop, all at once; this halves the wait on a machine with a core free.
    @discardableResult
    public func appendFrames(upTo elapsed: TimeSpan, pose: (_ sinceStart: TimeSpan) -> MotionPose) throws(SimMovieError) -> Int {
        let before = frameCount
        // Bounded by maximumFrames (append throws past it): each turn appends a batch.
        while frameTime(frameCount) < elapsed {
            var poses: [Pose] = []
            var index = frameCount
            while poses.count < Self.batchFrames, frameTime(index) < elapsed {
                let truth = pose(frameTime(index))
                poses.append(Pose(roll: Self.quantised(truth.angleDegrees), tilt: Self.quantised(truth.tiltDegrees)))
                index += 1
            }
            var last = previous?.pose
            var changed: [Int] = []
            for (offset, framePose) in poses.enumerated() where framePose != last {
                changed.append(offset)
                last = framePose
            }
            var rendered = [[UInt8]?](repeating: nil, count: poses.count)
            if changed.count >= 2 && width * height >= FrameRenderer.minimumPixels {
                let pictures: [[UInt8]?]
                do throws(JPEGCompressionError) {
                    pictures = try FrameRenderer.render(
                        changed.map { poses[$0] }, width: width, height: height, quality: quality, compressor: compressor)
                } catch {
                    cancel()
                    throw .compression(error)
                }
                for (slot, offset) in changed.enumerated() { rendered[offset] = pictures[slot] }
            }
            for (offset, framePose) in poses.enumerated() { try append(framePose, rendered: rendered[offset]) }
        }
        return frameCount - before
    }

    /// Frames taken at once by `appendFrames`: the JPEGs of a batch are held until appended.
    static let batchFrames = 32

    /// Writes the index, the rotation of `orientation` (the track matrix, through
    /// `MediaOrientationWriter`), and publishes the file at `path`.
    @discardableResult
    public func finish(orientation: UprightOrientation) throws(SimMovieError) -> Summary {
        try movie.finish(orientation: orientation)
    }

    /// Abandons the movie: the temporary file is removed, `path` is untouched.
    public func cancel() { movie.cancel() }

    static func quantised(_ degrees: Double) -> Int64 {
        let steps = (degrees / poseQuantumDegrees).rounded()
        // Poses come from the motion model (finite, a few turns at most); clamp anything else.
        guard steps.isFinite else { return 0 }
        return Int64(min(max(steps, -1e15), 1e15))
    }
}
