/// An 8-bit RGB raster, rows top to bottom as stored in the file (not as displayed).
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// R, G, B for each pixel, row-major.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 3))
    }

    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let index = (y * width + x) * 3
        return (pixels[index], pixels[index + 1], pixels[index + 2])
    }

    public mutating func setPixel(x: Int, y: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        let index = (y * width + x) * 3
        pixels[index] = red
        pixels[index + 1] = green
        pixels[index + 2] = blue
    }
}
