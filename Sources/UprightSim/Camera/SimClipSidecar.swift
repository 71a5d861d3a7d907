import UprightCore
import UprightHost

/// What the simulated camera leaves for a clip: not video, but an honest description of
/// it, one JSON object (the file `clip-N.json`, newline-terminated), e.g.
/// `{"kind":"simulated-clip","orientation":"left-up","rotation":90,"exif":6,"durationSeconds":4.5,"frameCount":135,"framesPerSecond":30}`.
/// `rotation` is the clockwise degrees a real clip's `tkhd` matrix would carry.
public struct SimClipSidecar: Sendable, Equatable {
    public var orientation: UprightOrientation
    public var durationSeconds: Double
    public var framesPerSecond: Int

    public init(orientation: UprightOrientation, durationSeconds: Double, framesPerSecond: Int = 30) {
        self.orientation = orientation
        self.durationSeconds = durationSeconds
        self.framesPerSecond = framesPerSecond
    }

    /// Whole frames recorded in the duration (a partial last frame is not counted).
    public var frameCount: Int {
        guard durationSeconds.isFinite, durationSeconds > 0, framesPerSecond > 0 else { return 0 }
        return Int((durationSeconds * Double(framesPerSecond)).rounded(.down))
    }

    public var json: String {
        var writer = JSONWriter()
        writer.field("kind", "simulated-clip")
        writer.field("orientation", orientation.description)
        writer.field("rotation", orientation.rotationDegrees)
        writer.field("exif", Int(orientation.exifValue))
        writer.field("durationSeconds", durationSeconds)
        writer.field("frameCount", frameCount)
        writer.field("framesPerSecond", framesPerSecond)
        return writer.finished + "\n"
    }
}
