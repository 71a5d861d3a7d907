/// How many presses of each kind the workload planned (for the report).
public struct SoakWorkloadCounts: Equatable, Sendable {
    /// Single short presses (a photo each).
    public var shortPresses = 0
    /// Holds past the hold time (a clip each).
    public var holds = 0
    /// Presses while recording (each stops its clip).
    public var stopPresses = 0
    /// Presses in quick bursts while a photo is in flight.
    public var burstPresses = 0
    /// Short presses whose edges chatter (bounce storms).
    public var stormPresses = 0
    /// Chatter edges added by bounce storms.
    public var chatterEdges = 0

    public init() {}

    public var presses: Int { shortPresses + holds + stopPresses + burstPresses + stormPresses }

    /// Adds an episode's counts to these.
    mutating func add(_ other: SoakWorkloadCounts) {
        shortPresses += other.shortPresses
        holds += other.holds
        stopPresses += other.stopPresses
        burstPresses += other.burstPresses
        stormPresses += other.stormPresses
        chatterEdges += other.chatterEdges
    }
}
