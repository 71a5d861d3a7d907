import Foundation
import Testing
import UprightTestSupport

@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README and every page in docs, as paths below the root.
    static func documents() throws -> [String] {
        let pages = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path).filter { $0.hasSuffix(".md") }
        return ["README.md"] + pages.sorted().map { "docs/" + $0 }
    }

    /// The diagram in docs/machine.md is the generated one, not a hand-drawn copy that can drift.
    @Test func stateDiagramMatchesTheMachine() throws {
        let page = try TestFile.text(Self.root.appendingPathComponent("docs/machine.md").path)
        let result = try UprightBinary.run(["machine", "--mermaid"])
        #expect(result.status == 0)
        #expect(page.contains("```mermaid\n" + result.out + "```"))
    }

    /// The README is a first page that fits on a screen or two; the reference is in docs.
    @Test func readmeIsShort() throws {
        let lines = try TestFile.text(Self.root.appendingPathComponent("README.md").path).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 150, "README.md has \(lines.count) lines")
    }

    /// Every relative link in the README and in docs resolves: the file, and the heading its
    /// `#anchor` names.
    @Test func everyLinkResolves() throws {
        let documents = try Self.documents()
        #expect(documents.count >= 20)
        var links = 0
        for file in documents {
            links += MarkdownDocument(try TestFile.text(Self.root.appendingPathComponent(file).path)).links.count
            for problem in try MarkdownDocument.brokenLinks(inFile: file, root: Self.root) { Issue.record("\(problem)") }
        }
        #expect(links >= 80)
    }

    /// The checker can fail: a missing file, a missing heading, a missing heading in another
    /// page are each caught; links in code, web links and a heading in a code block are not
    /// links or headings.
    @Test func theLinkCheckerFindsBrokenLinks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-links-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("pages"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let readme = """
            # Upright
            ## Setting up: `upright probe`
            [ok](pages/a.md) [ok](#setting-up-upright-probe) [ok](pages/a.md#where-the-files-go) [web](https://example.org/x#y)
            [gone](pages/b.md) [no heading](#quick-start) [no heading there](pages/a.md#wiring) `[in code](pages/c.md)`
            ```sh
            # Wiring
            [in a block](pages/d.md)
            ```
            """
        try Data(readme.utf8).write(to: directory.appendingPathComponent("README.md"))
        try Data("# A\n## Where the files go\n".utf8).write(to: directory.appendingPathComponent("pages/a.md"))
        #expect(
            try MarkdownDocument.brokenLinks(inFile: "README.md", root: directory) == [
                "README.md: pages/b.md: no such file", "README.md: #quick-start: no heading #quick-start in README.md",
                "README.md: pages/a.md#wiring: no heading #wiring in a.md",
            ])
        #expect(MarkdownDocument("# A\n## A\n## A\n").anchors == ["a", "a-1", "a-2"])
    }

    /// The docs index links every page in docs.
    @Test func theIndexListsEveryPage() throws {
        let index = MarkdownDocument(try TestFile.text(Self.root.appendingPathComponent("docs/README.md").path))
        for file in try Self.documents() where file.hasPrefix("docs/") && file != "docs/README.md" {
            #expect(index.links.contains(String(file.dropFirst(5))), "docs/README.md does not list \(file)")
        }
    }

    // MARK: the commands shown

    /// A line of a `sh` block as words: its comment, `sudo` and `NAME=value` before the
    /// command dropped.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        for word in line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) {
            if word.hasPrefix("#") { break }
            words.append(word)
        }
        while let first = words.first, first == "sudo" || (first.contains("=") && !first.hasPrefix("-")) { words.removeFirst() }
        return words
    }

    /// What `upright` and `make` offer: each subcommand with the options its help names, and
    /// the Makefile's targets.
    struct Offered {
        var options: [String: Set<String>] = [:]
        var targets: Set<String> = []
    }

    static func offered() throws -> Offered {
        var offered = Offered()
        let usage = try UprightBinary.run(["--help"]).out
        let list = try #require(usage.components(separatedBy: "Commands:\n").last?.components(separatedBy: "\n\n").first)
        for row in list.split(separator: "\n") {
            let name = String(row.dropFirst(2).prefix { $0 != " " })
            let help = try UprightBinary.run([name, "--help"]).out
            let options = help.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).filter { $0.hasPrefix("--") }
            offered.options[name] = Set(options.map(String.init)).union(["--help"])
        }
        let makefile = try TestFile.text(root.appendingPathComponent("Makefile").path)
        for line in makefile.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), line[line.index(after: colon)...].first != "=" else { continue }
            let head = line[..<colon]
            if !head.isEmpty, head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) { offered.targets.insert(String(head)) }
        }
        return offered
    }

    /// The `upright` and `make` commands among `lines` that do not exist: an unknown
    /// subcommand, an option the subcommand's help does not name, a target the Makefile lacks.
    static func unknownCommands(in lines: [String], file: String, offered: Offered) -> [String] {
        var unknown: [String] = []
        for line in lines {
            let words = Self.words(line)
            switch words.first {
            case "upright":
                guard words.count > 1, !["--help", "--version"].contains(words[1]) else { continue }
                guard let options = offered.options[words[1]] else {
                    unknown.append("\(file): \(line): no command \(words[1])")
                    continue
                }
                for word in words.dropFirst(2) where word.hasPrefix("--") && !options.contains(word) {
                    unknown.append("\(file): \(line): upright \(words[1]) has no \(word)")
                }
            case "make":
                for word in words.dropFirst() where !word.contains("=") && !offered.targets.contains(word) {
                    unknown.append("\(file): \(line): no make target \(word)")
                }
            default: continue
            }
        }
        return unknown
    }

    /// Every `upright ...` and `make ...` line in the `sh` blocks of the README and of docs is a
    /// command that exists, with options it has.
    @Test func everyCommandShownExists() throws {
        let offered = try Self.offered()
        #expect(offered.targets.isSuperset(of: ["sim", "test", "deb", "docs", "lint", "mcu-test", "install"]))
        #expect(offered.options["sim"]?.isSuperset(of: ["--out", "--plot", "--seed", "--json"]) == true)
        var commands = 0
        for file in try Self.documents() {
            let lines = MarkdownDocument(try TestFile.text(Self.root.appendingPathComponent(file).path)).shellLines
            commands += lines.filter { ["upright", "make"].contains(Self.words($0).first) }.count
            for problem in Self.unknownCommands(in: lines, file: file, offered: offered) { Issue.record("\(problem)") }
        }
        #expect(commands >= 20)
        let made = Self.unknownCommands(
            in: [
                "sudo upright prob --bus 1", "upright sim --plott x.svg  # a typo", "make tests", "MCU_JOBS=4 make mcu-test MCU_ONLY=bus",
                "echo make x",
            ],
            file: "x.md", offered: offered)
        #expect(
            made == [
                "x.md: sudo upright prob --bus 1: no command prob", "x.md: upright sim --plott x.svg  # a typo: upright sim has no --plott",
                "x.md: make tests: no make target tests",
            ])
    }

    /// The README's `upright sim` lines run as written in a fresh directory (the repository's
    /// scenarios beside it), exit 0 and write what the README says; the picture its `--plot`
    /// line draws is the one the README shows (docs/timeline.svg), byte for byte.
    @Test func theReadmesSimulatorCommandsRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-readme-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("scenarios"), withDestinationURL: Self.root.appendingPathComponent("scenarios"))
        let lines = MarkdownDocument(try TestFile.text(Self.root.appendingPathComponent("README.md").path)).shellLines
        var ran: [[String]] = []
        for line in lines {
            let words = Self.words(line)
            guard words.first == "upright", words.count > 1, words[1] == "sim", !words.contains("--soak"), !words.contains(">") else { continue }
            let result = try UprightBinary.run(Array(words.dropFirst()), directory: directory)
            #expect(result.status == 0, "\(line): \(result.error)")
            ran.append(Array(words.dropFirst(2)))
        }
        #expect(ran.count == 4)
        #expect(ran.contains(["--out", "run", "--plot", "run/timeline.svg"]))
        for name in ["IMG_0001.jpg", "IMG_0008.jpg", "CLIP_0001.mov", "journal.ndjson"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("upright-out/" + name).path), "upright-out/\(name)")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("run/" + name).path), "run/\(name)")
        }
        let drawn = try TestFile.bytes(directory.appendingPathComponent("run/timeline.svg").path)
        let shown = try TestFile.bytes(Self.root.appendingPathComponent("docs/timeline.svg").path)
        let current = drawn == shown
        #expect(current, "docs/timeline.svg is not what upright sim --plot draws now: upright sim --out /tmp/demo --plot docs/timeline.svg")
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
