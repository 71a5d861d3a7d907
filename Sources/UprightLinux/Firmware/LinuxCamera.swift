import UprightHost
import UprightCore

/// A `Camera` whose work runs in child processes the event loop can wait for: it names the
/// descriptors to poll and says whether anything is still running (a clip being finalised
/// after SIGINT), so shutdown waits for that and no longer.
public protocol LinuxCamera: Camera {
    /// Readable when a child has ended (pidfds).
    var pollDescriptors: [Int32] { get }
    /// True while a child runs (a photo being taken, a clip recording or finalising).
    var isBusy: Bool { get }
    /// Why orders failed since the last call (for the log).
    mutating func takeProblems() -> [String]
}

extension LinuxCamera {
    public mutating func takeProblems() -> [String] { [] }
}

extension CommandCamera: LinuxCamera {
    /// Every running child has a pidfd or a kill deadline (photos always; a clip once stopped)
    /// or, without pidfds, the fallback tick: so a camera with neither is idle, except a clip
    /// still recording without a stop request, which has a pidfd or the tick.
    public var isBusy: Bool { !pollDescriptors.isEmpty || nextDeadline != nil }
}

extension WatchCamera: LinuxCamera {
    /// No children: nothing to poll, never busy.
    public var pollDescriptors: [Int32] { [] }
    public var isBusy: Bool { false }
}
