import UprightCore

/// The camera behind `upright watch`: it takes no photos and records nothing, and answers
/// every order at once, so the engine runs as on the camera (presses latch, clips start and
/// stop) and the view shows what each press would have made. It keeps the newest orders.
public struct WatchCamera: Camera, Sendable {
    /// The most orders kept.
    public static var keptOrders: Int { 8 }

    public private(set) var orders: [CameraOrder] = []
    private var ready: [CameraReport] = []

    public init() {}

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        orders.append(order)
        if orders.count > Self.keptOrders { orders.removeFirst() }
        switch order {
        case .capturePhoto(let shot, _, _): ready.append(CameraReport(.captureFinished(shot: shot), at: now))
        case .startRecording(let clip, _): ready.append(CameraReport(.recordingStarted(clip: clip), at: now))
        case .startPreview, .stopPreview, .showOrientation, .abandonPhoto, .stopRecording: break
        }
    }

    public mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? {
        guard let first = ready.first, first.time <= time else { return nil }
        return ready.removeFirst()
    }

    /// The oldest answer's time: the instant its order reached the camera.
    public var nextDeadline: Instant? { ready.first?.time }
}
