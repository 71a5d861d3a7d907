#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// Renders what a camera's sensor sees of a fixed synthetic world: blue sky above the
/// horizon, green ground below, a yellow sun up and to the left, and a big red arrow standing
/// on the horizon, pointing straight up. The pixels are laid out as the sensor stores them,
/// so a camera rolled onto its side produces a sideways picture, exactly like a real one; the
/// EXIF Orientation is what turns it upright for the viewer.
///
/// Pose (device frame of docs/conventions.md: x to the camera's right edge, y to its top edge):
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
    /// The elevations where the arrow or the sun can be: elsewhere the azimuth does not matter.
    static let azimuthBandBottom = min(arrowShaftBottom, sunElevation - sunRadius)
    static let azimuthBandTop = max(arrowTip, sunElevation + sunRadius)

    /// Anti-aliasing: the world is sampled once at every pixel corner, and each pixel is the
    /// mean of its four corners. That is 2 x 2 supersampling whose samples are shared with the
    /// neighbouring pixels (a tent filter two pixels wide instead of a one-pixel box): edges
    /// come out as smooth, for about a quarter of the rays.
    public static func render(rollDegrees: Double, tiltDegrees: Double, width: Int, height: Int) -> RGBImage {
        let roll = rollDegrees * Double.pi / 180
        let focal = Double(max(width, height)) / 2 / tan(fieldOfViewDegrees / 2 * Double.pi / 180)
        let cosRoll = cos(roll)
        let sinRoll = sin(roll)
        let tilt = tiltDegrees * Double.pi / 180
        let cosTilt = cos(tilt)
        let sinTilt = sin(tilt)
        let corners = width + 1
        // Two rows of corner colours (R, G, B each), the one above the pixel row and the one below.
        var above = [Double](repeating: 0, count: corners * 3)
        var below = [Double](repeating: 0, count: corners * 3)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        func sampleRow(_ cornerRow: Int, into buffer: UnsafeMutablePointer<Double>) {
            // Sensor coordinates: x right, y toward the device's top edge (row 0).
            let y = Double(height) / 2 - Double(cornerRow)
            for cornerColumn in 0..<corners {
                let x = Double(cornerColumn) - Double(width) / 2
                // Into world-aligned image-plane coordinates: u right, v up.
                let u = x * cosRoll + y * sinRoll
                let v = -x * sinRoll + y * cosRoll
                // The ray (u, v, focal), pitched up by the tilt about the horizontal axis,
                // in world directions; a pinhole keeps the horizon a straight line.
                let up = v * cosTilt + focal * sinTilt
                let forward = focal * cosTilt - v * sinTilt
                let elevation = FastArctangent.degrees(y: up, x: (u * u + forward * forward).squareRoot())
                let colour = worldColour(elevation: elevation) { FastArctangent.degrees(y: u, x: forward) }
                buffer[cornerColumn * 3] = colour.0
                buffer[cornerColumn * 3 + 1] = colour.1
                buffer[cornerColumn * 3 + 2] = colour.2
            }
        }
        above.withUnsafeMutableBufferPointer { sampleRow(0, into: $0.baseAddress!) }
        pixels.withUnsafeMutableBufferPointer { pixels in
            for row in 0..<height {
                below.withUnsafeMutableBufferPointer { sampleRow(row + 1, into: $0.baseAddress!) }
                above.withUnsafeBufferPointer { above in
                    below.withUnsafeBufferPointer { below in
                        let out = pixels.baseAddress! + row * width * 3
                        for index in 0..<(width * 3) {
                            let sum = above[index] + above[index + 3] + below[index] + below[index + 3]
                            out[index] = channel(sum * 0.25)
                        }
                    }
                }
                swap(&above, &below)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The colour of the world in one direction (the azimuth is only worked out when the
    /// elevation is where the arrow or the sun could be).
    @inline(__always)
    static func worldColour(elevation: Double, azimuth: () -> Double) -> (Double, Double, Double) {
        if elevation >= azimuthBandBottom && elevation <= azimuthBandTop {
            return worldColour(azimuth: azimuth(), elevation: elevation)
        }
        if elevation >= 0 {
            let t = min(elevation / 60, 1)
            return (150 - 90 * t, 195 - 75 * t, 245 - 10 * t)
        }
        let t = min(-elevation / 60, 1)
        return (70 - 30 * t, 140 - 60 * t, 50 - 20 * t)
    }

    /// The colour of the world in one direction.
    static func worldColour(azimuth: Double, elevation: Double) -> (Double, Double, Double) {
        if isArrow(azimuth: azimuth, elevation: elevation) { return (215, 25, 30) }
        if elevation >= 0 {
            let dx = azimuth - sunAzimuth
            let dy = elevation - sunElevation
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

    /// Nearest integer in 0...255 (without libm's round(), which is a call per channel).
    @inline(__always)
    static func channel(_ value: Double) -> UInt8 {
        UInt8(truncatingIfNeeded: FastRounding.nearest(min(max(value, 0), 255)))
    }
}
