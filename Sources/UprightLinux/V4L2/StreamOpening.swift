#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import UprightHost

/// A stream being opened on a thread of its own. Opening a device (the format, the buffers'
/// allocation and mapping, `VIDIOC_STREAMON`) takes from milliseconds to a few hundred (a USB
/// camera negotiates its bandwidth; vivid under the kernel test's emulation took longer than
/// the sensor's 250 ms), and the event loop must go on reading the sensor and the shutter
/// meanwhile. The thread runs the open once and ends; `take` gives its outcome once it has.
final class StreamOpening<Stream: V4L2FrameStream>: @unchecked Sendable {
    // @unchecked: `outcome` is written by the thread before it sets `done` (releasing), and
    // read by the caller only after it saw `done` (acquiring) and joined the thread.
    private var outcome: Result<Stream, V4L2Error>?
    private let done = Atomic<Bool>(false)
    private var thread: pthread_t?

    /// Starts opening with `open`; runs it at once, on the caller's thread, when no thread can
    /// be started.
    init(settings: Board.V4L2CameraSettings, open: @escaping (Board.V4L2CameraSettings) throws(V4L2Error) -> Stream) {
        let (handle, _) = PosixThread.start { [self] in
            run(open, settings)
        }
        if let handle {
            thread = handle
        } else {
            run(open, settings)
        }
    }

    private func run(_ open: (Board.V4L2CameraSettings) throws(V4L2Error) -> Stream, _ settings: Board.V4L2CameraSettings) {
        do throws(V4L2Error) {
            outcome = .success(try open(settings))
        } catch {
            outcome = .failure(error)
        }
        done.store(true, ordering: .releasing)
    }

    /// The outcome once the open has finished (the thread joined), nil while it runs.
    func take() -> Result<Stream, V4L2Error>? {
        guard done.load(ordering: .acquiring) else { return nil }
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        defer { outcome = nil }
        return outcome
    }
}
