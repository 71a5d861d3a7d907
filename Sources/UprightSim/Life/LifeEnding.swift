/// How one boot of a long life ends (`LifeBoot`).
public enum LifeEnding: String, CaseIterable, Equatable, Sendable {
    /// SIGTERM: the engine's own shutdown, a clip stopped and named, every file finished.
    case shutdown
    /// SIGKILL mid-work: the run stops between two steps, and what the camera program was
    /// writing is left under its temporary name (a half-written photo beside it).
    case kill
    /// A power cut: a kill, and the journal's last line torn at a drawn byte (the page cache
    /// the cut lost), a temporary file half written.
    case powerCut = "power cut"
}
