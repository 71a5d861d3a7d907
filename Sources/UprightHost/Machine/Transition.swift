import UprightCore

/// One row of the transition table: in `from` (nil: every state), on `event`, when `condition`
/// holds, go to `to` (nil: stay, an internal transition) doing `action`.
public struct Transition: Sendable {
    public var from: StateName?
    public var event: EventKind
    /// Empty when unconditional.
    public var condition: String
    public var to: StateName?
    public var action: String

    public init(_ from: StateName?, _ event: EventKind, _ condition: String = "", _ to: StateName?, _ action: String) {
        self.from = from
        self.event = event
        self.condition = condition
        self.to = to
        self.action = action
    }

    /// Whether this row is about `state` (rows for every state included).
    public func applies(to state: StateName) -> Bool { from == nil || from == state }
}
