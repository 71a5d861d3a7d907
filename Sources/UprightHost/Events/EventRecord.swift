import UprightCore

/// One line of the event stream (**contract**, docs/events.md): what `replay`,
/// `sim --json` and `run --json` print, and what the journal stores.
///
/// Every line is a JSON object whose first two keys are `t` (seconds since the start, six
/// decimals) and `event`; the remaining keys follow in the order written below, so the same
/// run always gives byte-identical output.
public enum EventRecord: Equatable, Sendable {
    /// The detector's stable orientation changed (all six names).
    case orientation(Orientation)
    /// The camera state machine changed state (`idle`, `previewing`, `capturing`, `recording`).
    case state(from: String, to: String)
    /// A photo: its latched orientation (nil: `unknown`, written without `exif`; see
    /// `Latch`); `stale` when the sensor was faulty at the press and
    /// the last known orientation was used; `file` when one was written; `lagSeconds` its
    /// shutter lag when the camera reports when it was taken (negative: a frame from a frame
    /// ring exposed just before the touch); `waitSeconds` how long it waited
    /// for the camera to be ready (0: not at all).
    case capture(shot: Int, orientation: UprightOrientation?, stale: Bool, file: String?, lagSeconds: Double? = nil, waitSeconds: Double = 0)
    /// A photo that was attempted and failed (camera error or timeout).
    case captureFailed(shot: Int, reason: String)
    /// A clip started with this latched orientation (nil: `unknown`, written without `exif`
    /// and `rotation`).
    case recordStart(clip: Int, orientation: UprightOrientation?, stale: Bool, file: String?)
    /// A clip ended; it reports the orientation latched at its start.
    case recordStop(clip: Int, orientation: UprightOrientation?, durationSeconds: Double, reason: String, file: String?)
    /// A clip that could not start or broke off.
    case recordFailed(clip: Int, reason: String)
    /// A shutter press that did not produce a capture, and why.
    case shutterRejected(reason: String)
    /// Something went wrong outside the machine's control (`sensor`, `bus`, `ring-overrun`, ...).
    case fault(kind: String, detail: String)
    /// A fault cleared.
    case recovered(kind: String, detail: String)
    /// A fault of kind `bound`: a fixed bound was reached (`bound` names it, e.g.
    /// `sample-ring`), `lost` inputs dropped by it (0: kept and handled late), `waitedSeconds`
    /// how long work that found a worker's queue full waited for room. Written as a `fault`
    /// line with `kind` `bound`, its `detail`, then `bound`, `lost`, and `waited` when not 0.
    case bound(bound: String, lost: Int, waitedSeconds: Double = 0)
    /// A clip named without the rotation its matrix must get (the write failed; the clip keeps
    /// its bytes): written as a `fault` line with `kind` `rotation`, `detail` (what failed),
    /// then `clip`, `file` and `rotation`, the rotation owed (`OwedRotation`).
    case rotationOwed(clip: Int, file: String, rotationDegrees: Int, detail: String)
    /// The rotation a `rotationOwed` record owed is in the clip's matrix now (start-up wrote it,
    /// or found it written): a `recovered` line with `kind` `rotation`, `detail`
    /// (`rotationWrittenDetail`), then `clip`, `file` and `rotation`.
    case rotationWritten(clip: Int, file: String, rotationDegrees: Int)
    /// Start-up found a finished photo or clip whose record the journal lacks (a cut between
    /// naming the file and journaling it): its number, what its file says of its orientation
    /// (nil when unreadable), its name. Written by `OutputReconciliation`.
    case fileRecovered(MediaNumber, orientation: UprightOrientation?, file: String)
    /// Start-up found a journaled photo or clip whose file is gone (a cut before the file was
    /// named, or someone removed it).
    case fileMissing(MediaNumber, file: String)

    /// The `event` value.
    public var name: String {
        switch self {
        case .orientation: "orientation"
        case .state: "state"
        case .capture: "capture"
        case .captureFailed: "capture-failed"
        case .recordStart: "record-start"
        case .recordStop: "record-stop"
        case .recordFailed: "record-failed"
        case .shutterRejected: "shutter-rejected"
        case .fault, .bound, .rotationOwed: "fault"
        case .recovered, .rotationWritten: "recovered"
        case .fileRecovered: "file-recovered"
        case .fileMissing: "file-missing"
        }
    }

    /// The photo or clip the record is about (`shot` or `clip`), nil for the others.
    public var mediaNumber: MediaNumber? {
        switch self {
        case .capture(let shot, _, _, _, _, _), .captureFailed(let shot, _): .shot(shot)
        case .recordStart(let clip, _, _, _), .recordStop(let clip, _, _, _, _), .recordFailed(let clip, _): .clip(clip)
        case .rotationOwed(let clip, _, _, _), .rotationWritten(let clip, _, _): .clip(clip)
        case .fileRecovered(let number, _, _), .fileMissing(let number, _): number
        default: nil
        }
    }

    /// The file the record names (`file`), nil when it names none.
    public var file: String? {
        switch self {
        case .capture(_, _, _, let file, _, _), .recordStart(_, _, _, let file), .recordStop(_, _, _, _, let file): file
        case .fileRecovered(_, _, let file), .fileMissing(_, let file): file
        case .rotationOwed(_, let file, _, _), .rotationWritten(_, let file, _): file
        default: nil
        }
    }

    /// The `detail` of a `recovered` `rotation` line: fixed by its keys, so a reader can check it.
    public static func rotationWrittenDetail(file: String, rotationDegrees: Int) -> String {
        file + ": rotation " + String(rotationDegrees) + " written"
    }
}
