#if canImport(Glibc)
import Glibc
#endif

/// How `run` meets devices that come late. On a Pi the I2C bus and the GPIO chip are nodes that
/// udev creates once their modules and overlays have loaded, which can be after the service
/// starts (and a node is root's for a moment, until udev gives it its group). The wait is the
/// firmware's, not the unit's: only the board file says which nodes it needs (`/dev/i2c-N`, a
/// chip by label), and a unit cannot order itself after devices it does not know. So `run`
/// tries to open them, and while one is missing it says what it waits for, once, then every
/// `reminderSeconds`, and tries again every `pollMilliseconds`, up to `limitSeconds`: then the
/// last error is the command's, as if it had not waited.
///
/// A node that exists but refuses us (EACCES, EPERM) is waited for `permissionGraceSeconds`
/// from the first refusal only: udev's chown follows the kernel's node, usually within milliseconds,
/// while a wrong group stays. With a limit of 0 nothing is waited for.
public struct DeviceWait: Sendable, Equatable {
    /// How long a missing device is waited for, in seconds (0: not at all).
    public var limitSeconds: Int
    /// How long a refused device is waited for, in seconds.
    public var permissionGraceSeconds: Int
    /// How often the devices are tried again.
    public var pollMilliseconds: Int
    /// How often the note is repeated while waiting.
    public var reminderSeconds: Int

    /// `run`'s: a minute for a missing device, 10 s for a refused one (udev, busy at boot, took
    /// more than 2 s to give a new node its group in the system test), tried every 200 ms, a
    /// note every 10 s.
    public static let standard = DeviceWait(limitSeconds: 60, permissionGraceSeconds: 10, pollMilliseconds: 200, reminderSeconds: 10)

    public init(limitSeconds: Int, permissionGraceSeconds: Int, pollMilliseconds: Int, reminderSeconds: Int) {
        self.limitSeconds = limitSeconds
        self.permissionGraceSeconds = permissionGraceSeconds
        self.pollMilliseconds = pollMilliseconds
        self.reminderSeconds = reminderSeconds
    }

    /// Whether `error` is a device that is not there (yet): the node or the chip's label is missing.
    public static func isMissing(_ error: LinuxDeviceError) -> Bool {
        error.code == ENOENT || error.code == ENODEV || error.code == ENXIO
    }

    /// Whether `error` is a node that refuses us: its group may not be set yet.
    public static func isRefused(_ error: LinuxDeviceError) -> Bool {
        error.code == EACCES || error.code == EPERM
    }

    /// `attempt`'s value once it succeeds. While it fails with a missing device (or a refused
    /// one, within the grace), notes "waiting for PATH (its error)" and tries again, the loop
    /// bounded by the limit on `elapsedMilliseconds` (a monotonic clock) and by the number of
    /// tries it allows; past it, notes how long it waited and rethrows the last error. Any
    /// other error is rethrown at once.
    public func open<Value>(
        _ attempt: () throws(LinuxDeviceError) -> Value,
        elapsedMilliseconds: () -> Int,
        sleepMilliseconds: (Int) -> Void,
        note: (String) -> Void
    ) throws(LinuxDeviceError) -> Value {
        var waitingFor: String?
        var lastError: String?
        var lastNoteAt = 0
        // A refusal's grace runs from the first refusal: a node udev has just made is root's for
        // a moment however long it took to appear.
        var refusedSince: Int?
        let maximumTries = (limitSeconds + permissionGraceSeconds) * 1000 / max(pollMilliseconds, 1) + 2
        var tries = 0
        while true {
            tries += 1
            do throws(LinuxDeviceError) {
                let value = try attempt()
                if let path = waitingFor { note("\(path) is here after \(seconds(elapsedMilliseconds()))") }
                return value
            } catch {
                let elapsed = elapsedMilliseconds()
                let bound: Int
                if Self.isMissing(error) {
                    refusedSince = nil
                    bound = limitSeconds * 1000
                } else if Self.isRefused(error), limitSeconds > 0 {
                    if refusedSince == nil { refusedSince = elapsed }
                    bound = (refusedSince ?? elapsed) + min(permissionGraceSeconds, limitSeconds) * 1000
                } else {
                    bound = 0
                }
                if elapsed >= bound || tries >= maximumTries {
                    if waitingFor != nil { note("gave up waiting after \(seconds(elapsed))") }
                    throw error
                }
                if lastError != error.description || elapsed - lastNoteAt >= reminderSeconds * 1000 {
                    note("waiting for \(error.path) (\((bound - elapsed) / 1000) s more at most): \(error.description)")
                    waitingFor = error.path
                    lastError = error.description
                    lastNoteAt = elapsed
                }
                sleepMilliseconds(pollMilliseconds)
            }
        }
    }

    private func seconds(_ milliseconds: Int) -> String {
        "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s"
    }
}
