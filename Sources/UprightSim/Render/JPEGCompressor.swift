import CTurboJPEG

/// Baseline JPEG compression with libjpeg-turbo's TurboJPEG API, the library behind rpicam-apps'
/// own encoder (docs/camera.md). One compressor holds one libjpeg-turbo instance and a reused
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
        let needed = Int(tjBufSize(Int32(image.width), Int32(image.height), subsampling.turboJPEG))
        if needed > capacity {
            tjFree(buffer)
            buffer = tjAlloc(Int32(needed))
            capacity = buffer == nil ? 0 : needed
            guard buffer != nil else { throw JPEGCompressionError(message: "cannot allocate \(needed) bytes") }
        }
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

    private static func errorText(_ handle: tjhandle?) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
