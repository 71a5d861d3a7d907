import Glibc

/// A temporary directory, removed with its files by `remove()`.
public struct TemporaryDirectory {
    public let path: String

    public init() {
        var template = Array("/tmp/upright-firmware-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { buffer in
            String(cString: mkdtemp(buffer.baseAddress!)!)
        }
    }

    public func remove() {
        guard let directory = opendir(path) else { return }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(path + "/" + name) }
        }
        closedir(directory)
        rmdir(path)
    }
}

