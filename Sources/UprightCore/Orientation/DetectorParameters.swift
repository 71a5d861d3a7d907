/// The detector's tunables, settable per board. Every constant is a time or an angle (or an
/// acceleration or rate), never a sample count, so the same values work from 15 Hz to 1 kHz.
///
/// The defaults were tuned on the generated scenario corpus (UprightSim/Corpus): see the
/// detector's documentation for what each stage does.
public struct DetectorParameters: Equatable, Sendable {
    /// Low-pass time constant of the gravity estimate without a gyro: removes vibration and
    /// tremor; short enough to keep the latency of a deliberate turn well under 200 ms.
    public var filterTimeConstant: TimeSpan
    /// With a gyro, the gravity estimate is propagated by the angular rate and pulled toward
    /// the accelerometer with this (longer) time constant: linear shakes barely move it.
    public var gyroCorrectionTimeConstant: TimeSpan
    /// Smoothing of the rotation-rate estimate that decides whether the camera is still.
    public var rateTimeConstant: TimeSpan
    /// Hysteresis around each 45 degree boundary: leaving an upright orientation needs the
    /// image-plane angle to pass 45 degrees plus this.
    public var hysteresisDegrees: Float
    /// Tilt out of the image plane beyond which the camera is flat (`lens-up`/`lens-down`).
    public var flatEnterDegrees: Float
    /// Tilt below which a flat camera is upright again (less than `flatEnterDegrees`).
    public var flatExitDegrees: Float
    /// The smoothed gravity estimate must be within this of 1 g to be trusted: rejects shakes,
    /// free fall and impacts.
    public var magnitudeToleranceG: Float
    /// Rotation rate below which the camera counts as still, in degrees per second.
    public var stillRateDPS: Float
    /// A new orientation must be the candidate for this long...
    public var settleTime: TimeSpan
    /// ...and the camera still (trusted magnitude, no rotation) for this long before it is reported.
    public var stillTime: TimeSpan
    /// ...and this long must have passed since the camera set off from the stable orientation:
    /// a flick (out past the boundary and back, however still at its far end) that returns
    /// sooner is not a change.
    public var flickTime: TimeSpan
    /// A gap between samples longer than this (or time going backwards) restarts the filters.
    public var maximumGap: TimeSpan

    /// Parameters from their values; the defaults are the ones the firmware ships with.
    public init(
        filterTimeConstant: TimeSpan = .milliseconds(30),
        gyroCorrectionTimeConstant: TimeSpan = .milliseconds(250),
        rateTimeConstant: TimeSpan = .milliseconds(30),
        hysteresisDegrees: Float = 8,
        flatEnterDegrees: Float = 80,
        flatExitDegrees: Float = 77,
        magnitudeToleranceG: Float = 0.2,
        stillRateDPS: Float = 50,
        settleTime: TimeSpan = .milliseconds(80),
        stillTime: TimeSpan = .milliseconds(50),
        flickTime: TimeSpan = .milliseconds(300),
        maximumGap: TimeSpan = .milliseconds(250)
    ) {
        self.filterTimeConstant = filterTimeConstant
        self.gyroCorrectionTimeConstant = gyroCorrectionTimeConstant
        self.rateTimeConstant = rateTimeConstant
        self.hysteresisDegrees = hysteresisDegrees
        self.flatEnterDegrees = flatEnterDegrees
        self.flatExitDegrees = flatExitDegrees
        self.magnitudeToleranceG = magnitudeToleranceG
        self.stillRateDPS = stillRateDPS
        self.settleTime = settleTime
        self.stillTime = stillTime
        self.flickTime = flickTime
        self.maximumGap = maximumGap
    }
}
