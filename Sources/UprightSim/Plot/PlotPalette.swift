import UprightCore

/// The plot's colours: one per orientation and per state, chosen to be told apart by most
/// colour-blind readers (the bands also carry their names as text).
enum PlotPalette {
    static let angle = "#1f5fbf"
    static let tilt = "#e07b00"
    static let fault = "#d62728"
    static let grid = "#dddddd"
    static let axis = "#333333"
    static let muted = "#666666"
    /// A photo or clip latched `unknown` (no upright orientation decided).
    static let unknown = "#9e9e9e"

    static func color(_ orientation: Orientation) -> String {
        switch orientation {
        case .normal: "#66bb6a"
        case .leftUp: "#42a5f5"
        case .rightUp: "#ab47bc"
        case .bottomUp: "#ef5350"
        case .lensDown: "#8d6e63"
        case .lensUp: "#ffca28"
        }
    }

    static func color(state: String) -> String {
        switch state {
        case "idle": "#bdbdbd"
        case "previewing": "#a5d6a7"
        case "capturing": "#ffb74d"
        case "recording": "#e57373"
        default: "#e0e0e0"
        }
    }

    static let states = ["idle", "previewing", "capturing", "recording"]
}
