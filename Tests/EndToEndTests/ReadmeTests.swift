import Foundation
import Testing
import UprightTestSupport

@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README's diagram is the generated one, not a hand-drawn copy that can drift.
    @Test func stateDiagramMatchesTheMachine() throws {
        let readme = try TestFile.text(Self.root.appendingPathComponent("README.md").path)
        let result = try UprightBinary.run(["machine", "--mermaid"])
        #expect(result.status == 0)
        #expect(readme.contains("```mermaid\n" + result.out + "```"))
    }

    /// Every Markdown file under docs that a comment, the README or the Makefile cites is in the
    /// repository: citations point at documents a reader of the repository can open.
    @Test func citedDocumentsExist() throws {
        let docs = Self.root.appendingPathComponent("docs")
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: docs.path))
        var cited: [String: String] = [:]
        var files = ["README.md", "Makefile", "packaging/upright.service"]
        for folder in ["Sources", "Tests"] {
            let enumerator = FileManager.default.enumerator(atPath: Self.root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".swift") || path.hasSuffix(".sh") || path.hasSuffix(".c") || path.hasSuffix(".h") {
                    files.append(folder + "/" + path)
                }
            }
        }
        #expect(files.count > 100)
        for file in files {
            let text = try TestFile.text(Self.root.appendingPathComponent(file).path)
            var rest = text[...]
            while let range = rest.range(of: "docs/") {
                let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
                if name.hasSuffix(".md") { cited[String(name), default: file] = file }
                rest = rest[range.upperBound...]
            }
        }
        #expect(cited.keys.contains("hardware.md") && cited.keys.contains("conventions.md") && cited.keys.contains("events.md"))
        for (name, file) in cited.sorted(by: { $0.key < $1.key }) {
            #expect(present.contains(name), "\(file) cites docs/\(name), which does not exist")
        }
    }
}
