/// What the machine and runtime report: the core's form of an event-stream line. Reasons are
/// typed; UprightHost maps each case to its contract JSON line (EventRecord).
public enum MachineRecord: Equatable, Sendable {
    /// The detector's stable orientation changed (written by the runtime).
    case orientation(Orientation)
    /// The machine moved from one state to another.
    case state(from: StateName, to: StateName)
    /// A photo was written with this latched orientation (nil: `unknown`, no upright
    /// orientation decided when it was ordered; see `Latch`); `stale` when the sensor was faulty
    /// at the press and the last known orientation was used; `lagMilliseconds` its shutter lag
    /// (from the press edge to when the camera says it was taken), when the camera says;
    /// `waitMilliseconds` how long it waited for the camera to be ready. Milliseconds in 32
    /// bits, not `TimeSpan`s: every command carries the largest record's size, and the chip's
    /// stack holds a `Commands` of them (docs/mcu.md, "RAM").
    case capture(shot: UInt32, orientation: UprightOrientation?, stale: Bool, lagMilliseconds: Int32? = nil, waitMilliseconds: UInt32 = 0)
    /// Photo `shot` was not written, for `reason`.
    case captureFailed(shot: UInt32, reason: CaptureFailureReason)
    /// Clip `clip` started with this latched orientation (nil: `unknown`); `stale` as for a photo.
    case recordStart(clip: UInt32, orientation: UprightOrientation?, stale: Bool)
    /// A clip ended; it reports the orientation latched at its start. `durationMilliseconds`
    /// is the recorder's: from when the camera said the clip was recording to when the stop
    /// order reached it, on the real clock (a stall of the firmware does not shorten or
    /// lengthen it); the machine has no clock and writes 0, the runtime measures it.
    case recordStop(clip: UInt32, orientation: UprightOrientation?, reason: RecordStopReason, durationMilliseconds: UInt32 = 0)
    /// Clip `clip` could not start, broke off, or (after its `recordStop`) could not be
    /// finished into its file, for `reason`.
    case recordFailed(clip: UInt32, reason: RecordFailureReason)
    /// A press or hold was refused, for this reason.
    case shutterRejected(RejectionReason)
    /// A fault of this kind began.
    case fault(FaultKind)
    /// The fault of this kind is over.
    case recovered(FaultKind)
    /// A fixed bound was reached (`BoundKind` says which): `lost` inputs were dropped because
    /// of it (0 when they were kept and handled late); `waitedMilliseconds` how long the work
    /// that found a worker's queue full waited for room (0 for the other bounds). A one-off
    /// fault: no `recovered` follows.
    case bound(BoundKind, lost: UInt32, waitedMilliseconds: UInt32 = 0)
}

/// Why a photo was not written.
public enum CaptureFailureReason: UInt8, CaseIterable, Sendable {
    /// The camera reported an error.
    case camera
    /// The camera did not answer within the capture timeout.
    case timeout
    /// Shut down while the photo was in flight.
    case shutdown
    /// The output's file system is full, failing or read-only (the camera reported the
    /// `storage` fault before the failure).
    case storage
}

/// Why a clip has no file.
public enum RecordFailureReason: UInt8, CaseIterable, Sendable {
    /// The camera or its video program failed.
    case camera
    /// The output's file system is full, failing or read-only (the camera reported the
    /// `storage` fault before the failure).
    case storage
}

/// Why a clip ended.
public enum RecordStopReason: UInt8, CaseIterable, Sendable {
    /// A shutter press stopped it.
    case shutter
    /// The maximum clip length was reached.
    case clipLimit
    /// The camera stopped by itself.
    case camera
    /// Shut down while recording.
    case shutdown
}

/// Why a press or hold did nothing.
public enum RejectionReason: UInt8, CaseIterable, Sendable {
    /// Pressed while capturing with the press queue full.
    case queueFull
    /// Held (start a clip) while a photo was in flight.
    case busy
    /// A press still down when the camera went idle (idle timeout).
    case idle
    /// Queued or pending when a shutdown came.
    case shutdown
    /// No space is left for a photo or clip (between the camera's `storage` fault and its
    /// recovery).
    case storageFull
    /// The photos' or the clips' numbers are used up: the last (`UInt32.max`, the largest a
    /// file's name holds) is taken, and a number never wraps to one an earlier file may have.
    case numbersUsedUp
}

/// What went wrong, in a `fault` or `recovered` record.
public enum FaultKind: UInt8, CaseIterable, Sendable {
    /// The IMU failed; latches use the last known orientation and say `stale`.
    case sensor
    /// The runtime's event queue overflowed; events were dropped.
    case eventQueue
    /// The shutter button has been down for the stuck time (reported by the runtime).
    case button
    /// The chip was found reset, asleep or with a register not as configured, and is being
    /// initialised again (written by the engine from the driver's report).
    case sensorReset
    /// The chip's data registers froze; it is being reset (written by the engine).
    case stuckData
    /// A camera process ended by itself; it is started again with backoff.
    case cameraDied
    /// A camera process did not answer within its bound and was killed.
    case cameraHung
    /// The camera could not be acquired or its program not started.
    case cameraUnavailable
    /// The output's file system is full (below the board's reserve), failing or read-only:
    /// presses are rejected until space returns.
    case storage
    /// The gyro's zero-rate offset at rest is beyond the datasheet's +-20 degrees a second on
    /// an axis (MPU-6050 PS 6.1): a faulty chip, or a slow steady pan about the vertical taken
    /// for offset (written by the runtime from the detector's judgement). Latches are not stale.
    case gyroOffset
}
