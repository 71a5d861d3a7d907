import UprightCore

/// The camera behind `upright watch`: it takes no photos and records nothing, and answers
/// every order at once, so the engine runs as on the camera (presses latch, clips start and
/// stop) and the view shows what each press would have made. It keeps the newest orders.
public struct WatchCamera: Camera, Sendable {
    /// The most orders kept.
    public static var keptOrders: Int { 8 }

    public private(set) var orders: [CameraOrder] = []
    private var ready: [CameraCompletion] = []

    public init() {}

    public mutating func perform(_ order: CameraOrder, at now: Instant) {
        orders.append(order)
        if orders.count > Self.keptOrders { orders.removeFirst() }
        switch order {
        case .capturePhoto(let shot, _): ready.append(.captureFinished(shot: shot))
        case .startRecording(let clip, _): ready.append(.recordingStarted(clip: clip))
        case .startPreview, .stopPreview, .showOrientation, .abandonPhoto, .stopRecording: break
        }
    }

    public mutating func nextCompletion(now: Instant) -> CameraCompletion? {
        ready.isEmpty ? nil : ready.removeFirst()
    }
}
