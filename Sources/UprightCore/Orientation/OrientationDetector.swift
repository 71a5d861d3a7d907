/// Turns a stream of samples (device frame) into a stable orientation.
///
/// Design (compared with Android's WindowOrientationListener and iio-sensor-proxy, which it
/// borrows ideas from but does not copy):
/// 1. Gravity estimate `gravity`: without a gyro, a first-order low-pass of the accelerometer
///    (time constant `filterTimeConstant`); with a gyro, a complementary filter: the estimate
///    is rotated by the measured angular rate every sample and pulled toward the accelerometer
///    with `gyroCorrectionTimeConstant`, so a linear shake barely moves it while a real turn
///    is followed without lag (when the gyro is quiet and the reading is about 1 g, the
///    correction speeds up to `filterTimeConstant`: an under-sampled turn is caught up). Coefficients come from the measured time step (dt / (tau + dt),
///    the first-order hold of exp), so behaviour does not depend on the sample rate.
/// 2. Trust: the estimate counts only while its magnitude is within `magnitudeToleranceG` of
///    1 g (shakes, free fall and impacts fail this) and the camera is still: the rotation rate
///    (the gyro, or without one the angular speed of the estimate itself; clipped, smoothed
///    with `rateTimeConstant` as a vector so noise cancels) below `stillRateDPS`.
/// 3. Classification by tangents, never angles (no atan2): flat when the tilt out of the image
///    plane passes `flatEnterDegrees` (back below `flatExitDegrees` to leave: hysteresis);
///    upright by the image-plane projection, leaving the reference orientation only when another
///    axis beats it by tan(45 + `hysteresisDegrees`). Unlike a phone, a camera keeps its
///    upright answer at steep tilts (a document on a table, a ceiling) up to ~80 degrees.
/// 4. Commit: the candidate must persist for `settleTime` and the camera be trusted-still for
///    `stillTime`; a glitch or a shake never satisfies both.
/// 5. Flicks: a flick can stop and be still at its far end, so stillness alone does not tell
///    it from a turn. A new orientation is reported no sooner than `flickTime` after the camera
///    set off from the stable one (the start of the motion that carried it across the
///    boundary); a flick that comes back sooner is never reported. A turn that takes 0.1 s
///    is reported about `flickTime` - 0.1 s after it stops, a slower one as soon as it is still.
/// 6. Motion: a camera in sustained motion (running, riding, driving, spinning) never passes
///    stage 2, so a second judge weighs a longer-filtered estimate by graded trust instead of
///    a gate (see `judgeMotion`); it reports upright poses only, past a wider hysteresis.
/// Samples faster than 200 Hz are averaged into steps of at most 5 ms (`update`), so the
/// stages run at most every 5 ms whatever the chip's rate.
/// A gap in the timestamps restarts the filters but keeps the stable orientation: no spurious
/// change. The detector starts undecided (`orientation` and `lastUpright` nil): its first
/// report is its first decision, whatever the pose (`normal` too), with no flick time to wait
/// out; `lastUpright` then survives flat poses, so a latch is upright once one was decided.
public struct OrientationDetector: Sendable {
    /// The thresholds and time constants in use.
    public var parameters: DetectorParameters {
        didSet {
            thresholds = Thresholds(parameters)
            step = StepCoefficients()
        }
    }
    /// The filtered gravity estimate in g (device frame; zero before the first sample and
    /// after a reset), for a live view.
    public var gravityEstimate: Vector3 { gravity.vector3 }
    /// The gyro's zero-rate offset as learnt at rest (degrees per second, device frame; zero
    /// until the first rest with a gyro), already subtracted from the rates the detector uses.
    public var gyroOffsetDPS: Vector3 { gyroOffset.vector3 }

    // Stored properties are declared by alignment (8-byte times first, then 4-byte floats,
    // then bytes, each optional time with bytes in its tail): Swift lays fields out in
    // declaration order, and on a microcontroller every byte of padding is stack, several
    // times over (the runtime is built through temporaries; docs/mcu.md, "RAM").
    private var candidateSince = Instant.zero
    /// The last sample at which the rotation rate was below `stillRateDPS`: the motion under
    /// way began after it.
    private var lastStill = Instant.zero
    /// When the camera set off from the stable orientation toward the candidate (the start of
    /// the motion during which the candidate first differed from it).
    private var departedAt = Instant.zero
    /// Since when the camera has been still; `distantFuture` while it is not (not an
    /// optional: its tag byte would pad the detector by 8 bytes, a copy of it on the M0's
    /// stack at start-up for each copy of the detector).
    private var stillSince = Instant.distantFuture
    /// When the motion judge's estimate began to show `slowCandidate`.
    private var slowSince = Instant.zero
    /// Coefficients for the last sample period seen: at a steady rate (a FIFO's samples are
    /// evenly spaced) the divisions run once per rate change instead of once per sample.
    private var step = StepCoefficients()
    private var thresholds: Thresholds
    private var gravity = DetectorVector.zero
    private var rate = DetectorVector.zero
    /// The motion judge's state (stage 6): its longer-filtered gravity, that estimate's
    /// smoothed direction velocity (degrees per second, a vector), the pose it shows and the
    /// trusted time it has shown it for.
    private var slow = DetectorVector.zero
    /// Stage 0's estimate; kept across restarts (the chip's offset does not change in a gap).
    private var gyroOffset = DetectorVector.zero
    /// The sums of the waiting samples' accelerations and of their rates (`update`).
    private var pendingAcceleration = DetectorVector.zero
    private var pendingRate = DetectorVector.zero
    private var slowTurn = DetectorVector.zero
    private var slowTrust: Float = 0
    /// How long, at rest, the reading off the vertical has been past `excessReportDPS` (seconds).
    private var excessSeconds: Float = 0
    /// With a gyro: the rate about the lens axis, smoothed as `slowTurn` is.
    private var slowSpin: Float = 0
    /// 1 / |`gravity`| and 1 / |`slow`| as of the last sample (`inverseLength`: NaN when too
    /// short to have a direction, negative when not known): the next sample's turn of each direction
    /// needs the previous one's, and a square root and a division are most of a sample's cost.
    private var gravityInverse: Float = -1
    private var slowInverse: Float = -1
    /// From the previous step's end to the newest sample (`lastTime`) while `pendingCount`
    /// samples wait for the step's end (`update`; at most `longestStep`), else 0.
    private var pendingNanoseconds: UInt32 = 0
    private var lastTime: Instant?
    /// The stable pose (all six); nil until the first decision.
    public private(set) var orientation: Orientation?
    /// The last upright orientation held: what a latch uses while the camera is flat; nil
    /// until the first upright decision (a camera flat since power-on has none).
    public private(set) var lastUpright: UprightOrientation?
    private var candidate: Orientation?
    private var slowCandidate: Orientation?
    /// The gyro's zero-rate offset is judged beyond the datasheet's tolerance (`judgeOffset`,
    /// `judgeExcess`): a faulty chip, or a slow steady pan about the vertical taken for offset.
    /// The runtime reports it as a `gyro-offset` fault; the detector keeps subtracting what it
    /// learnt (an offset past `restRateDPS` is never learnt).
    public private(set) var gyroOffsetImplausible = false
    private var pendingCount: UInt8 = 0

    /// A detector that has decided nothing yet: its first report is its first decision.
    public init(parameters: DetectorParameters = DetectorParameters()) {
        self.parameters = parameters
        self.thresholds = Thresholds(parameters)
    }

    /// Feeds one sample; returns the new stable orientation when it changed.
    ///
    /// The detector judges in steps of at most `longestStep` (5 ms): a sample at 200 Hz or
    /// slower is a step of its own (every sample judged, as always), faster samples are
    /// averaged into steps as long as that allows (at 1 kHz every fifth sample ends a step of
    /// five, at 400 Hz every second). Every time constant is 30 ms or longer, so a step of
    /// 5 ms loses nothing the judges use, and the average is the decimation's anti-aliasing
    /// filter. At 1 kHz a sample costs about a fifth of a judged one, and the standard and
    /// motion corpora resampled from 400 Hz to 2 kHz score as when every sample was judged
    /// (docs/detector.md, "Steps"). A change is reported at the sample that ends its step.
    public mutating func update(_ sample: Sample) -> Orientation? {
        let now = sample.time
        guard let newest = lastTime, now >= newest, now - newest <= parameters.maximumGap else {
            restart(with: sample)
            return nil
        }
        lastTime = now
        // The step so far, from the previous step's end, and whether it ends here: when one
        // more sample, as far after this one, would make it longer than `longestStep`.
        let span = now - newest + TimeSpan(nanoseconds: Int64(pendingNanoseconds))
        let ends = span + (now - newest) > Self.longestStep || pendingCount == Self.mostPending
        let measured = DetectorVector(sample.accelerationG)
        let raw = sample.angularRateDPS
        if pendingCount == 0 {
            // Below 400 Hz every sample: judged alone, with no arithmetic on the way.
            if ends {
                // Not `map`: its closure is called, not inlined, in a release build.
                let rate: DetectorVector?
                if let raw { rate = DetectorVector(raw) } else { rate = nil }
                return judge(measured, rate: rate, now: now, period: span)
            }
            pendingAcceleration = measured
            if let raw { pendingRate = DetectorVector(raw) } else { pendingRate = .zero }
        } else {
            pendingAcceleration = pendingAcceleration.plus(measured, times: 1)
            if let raw { pendingRate = pendingRate.plus(DetectorVector(raw), times: 1) }
        }
        pendingCount &+= 1
        guard ends else {
            // Within `longestStep` (the step went on), so it fits.
            pendingNanoseconds = UInt32(truncatingIfNeeded: span.nanoseconds)
            return nil
        }
        // The step's averages (a sample without a gyro's rates counts as still: a chip that
        // loses its gyro mid-step; the step has one when its last sample has one).
        let scale = 1 / Float(pendingCount)
        pendingCount = 0
        pendingNanoseconds = 0
        let average = DetectorVector.zero.plus(pendingAcceleration, times: scale)
        return judge(average, rate: raw == nil ? nil : DetectorVector.zero.plus(pendingRate, times: scale), now: now, period: span)
    }

    /// The longest step the detector judges in (`update`).
    static let longestStep = TimeSpan.milliseconds(5)
    /// A step ends after this many samples whatever their times (samples stamped alike never
    /// end one by time), so the count cannot overflow.
    static let mostPending: UInt8 = 64

    /// One step: `measured` (the step's average acceleration) and `rawRate` (its average
    /// angular rate, nil without a gyro) over the `period` that ends `now`. Called from two
    /// places: one copy on a microcontroller (a copy is about 3 KB of soft-float flash).
    #if hasFeature(Embedded)
    @inline(never)
    #else
    @inline(__always)
    #endif
    private mutating func judge(_ measured: DetectorVector, rate rawRate: DetectorVector?, now: Instant, period: TimeSpan) -> Orientation? {
        if !step.isFor(period) { step = StepCoefficients(period: period, parameters) }
        let dt = step.dt
        guard dt > 0 else { return nil }
        // The motion judge's estimate first: its square root and division, and its turn, take
        // longest, and nothing else this sample waits for them but the judge (stage 0 judges
        // rest by the estimate as of the previous sample).
        let slowBefore = slow
        let slowTurnBefore = slowTurn
        let (slowSquared, slowTurned) = trackSlow(measured)
        let corrected: DetectorVector?
        if let raw = rawRate {
            corrected = correctOffset(raw, dt: dt, slow: slowBefore, turn: slowTurnBefore)
        } else {
            corrected = nil
        }
        // Each estimate's squared length is taken once a sample: its direction's turn and the
        // trust below both need it.
        let (rateNow, magnitudeSquared) = trackGravity(measured, rate: corrected, dt: dt)
        let moving = smoothRate(rateNow)

        // Both judges classify against the same pose (the motion judge returns when it changes it).
        let flatLimit = flatLimitSquared
        let reference = lastUpright ?? .normal
        if let change = judgeMotion(
            slowSquared, turned: slowTurned, rate: corrected, flatLimit: flatLimit, reference: reference, now: now, period: period, dt: dt)
        {
            return change
        }

        let trusted =
            magnitudeSquared >= thresholds.minimumMagnitudeSquared
            && magnitudeSquared <= thresholds.maximumMagnitudeSquared
        // A stride's bounce is along gravity: it takes the estimate off 1 g but leaves its
        // direction, and averages out of the motion judge's longer estimate. So a direction
        // that holds still is trusted while that estimate is within `motionToleranceG` of 1 g:
        // a shake moves the direction, a sustained push (a race car's corner) moves the longer
        // estimate off 1 g too.
        let steady = !moving && slowSquared >= thresholds.minimumSteadySquared && slowSquared <= thresholds.maximumSteadySquared
        guard trusted || steady else {
            stillSince = .distantFuture
            // In motion the candidate waits for the next trusted sample instead of starting
            // over: a runner's estimate is off 1 g for much of every step.
            if !moving { candidate = nil }
            return nil
        }
        // The candidate is followed while moving too, so the settle time runs during the end
        // of a turn; stillness is the separate condition that a shake never meets, and the
        // flick time the one that a flick, however still at its far end, never meets.
        if !moving { lastStill = now }
        let proposal = Self.classify(gravity, flatLimit: flatLimit, reference: reference, switchTangent: thresholds.switchTangent)
        if proposal != candidate {
            if proposal != orientation, candidate == orientation || candidate == nil {
                // Left the stable orientation (or the first trusted sample after a shake or a
                // restart is elsewhere): the flick time runs from the start of this motion,
                // the sample after the last still one.
                departedAt = moving ? lastStill + period : now
            }
            candidate = proposal
            candidateSince = now
        }
        if moving {
            stillSince = .distantFuture
        } else if stillSince == .distantFuture {
            stillSince = now
        }
        // Most samples show the stable pose: they need not enter the latch.
        return proposal == orientation ? nil : latch(proposal, now: now, period: period, moving: moving, rate: corrected)
    }

    /// Stage 1, the gravity estimate: turned by the gyro's `rate` (corrected for its offset)
    /// and corrected toward the accelerometer, or without a gyro the accelerometer low-passed.
    /// Returns the rotation rate (degrees per second) as a vector: the gyro's, or the
    /// estimate's own turning standing in for it; and the estimate's squared length.
    @inline(__always)
    private mutating func trackGravity(
        _ measured: DetectorVector, rate corrected: DetectorVector?, dt: Float
    ) -> (rate: DetectorVector, squared: Float) {
        let before = gravity
        if let rate = corrected {
            // Body-frame gravity turns opposite to the body: dg/dt = g x omega (radians).
            let omega = rate * (Float.pi / 180)
            let cross = DetectorVector(
                x: gravity.y * omega.z - gravity.z * omega.y,
                y: gravity.z * omega.x - gravity.x * omega.z,
                z: gravity.x * omega.y - gravity.y * omega.x)
            gravity = gravity.plus(cross, times: dt)
            // Adaptive correction: while the gyro says still and the accelerometer reads about
            // 1 g, the accelerometer is gravity and is followed as fast as without a gyro (a
            // turn the gyro under-sampled at 15 Hz is caught up at once); otherwise slowly.
            let m = measured.squaredLength
            let quiet =
                rate.squaredLength < parameters.stillRateDPS * parameters.stillRateDPS
                && m >= thresholds.minimumQuietSquared && m <= thresholds.maximumQuietSquared
            gravity = gravity.approaching(measured, by: quiet ? step.filter : step.gyroCorrection)
            gravityInverse = -1
            return (rate, gravity.squaredLength)
        } else {
            gravity = gravity.approaching(measured, by: step.filter)
            let squared = gravity.squaredLength
            // Velocity of the estimate's direction: difference of unit vectors / dt (radians
            // per second for small steps), so the estimate's own turning stands in for a gyro.
            let inverseBefore = gravityInverse < 0 ? Self.inverseLength(squared: before.squaredLength) : gravityInverse
            gravityInverse = Self.inverseLength(squared: squared)
            if !inverseBefore.isNaN && !gravityInverse.isNaN {
                return (Self.turn(from: before, inverseBefore, to: gravity, gravityInverse, scale: step.degreesPerRadianStep), squared)
            } else {
                return (.zero, squared)
            }
        }
    }

    /// The rotation rate (degrees per second) smoothed as a vector before its magnitude is
    /// taken (noise averages out instead of being rectified into a false "moving"): whether it
    /// is at least `stillRateDPS`.
    @inline(__always)
    private mutating func smoothRate(_ rateNow: DetectorVector) -> Bool {
        // Only the comparison with `stillRateDPS` matters, so the input is clipped to three
        // times it: after a fast turn the smoothed rate falls below the threshold in about one
        // time constant (ln 3) instead of ln(peak / threshold) of them. A squared length
        // clearly below a limit's square decides without the square root
        // (`Thresholds.stillBelowSquared`; nine times it is clearly below the clip's).
        let speedSquared = rateNow.squaredLength
        if speedSquared < thresholds.stillBelowSquared * 9 {
            rate = rate.approaching(rateNow, by: step.rate)
        } else {
            let ceiling = 3 * parameters.stillRateDPS
            let speed = speedSquared.squareRoot()
            rate = rate.approaching(speed > ceiling ? rateNow * (ceiling / speed) : rateNow, by: step.rate)
        }
        let rateSquared = rate.squaredLength
        return rateSquared >= thresholds.stillBelowSquared && rateSquared.squareRoot() >= parameters.stillRateDPS
    }

    /// Latches `proposal` once it is new, has held the settle time, the camera has been still
    /// the still time and, after a departure from a pose it saw, the flick time has passed.
    ///
    /// Stage 5b, in motion: a camera that never rests (turned steadily, running, riding) latches
    /// a new upright pose once it has been the candidate for `motionTrustTime` and shows it past
    /// 45 + `motionHysteresisDegrees` now, the flick time past as at rest. With a gyro the
    /// estimate is where down is throughout a turn (stage 1), so a photo while turning latches
    /// the side the camera is on once it has been 8 degrees past a boundary for the trust time
    /// and is 15 past it; flat poses wait for stillness. One function for both (soft float
    /// makes every call site flash on a microcontroller: docs/mcu.md, "Flash").
    #if hasFeature(Embedded)
    @inline(never)
    #else
    @inline(__always)
    #endif
    private mutating func latch(_ proposal: Orientation, now: Instant, period: TimeSpan, moving: Bool, rate: DetectorVector?) -> Orientation? {
        // A sample stands for the interval since the previous one, so a condition seen at
        // `since` has held from one period before it: the settle time is not rounded up to
        // whole periods at 15 Hz.
        guard proposal != orientation else { return nil }
        if moving {
            guard proposal.upright != nil, orientation != nil, classify(gravity, switchTangent: thresholds.motionSwitchTangent) == proposal,
                now - candidateSince + period >= parameters.motionTrustTime || stays(in: proposal, rate: rate)
            else { return nil }
        } else {
            guard now - candidateSince + period >= parameters.settleTime, stillSince != .distantFuture,
                now - stillSince + period >= parameters.stillTime
            else { return nil }
        }
        guard orientation == nil || now - departedAt + period >= parameters.flickTime else { return nil }
        orientation = proposal
        if let upright = proposal.upright { lastUpright = upright }
        // The motion judge's estimate lags this one: whatever it still shows earns trust only
        // from now, and for the flick time at least, before it could turn the pose back.
        slowTrust = 0
        slowSince = now
        return proposal
    }

    /// Stage 5b with a gyro: whether the camera, turning on at its present `rate` (corrected
    /// for the offset; nil without a gyro: never), would still show `side` (an upright pose)
    /// after `motionTrustTime`. With it a camera in motion latches a side that is clear (15
    /// degrees past the boundary, as without it) at once instead of after the trust time: the
    /// gyro-propagated estimate is where down is, and the prediction tells a deliberate turn
    /// from a flick's return or a pass through a side on the way to another (turning fast
    /// enough to leave it within the trust time). Not the still stages' 8 degrees: an offset
    /// not yet learnt (up to the datasheet's 20 degrees a second) leans the estimate about 5,
    /// and a camera dwelling at 50 degrees with a tremor would be latched at 53.
    ///
    /// The estimate's image-plane part is carried forward by its own angular rate there
    /// (from dg/dt = g x omega, radians: (gx * dgy - gy * dgx) / (gx^2 + gy^2)) with a Cayley
    /// rotation, which needs no sine: by 2 atan(h) for a half angle h, scaled by 1 + h^2 (the
    /// scale does not change the pose). Within 1 degree of the angle up to 45, less beyond (a
    /// quarter turn is carried 76 degrees, any turn less than 180): a fast turn is taken to go
    /// a little less far than it will, and one that leaves the side sooner still leaves it.
    @inline(never)
    private func stays(in side: Orientation, rate: DetectorVector?) -> Bool {
        guard let omega = rate, let upright = side.upright else { return false }
        let g = gravity
        let dx = g.y * omega.z - g.z * omega.y
        let dy = g.z * omega.x - g.x * omega.z
        let plane = g.x * g.x + g.y * g.y
        guard plane > 0 else { return false }
        let h = (g.x * dy - g.y * dx) / plane * motionTrustSeconds * (Float.pi / 360)
        let c = 1 - h * h
        let ahead = DetectorVector(x: g.x * c - g.y * (2 * h), y: g.x * (2 * h) + g.y * c, z: 0)
        return Self.classify(ahead, flatLimit: thresholds.flatEnterSquared, reference: upright, switchTangent: 1) == side
    }

    /// Stage 0, the gyro's zero-rate offset (PS 6.1 allows +-20 degrees a second at 25 C, and
    /// it drifts with temperature): learnt while the camera rests and subtracted from every
    /// rate. At rest the accelerometer's own 200 ms estimate (the motion judge's) turns by
    /// less than `restTurnDPS` (its noise at 0.02 g is about 3 degrees a second; a slower roll
    /// than this is partly taken for offset), is within half the magnitude tolerance of 1 g,
    /// and the corrected rate is under `restRateDPS` (the datasheet's 20 plus a margin). The
    /// estimate follows with `gyroOffsetTimeConstant`.
    ///
    /// A faster corrected rate at rest is a turn the accelerometer has not seen yet (its
    /// estimate lags a turn's start by tens of milliseconds), a pan about the vertical (which
    /// it never sees), or an offset beyond the datasheet's. It is never learnt (learning it
    /// would take a pan beside a large offset for offset: the corpus at the datasheet's limit
    /// on every axis loses a latch). But only an offset lasts: when the part of the rate about
    /// the vertical is under `restRateDPS` and the reading's part off the vertical (which the
    /// accelerometer vouches is not a turn) exceeds `excessReportDPS` on an axis for
    /// `excessReportSeconds` of rest, the offset is judged implausible (`gyroOffsetImplausible`),
    /// so a chip 30 degrees a second off is reported, not only read as a camera turning.
    ///
    /// `slow` and `turn` are the motion judge's estimate and its turn as of the previous sample
    /// (`update` advances them first).
    @inline(__always)
    private mutating func correctOffset(_ raw: DetectorVector, dt: Float, slow: DetectorVector, turn: DetectorVector) -> DetectorVector {
        let rate = raw - gyroOffset
        let m = slow.squaredLength
        guard turn.squaredLength < Self.restTurnDPS * Self.restTurnDPS,
            m >= thresholds.minimumQuietSquared && m <= thresholds.maximumQuietSquared
        else {
            excessSeconds = 0
            return rate
        }
        let limit = Self.restRateDPS * Self.restRateDPS
        guard rate.squaredLength < limit else {
            judgeExcess(raw, rate, slow, m, dt: dt)
            return rate
        }
        excessSeconds = 0
        gyroOffset = gyroOffset.plus(rate, times: step.gyroOffset)
        judgeOffset()
        return raw - gyroOffset
    }

    /// At rest with a corrected rate past `restRateDPS`: counts how long the reading's part off
    /// the vertical has been past `excessReportDPS` on an axis with the part about the vertical
    /// under `restRateDPS` (a pan's), and judges the offset implausible once it has lasted.
    @inline(never)
    private mutating func judgeExcess(_ raw: DetectorVector, _ rate: DetectorVector, _ slow: DetectorVector, _ m: Float, dt: Float) {
        // The rate about the vertical, squared: (rate . g)^2 / |g|^2, no square root.
        let along = rate.x * slow.x + rate.y * slow.y + rate.z * slow.z
        let off = raw - slow * ((raw.x * slow.x + raw.y * slow.y + raw.z * slow.z) / m)
        guard along * along < Self.restRateDPS * Self.restRateDPS * m,
            max(abs(off.x), abs(off.y), abs(off.z)) > Self.excessReportDPS
        else {
            excessSeconds = 0
            return
        }
        excessSeconds += dt
        if excessSeconds >= Self.excessReportSeconds { gyroOffsetImplausible = true }
    }

    /// Whether the learnt offset is beyond PS 6.1's +-20 degrees a second on an axis, with
    /// hysteresis (back under `offsetRearmDPS` on every axis to clear): the offset moves with a
    /// 2 s time constant, so one near the limit would otherwise flap on every wobble.
    #if hasFeature(Embedded)
    @inline(never)
    #else
    @inline(__always)
    #endif
    private mutating func judgeOffset() {
        let worst = max(abs(gyroOffset.x), abs(gyroOffset.y), abs(gyroOffset.z))
        if gyroOffsetImplausible {
            if worst < Self.offsetRearmDPS { gyroOffsetImplausible = false }
        } else if worst > Self.offsetLimitDPS {
            gyroOffsetImplausible = true
        }
    }

    static let restTurnDPS: Float = 4
    static let restRateDPS: Float = 25
    /// A turn the accelerometer can see shows in its 200 ms estimate well within this.
    static let excessReportSeconds: Float = 1
    /// Past the datasheet's 20 by a margin, so a chip at the limit with noise is not reported.
    static let excessReportDPS: Float = 22
    /// PS 6.1's initial zero-rate tolerance, degrees a second on any axis.
    static let offsetLimitDPS: Float = 20
    /// Back under this on every axis, the offset is plausible again.
    static let offsetRearmDPS: Float = 18

    /// Stage 6, the motion judge: a camera in sustained motion (running, riding, driving) is
    /// never still, so stages 2 and 4 never let it change. This judges a longer-filtered
    /// estimate (`motionFilterTimeConstant`) with graded trust instead of a gate: each sample
    /// weighs 1 - (magnitude error / `motionToleranceG`) times 1 - (the estimate's direction
    /// speed / `motionSteadyRateDPS`), each clipped to [0, 1], and a new upright pose (past
    /// 45 + `motionHysteresisDegrees`: a moving camera is known less precisely) is
    /// reported once it has been shown for `motionTrustTime` of such weighted time without a
    /// break, and for at least the flick time. A shake, a flick, an impact or a free fall
    /// moves the long estimate little, shrinks it or turns it fast, so it earns no trust;
    /// flat poses are left to stages 3 and 4.
    ///
    /// `trackSlow` has taken the estimate this sample's step (`slowSquared` its squared length)
    /// and, when it had a direction before and has one now (`turned`), smoothed its turn.
    @inline(__always)
    private mutating func judgeMotion(
        _ slowSquared: Float, turned: Bool, rate: DetectorVector?, flatLimit: Float, reference: UprightOrientation, now: Instant, period: TimeSpan,
        dt: Float
    ) -> Orientation? {
        guard turned else {
            slowCandidate = nil
            return nil
        }
        if let omega = rate { slowSpin = slowSpin + (omega.z - slowSpin) * step.motionFilter }
        let proposal = Self.classify(slow, flatLimit: flatLimit, reference: reference, switchTangent: thresholds.motionSwitchTangent)
        if proposal != slowCandidate {
            slowCandidate = proposal
            slowSince = now
            slowTrust = 0
        }
        // Most samples show the stable pose: only another upright one is weighed.
        guard proposal != orientation, let upright = proposal.upright else { return nil }
        return weighMotion(upright, slowSquared, gyro: rate != nil, now: now, period: period, dt: dt)
    }

    /// Stage 6 when the motion judge's estimate shows `upright`, not the stable pose: weighs
    /// the sample's trust (`slowSquared` the estimate's squared length; `gyro`: the spin about
    /// the lens axis is the speed) and reports the pose once it has earned enough. Not inlined
    /// on a host: a rare path, and `update` stays small enough for the compiler to inline the
    /// rest (with the judge called, a sample took a third longer).
    #if hasFeature(Embedded)
    @inline(__always)
    #else
    @inline(never)
    #endif
    private mutating func weighMotion(
        _ upright: UprightOrientation, _ slowSquared: Float, gyro: Bool, now: Instant, period: TimeSpan, dt: Float
    )
        -> Orientation?
    {
        // The speed and the length only weigh a pose the judge could report: most samples show
        // the stable one, and skip their square roots.
        let speed = gyro ? (slowSpin > 0 ? slowSpin : -slowSpin) : slowTurn.length
        let b = slowSquared.squareRoot()
        let magnitudeError = b > 1 ? b - 1 : 1 - b
        let weight =
            max(0, 1 - magnitudeError * (1 / parameters.motionToleranceG))
            * max(0, 1 - speed * (1 / parameters.motionSteadyRateDPS))
        slowTrust += weight * dt
        // The flick time runs from when the estimate began to show the pose (after a gap,
        // from the first sample), as in stage 5: a restart never reports sooner.
        guard slowTrust >= motionTrustSeconds, now - slowSince + period >= parameters.flickTime else { return nil }
        let proposal = upright.orientation
        orientation = proposal
        lastUpright = upright
        // Stages 2 to 4 start over from the new pose.
        candidate = nil
        stillSince = .distantFuture
        return proposal
    }

    /// The velocity of a direction from `before` (1 / its length `inverseBefore`) to `after`
    /// (`inverseAfter`): the difference of the unit vectors times `scale` (degrees per radian
    /// over the period).
    #if hasFeature(Embedded)
    @inline(never)
    #else
    @inline(__always)
    #endif
    private static func turn(
        from before: DetectorVector, _ inverseBefore: Float, to after: DetectorVector, _ inverseAfter: Float, scale: Float
    ) -> DetectorVector {
        (after * inverseAfter - before * inverseBefore) * scale
    }

    /// Stage 6's estimate, one sample: the accelerometer low-passed, and when it has a direction
    /// now and had one before, that direction's velocity smoothed. Returns its squared length and
    /// whether it turned. Steadiness: the estimate's own turning (a vector, smoothed so that
    /// noise cancels); with a gyro, the rate about the lens axis, the only one that turns the
    /// image-plane angle the upright poses are told by (a spin about the vertical or a tilt of
    /// the lens leaves them alone).
    @inline(__always)
    private mutating func trackSlow(_ measured: DetectorVector) -> (squared: Float, turned: Bool) {
        let before = slow
        slow = slow.approaching(measured, by: step.motionFilter)
        let slowSquared = slow.squaredLength
        let inverseBefore = slowInverse < 0 ? Self.inverseLength(squared: before.squaredLength) : slowInverse
        slowInverse = Self.inverseLength(squared: slowSquared)
        guard !inverseBefore.isNaN && !slowInverse.isNaN else { return (slowSquared, false) }
        slowTurn = slowTurn.approaching(
            Self.turn(from: before, inverseBefore, to: slow, slowInverse, scale: step.degreesPerRadianStep), by: step.motionFilter)
        return (slowSquared, true)
    }

    /// 1 / |v| from |v|^2, `squared`, when |v| is over 0.05 g (long enough to have a
    /// direction), else NaN (not 0: an infinite length's inverse is 0, and takes part in the
    /// turn as it always did).
    #if hasFeature(Embedded)
    @inline(never)
    #else
    @inline(__always)
    #endif
    private static func inverseLength(squared: Float) -> Float {
        let length = squared.squareRoot()
        return length > 0.05 ? 1 / length : .nan
    }

    /// Forgets the filter state (after a sensor fault or a gap in the samples) but keeps the
    /// last stable orientation, so a restart never reports a spurious change.
    public mutating func reset() {
        lastTime = nil
        pendingCount = 0
        pendingNanoseconds = 0
        gravity = .zero
        rate = .zero
        candidate = nil
        stillSince = .distantFuture
        slow = .zero
        slowTurn = .zero
        slowSpin = 0
        slowCandidate = nil
        slowTrust = 0
        excessSeconds = 0
        gravityInverse = -1
        slowInverse = -1
    }

    private mutating func restart(with sample: Sample) {
        reset()
        lastTime = sample.time
        gravity = DetectorVector(sample.accelerationG)
        slow = gravity
        // Nothing is known of the motion before the gap: it counts from here.
        lastStill = sample.time
    }

    /// The pose `g` shows, with hysteresis relative to the current state.
    @inline(__always)
    private func classify(_ g: DetectorVector, switchTangent: Float) -> Orientation {
        Self.classify(g, flatLimit: flatLimitSquared, reference: lastUpright ?? .normal, switchTangent: switchTangent)
    }

    /// `motionTrustTime` in seconds, for the rare paths that weigh or predict a pose in motion
    /// (computed there, not kept: 4 bytes of the detector on the M0's stack, per copy).
    private var motionTrustSeconds: Float { parameters.motionTrustTime.secondsFloat }

    /// The squared tangent of the tilt past which the camera is flat: lower once it is (hysteresis).
    private var flatLimitSquared: Float {
        // Not `isFlat`: a call per sample on a host.
        orientation == .lensDown || orientation == .lensUp ? thresholds.flatExitSquared : thresholds.flatEnterSquared
    }

    /// The pose `g` shows: flat past `flatLimit` (a squared tangent), else the upright pose
    /// whose axis beats `reference`'s by `switchTangent`. A static function of its inputs,
    /// called by both judges: a method called from the mutating `update` would copy the whole
    /// detector per sample, and inlining it twice costs flash (docs/mcu.md, "Flash").
    #if hasFeature(Embedded)
    @inline(never)
    #else
    @inline(__always)
    #endif
    private static func classify(_ g: DetectorVector, flatLimit: Float, reference: UprightOrientation, switchTangent: Float) -> Orientation {
        let planeSquared = g.x * g.x + g.y * g.y
        let zSquared = g.z * g.z
        if zSquared > flatLimit * planeSquared {
            return g.z > 0 ? .lensDown : .lensUp
        }
        let held = projection(g, reference)
        #if !hasFeature(Embedded)
        // Every other projection is +-x or +-y: when the held one is at least as long as both,
        // none beats it and `beaten` would keep the reference. Most samples.
        if held >= abs(g.x) && held >= abs(g.y) { return reference.orientation }
        #endif
        return beaten(g, held: held, reference: reference, switchTangent: switchTangent)
    }

    /// The upright pose whose axis beats `reference`'s (`held` its projection) by
    /// `switchTangent`, or `reference`. Inlined into `classify` on a microcontroller; on a host
    /// the rare case, kept out of `classify` so that it is small enough to be inlined.
    #if hasFeature(Embedded)
    @inline(__always)
    #else
    @inline(never)
    #endif
    private static func beaten(_ g: DetectorVector, held: Float, reference: UprightOrientation, switchTangent: Float) -> Orientation {
        var best = reference
        var bestProjection = held
        for other in UprightOrientation.allCases where other != reference {
            let p = projection(g, other)
            if p > bestProjection {
                best = other
                bestProjection = p
            }
        }
        if best == reference { return reference.orientation }
        // Leave the reference only past 45 degrees plus the hysteresis.
        if held > 0 && bestProjection <= switchTangent * held { return reference.orientation }
        return best.orientation
    }

    /// Component of the image-plane gravity along the axis that is up in `upright`.
    @inline(__always)
    private static func projection(_ g: DetectorVector, _ upright: UprightOrientation) -> Float {
        // leftUp and rightUp are 1 and 2, leftUp and bottomUp odd: selects, not a jump table.
        let raw = upright.rawValue
        let axis = raw &- 1 < 2 ? g.x : g.y
        return raw & 1 != 0 ? -axis : axis
    }
}

/// Per-sample comparison constants derived from the parameters' angles.
private struct Thresholds: Sendable {
    var switchTangent: Float
    var motionSwitchTangent: Float
    var flatEnterSquared: Float
    var flatExitSquared: Float
    var minimumMagnitudeSquared: Float
    var maximumMagnitudeSquared: Float
    /// Half the tolerance: the raw reading counts as pure gravity for the gyro's correction.
    var minimumQuietSquared: Float
    var maximumQuietSquared: Float
    var minimumSteadySquared: Float
    var maximumSteadySquared: Float
    /// A squared rate below this is below `stillRateDPS`, whatever the square root's rounding
    /// (a margin of 2^-16 under the limit's square, where a rounding is under 2^-23), and nine
    /// times it below three times `stillRateDPS` (the rate's clip): the comparison needs no
    /// square root. At or above it the square root decides, as it always did: the same answers.
    var stillBelowSquared: Float

    init(_ p: DetectorParameters) {
        stillBelowSquared = p.stillRateDPS * p.stillRateDPS * (1 - 1.0 / 65536)
        let steadyLow = max(0, 1 - p.motionToleranceG)
        let steadyHigh = 1 + p.motionToleranceG
        minimumSteadySquared = steadyLow * steadyLow
        maximumSteadySquared = steadyHigh * steadyHigh
        switchTangent = tangent(degrees: 45 + p.hysteresisDegrees)
        motionSwitchTangent = tangent(degrees: 45 + max(p.hysteresisDegrees, p.motionHysteresisDegrees))
        let enter = tangent(degrees: p.flatEnterDegrees)
        let exit = tangent(degrees: p.flatExitDegrees)
        flatEnterSquared = enter * enter
        flatExitSquared = exit * exit
        let low = max(0, 1 - p.magnitudeToleranceG)
        let high = 1 + p.magnitudeToleranceG
        minimumMagnitudeSquared = low * low
        maximumMagnitudeSquared = high * high
        let quietLow = max(0, 1 - p.magnitudeToleranceG / 2)
        let quietHigh = 1 + p.magnitudeToleranceG / 2
        minimumQuietSquared = quietLow * quietLow
        maximumQuietSquared = quietHigh * quietHigh
    }
}

/// The filter coefficients for one sample period: dt / (tau + dt) per time constant (the
/// first-order hold of exp) and the scale from a unit-vector step to degrees per second.
private struct StepCoefficients: Sendable {
    /// The period these are for in nanoseconds, or 0: not computed yet, or a period of 0 or
    /// over `UInt32.max` nanoseconds (4.3 s, a gap `maximumGap` allows; computed every time).
    /// 32 bits, not a `TimeSpan`: the detector is 8 bytes smaller on the M0 (its alignment).
    var periodKey: UInt32 = 0
    var dt: Float = 0
    var filter: Float = 0
    var gyroCorrection: Float = 0
    var rate: Float = 0
    var motionFilter: Float = 0
    var gyroOffset: Float = 0
    var degreesPerRadianStep: Float = 0

    init() {}

    /// `period`'s key: its nanoseconds when they fit, else 0.
    static func key(_ period: TimeSpan) -> UInt32 {
        period.nanoseconds > 0 && period.nanoseconds <= Int64(UInt32.max) ? UInt32(truncatingIfNeeded: period.nanoseconds) : 0
    }

    /// Whether these coefficients are `period`'s (never for a period whose key is 0).
    @inline(__always)
    func isFor(_ period: TimeSpan) -> Bool { periodKey != 0 && period.nanoseconds == Int64(periodKey) }

    init(period: TimeSpan, _ p: DetectorParameters) {
        periodKey = Self.key(period)
        let dt = period.secondsFloat
        self.dt = dt
        filter = dt / (p.filterTimeConstant.secondsFloat + dt)
        gyroCorrection = dt / (p.gyroCorrectionTimeConstant.secondsFloat + dt)
        rate = dt / (p.rateTimeConstant.secondsFloat + dt)
        motionFilter = dt / (p.motionFilterTimeConstant.secondsFloat + dt)
        gyroOffset = dt / (p.gyroOffsetTimeConstant.secondsFloat + dt)
        degreesPerRadianStep = 180 / Float.pi / dt
    }
}
