import Foundation
import Testing
import UprightTestSupport

/// The articles of UprightCore's documentation catalog show code that a test compiles and runs:
/// every fenced Swift block of an article must appear verbatim (indented as a whole or not) in
/// its test file, Tests/UprightCoreTests/Documentation/<article>Tests.swift.
@Suite struct DocumentationTests {
    static let root = ReadmeTests.root
    static let catalog = "Sources/UprightCore/UprightCore.docc"
    static let articles = ["ReadingAnAccelerometer", "RunningTheDetector", "DrivingTheCameraMachine"]

    /// The ```swift blocks of a Markdown text, each as its lines.
    static func swiftBlocks(_ markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Whether `block` appears in `lines` as consecutive lines, all behind one indentation
    /// (empty lines stay empty).
    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        guard let first = block.first, !first.isEmpty, lines.count >= block.count else { return false }
        for start in 0...(lines.count - block.count) where lines[start].hasSuffix(first) {
            let indent = String(lines[start].dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }) else { continue }
            let matches = block.indices.allSatisfy { index in
                block[index].isEmpty ? lines[start + index].isEmpty : lines[start + index] == indent + block[index]
            }
            if matches { return true }
        }
        return false
    }

    @Test(arguments: articles)
    func articleCodeIsTheTestedCode(article: String) throws {
        let markdown = try TestFile.text(Self.root.appendingPathComponent("\(Self.catalog)/\(article).md").path)
        let test = try TestFile.text(Self.root.appendingPathComponent("Tests/UprightCoreTests/Documentation/\(article)Tests.swift").path)
        let lines = test.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let blocks = Self.swiftBlocks(markdown)
        #expect(!blocks.isEmpty, "\(article).md has no Swift code block")
        for block in blocks {
            let found = Self.contains(lines, block)
            #expect(found, "\(article).md: the block starting \"\(block.first ?? "")\" is not in \(article)Tests.swift")
        }
    }

    @Test func theMatcherFindsIndentedBlocksAndRefusesChangedOnes() {
        let file = ["func f() {", "    let a = 1", "", "    print(a)", "}"]
        #expect(Self.contains(file, ["let a = 1", "", "print(a)"]))
        #expect(!Self.contains(file, ["let a = 2", "", "print(a)"]))
        #expect(!Self.contains(file, ["let a = 1", "print(a)"]))
        #expect(Self.swiftBlocks("text\n```swift\nlet x = 1\n```\n```\nnot swift\n```\n") == [["let x = 1"]])
    }

    @Test func theLandingPageListsEveryArticle() throws {
        let landing = try TestFile.text(Self.root.appendingPathComponent("\(Self.catalog)/UprightCore.md").path)
        for article in Self.articles {
            #expect(landing.contains("<doc:\(article)>"))
        }
    }
}
