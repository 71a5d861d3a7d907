import Foundation
import Testing

@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README's diagram is the generated one, not a hand-drawn copy that can drift.
    @Test func stateDiagramMatchesTheMachine() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let result = try UprightBinary.run(["machine", "--mermaid"])
        #expect(result.status == 0)
        #expect(readme.contains("```mermaid\n" + result.out + "```"))
    }
}
