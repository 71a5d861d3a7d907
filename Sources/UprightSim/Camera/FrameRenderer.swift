#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// A clip's new frames rendered on two threads (`SimMovie.appendFrames`): the second half of
/// the poses on a helper thread with its own compressor, the first half on the caller's, then
/// joined. Rendering is pure (the pose gives the pixels, the pixels the JPEG), so the bytes
/// are those of rendering one at a time, whichever thread made them.
enum FrameRenderer {
    /// Smaller frames are rendered quicker than a thread starts (the soak's 16 x 12 clips):
    /// they stay on the caller's thread.
    static let minimumPixels = 64 * 64

    /// What the helper made: its half's JPEGs, or the error that stopped it.
    private final class Half: @unchecked Sendable {
        var pictures: [[UInt8]?] = []
        var error: JPEGCompressionError?
    }

    /// The JPEGs of `poses`, in order. When no thread can be started, all are made here.
    static func render(
        _ poses: [SimMovie.Pose], width: Int, height: Int, quality: Int, compressor: JPEGCompressor
    ) throws(JPEGCompressionError) -> [[UInt8]?] {
        let split = (poses.count + 1) / 2
        let helperPoses = Array(poses[split...])
        let helper = Half()
        let (thread, _) = PosixThread.start {
            do throws(JPEGCompressionError) {
                let own = try JPEGCompressor()
                for pose in helperPoses {
                    helper.pictures.append(try SimMovie.picture(pose, width: width, height: height, quality: quality, compressor: own))
                }
            } catch {
                helper.error = error
            }
        }
        var pictures: [[UInt8]?] = []
        pictures.reserveCapacity(poses.count)
        var failure: JPEGCompressionError?
        do throws(JPEGCompressionError) {
            for pose in poses[..<(thread == nil ? poses.count : split)] {
                pictures.append(try SimMovie.picture(pose, width: width, height: height, quality: quality, compressor: compressor))
            }
        } catch {
            failure = error
        }
        guard let thread else {
            if let failure { throw failure }
            return pictures
        }
        pthread_join(thread, nil)
        if let failure { throw failure }
        if let error = helper.error { throw error }
        return pictures + helper.pictures
    }
}
