/// One checked expectation: what the scenario said, what the run did.
public struct ExpectationResult: Equatable, Sendable {
    /// What was expected, e.g. `capture 2 latched left-up`.
    public var expected: String
    /// What the run produced, e.g. `left-up` or `no capture 2`.
    public var actual: String
    public var passed: Bool

    public init(expected: String, actual: String, passed: Bool) {
        self.expected = expected
        self.actual = actual
        self.passed = passed
    }

    /// `ok    capture 2 latched left-up` / `FAIL  captures = 7 (got 6)`.
    public var line: String { passed ? "ok    \(expected)" : "FAIL  \(expected) (got \(actual))" }
}
