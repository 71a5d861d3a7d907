/// A clip named without its rotation: the track matrix could not be written (an I/O error on
/// the card), so the clip kept its final name and the video program's bytes rather than be
/// lost for 36 bytes, and the journal owes it its rotation. Journaled as a `fault` of kind
/// `rotation` (`EventRecord.rotationOwed`); start-up writes it in place and journals a
/// `recovered` `rotation` (`OutputReconciliation`), or `upright orient` does (docs/events.md).
public struct OwedRotation: Equatable, Sendable {
    public var clip: Int
    /// The clip's final name in the output directory.
    public var file: String
    /// The rotation its matrix must get: 0, 90, 180 or 270 clockwise (0 too for `unknown`, the
    /// identity).
    public var rotationDegrees: Int
    /// Why it could not be written (the file system's words).
    public var problem: String

    public init(clip: Int, file: String, rotationDegrees: Int, problem: String) {
        self.clip = clip
        self.file = file
        self.rotationDegrees = rotationDegrees
        self.problem = problem
    }

    /// Its `fault` record.
    public var record: EventRecord {
        .rotationOwed(clip: clip, file: file, rotationDegrees: rotationDegrees, detail: file + ": " + problem)
    }
}
