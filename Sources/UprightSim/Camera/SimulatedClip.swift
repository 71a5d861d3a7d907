import UprightCore

/// The simulated camera's clips: one rendered frame per pose, as a Motion-JPEG QuickTime
/// movie whose track matrix carries the latched orientation.
public enum SimulatedClip {
    /// One camera pose per frame (see `SceneRenderer` for the angles).
    public struct Pose: Sendable, Equatable {
        public var rollDegrees: Double
        public var tiltDegrees: Double
        public init(rollDegrees: Double, tiltDegrees: Double) {
            self.rollDegrees = rollDegrees
            self.tiltDegrees = tiltDegrees
        }
    }

    /// A `.mov` file's bytes. Keep clips short: every frame is a full JPEG held in memory
    /// (a 320 x 240 frame is about 10 KB).
    public static func movie(poses: [Pose], orientation: UprightOrientation, framesPerSecond: Int = 10,
                             width: Int = 320, height: Int = 240, quality: Int = 75) throws(JPEGCompressionError) -> [UInt8] {
        let width = SimulatedPhoto.clampedSide(width), height = SimulatedPhoto.clampedSide(height)
        let compressor = try JPEGCompressor()
        var frames: [[UInt8]] = []
        for pose in poses {
            frames.append(try compressor.compress(SceneRenderer.render(rollDegrees: pose.rollDegrees, tiltDegrees: pose.tiltDegrees,
                                                                       width: width, height: height), quality: quality))
        }
        return MotionJPEGMovieWriter.movie(frames: frames, width: width, height: height,
                                           framesPerSecond: framesPerSecond, orientation: orientation)
    }
}
