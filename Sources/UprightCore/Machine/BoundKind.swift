/// Which fixed bound a `bound` record is about. Every queue, ring and buffer between an input
/// and the machine has a fixed capacity, and every loop a fixed number of turns; reaching one
/// is a record, never a silent drop.
///
/// Two families. Bounds the world can push the firmware into (a stalled event loop, a bounce
/// storm while the loop sleeps, a sampling context held up, a slow card) are reported and run
/// on: `shutterEdges`, `sampleRing`, `sensorEvents`, `chipFIFO`, `lateSamples`, `cameraFiles`,
/// `journalQueue`. Bounds that only a
/// defect can reach (the worst case is proven and sized for) trap in strict builds (the
/// simulator and the tests) and are reported in the field: `lateInput`, `gestures`,
/// `commands`, `loop`.
public enum BoundKind: UInt8, CaseIterable, Sendable {
    /// The shutter's edges were dropped before the engine took them: the kernel's event
    /// buffer overflowed (a gap in the events' sequence numbers) or the reader's buffer was full.
    case shutterEdges
    /// The sample ring overwrote samples the engine had not taken (the engine was held up for
    /// longer than the ring lasts).
    case sampleRing
    /// The sensor-event ring refused trouble reports the engine had not taken.
    case sensorEvents
    /// The chip's FIFO overflowed before it was read (the sampling context was held up).
    case chipFIFO
    /// Samples came from the sampling context after the engine had stopped waiting for them
    /// (it waits at most the failure timeout): dropped, the engine's time had passed them.
    case lateSamples
    /// An input (an edge, a sensor event) was older than the engine's time: a broken promise
    /// of its source. Handled at the engine's time.
    case lateInput
    /// The gesture recogniser had more gestures pending than its proven worst case.
    case gestures
    /// A transition gave more commands than `Commands.capacity`, the proven worst case.
    case commands
    /// A loop of the runtime reached its bound (more deadlines or events at one time than it
    /// can take): the rest wait for the next step.
    case loop
    /// The queue of photos and clips to finish (the files' worker: a thread on a Pi, a
    /// modelled card in the simulator) was full: the camera held its jobs until there was room
    /// (the record says how long). A slow or stalled card reaches it.
    case cameraFiles
    /// The journal's queue (its worker's) was full: the engine waited for the card. A slow or
    /// stalled card reaches it. (Written by the journal's worker itself, once a run, before the
    /// line that found it full.)
    case journalQueue

    /// Whether only a defect reaches this bound (see above): strict builds trap on it.
    public var onlyADefectReaches: Bool {
        switch self {
        case .shutterEdges, .sampleRing, .sensorEvents, .chipFIFO, .lateSamples, .cameraFiles, .journalQueue: false
        case .lateInput, .gestures, .commands, .loop: true
        }
    }
}
