import UprightCore

/// A board description (`boards/*.json`): which bus and chip, how it is mounted, which GPIO
/// line the shutter is on, which camera backend to drive, where output goes. Loading checks
/// every value against what the hardware allows and names the key of the first problem.
public struct Board: Equatable, Sendable {
    public var name: String
    public var i2c: I2CSettings
    public var sensor: SensorSettings
    /// The `detector` section over the defaults, parsed and range-checked once at load.
    public var detector: DetectorParameters
    public var shutter: ShutterSettings
    public var dataReady: GPIOLineSettings?
    /// The recording light: an output line, on while recording (`RecordingLight`); nil: none.
    public var led: LEDSettings? = nil
    public var machine: MachineSettings
    public var camera: CameraSettings
    public var output: OutputSettings

    public struct I2CSettings: Equatable, Sendable {
        /// N in /dev/i2c-N (1 on a Pi's header).
        public var bus: Int
        /// 100000 (the Pi's default) or 400000 (`dtparam=i2c_arm_baudrate=400000`).
        public var speedHz: Int
    }

    public enum SensorKind: String, Equatable, Sendable, CaseIterable {
        case mpu6050
        case adxl345
        /// Scan 0x68, 0x69, 0x53, 0x1D and use what answers.
        case auto

        public var displayName: String {
            switch self {
            case .mpu6050: "MPU-6050"
            case .adxl345: "ADXL345"
            case .auto: "auto"
            }
        }
    }

    /// `sensor.backend`: who talks to the chip (docs/boards.md, docs/setup.md "A chip the kernel
    /// drives").
    public enum SensorBackend: String, Equatable, Sendable, CaseIterable {
        /// Upright reads the chip itself over /dev/i2c-N (its FIFO; the default).
        case i2c
        /// The kernel's driver reads it; Upright reads the driver's IIO device.
        case iio
        /// `i2c`, unless a kernel driver with an IIO device holds the address: then `iio`.
        case auto
    }

    public enum ReadMode: String, Equatable, Sendable, CaseIterable {
        /// Drain the chip's FIFO (fewest bus bytes per sample; the default).
        case fifo
        /// One burst read of the data registers per sample.
        case burst
    }

    public struct SensorSettings: Equatable, Sendable {
        public var kind: SensorKind
        /// `sensor.backend`: over I2C (the default), through the kernel's IIO device, or
        /// `auto` (I2C unless a kernel IIO driver holds the address).
        public var backend = SensorBackend.i2c
        /// The 7-bit address; nil with `auto`.
        public var address: UInt8?
        public var rateHz: Double
        public var rangeG: Int
        /// MPU-6050 digital low-pass filter bandwidth (accelerometer), Hz.
        public var filterHz: Int?
        public var readMode: ReadMode
        public var mountMatrix: MountMatrix
        /// The chip's zero-g offset in g on the **chip's own axes** (before the mount matrix),
        /// as `upright calibrate` measures it: subtracted in software from every reading.
        public var offsetG = Vector3.zero
        /// `sensor.gyro`: an MPU-6050 reads its gyro too (on by default; `false` reads the
        /// accelerometer alone, as an ADXL345 does): the FIFO's records and a burst read carry
        /// the angular rate, and the detector fuses it.
        public var gyro = true

        /// Largest offset accepted per axis: the MPU-6050's zero-g tolerance is 80 mg, worst
        /// clones read about 0.25 g off; more than this is a wrong range or a broken chip.
        public static let maximumOffsetG = 0.5

        /// The offset in the device frame, where the drivers subtract it (after the mount
        /// matrix): `M * offset`.
        public var deviceOffsetG: Vector3 { mountMatrix.apply(offsetG) }
    }

    public struct GPIOLineSettings: Equatable, Sendable {
        /// `/dev/gpiochipN`, `gpiochipN`, or a chip label such as `pinctrl-rp1` (Pi 5).
        public var chip: String
        public var line: Int
    }

    public struct LEDSettings: Equatable, Sendable {
        public var gpio: GPIOLineSettings
        /// The LED lights when the line is low (wired from 3.3 V through the LED to the pin).
        public var activeLow: Bool
    }

    public struct ShutterSettings: Equatable, Sendable {
        public var gpio: GPIOLineSettings?
        public var debounceMilliseconds: Int
        public var holdMilliseconds: Int
        /// Down this long and the button counts as stuck (a `fault button` record).
        public var stuckSeconds: Double
    }

    public struct MachineSettings: Equatable, Sendable {
        public var idleTimeoutSeconds: Double
        public var captureTimeoutSeconds: Double
        public var maximumClipSeconds: Double
        public var pressQueueDepth: Int
    }

    /// The `camera` section: which backend, and how the camera session drives it.
    public struct CameraSettings: Equatable, Sendable {
        public enum Backend: Equatable, Sendable {
            /// Camera programs run from argv templates (never through a shell); rpicam's by
            /// default. Placeholders: see `ArgvTemplate`.
            case command(still: ArgvTemplate, video: ArgvTemplate)
            /// The simulator's camera program: a model of rpicam's with its timings, rendering
            /// the synthetic scene into real JPEGs and movies.
            case simulated(SimulatedCameraSettings)
            /// A V4L2 capture device (a UVC webcam, or a Pi camera module through libcamera's
            /// V4L2 compatibility layer) streamed into a ring of recent frames: a photo is the
            /// frame nearest the touch (docs/camera.md, "V4L2").
            case v4l2(V4L2CameraSettings)
        }

        public var backend: Backend
        /// The session's rules: the mode (`camera.mode`), the ready delay (`camera.ready_ms`).
        public var session: CameraSessionSettings
        /// `camera.zsl`: the still server runs in the capture mode (`--zsl`), so a photo is the
        /// next frame: less shutter lag, a slower preview.
        public var zeroShutterLag: Bool

        public init(backend: Backend, session: CameraSessionSettings = CameraSessionSettings(), zeroShutterLag: Bool = false) {
            self.backend = backend
            self.session = session
            self.zeroShutterLag = zeroShutterLag
        }
    }

    /// The simulated camera: photo size and quality, its movies', and the camera program's
    /// timings (docs/camera.md, "Timings").
    public struct SimulatedCameraSettings: Equatable, Sendable {
        public var widthPixels = 320
        public var heightPixels = 240
        public var quality = 85
        public var clip = SimulatedClipSettings()
        public var timings = SimulatedCameraTimings()
        /// `frame_ring`: the camera is modelled as a V4L2 device streaming at `frame_ms` into a
        /// ring of recent frames with their timestamps, and a photo is the frame nearest its
        /// order (before or after it; no mode switch, no capture time), written `write_ms` later.
        public var frameRing = false

        public init() {}
    }

    /// How long the simulated camera program takes for each step, in milliseconds; the
    /// defaults and where each comes from are in docs/camera.md ("Timings").
    public struct SimulatedCameraTimings: Equatable, Sendable {
        /// Start to the camera opened and acquired: signals before this end the program.
        public var openMilliseconds = 300
        /// Opened to a settled preview (streaming, AE/AWB's first frames).
        public var settleMilliseconds = 450
        /// The preview's frame period: a signal is taken at the next frame.
        public var frameMilliseconds = 33
        /// A photo without zero shutter lag: the mode switch and the still frame.
        public var captureMilliseconds = 400
        /// A photo with zero shutter lag: the next frame of the still stream.
        public var zeroLagCaptureMilliseconds = 70
        /// Encoding and writing the JPEG, to the file's close.
        public var writeMilliseconds = 300
        /// Back to the preview after a photo without zero shutter lag.
        public var backToPreviewMilliseconds = 300
        /// SIGUSR2 to the still server's exit.
        public var stopMilliseconds = 100
        /// SIGINT to the video program's exit (its file finished).
        public var videoStopMilliseconds = 150

        public init() {}
    }

    /// The V4L2 backend: which device, the stream's size, rate and pixel format, how many
    /// frames the ring keeps, and the JPEG quality for frames Upright encodes itself (YUYV;
    /// MJPEG frames are stored as the camera compressed them).
    public struct V4L2CameraSettings: Equatable, Sendable {
        /// The stream's pixel format (`camera.format`), by its V4L2 name.
        public enum PixelFormat: String, Equatable, Sendable, CaseIterable {
            /// Motion JPEG (V4L2_PIX_FMT_MJPEG): every frame a JPEG the camera compressed,
            /// what a UVC webcam offers at its larger sizes.
            case mjpeg = "MJPEG"
            /// Packed 4:2:2 YUV (V4L2_PIX_FMT_YUYV), Y0 U Y1 V: encoded to JPEG by
            /// libjpeg-turbo per photo and per clip frame.
            case yuyv = "YUYV"
        }

        /// The capture node (`camera.device`).
        public var device = "/dev/video0"
        public var widthPixels = 640
        public var heightPixels = 480
        public var framesPerSecond = 30
        public var format = PixelFormat.mjpeg
        /// `ring_frames`: frames held back for the nearest-frame choice (each is one of the
        /// driver's buffers, dequeued; a few more stay queued for the driver to fill).
        public var ringFrames = 8
        /// JPEG quality (1...100) for YUYV frames.
        public var quality = 90

        public init() {}

        /// The frame interval the board asks for (the driver may give another: the port
        /// uses what `VIDIOC_G_PARM` reports).
        public var frameInterval: TimeSpan { TimeSpan(nanoseconds: 1_000_000_000 / Int64(framesPerSecond)) }
    }

    /// Size, rate and quality of the simulated camera's movies. 320 x 240, the simulated
    /// board's photo size, keeps a clip's frames cheap to render; 30 fps is the usual video rate;
    /// quality 75 gives clean frames of the synthetic scene at about 5 KB each (rpicam-vid's own
    /// MJPEG default is 50, docs/camera.md).
    public struct SimulatedClipSettings: Equatable, Sendable {
        public var widthPixels = 320
        public var heightPixels = 240
        public var framesPerSecond = 30
        public var quality = 75

        public init() {}
    }

    public struct OutputSettings: Equatable, Sendable {
        public var directory: String
        public var journal: String
        /// `reserve_mb`: free space on the output's file system kept for the journal: below
        /// it no photo or clip is started (presses are rejected `storage full`), so the journal
        /// can always say why. Default 8 MiB (a journal line is about 150 bytes).
        public var reserveBytes: UInt64 = 8 << 20
        /// `journal_segment_kb`: the bound of the journal's live file; past it the file is
        /// closed as the next segment and start-up reads only the live one (docs/durability.md,
        /// "A bounded journal"). Default 4 MiB: a year of heavy use is about 9 segments.
        public var journalSegmentBytes = 4 << 20
    }
}
