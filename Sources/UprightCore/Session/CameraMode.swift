/// How the camera is driven.
public enum CameraMode: String, Equatable, Sendable, CaseIterable {
    /// A still server runs while previewing: exposure has settled when the shutter fires, and
    /// a photo is one signal (`rpicam-still -t 0 --signal`). The default.
    case server
    /// One still command per photo, queued, never two at once: for cameras without a server
    /// mode (`fswebcam`). The camera is opened, configured and started for every shot.
    case oneShot = "one-shot"
}
