#if canImport(Glibc)
import Glibc
#endif

/// Photo and clip numbers continue from the files already in the output directory, so a
/// restart (the machine counts from 1 again) never overwrites an earlier IMG_0001.jpg.
public enum OutputNumbering {
    /// The highest N of `IMG_N.*` and `CLIP_N.*` in `directory` (0 when none or unreadable).
    /// Looks at most `maximumEntries` entries.
    public static func highestNumber(in directory: String, maximumEntries: Int = 1_000_000) -> UInt32 {
        guard let handle = opendir(directory) else { return 0 }
        defer { closedir(handle) }
        var highest: UInt32 = 0
        var seen = 0
        while seen < maximumEntries, let entry = readdir(handle) {
            seen += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let number = number(in: name), number > highest { highest = number }
        }
        return highest
    }

    /// N from `IMG_N.ext` or `CLIP_N.ext`.
    static func number(in name: String) -> UInt32? {
        let rest: Substring
        if name.hasPrefix("IMG_") {
            rest = name.dropFirst(4)
        } else if name.hasPrefix("CLIP_") {
            rest = name.dropFirst(5)
        } else {
            return nil
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).first == "." else { return nil }
        return UInt32(digits)
    }
}
