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
        let tilt = tiltDegrees * Double.pi / 180
        let rays = Rays(
            width: width, height: height, focal: Double(max(width, height)) / 2 / tan(fieldOfViewDegrees / 2 * Double.pi / 180),
            cosRoll: cos(roll), sinRoll: sin(roll), cosTilt: cos(tilt), sinTilt: sin(tilt))
        return rays.isLevel ? renderLevel(rays) : renderTilted(rays)
    }

    /// The pose's rays through the pixel corners.
    struct Rays {
        let width: Int
        let height: Int
        let focal: Double
        let cosRoll: Double
        let sinRoll: Double
        let cosTilt: Double
        let sinTilt: Double

        var corners: Int { width + 1 }
        /// The corners of a row rounded up to whole vectors of four (the last lanes are worked
        /// and not read).
        var paddedCorners: Int { (corners + 3) & ~3 }

        /// The lens on the horizon: `sinTilt` is 0 and `cosTilt` 1 exactly (a tilt of 0).
        var isLevel: Bool { sinTilt == 0 && cosTilt == 1 }

        /// The rays through a row of corners in world directions: each one's elevation and
        /// azimuth, four corners at a time. The azimuth is worked for every ray (four lanes
        /// cost no more than one), though only the band where the arrow or the sun can be
        /// reads it.
        @inline(__always)
        func angles(row: Int, elevations: UnsafeMutablePointer<Double>, azimuths: UnsafeMutablePointer<Double>) {
            // Sensor coordinates: x right, y toward the device's top edge (row 0).
            let y = Double(height) / 2 - Double(row)
            let halfWidth = Double(width) / 2
            var column = 0
            while column < paddedCorners {
                let x = SIMD4(Double(column), Double(column + 1), Double(column + 2), Double(column + 3)) - halfWidth
                // Into world-aligned image-plane coordinates: u right, v up.
                let u = x * cosRoll + y * sinRoll
                let v = -x * sinRoll + y * cosRoll
                // The ray (u, v, focal), pitched up by the tilt about the horizontal axis, in
                // world directions; a pinhole keeps the horizon a straight line.
                let up = v * cosTilt + focal * sinTilt
                let forward = focal * cosTilt - v * sinTilt
                let elevation = FastArctangent.degrees(y: up, x: (u * u + forward * forward).squareRoot())
                let azimuth = FastArctangent.degrees(y: u, x: forward)
                for lane in 0..<4 {
                    elevations[column + lane] = elevation[lane]
                    azimuths[column + lane] = azimuth[lane]
                }
                column += 4
            }
        }
    }

    /// A row of corners' angles, worked before their colours are.
    struct RowAngles {
        var elevations: [Double]
        var azimuths: [Double]

        init(_ rays: Rays) {
            elevations = [Double](repeating: 0, count: rays.paddedCorners)
            azimuths = [Double](repeating: 0, count: rays.paddedCorners)
        }

        mutating func work(_ rays: Rays, row: Int) {
            elevations.withUnsafeMutableBufferPointer { elevations in
                azimuths.withUnsafeMutableBufferPointer { azimuths in
                    rays.angles(row: row, elevations: elevations.baseAddress!, azimuths: azimuths.baseAddress!)
                }
            }
        }
    }

    /// Any pose: the corner rows from the top, two at a time (the one above the pixel row and
    /// the one below).
    static func renderTilted(_ rays: Rays) -> RGBImage {
        let (width, height, corners) = (rays.width, rays.height, rays.corners)
        var above = [Double](repeating: 0, count: corners * 3)
        var below = [Double](repeating: 0, count: corners * 3)
        var angles = RowAngles(rays)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        func sampleRow(_ cornerRow: Int, into buffer: UnsafeMutablePointer<Double>) {
            angles.work(rays, row: cornerRow)
            angles.elevations.withUnsafeBufferPointer { elevations in
                angles.azimuths.withUnsafeBufferPointer { azimuths in
                    for cornerColumn in 0..<corners {
                        store(worldColour(elevation: elevations[cornerColumn], azimuth: azimuths[cornerColumn]), in: buffer, at: cornerColumn)
                    }
                }
            }
        }
        above.withUnsafeMutableBufferPointer { sampleRow(0, into: $0.baseAddress!) }
        pixels.withUnsafeMutableBufferPointer { pixels in
            for row in 0..<height {
                below.withUnsafeMutableBufferPointer { sampleRow(row + 1, into: $0.baseAddress!) }
                average(above, below, into: pixels.baseAddress! + row * width * 3, width: width)
                swap(&above, &below)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The lens on the horizon (every photo and clip frame of a camera held up, most of
    /// them): the corner half a turn about the centre from another, (width - column,
    /// height - row), has that corner's ray turned half a turn about the lens, up and right
    /// negated, exactly (the same products and sums of negated operands, and `forward` is the
    /// focal length). So its elevation and azimuth are the other's negated, and each ray's
    /// arctangents serve two corners: the corner rows are worked from the top and the bottom
    /// at once, towards the middle. The pixels are those `renderTilted` gives, bit for bit
    /// (`0 - x`: a zero stays +0, as the arctangent of a zero gives).
    static func renderLevel(_ rays: Rays) -> RGBImage {
        let (width, height, corners) = (rays.width, rays.height, rays.corners)
        var topAbove = [Double](repeating: 0, count: corners * 3)
        var topBelow = [Double](repeating: 0, count: corners * 3)
        var bottomAbove = [Double](repeating: 0, count: corners * 3)
        var bottomBelow = [Double](repeating: 0, count: corners * 3)
        var angles = RowAngles(rays)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        // Corner row `cornerRow` into `top`, and row `height - cornerRow` into `bottom`.
        func sampleRows(_ cornerRow: Int, top: UnsafeMutablePointer<Double>, bottom: UnsafeMutablePointer<Double>) {
            angles.work(rays, row: cornerRow)
            angles.elevations.withUnsafeBufferPointer { elevations in
                angles.azimuths.withUnsafeBufferPointer { azimuths in
                    for cornerColumn in 0..<corners {
                        let elevation = elevations[cornerColumn]
                        let azimuth = azimuths[cornerColumn]
                        store(worldColour(elevation: elevation, azimuth: azimuth), in: top, at: cornerColumn)
                        store(worldColour(elevation: 0 - elevation, azimuth: 0 - azimuth), in: bottom, at: width - cornerColumn)
                    }
                }
            }
        }
        topAbove.withUnsafeMutableBufferPointer { top in
            bottomBelow.withUnsafeMutableBufferPointer { bottom in sampleRows(0, top: top.baseAddress!, bottom: bottom.baseAddress!) }
        }
        pixels.withUnsafeMutableBufferPointer { pixels in
            // Pixel rows `row` (corner rows row, row + 1) and `height - 1 - row` (corner rows
            // height - 1 - row and height - row, the mirrors of row + 1 and row). Bounded by
            // the height.
            var row = 0
            while row <= height - 1 - row {
                topBelow.withUnsafeMutableBufferPointer { top in
                    bottomAbove.withUnsafeMutableBufferPointer { bottom in sampleRows(row + 1, top: top.baseAddress!, bottom: bottom.baseAddress!) }
                }
                average(topAbove, topBelow, into: pixels.baseAddress! + row * width * 3, width: width)
                let mirrorRow = height - 1 - row
                if mirrorRow != row { average(bottomAbove, bottomBelow, into: pixels.baseAddress! + mirrorRow * width * 3, width: width) }
                swap(&topAbove, &topBelow)
                swap(&bottomBelow, &bottomAbove)
                row += 1
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    @inline(__always)
    static func store(_ colour: (Double, Double, Double), in buffer: UnsafeMutablePointer<Double>, at column: Int) {
        buffer[column * 3] = colour.0
        buffer[column * 3 + 1] = colour.1
        buffer[column * 3 + 2] = colour.2
    }

    /// One pixel row: each channel the mean of the four corners around the pixel, four
    /// channels at a time (the same sums in the same order, the clamp and the rounding as
    /// `channel` has them), then the rest one by one.
    @inline(__always)
    static func average(_ above: [Double], _ below: [Double], into out: UnsafeMutablePointer<UInt8>, width: Int) {
        above.withUnsafeBufferPointer { above in
            below.withUnsafeBufferPointer { below in
                let count = width * 3
                let (a, b) = (above.baseAddress!, below.baseAddress!)
                var index = 0
                while index + 4 <= count {
                    let sum =
                        SIMD4(a[index], a[index + 1], a[index + 2], a[index + 3])
                        + SIMD4(a[index + 3], a[index + 4], a[index + 5], a[index + 6])
                        + SIMD4(b[index], b[index + 1], b[index + 2], b[index + 3])
                        + SIMD4(b[index + 3], b[index + 4], b[index + 5], b[index + 6])
                    storeChannels(sum * 0.25, at: out + index)
                    index += 4
                }
                while index < count {
                    let sum = a[index] + a[index + 3] + b[index] + b[index + 3]
                    out[index] = channel(sum * 0.25)
                    index += 1
                }
            }
        }
    }

    /// The colour of the world in one direction (the azimuth matters only where the arrow or
    /// the sun can be).
    @inline(__always)
    static func worldColour(elevation: Double, azimuth: Double) -> (Double, Double, Double) {
        if elevation >= azimuthBandBottom && elevation <= azimuthBandTop {
            return worldColour(azimuth: azimuth, elevation: elevation)
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

    /// Nearest integer in 0...255, ties to even (`FastRounding.byte`).
    @inline(__always)
    static func channel(_ value: Double) -> UInt8 { FastRounding.byte(min(max(value, 0), 255)) }

    /// `channel` of each lane, stored at `out`: `max(value, 0)` and `min(_, 255)` as the
    /// scalar functions choose (`0 >= value ? 0 : value`, `255 < value ? 255 : value`).
    @inline(__always)
    static func storeChannels(_ value: SIMD4<Double>, at out: UnsafeMutablePointer<UInt8>) {
        let zero = SIMD4<Double>(repeating: 0)
        let top = SIMD4<Double>(repeating: 255)
        let floored = value.replacing(with: zero, where: zero .>= value)
        FastRounding.store(floored.replacing(with: top, where: top .< floored), at: out)
    }
}
