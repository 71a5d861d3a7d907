import UprightCore

/// What a scenario says the run must produce; `sim` checks them and reports each one, so a
/// scenario is also a test. Every field is optional.
public struct ScenarioExpectations: Equatable, Sendable {
    /// A latched orientation: of the N-th photo (`capture`) or the N-th clip (`clip`),
    /// counting from 1 in the order they happen.
    public struct Latch: Equatable, Sendable {
        public enum Target: Equatable, Sendable {
            case capture(Int)
            case clip(Int)
        }

        public var target: Target
        /// The orientation expected; nil: `unknown` (no upright orientation decided when the
        /// photo or clip was ordered).
        public var orientation: UprightOrientation?

        public init(target: Target, orientation: UprightOrientation?) {
            self.target = target
            self.orientation = orientation
        }
    }

    public var captures: Int?
    public var clips: Int?
    public var orientationChanges: Int?
    public var rejections: Int?
    public var finalState: String?
    public var latches: [Latch]

    public init(
        captures: Int? = nil, clips: Int? = nil, orientationChanges: Int? = nil, rejections: Int? = nil, finalState: String? = nil,
        latches: [Latch] = []
    ) {
        self.captures = captures
        self.clips = clips
        self.orientationChanges = orientationChanges
        self.rejections = rejections
        self.finalState = finalState
        self.latches = latches
    }

    public var isEmpty: Bool {
        captures == nil && clips == nil && orientationChanges == nil && rejections == nil && finalState == nil && latches.isEmpty
    }

    /// The machine's states (docs/events.md, the event stream contract).
    public static let stateNames = ["idle", "previewing", "capturing", "recording"]
}
