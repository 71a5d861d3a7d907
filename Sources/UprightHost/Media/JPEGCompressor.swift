import CTurboJPEG

/// Baseline JPEG compression with libjpeg-turbo's TurboJPEG API, the library behind rpicam-apps'
/// own encoder (docs/camera.md): the simulator's RGB scenes, the V4L2 camera's YUYV frames. One compressor holds one libjpeg-turbo instance and a reused
/// output buffer, so a movie's frames do not allocate per frame; it is not for sharing between
/// threads (make one per thread).
///
/// Output is deterministic: the same pixels, quality and subsampling give byte-identical files.
/// Only an integer DCT is used: libjpeg-turbo documents that "the integer methods should give
/// the same results on all machines", unlike its float DCT (cjpeg(1), `-dct float`); the tests
/// check it against libjpeg-turbo's plain C path (JSIMD_FORCENONE=1, no SIMD).
public final class JPEGCompressor {
    /// Chroma sampling (T.81 A.1.1; TurboJPEG's TJSAMP_*).
    public enum Subsampling: Sendable, Equatable {
        /// 4:4:4, full-resolution colour.
        case none
        /// 4:2:0, colour at half resolution both ways: what cameras and rpicam-apps write
        /// (libjpeg's defaults for YCbCr), and the smallest and fastest to encode.
        case quarter

        var turboJPEG: Int32 {
            switch self {
            case .none: Int32(TJSAMP_444.rawValue)
            case .quarter: Int32(TJSAMP_420.rawValue)
            }
        }
    }

    private let handle: tjhandle
    /// A tjAlloc'd buffer of `capacity` bytes, at least tjBufSize for the last image size, so
    /// compression never reallocates it (TJFLAG_NOREALLOC).
    private var buffer: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    /// A YUYV frame's planes, Y then U then V, reused from frame to frame.
    private var planes: [UInt8] = []

    /// Largest side accepted: TurboJPEG's and SOF0's limit is 65535; far below it the worst-case
    /// buffer (tjBufSize) stays well inside memory.
    public static let maximumSide = 16384

    public init() throws(JPEGCompressionError) {
        guard let handle = tjInitCompress() else { throw JPEGCompressionError(message: Self.errorText(nil)) }
        self.handle = handle
    }

    deinit {
        tjFree(buffer)
        tjDestroy(handle)
    }

    /// A complete JPEG file (SOI, JFIF APP0, tables, one baseline scan, EOI) of `image`.
    /// `quality` is 1...100 (IJG scaling of the Annex K tables), clamped.
    public func compress(_ image: RGBImage, quality: Int, subsampling: Subsampling = .quarter) throws(JPEGCompressionError) -> [UInt8] {
        guard (1...Self.maximumSide).contains(image.width), (1...Self.maximumSide).contains(image.height),
            image.pixels.count == image.width * image.height * 3
        else {
            throw JPEGCompressionError(message: "image of \(image.width) x \(image.height) with \(image.pixels.count) bytes")
        }
        try reserve(Int(tjBufSize(Int32(image.width), Int32(image.height), subsampling.turboJPEG)))
        var size = UInt(capacity)
        // The accurate integer DCT (ISLOW, cjpeg's default `-dct int`).
        let flags = Int32(TJFLAG_NOREALLOC | TJFLAG_ACCURATEDCT)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(
                handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                &buffer, &size, subsampling.turboJPEG, Int32(min(max(quality, 1), 100)), flags)
        }
        guard status == 0, let buffer else { throw JPEGCompressionError(message: Self.errorText(handle)) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// A complete JPEG of a packed 4:2:2 YUYV frame (Y0 U Y1 V per pixel pair: V4L2's
    /// `V4L2_PIX_FMT_YUYV`, what webcams and vivid stream), `bytesPerLine` bytes a row (at
    /// least `width * 2`; drivers may pad rows). The frame is split into its three planes and
    /// compressed 4:2:2 from them (`tjCompressFromYUVPlanes`): no colour conversion, no
    /// chroma resampling. `quality` is 1...100, clamped.
    public func compress(
        yuyv frame: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerLine: Int, quality: Int
    ) throws(JPEGCompressionError) -> [UInt8] {
        guard (2...Self.maximumSide).contains(width), width % 2 == 0, (1...Self.maximumSide).contains(height),
            bytesPerLine >= width * 2, frame.count >= bytesPerLine * (height - 1) + width * 2
        else {
            throw JPEGCompressionError(message: "YUYV frame of \(width) x \(height), \(bytesPerLine) bytes a row, with \(frame.count) bytes")
        }
        Self.splitYUYV(frame, width: width, height: height, bytesPerLine: bytesPerLine, into: &planes)
        let subsampling = Int32(TJSAMP_422.rawValue)
        try reserve(Int(tjBufSize(Int32(width), Int32(height), subsampling)))
        var size = UInt(capacity)
        let flags = Int32(TJFLAG_NOREALLOC | TJFLAG_ACCURATEDCT)
        let chroma = width / 2 * height
        var strides: [Int32] = [Int32(width), Int32(width / 2), Int32(width / 2)]
        let status = planes.withUnsafeBufferPointer { all -> Int32 in
            guard let base = all.baseAddress else { return -1 }
            var sources: [UnsafePointer<UInt8>?] = [base, base + width * height, base + width * height + chroma]
            return sources.withUnsafeMutableBufferPointer { pointers in
                tjCompressFromYUVPlanes(
                    handle, pointers.baseAddress, Int32(width), &strides, Int32(height), subsampling, &buffer, &size,
                    Int32(min(max(quality, 1), 100)), flags)
            }
        }
        guard status == 0, let buffer else { throw JPEGCompressionError(message: Self.errorText(handle)) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// The Y, then U, then V planes of a YUYV frame (the planes' buffer is reused).
    static func splitYUYV(_ frame: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerLine: Int, into planes: inout [UInt8]) {
        let luma = width * height
        let chroma = width / 2 * height
        if planes.count != luma + 2 * chroma { planes = [UInt8](repeating: 0, count: luma + 2 * chroma) }
        planes.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let line = row * bytesPerLine
                for pair in 0..<(width / 2) {
                    let source = line + pair * 4
                    out[row * width + pair * 2] = frame[source]
                    out[luma + row * (width / 2) + pair] = frame[source + 1]
                    out[row * width + pair * 2 + 1] = frame[source + 2]
                    out[luma + chroma + row * (width / 2) + pair] = frame[source + 3]
                }
            }
        }
    }

    /// Makes the output buffer hold at least `needed` bytes (tjBufSize for the image).
    private func reserve(_ needed: Int) throws(JPEGCompressionError) {
        guard needed > capacity else { return }
        tjFree(buffer)
        buffer = tjAlloc(Int32(needed))
        capacity = buffer == nil ? 0 : needed
        guard buffer != nil else { throw JPEGCompressionError(message: "cannot allocate \(needed) bytes") }
    }

    private static func errorText(_ handle: tjhandle?) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
