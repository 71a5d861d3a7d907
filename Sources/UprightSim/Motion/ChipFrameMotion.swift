import UprightCore
import UprightHost

/// What a chip mounted on a board measures: the device-frame motion of `source` taken back to
/// the chip's axes with the inverse of the board's mount matrix. The driver applies the mount
/// matrix again, so the detector sees the device frame: a wrong matrix in a board file shows
/// up as a wrong orientation, as it would on hardware.
public final class ChipFrameMotion<Source: MotionSource>: MotionSource {
    public let source: Source
    public let mount: MountMatrix
    private let chipFromDevice: MountMatrix
    /// Most boards mount the chip square with the device: then there is nothing to apply.
    private let isIdentity: Bool

    /// Nil when the mount matrix has no usable inverse.
    public init?(source: Source, mount: MountMatrix) {
        guard let inverse = mount.inverse else { return nil }
        self.source = source
        self.mount = mount
        self.chipFromDevice = inverse
        self.isIdentity = inverse == .identity
    }

    public func motion(at time: Instant) -> MotionState {
        let device = source.motion(at: time)
        if isIdentity { return device }
        return MotionState(
            accelerationG: chipFromDevice.apply(device.accelerationG),
            angularRateDPS: chipFromDevice.apply(device.angularRateDPS))
    }
}
