import UprightCore

/// A photo or clip the journal says is on the card under its final name
/// (`OutputReconciliation.owedFiles`): its number, its name, and the orientation its file
/// carries (a photo's EXIF Orientation, a clip's track rotation); nil when the journal does not
/// know it (a file recovered at start-up whose orientation could not be read).
public struct OwedFile: Equatable, Sendable {
    public var number: MediaNumber
    public var file: String
    public var orientation: UprightOrientation?

    public init(number: MediaNumber, file: String, orientation: UprightOrientation?) {
        self.number = number
        self.file = file
        self.orientation = orientation
    }

    /// One JSON object, keys in this order: `file`, `shot` and `exif` for a photo or `clip`
    /// and `rotation` for a clip (the orientation's key left out when unknown).
    public var jsonLine: String {
        var writer = JSONWriter()
        writer.field("file", file)
        writer.field(number.key, number.value)
        if let orientation {
            switch number {
            case .shot: writer.field("exif", Int(orientation.exifValue))
            case .clip: writer.field("rotation", orientation.rotationDegrees)
            }
        }
        return writer.finished
    }
}
