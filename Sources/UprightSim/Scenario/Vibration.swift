/// A small fast vibration (a motor, a vehicle): sinusoidal acceleration on some axes with a
/// phase per axis drawn from the seed, over a window (the whole run by default).
public struct Vibration: Equatable, Sendable {
    public var startSeconds: Double
    /// nil = until the end of the run.
    public var durationSeconds: Double?
    public var amplitudeG: Double
    public var frequencyHertz: Double
    public var axes: Axes

    public init(startSeconds: Double = 0, durationSeconds: Double? = nil, amplitudeG: Double, frequencyHertz: Double, axes: Axes = .all) {
        self.startSeconds = startSeconds
        self.durationSeconds = durationSeconds
        self.amplitudeG = amplitudeG
        self.frequencyHertz = frequencyHertz
        self.axes = axes
    }

    public var endSeconds: Double { durationSeconds.map { startSeconds + $0 } ?? .infinity }
}
