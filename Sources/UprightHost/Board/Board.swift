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
    /// The simulated camera's clips (`camera.clip_*` with the `simulated` backend; defaults otherwise).
    public var simulatedClip = SimulatedClipSettings()
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

    public enum ReadMode: String, Equatable, Sendable, CaseIterable {
        /// Drain the chip's FIFO (fewest bus bytes per sample; the default).
        case fifo
        /// One burst read of the data registers per sample.
        case burst
    }

    public struct SensorSettings: Equatable, Sendable {
        public var kind: SensorKind
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

    public enum CameraSettings: Equatable, Sendable {
        /// Runs argv templates (never through a shell). Placeholders: see `CommandTemplate`.
        case command(still: CommandTemplate, video: CommandTemplate)
        /// The simulator's camera: renders the synthetic scene into real JPEGs.
        case simulated(widthPixels: Int, heightPixels: Int, quality: Int)
    }

    /// Size, rate and quality of the simulated camera's movies. 320 x 240, the simulated
    /// board's photo size, keeps a clip's frames cheap to render; 30 fps is the usual video rate
    /// (and the clip sidecars'); quality 75 gives clean frames of the synthetic scene at about
    /// 5 KB each (rpicam-vid's own MJPEG default is 50, docs/camera.md).
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
    }
}
