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
    /// The motion judge trusts its estimate less the farther its magnitude is from 1 g, not
    /// at all from this far (a centripetal pull or a braking leaves it partly trusted); while
    /// it is within this of 1 g, the still stages trust a fast estimate off 1 g whose direction
    /// holds still (a stride's bounce along gravity).
    public var motionToleranceG: Float
    /// ...and less the faster its direction turns, not at all from this rate (degrees per
    /// second): a flick or a turn under way earns no trust, a body's sway some.
    public var motionSteadyRateDPS: Float
    /// The motion judge leaves an upright orientation only past 45 degrees plus this (or
    /// `hysteresisDegrees`, if larger): its estimate sways with the body.
    public var motionHysteresisDegrees: Float
    /// How fast the gyro's zero-rate offset estimate follows its readings while the camera
    /// rests: slow enough that a still hand's tremor averages out.
    public var gyroOffsetTimeConstant: TimeSpan
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
    /// The motion judge's low-pass: long enough that a runner's stride or a handlebar's
    /// vibration barely moves the estimate, short enough to follow a turn within a second.
    public var motionFilterTimeConstant: TimeSpan
    /// ...and reports a new upright pose once the estimate has shown it for this much
    /// trusted time (each sample weighted by that trust) without a break; a camera moving
    /// steadily reports one once it has been the still stages' candidate this long.
    public var motionTrustTime: TimeSpan

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
        maximumGap: TimeSpan = .milliseconds(250),
        motionFilterTimeConstant: TimeSpan = .milliseconds(200),
        motionToleranceG: Float = 0.4,
        motionSteadyRateDPS: Float = 180,
        motionTrustTime: TimeSpan = .milliseconds(250),
        motionHysteresisDegrees: Float = 15,
        gyroOffsetTimeConstant: TimeSpan = .seconds(2)
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
        self.motionFilterTimeConstant = motionFilterTimeConstant
        self.motionToleranceG = motionToleranceG
        self.motionSteadyRateDPS = motionSteadyRateDPS
        self.motionTrustTime = motionTrustTime
        self.motionHysteresisDegrees = motionHysteresisDegrees
        self.gyroOffsetTimeConstant = gyroOffsetTimeConstant
    }
}
