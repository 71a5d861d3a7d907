/// What a worker's queue says to work offered to it (the one contract of the camera's files'
/// port and the journal's): taken, or refused at once because the queue holds its capacity.
/// A worker never makes the engine's thread wait for room: the one offering holds the work
/// and offers it again, and how long it held it is a `bound` record.
public enum WorkSubmission: Equatable, Sendable {
    case accepted
    case full
}
