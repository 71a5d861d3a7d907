import UprightCore
import UprightHost

/// The photo a simulated camera writes: the scene rendered at the scenario's true pose at the
/// moment of the shot, with the orientation the firmware latched as its EXIF Orientation
/// (right or wrong: the file shows what the firmware decided).
public enum SimPhotoWriter {
    /// Size and quality from the board's simulated camera; 320 x 240 at 85 for other backends.
    public static func make(motion: ScenarioMotion, camera: Board.CameraSettings) -> (_ shot: UInt32, _ orientation: UprightOrientation, _ time: Instant) -> [UInt8]? {
        var width = 320, height = 240, quality = 85
        if case .simulated(let w, let h, let q) = camera { (width, height, quality) = (w, h, q) }
        return { _, orientation, time in
            let pose = motion.pose(atSeconds: time.seconds)
            return SimPhoto.jpeg(rollDegrees: pose.angleDegrees, tiltDegrees: pose.tiltDegrees, orientation: orientation,
                                       width: width, height: height, quality: quality)
        }
    }
}
