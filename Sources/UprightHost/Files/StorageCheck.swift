#if canImport(Glibc)
import Glibc
#endif

/// Whether the output's file system can take another photo or clip: free space (statvfs(3):
/// blocks available to unprivileged users times the fragment size) at or above the board's
/// reserve (`output.reserve_mb`) and at least one block, and not mounted read-only. The reserve is what keeps the
/// journal able to say why captures stop: below it no capture starts, the journal still
/// appends. A write that fails with ENOSPC, EDQUOT, EIO or EROFS is a storage failure too
/// (`isStorageFailure`), whatever statvfs said a moment before.
public struct StorageCheck: Equatable, Sendable {
    public var directory: String
    public var reserveBytes: UInt64

    public init(directory: String, reserveBytes: UInt64) {
        self.directory = directory
        self.reserveBytes = reserveBytes
    }

    /// Nil when there is room; else why not, one line for the log.
    public func problem() -> String? {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else {
            let code = errno
            // A directory that vanished or a device that stopped answering is no place to write.
            return "\(directory): statvfs: " + POSIXFile.errorText(code)
        }
        if info.f_flag & UInt(ST_RDONLY) != 0 { return "\(directory): file system is read-only" }
        let free = UInt64(info.f_bavail) &* UInt64(info.f_frsize)
        if free < reserveBytes { return "\(directory): \(free) bytes free, below the reserve of \(reserveBytes) (output.reserve_mb)" }
        // Without a reserve (reserve_mb 0), less than one block free is still a full card: no
        // file fits, and a camera program that cannot open its file only says it failed.
        if free < UInt64(info.f_frsize) { return "\(directory): file system is full (\(free) bytes free)" }
        return nil
    }

    /// Whether `code` (an errno) says the storage, not the data, failed.
    public static func isStorageFailure(_ code: Int32?) -> Bool {
        guard let code else { return false }
        return code == ENOSPC || code == EDQUOT || code == EIO || code == EROFS
    }
}
