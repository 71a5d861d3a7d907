import UprightCore

/// The names of the files the cameras write, one scheme for every backend: `IMG_0001.jpg` and
/// `CLIP_0001.<clipExtension>` (at least four digits), the machine's shot and clip numbers
/// (which continue after an earlier run's: `MachineConfiguration.numberedAfter`, from the
/// start-up reconciliation), so a restart never overwrites an earlier file. Names are built
/// from numbers only, so every path stays directly inside the output directory.
public struct MediaNaming: Equatable, Sendable {
    /// `mp4` for rpicam-vid's files, `mov` for the simulator's QuickTime movies.
    public var clipExtension: String
    /// Whether photos get a name in the records (false when the camera writes none).
    public var namesPhotos: Bool

    public init(clipExtension: String, namesPhotos: Bool = true) {
        self.clipExtension = clipExtension
        self.namesPhotos = namesPhotos
    }

    public func photoName(shot: UInt32) -> String { "IMG_" + Self.padded(shot) + ".jpg" }

    public func clipName(clip: UInt32) -> String { "CLIP_" + Self.padded(clip) + "." + clipExtension }

    /// For `RecordWriter`: the file a `capture`, `record-start` or `record-stop` record refers to.
    public func fileName(for record: MachineRecord) -> String? {
        switch record {
        case .capture(let shot, _, _, _, _): namesPhotos ? photoName(shot: shot) : nil
        case .recordStart(let clip, _, _), .recordStop(let clip, _, _, _): clipName(clip: clip)
        default: nil
        }
    }

    private static func padded(_ number: UInt32) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
