/// The pose the detector reports: one of the four upright orientations, or flat.
///
/// The names, EXIF values and rotations are a **contract** (docs/conventions.md):
/// other tools read them, so they never change.
///
/// | name | accel at rest | EXIF | MP4 rotation (clockwise) |
/// |---|---|---|---|
/// | `normal` | (0, +1, 0) | 1 | 0 |
/// | `left-up` | (-1, 0, 0) | 6 | 90 |
/// | `right-up` | (+1, 0, 0) | 8 | 270 |
/// | `bottom-up` | (0, -1, 0) | 3 | 180 |
/// | `lens-down` | (0, 0, +1) | - | - |
/// | `lens-up` | (0, 0, -1) | - | - |
public enum Orientation: UInt8, CaseIterable, Sendable {
    /// Upright, top side up: gravity along +y.
    case normal
    /// Turned a quarter with the left side up: gravity along -x.
    case leftUp
    /// Turned a quarter with the right side up: gravity along +x.
    case rightUp
    /// Upside down: gravity along -y.
    case bottomUp
    /// Lying flat, the lens toward the ground: gravity along +z.
    case lensDown
    /// Lying flat, the lens toward the sky: gravity along -z.
    case lensUp

    /// The contract name, e.g. `left-up`.
    public var name: StaticString {
        switch self {
        case .normal: "normal"
        case .leftUp: "left-up"
        case .rightUp: "right-up"
        case .bottomUp: "bottom-up"
        case .lensDown: "lens-down"
        case .lensUp: "lens-up"
        }
    }

    /// Parses the exact contract name (case-sensitive, no surrounding spaces).
    public init?(name: some StringProtocol) {
        for candidate in Orientation.allCases where equalsUTF8(name, candidate.name) {
            self = candidate
            return
        }
        return nil
    }

    /// The camera is lying flat: there is no "up" in the image plane.
    public var isFlat: Bool { self == .lensDown || self == .lensUp }

    /// The upright orientation this pose is, or nil when flat.
    public var upright: UprightOrientation? {
        switch self {
        case .normal: .normal
        case .leftUp: .leftUp
        case .rightUp: .rightUp
        case .bottomUp: .bottomUp
        case .lensDown, .lensUp: nil
        }
    }

    /// EXIF Orientation (tag 0x0112) for the upright poses; nil when flat.
    public var exifValue: UInt8? { upright?.exifValue }

    /// Clockwise rotation a player applies, in degrees; nil when flat.
    public var rotationDegrees: Int? { upright?.rotationDegrees }
}

/// One of the four orientations a photo or clip can be latched with. A latch is never
/// flat: when the camera lies flat, the last upright orientation held is latched. When none
/// was ever held (before the detector's first decision, or flat since power-on) a latch is
/// `UprightOrientation?.none`, written `unknown` (`Latch`).
public enum UprightOrientation: UInt8, CaseIterable, Sendable {
    /// Upright, top side up (EXIF 1).
    case normal
    /// Left side up (EXIF 6, a 90 degree clockwise rotation).
    case leftUp
    /// Right side up (EXIF 8, a 270 degree clockwise rotation).
    case rightUp
    /// Upside down (EXIF 3, a 180 degree rotation).
    case bottomUp

    /// The same pose as an `Orientation`.
    public var orientation: Orientation {
        switch self {
        case .normal: .normal
        case .leftUp: .leftUp
        case .rightUp: .rightUp
        case .bottomUp: .bottomUp
        }
    }

    /// The contract name, e.g. `left-up`.
    public var name: StaticString { orientation.name }

    /// The orientation with this contract name; nil for a flat or unknown name.
    public init?(name: some StringProtocol) {
        guard let pose = Orientation(name: name), let upright = pose.upright else { return nil }
        self = upright
    }

    /// EXIF Orientation value (CIPA DC-008 / TIFF 6.0 tag 0x0112): 1 = rows top to bottom,
    /// 6 = display rotated 90 degrees clockwise, 8 = 270 clockwise, 3 = 180.
    public var exifValue: UInt8 {
        switch self {
        case .normal: 1
        case .leftUp: 6
        case .rightUp: 8
        case .bottomUp: 3
        }
    }

    /// The orientation whose EXIF value is `exifValue`, for the four values a camera writes.
    public init?(exifValue: Int) {
        switch exifValue {
        case 1: self = .normal
        case 6: self = .leftUp
        case 8: self = .rightUp
        case 3: self = .bottomUp
        default: return nil
        }
    }

    /// Clockwise rotation a player applies to the stored frames, in degrees (MP4 `tkhd`).
    public var rotationDegrees: Int {
        switch self {
        case .normal: 0
        case .leftUp: 90
        case .rightUp: 270
        case .bottomUp: 180
        }
    }
}

/// Byte-wise comparison: avoids String's Unicode-aware `==`, which pulls Unicode tables
/// into an Embedded Swift image.
@usableFromInline
func equalsUTF8(_ text: some StringProtocol, _ expected: StaticString) -> Bool {
    let count = expected.utf8CodeUnitCount
    var index = 0
    for byte in text.utf8 {
        if index >= count || byte != expected.utf8Start[index] { return false }
        index += 1
    }
    return index == count
}
