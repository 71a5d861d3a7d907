#if canImport(Glibc)
import Glibc
#endif

/// Renders what a camera's sensor sees of a fixed synthetic world: blue sky above the
/// horizon, green ground below, a yellow sun up and to the left, and a big red arrow standing
/// on the horizon, pointing straight up. The pixels are laid out as the sensor stores them,
/// so a camera rolled onto its side produces a sideways picture, exactly like a real one; the
/// EXIF Orientation is what turns it upright for the viewer.
///
/// Pose (device frame of DESIGN.md: x to the camera's right edge, y to its top edge):
/// - `rollDegrees`: the angle from the device's +y axis to world up, turning toward -x.
///   0 = held normally, 90 = left edge up (accelerometer -x, `left-up`), 180 = upside down,
///   270 (or -90) = right edge up. From a resting accelerometer, roll = atan2(-ax, ay).
/// - `tiltDegrees`: how far the lens points above the horizon (negative: below).
public enum SceneRenderer {
    /// Horizontal field of view across the sensor's longer side.
    public static let fieldOfViewDegrees = 60.0

    /// Scene layout in world angles (degrees): azimuth to the right, elevation up.
    static let arrowShaftHalfWidth = 4.0
    static let arrowShaftBottom = -14.0
    static let arrowHeadBase = 6.0
    static let arrowTip = 22.0
    static let arrowHeadHalfWidth = 12.0
    static let sunAzimuth = -20.0
    static let sunElevation = 18.0
    static let sunRadius = 5.0

    /// Samples per pixel along each axis (4 samples per pixel smooths the edges).
    static let supersampling = 2

    public static func render(rollDegrees: Double, tiltDegrees: Double, width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        let roll = rollDegrees * Double.pi / 180
        let focal = Double(max(width, height)) / 2 / tan(fieldOfViewDegrees / 2 * Double.pi / 180)
        let cosRoll = cos(roll), sinRoll = sin(roll)
        let tilt = tiltDegrees * Double.pi / 180
        let cosTilt = cos(tilt), sinTilt = sin(tilt)
        let step = 1 / Double(supersampling)
        for row in 0..<height {
            for column in 0..<width {
                var red = 0.0, green = 0.0, blue = 0.0
                for sy in 0..<supersampling {
                    for sx in 0..<supersampling {
                        // Sensor coordinates: x right, y toward the device's top edge (row 0).
                        let x = Double(column) + (Double(sx) + 0.5) * step - Double(width) / 2
                        let y = Double(height) / 2 - (Double(row) + (Double(sy) + 0.5) * step)
                        // Into world-aligned image-plane coordinates: u right, v up.
                        let u = x * cosRoll + y * sinRoll
                        let v = -x * sinRoll + y * cosRoll
                        // The ray (u, v, focal), pitched up by the tilt about the horizontal axis,
                        // in world directions; a pinhole keeps the horizon a straight line.
                        let up = v * cosTilt + focal * sinTilt
                        let forward = focal * cosTilt - v * sinTilt
                        let azimuth = atan2(u, forward) * 180 / Double.pi
                        let elevation = atan2(up, (u * u + forward * forward).squareRoot()) * 180 / Double.pi
                        let colour = worldColour(azimuth: azimuth, elevation: elevation)
                        red += colour.0
                        green += colour.1
                        blue += colour.2
                    }
                }
                let samples = Double(supersampling * supersampling)
                image.setPixel(x: column, y: row, channel(red / samples), channel(green / samples), channel(blue / samples))
            }
        }
        return image
    }

    /// The colour of the world in one direction.
    static func worldColour(azimuth: Double, elevation: Double) -> (Double, Double, Double) {
        if isArrow(azimuth: azimuth, elevation: elevation) { return (215, 25, 30) }
        if elevation >= 0 {
            let dx = azimuth - sunAzimuth, dy = elevation - sunElevation
            if dx * dx + dy * dy <= sunRadius * sunRadius { return (255, 220, 60) }
            // Sky: pale at the horizon, deeper blue higher up.
            let t = min(elevation / 60, 1)
            return (150 - 90 * t, 195 - 75 * t, 245 - 10 * t)
        }
        // Ground: green, darker toward the camera's feet.
        let t = min(-elevation / 60, 1)
        return (70 - 30 * t, 140 - 60 * t, 50 - 20 * t)
    }

    static func isArrow(azimuth: Double, elevation: Double) -> Bool {
        if elevation >= arrowShaftBottom && elevation < arrowHeadBase {
            return abs(azimuth) <= arrowShaftHalfWidth
        }
        if elevation >= arrowHeadBase && elevation <= arrowTip {
            let fraction = (arrowTip - elevation) / (arrowTip - arrowHeadBase)
            return abs(azimuth) <= arrowHeadHalfWidth * fraction
        }
        return false
    }

    static func channel(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
}
