import Glibc

/// A temporary directory, removed with what is in it by `remove()`.
public struct TemporaryDirectory {
    public let path: String

    public init() {
        var template = Array("/tmp/upright-firmware-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { buffer in
            String(cString: mkdtemp(buffer.baseAddress!)!)
        }
    }

    public func remove() { Self.remove(path, depth: 4) }

    /// Removes it with what is in it `depth` levels down (a fake sysfs tree is ten deep).
    public func remove(depth: Int) { Self.remove(path, depth: depth) }

    /// Files and folders `depth` levels down (tests make a lock folder or two, no more).
    private static func remove(_ path: String, depth: Int) {
        guard let directory = opendir(path) else { return }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != "." && name != ".." else { continue }
            if unlink(path + "/" + name) != 0 && depth > 0 { remove(path + "/" + name, depth: depth - 1) }
        }
        closedir(directory)
        rmdir(path)
    }
}
