import UprightHost

/// One measured figure of `upright bench`: the median of several runs after a warm-up, with
/// the spread, so a reader can tell a real change from noise.
public struct BenchFigure: Sendable {
    /// The JSON key, e.g. `pipeline_samples_per_second`.
    public var key: String
    public var unit: String
    public var median: Double
    public var minimum: Double
    public var maximum: Double
    /// The interquartile range: the middle half of the runs lies between these.
    public var lowerQuartile: Double
    public var upperQuartile: Double
    public var runs: Int
    /// The figure's goal (the performance table, docs/performance.md), when there is one, and whether larger is better.
    public var target: Target?
    /// Why the figure has no value (e.g. "not available: ..."), shown in the table.
    public var note: String?

    public enum Target: Sendable {
        case atLeast(Double)
        case atMost(Double)

        public func isMet(by value: Double) -> Bool {
            switch self {
            case .atLeast(let goal): value >= goal
            case .atMost(let goal): value <= goal
            }
        }
    }

    public init(key: String, unit: String, values: [Double], target: Target? = nil, note: String? = nil) {
        let sorted = values.sorted()
        self.key = key
        self.unit = unit
        self.runs = sorted.count
        self.minimum = sorted.first ?? .nan
        self.maximum = sorted.last ?? .nan
        median = Self.quantile(sorted, 0.5)
        lowerQuartile = Self.quantile(sorted, 0.25)
        upperQuartile = Self.quantile(sorted, 0.75)
        self.target = target
        self.note = note
    }

    /// A single value measured once (a size, a count).
    public init(key: String, unit: String, value: Double, target: Target? = nil) {
        self.init(key: key, unit: unit, values: [value], target: target)
    }

    /// The `q`-quantile of ascending `sorted`, interpolated between the two nearest runs (so
    /// the median of an even count is the mean of the middle two); NaN when empty.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let position = q * Double(sorted.count - 1)
        let below = Int(position)
        let fraction = position - Double(below)
        // No interpolation on a whole rank or between equal runs: an infinite value (a run too
        // fast to time) stays one instead of becoming NaN.
        guard fraction > 0, below + 1 < sorted.count, sorted[below + 1] != sorted[below] else { return sorted[below] }
        return sorted[below] + (sorted[below + 1] - sorted[below]) * fraction
    }

    public var verdict: String {
        guard let target, median.isFinite else { return "" }
        return target.isMet(by: median) ? "met" : "MISSED"
    }
}

/// Runs `body` `warmups` times unmeasured, then `runs` times, collecting what it returns.
public func measure(warmups: Int = 1, runs: Int = 5, _ body: () -> Double) -> [Double] {
    for _ in 0..<warmups { _ = body() }
    return (0..<runs).map { _ in body() }
}
