import UprightCore
import UprightHost

/// The simulated camera's photos: the scene as the tilted sensor sees it, compressed by
/// libjpeg-turbo as a camera's would be (4:2:0, baseline), with the latched orientation in an
/// Exif APP1 segment right after SOI, where rpicam-apps puts it (docs/camera.md).
public enum SimPhoto {
    /// Largest side rendered: bounds memory and time (SOF0 itself allows 65535).
    public static let maximumSide = 8192

    static func clampedSide(_ side: Int) -> Int { min(max(side, 1), maximumSide) }

    /// `rollDegrees` and `tiltDegrees` are the true pose (see `SceneRenderer`); `orientation`
    /// is what the firmware latched (it is written as EXIF, right or wrong). `width` x
    /// `height` is the sensor's stored size (e.g. 640 x 480), clamped to 1...`maximumSide`.
    public static func encoded(
        rollDegrees: Double, tiltDegrees: Double, orientation: UprightOrientation,
        width: Int = 640, height: Int = 480, quality: Int = 85,
        compressor: JPEGCompressor? = nil
    ) throws(JPEGCompressionError) -> [UInt8] {
        let image = SceneRenderer.render(
            rollDegrees: rollDegrees, tiltDegrees: tiltDegrees,
            width: clampedSide(width), height: clampedSide(height))
        let encoder: JPEGCompressor
        if let compressor { encoder = compressor } else { encoder = try JPEGCompressor() }
        let jpeg = try encoder.compress(image, quality: quality)
        return withExif(jpeg, orientation: UInt16(orientation.exifValue))
    }

    /// The same, for the photo writers that report a photo they cannot make as no file (nil):
    /// libjpeg-turbo fails only when it cannot allocate memory.
    public static func jpeg(
        rollDegrees: Double, tiltDegrees: Double, orientation: UprightOrientation,
        width: Int = 640, height: Int = 480, quality: Int = 85
    ) -> [UInt8]? {
        try? encoded(
            rollDegrees: rollDegrees, tiltDegrees: tiltDegrees, orientation: orientation,
            width: width, height: height, quality: quality)
    }

    /// `jpeg` with its JFIF APP0 (if it starts with one) replaced by an Exif APP1 carrying the
    /// Orientation: Exif puts APP1 right after SOI (CIPA DC-008 4.5.4), and rpicam-apps writes
    /// its files that way, without JFIF. The rest of the file is copied unchanged.
    static func withExif(_ jpeg: [UInt8], orientation: UInt16) -> [UInt8] {
        // SOI = FF D8, APP0 = FF E0 followed by a length that counts itself (T.81 B.1.1.4).
        var rest = 2
        if jpeg.count >= 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 {
            rest = min(jpeg.count, 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])))
        }
        let exif = JPEGOrientationPatcher.exifSegment(orientation: orientation)
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(2 + exif.count + jpeg.count - rest)
        out.append(contentsOf: exif)
        out.append(contentsOf: jpeg[rest...])
        return out
    }
}
