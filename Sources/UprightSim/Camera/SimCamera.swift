import UprightCore
import UprightHost

/// The simulator's camera: the camera session a Pi runs (`CameraSession`), over the modelled
/// camera program (`SimCameraProcesses`). Photos are real JPEGs of the synthetic scene at the
/// exposure's true pose, clips real Motion-JPEG QuickTime movies (`CLIP_0001.mov`), each with
/// the latched orientation written by the session's own patchers.
public typealias SimCamera = CameraSession<SimCameraProcesses>

extension CameraSession where Processes == SimCameraProcesses {
    /// Movies are QuickTime files.
    public static var clipExtension: String { "mov" }

    /// The names the simulated camera's files get.
    public static var naming: MediaNaming { MediaNaming(clipExtension: clipExtension) }

    /// The simulated camera for `camera` (a board's section; a command backend gets the
    /// simulated camera's defaults, a V4L2 one the frame ring at its rate), writing into
    /// `outputDirectory`, showing `pose`, with the scenario's camera faults; its files finished
    /// by the Pi's files worker modelled over `card` (`SimulatedCameraFileWork`), a clip's
    /// matrix failing with `inPlaceWriteFailure`'s words when given (`CameraFiles`).
    public static func simulated(
        camera: Board.CameraSettings, outputDirectory: String, reserveBytes: UInt64 = 0, faults: [SimCameraFault] = [],
        generator: SeededGenerator = SeededGenerator(seed: 0), card: SimCard = .instant,
        cardGenerator: SeededGenerator = SeededGenerator(seed: 0), inPlaceWriteFailure: String? = nil,
        pose: @escaping (Instant) -> MotionPose
    ) -> SimCamera {
        var simulated = Board.SimulatedCameraSettings()
        switch camera.backend {
        case .simulated(let settings):
            simulated = settings
        case .v4l2(let device):
            // The V4L2 camera's model: a stream into a frame ring at the device's rate.
            simulated.frameRing = true
            simulated.timings.frameMilliseconds = max(1, 1000 / device.framesPerSecond)
        case .command:
            break
        }
        let processes = SimCameraProcesses(
            settings: simulated, zeroShutterLag: camera.zeroShutterLag, faults: faults,
            generator: generator, pose: pose)
        var files = CameraFiles(outputDirectory: outputDirectory, naming: naming, reserveBytes: reserveBytes)
        files.inPlaceWriteFailure = inPlaceWriteFailure
        return SimCamera(
            processes: processes, settings: camera.session, files: files,
            fileWork: SimulatedCameraFileWork(card: card, generator: cardGenerator))
    }
}
