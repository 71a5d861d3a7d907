import UprightCore

/// The simulated camera's photos: the scene as the tilted sensor sees it, encoded as a
/// baseline JPEG carrying the latched orientation in EXIF.
public enum SimulatedPhoto {
    /// `rollDegrees` and `tiltDegrees` are the true pose (see `SceneRenderer`); `orientation`
    /// is what the firmware latched (it is written as EXIF, right or wrong). `width` x
    /// `height` is the sensor's stored size (e.g. 640 x 480).
    public static func jpeg(rollDegrees: Double, tiltDegrees: Double, orientation: UprightOrientation,
                            width: Int = 640, height: Int = 480, quality: Int = 85) -> [UInt8] {
        let image = SceneRenderer.render(rollDegrees: rollDegrees, tiltDegrees: tiltDegrees,
                                         width: max(width, 1), height: max(height, 1))
        return BaselineJPEGEncoder.encode(image, quality: quality, exifOrientation: orientation.exifValue)
    }
}
