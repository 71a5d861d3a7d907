import UprightCore

/// The names of the files the cameras write, one scheme for every backend: `IMG_0001.jpg` and
/// `CLIP_0001.<clipExtension>` (at least four digits), the machine's shot and clip numbers
/// (which continue after an earlier run's: `MachineConfiguration.numberedAfter`, from the
/// start-up reconciliation), so a restart never overwrites an earlier file. Names are built
/// from numbers only, so every path stays directly inside the output directory. The one place
/// that both builds these names and reads them back (`number(named:)`).
public struct MediaNaming: Equatable, Sendable {
    /// `mp4` for rpicam-vid's files, `mov` for the simulator's QuickTime movies.
    public var clipExtension: String
    /// Whether photos get a name in the records (false when the camera writes none).
    public var namesPhotos: Bool
    /// Whether clips get a name in the records (false when the camera writes none).
    public var namesClips = true

    /// A camera that writes no files (replay's instant camera): no record names one.
    public static var noFiles: MediaNaming {
        var naming = MediaNaming(clipExtension: "mp4", namesPhotos: false)
        naming.namesClips = false
        return naming
    }

    static let photoPrefix = "IMG_"
    static let clipPrefix = "CLIP_"
    static let photoExtension = "jpg"

    public init(clipExtension: String, namesPhotos: Bool = true) {
        self.clipExtension = clipExtension
        self.namesPhotos = namesPhotos
    }

    /// Every camera's clip container: rpicam-vid's MP4, the V4L2 camera's and the simulator's
    /// QuickTime movies. One output directory may hold both (a board switched from a webcam to
    /// the Pi's camera): clips are numbered in one sequence, whatever their extension.
    public static let clipExtensions = ["mp4", "mov"]

    /// The clip a name of this scheme is under any camera's extension (`CLIP_0003.mov` for a
    /// camera writing `mp4`); nil for any other name.
    public func clipNumberOfAnyCamera(named name: String) -> MediaNumber? {
        for fileExtension in Self.clipExtensions {
            if let number = Self.number(in: name, prefix: Self.clipPrefix, extension: fileExtension) { return .clip(number) }
        }
        return nil
    }

    public func photoName(shot: UInt32) -> String { Self.photoPrefix + Self.fourDigits(Int(shot)) + "." + Self.photoExtension }

    public func clipName(clip: UInt32) -> String { Self.clipPrefix + Self.fourDigits(Int(clip)) + "." + clipExtension }

    /// For `RecordWriter`: the file a `capture`, `record-start` or `record-stop` record refers to.
    public func fileName(for record: MachineRecord) -> String? {
        switch record {
        case .capture(let shot, _, _, _, _): namesPhotos ? photoName(shot: shot) : nil
        case .recordStart(let clip, _, _), .recordStop(let clip, _, _, _): namesClips ? clipName(clip: clip) : nil
        default: nil
        }
    }

    /// The photo or clip a name of this scheme is (`IMG_0042.jpg` is shot 42, `CLIP_12345.mov`
    /// clip 12345 when clips are `mov`); nil for any other name, including another extension's
    /// clip and a name with no digits or other characters around them.
    public func number(named name: String) -> MediaNumber? {
        if let number = Self.number(in: name, prefix: Self.photoPrefix, extension: Self.photoExtension) { return .shot(number) }
        if let number = Self.number(in: name, prefix: Self.clipPrefix, extension: clipExtension) { return .clip(number) }
        return nil
    }

    /// `number` with at least four digits, zero-padded: the names' counter, and the camera
    /// programs' `%04d`.
    public static func fourDigits(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func number(in name: String, prefix: String, extension fileExtension: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix("." + fileExtension) else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(fileExtension.count + 1)
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let number = UInt32(digits), number > 0,
            // Only the form the scheme writes: `IMG_00042.jpg` is not shot 42's name, and
            // start-up would journal it recovered as `IMG_0042.jpg`, a file that is not there.
            digits.elementsEqual(fourDigits(Int(number)))
        else { return nil }
        return Int(number)
    }
}
