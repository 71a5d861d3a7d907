import UprightCore

/// A fault of the simulated camera program, at a time (a scenario's `camera-*` faults) or drawn
/// by the soak from its seed.
public enum SimCameraFault: Equatable, Sendable {
    /// The program running at `at` crashes then (SIGSEGV); none running, nothing happens.
    case crash(at: Instant)
    /// The first photo asked for at or after `at` hangs the program half-way through writing
    /// it: no close, and it ignores every signal but SIGKILL.
    case hang(at: Instant)
    /// Another program owns the camera from `at` until `until`: a start then is refused as
    /// libcamera refuses a second owner (exit 255 after the program's open time).
    case busy(at: Instant, until: Instant)

    public var time: Instant {
        switch self {
        case .crash(let at), .hang(let at), .busy(let at, _): at
        }
    }
}
