/// A hand shaking the camera: sinusoidal linear acceleration on some axes (device frame),
/// optionally with a rocking rotation about the lens axis. The axes are a quarter period
/// apart (x sine, y cosine, z half-way) so a shake on several axes traces an ellipse, as a
/// hand does, rather than a line.
public struct Shake: Equatable, Sendable {
    public var startSeconds: Double
    public var durationSeconds: Double
    /// Peak linear acceleration on each listed axis, in g.
    public var amplitudeG: Double
    public var frequencyHertz: Double
    public var axes: Axes
    /// Peak rocking of the in-plane angle, in degrees (0 = no rotation).
    public var rotationDegrees: Double

    public init(
        startSeconds: Double, durationSeconds: Double, amplitudeG: Double, frequencyHertz: Double, axes: Axes = .all, rotationDegrees: Double = 0
    ) {
        self.startSeconds = startSeconds
        self.durationSeconds = durationSeconds
        self.amplitudeG = amplitudeG
        self.frequencyHertz = frequencyHertz
        self.axes = axes
        self.rotationDegrees = rotationDegrees
    }

    public var endSeconds: Double { startSeconds + durationSeconds }
}
