import UprightCore

/// The simulated camera's photos: the scene as the tilted sensor sees it, encoded as a
/// baseline JPEG carrying the latched orientation in EXIF.
public enum SimulatedPhoto {
    /// Largest side rendered: bounds memory and time (SOF0 itself allows 65535).
    public static let maximumSide = 8192

    static func clampedSide(_ side: Int) -> Int { min(max(side, 1), maximumSide) }

    /// `rollDegrees` and `tiltDegrees` are the true pose (see `SceneRenderer`); `orientation`
    /// is what the firmware latched (it is written as EXIF, right or wrong). `width` x
    /// `height` is the sensor's stored size (e.g. 640 x 480), clamped to 1...`maximumSide`.
    public static func jpeg(rollDegrees: Double, tiltDegrees: Double, orientation: UprightOrientation,
                            width: Int = 640, height: Int = 480, quality: Int = 85) -> [UInt8] {
        let image = SceneRenderer.render(rollDegrees: rollDegrees, tiltDegrees: tiltDegrees,
                                         width: clampedSide(width), height: clampedSide(height))
        return BaselineJPEGEncoder.encode(image, quality: quality, exifOrientation: orientation.exifValue)
    }
}
