#if canImport(Glibc)
import Glibc
#endif

/// The numbers in the output directory's file names: `IMG_N.*` and `CLIP_N.*`. Start-up
/// reconciliation (`OutputReconciliation`) lists the directory with it and numbering goes on
/// after the highest, so a restart (the machine's numbers begin again) never overwrites an
/// earlier IMG_0001.jpg.
public enum OutputNumbering {
    /// The names in `directory` but `.` and `..` (none when it is unreadable), at most
    /// `maximumEntries` of them, in the order the directory gives them.
    public static func names(in directory: String, maximumEntries: Int) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        var seen = 0
        while seen < maximumEntries, let entry = readdir(handle) {
            seen += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
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
