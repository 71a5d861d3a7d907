import Foundation

/// What the documentation tests read from a Markdown file: its headings' anchors (as GitHub
/// makes them), its links, and the lines of its `sh` code blocks. Fenced code is not prose: a
/// `#` line or a bracket in it is neither a heading nor a link.
struct MarkdownDocument {
    /// The anchors of the headings, in order: lowercased, anything but letters, digits, spaces,
    /// `-` and `_` dropped, spaces made `-`; a repeated one gets `-1`, `-2`, ...
    var anchors: [String] = []
    /// Every `[text](target)` and `![alt](target)` target outside code, in order.
    var links: [String] = []
    /// The lines of every ```` ```sh ```` block.
    var shellLines: [String] = []

    init(_ text: String) {
        var fence: String?
        var seen: [String: Int] = [:]
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                fence = fence == nil ? String(trimmed.dropFirst(3)) : nil
                continue
            }
            if let fence {
                if fence == "sh" { shellLines.append(line) }
                continue
            }
            if line.hasPrefix("#") {
                let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                let anchor = Self.anchor(title)
                let count = seen[anchor, default: 0]
                seen[anchor] = count + 1
                anchors.append(count == 0 ? anchor : "\(anchor)-\(count)")
            }
            links += Self.links(in: Self.withoutCodeSpans(line))
        }
    }

    static func anchor(_ title: String) -> String {
        var out = ""
        for character in title.lowercased() {
            if character == " " {
                out.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                out.append(character)
            }
        }
        return out
    }

    static func withoutCodeSpans(_ line: String) -> String {
        line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
    }

    static func links(in line: String) -> [String] {
        var found: [String] = []
        var rest = line[...]
        while let open = rest.range(of: "](") {
            let target = rest[open.upperBound...].prefix { $0 != ")" && $0 != " " }
            found.append(String(target))
            rest = rest[open.upperBound...]
        }
        return found
    }

    /// The links of `file` (a path below `root`) that do not resolve: a relative file that does
    /// not exist, or an `#anchor` that is not a heading of the file it points into. Web links
    /// are not followed.
    static func brokenLinks(inFile file: String, root: URL) throws -> [String] {
        let url = root.appendingPathComponent(file)
        let document = MarkdownDocument(try String(contentsOf: url, encoding: .utf8))
        var broken: [String] = []
        for link in document.links where !link.contains("://") && !link.hasPrefix("mailto:") {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let target = parts[0].isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
            guard FileManager.default.fileExists(atPath: target.path) else {
                broken.append("\(file): \(link): no such file")
                continue
            }
            guard parts.count == 2 else { continue }
            let anchors = MarkdownDocument(try String(contentsOf: target, encoding: .utf8)).anchors
            if !anchors.contains(parts[1]) { broken.append("\(file): \(link): no heading #\(parts[1]) in \(target.lastPathComponent)") }
        }
        return broken
    }
}
