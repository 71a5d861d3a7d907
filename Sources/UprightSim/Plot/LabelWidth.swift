/// How wide a label draws, estimated high, so a label said to fit does fit whichever of the
/// plot's fonts the viewer has: per character, about DejaVu Sans's advance (the widest of
/// "DejaVu Sans, Helvetica, Arial"), rounded up into three classes.
enum LabelWidth {
    /// The label's width in pixels at `fontSize` pixels.
    static func pixels(_ label: String, fontSize: Double) -> Double {
        var ems = 0.0
        for character in label {
            switch character {
            case "i", "j", "l", "t", "f", "r", "-", " ", ".", ",", "(", ")": ems += 0.42
            case "m", "w", "M", "W", "#": ems += 1.0
            default: ems += 0.66
            }
        }
        return ems * fontSize
    }

    /// The largest of `sizes` (largest first) at which `label` fits in `width` pixels with a
    /// few pixels to spare each side; nil when it fits at none (the legend names the colour).
    static func fittingSize(_ label: String, width: Double, sizes: [Double] = [11, 9]) -> Double? {
        sizes.first { pixels(label, fontSize: $0) + 6 <= width }
    }
}
