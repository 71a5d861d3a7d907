import Foundation
import Testing
import UprightTestSupport

/// Help that is true: each command's `--help` (and the simulator's page in docs) names only
/// file kinds the command reads or writes, every file name it gives as an example is one the
/// command wrote when run here, and what the simulator writes is all named. The commands run
/// for real in a scratch directory; what they wrote is told apart by content, not by name.
@Suite struct HelpTextTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Kinds of file, as a help text names them and as their bytes show them.
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case jpeg, mp4, quickTime, json, ndjson, svg, csv, backup, elf

        var description: String { rawValue }

        /// An extension (without the dot) names a kind.
        static func named(extension name: String) -> Kind? {
            switch name.lowercased() {
            case "jpg", "jpeg": .jpeg
            case "mp4": .mp4
            case "mov": .quickTime
            case "json": .json
            case "ndjson": .ndjson
            case "svg": .svg
            case "csv": .csv
            case "bak": .backup
            case "o": .elf
            default: nil
            }
        }

        /// So does a word of prose, spelt as the help texts spell it.
        static func named(word: String) -> Kind? {
            switch word {
            case "JPEG", "JPEGs": .jpeg
            case "MP4", "MP4s": .mp4
            case "QuickTime": .quickTime
            case "JSON": .json
            case "NDJSON": .ndjson
            case "SVG": .svg
            case "CSV": .csv
            case "ELF": .elf
            default: nil
            }
        }
    }

    /// What a text names: the kinds, and the concrete file names (`IMG_0001.jpg`,
    /// `journal.ndjson`), not placeholders (`FILE.bak`), options (`--json`) or paths to inputs
    /// (`boards/sim.json`).
    struct Mentions: Equatable {
        var kinds: Set<Kind> = []
        var names: Set<String> = []
    }

    static func mentions(in text: String) -> Mentions {
        var found = Mentions()
        let tokenCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-/+~"))
        for raw in text.components(separatedBy: tokenCharacters.inverted) {
            var token = Substring(raw)
            while token.last == "." || token.last == "-" { token = token.dropLast() }
            if token.isEmpty || token.hasPrefix("--") { continue }
            for word in token.split(separator: "-") {
                if let kind = Kind.named(word: String(word)) { found.kinds.insert(kind) }
            }
            guard let dot = token.lastIndex(of: "."), let kind = Kind.named(extension: String(token[token.index(after: dot)...])) else { continue }
            found.kinds.insert(kind)
            let stem = token[..<dot]
            let placeholder = stem.allSatisfy { $0.isUppercase }
            if !token.contains("/") && !stem.isEmpty && !placeholder { found.names.insert(String(token)) }
        }
        return found
    }

    /// A written file's kind by its bytes (`.bak` by its name: it holds what it backs up).
    static func kind(of bytes: [UInt8], name: String) -> Kind? {
        if name.hasSuffix(".bak") { return .backup }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) {
            return Array(bytes[8..<12]) == Array("qt  ".utf8) ? .quickTime : .mp4
        }
        if bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return .elf }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("<svg") || text.hasPrefix("<?xml") { return .svg }
        let lines = text.split(separator: "\n")
        let objects = lines.filter { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any] }
        if !lines.isEmpty && objects.count == lines.count { return lines.count == 1 ? .json : .ndjson }
        if (try? JSONSerialization.jsonObject(with: Data(bytes))) != nil { return .json }
        if let header = lines.first(where: { !$0.hasPrefix("#") }), header.hasPrefix("t,") { return .csv }
        return nil
    }

    /// What a run wrote: its files (new or changed) by name, and their kinds and its stdout's.
    struct Written {
        var kinds: Set<Kind> = []
        var names: Set<String> = []
    }

    /// Runs `upright ARGUMENTS` in `directory` and returns what it wrote there and on stdout.
    static func observe(_ arguments: [String], in directory: URL, expectStatus: Int32 = 0) throws -> Written {
        let before = try snapshot(directory)
        let result = try UprightBinary.run(arguments, directory: directory)
        #expect(result.status == expectStatus, "upright \(arguments.joined(separator: " ")): \(result.error)")
        var written = Written()
        for (name, bytes) in try snapshot(directory) where before[name] != bytes {
            written.names.insert((name as NSString).lastPathComponent)
            if let kind = kind(of: bytes, name: name) { written.kinds.insert(kind) }
        }
        if let kind = kind(of: Array(result.out.utf8), name: "") { written.kinds.insert(kind) }
        return written
    }

    /// Every file under `directory` (relative path to bytes).
    static func snapshot(_ directory: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = directory.appendingPathComponent(path).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = Array(try Data(contentsOf: URL(fileURLWithPath: full)))
            }
        }
        return files
    }

    static func scratch(copying files: [String] = []) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-help-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in files {
            let target = directory.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent(file), to: target)
        }
        return directory
    }

    static func help(_ command: String) throws -> String {
        let result = try UprightBinary.run([command, "--help"])
        #expect(result.status == 0)
        return result.out
    }

    /// The help names nothing the command neither reads nor wrote, and no example file it did
    /// not write.
    static func check(_ command: String, reads: Set<Kind>, wrote: Written) throws {
        let named = mentions(in: try help(command))
        let unexplained = named.kinds.subtracting(reads).subtracting(wrote.kinds)
        #expect(unexplained.isEmpty, "upright \(command) --help names \(unexplained.sorted { $0.rawValue < $1.rawValue }), which it does not write")
        let missing = named.names.subtracting(wrote.names)
        #expect(missing.isEmpty, "upright \(command) --help names \(missing.sorted()), which it did not write (it wrote \(wrote.names.sorted()))")
    }

    // MARK: the checker itself

    @Test func mentionsFindKindsAndExampleNames() {
        let found = Self.mentions(
            in: "Photos (IMG_0001.jpg), clip sidecars (CLIP_0001.json) and the journal (journal.ndjson); --json; FILE.bak; "
                + "scenario file (JSON), boards/sim.json, a Motion-JPEG QuickTime movie, an SVG timeline.")
        #expect(found.kinds == [.jpeg, .json, .ndjson, .backup, .quickTime, .svg])
        #expect(found.names == ["IMG_0001.jpg", "CLIP_0001.json", "journal.ndjson"])
    }

    /// The sim's help before its clips became movies fails the check: its sidecar name is not
    /// one the demo writes.
    @Test func theOldSidecarTextFails() throws {
        let directory = try Self.scratch()
        let wrote = try Self.observe(["sim"], in: directory)
        let old = Self.mentions(in: "Photos (IMG_0001.jpg), clip sidecars (CLIP_0001.json) and the journal (journal.ndjson)")
        #expect(old.names.subtracting(wrote.names) == ["CLIP_0001.json"])
        #expect(wrote.names.isSuperset(of: ["IMG_0001.jpg", "CLIP_0001.mov", "journal.ndjson"]))
        #expect(!wrote.kinds.contains(.json))
    }

    // MARK: each command

    /// The simulator's help names every kind it writes, and names only those and its inputs.
    @Test func sim() throws {
        let directory = try Self.scratch()
        var wrote = try Self.observe(["sim", "--plot", "run.svg"], in: directory)
        wrote.kinds.formUnion(try Self.observe(["sim", "--json", "--out", "json-out"], in: directory).kinds)
        #expect(wrote.kinds == [.jpeg, .quickTime, .ndjson, .svg])
        try Self.check("sim", reads: [.json], wrote: wrote)
        let named = Self.mentions(in: try Self.help("sim")).kinds
        #expect(named.isSuperset(of: wrote.kinds), "upright sim --help does not name \(wrote.kinds.subtracting(named))")
    }

    @Test func replay() throws {
        let directory = try Self.scratch(copying: ["traces/photo-left-up.csv"])
        let wrote = try Self.observe(["replay", "traces/photo-left-up.csv"], in: directory)
        #expect(wrote.kinds == [.ndjson])
        try Self.check("replay", reads: [.csv, .json], wrote: wrote)
    }

    @Test func calibrate() throws {
        let directory = try Self.scratch(copying: ["boards/sim.json", "scenarios/calibrate.json"])
        let wrote = try Self.observe(["calibrate", "--board", "boards/sim.json", "--sim", "scenarios/calibrate.json"], in: directory)
        #expect(wrote.names == ["sim.json", "sim.json.bak"])
        #expect(wrote.kinds == [.json, .backup])
        try Self.check("calibrate", reads: [.json], wrote: wrote)
    }

    /// orient rewrites each kind its help names: a photo and a movie from the simulator, and an
    /// MP4 that ffmpeg makes.
    @Test func orient() throws {
        let directory = try Self.scratch()
        _ = try Self.observe(["sim", "--out", "."], in: directory)
        _ = try ExternalTool.run(
            "ffmpeg",
            [
                "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=0.2:size=64x48:rate=10", "-c:v", "mjpeg",
                directory.appendingPathComponent("made.mp4").path,
            ])
        let wrote = try Self.observe(["orient", "--orientation", "left-up", "IMG_0001.jpg", "CLIP_0001.mov", "made.mp4"], in: directory)
        #expect(wrote.kinds == [.jpeg, .quickTime, .mp4])
        try Self.check("orient", reads: [], wrote: wrote)
    }

    /// journal reads a journal and prints NDJSON, and writes no file.
    @Test func journal() throws {
        let directory = try Self.scratch()
        _ = try Self.observe(["sim", "--out", "."], in: directory)
        let wrote = try Self.observe(["journal", "--files", "journal.ndjson"], in: directory)
        #expect(wrote.names.isEmpty, "\(wrote.names)")
        #expect(wrote.kinds == [.ndjson])
        try Self.check("journal", reads: [.ndjson], wrote: wrote)
    }

    @Test func bench() throws {
        let directory = try Self.scratch()
        let wrote = try Self.observe(["bench", "--json", "--runs", "1", "--only", "orientation"], in: directory)
        #expect(wrote.kinds == [.json])
        try Self.check("bench", reads: [.elf], wrote: wrote)
    }

    @Test func machineAndWatchWriteNoFile() throws {
        let directory = try Self.scratch()
        for arguments in [["machine"], ["machine", "--mermaid"], ["watch", "--sim", "demo", "--fast"]] {
            let wrote = try Self.observe(arguments, in: directory)
            #expect(wrote.names.isEmpty && wrote.kinds.isEmpty, "\(arguments): \(wrote.names)")
        }
        try Self.check("machine", reads: [], wrote: Written())
        try Self.check("watch", reads: [.json], wrote: Written())
    }

    /// The commands that need the Pi's devices cannot run here (the kernel test runs them);
    /// what they write is stated from the code they share: `run` journals (NDJSON, and the
    /// stream on stdout with --json) and runs the camera programs, `trace` prints CSV, `probe`
    /// prints a report. Without the devices they write nothing and say which one is missing.
    @Test func commandsOnTheDevices() throws {
        let directory = try Self.scratch(copying: ["boards/rpi4-mpu6050.json"])
        for arguments in [
            ["probe", "--bus", "97"], ["run", "--board", "boards/rpi4-mpu6050.json"],
            ["trace", "--board", "boards/rpi4-mpu6050.json", "--seconds", "1"],
        ] {
            let wrote = try Self.observe(arguments, in: directory, expectStatus: 1)
            #expect(wrote.names.isEmpty, "\(arguments): \(wrote.names)")
        }
        try Self.check("probe", reads: [], wrote: Written())
        try Self.check("run", reads: [.json], wrote: Written(kinds: [.ndjson, .jpeg, .mp4]))
        try Self.check("trace", reads: [.json], wrote: Written(kinds: [.csv]))
    }

    /// Every command is checked above.
    @Test func everyCommandIsChecked() throws {
        let usage = try UprightBinary.run(["--help"]).out
        let list = try #require(usage.components(separatedBy: "Commands:\n").last?.components(separatedBy: "\n\n").first)
        let listed = list.split(separator: "\n").map { String($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(Set(listed) == ["sim", "run", "replay", "probe", "calibrate", "watch", "trace", "machine", "bench", "orient", "journal"])
    }

    // MARK: the simulator's page

    /// The simulator's page (docs/simulator.md): its example commands run as written, and the
    /// kinds and names it gives are what they wrote (and what the simulator writes is all named
    /// there).
    @Test func simulatorPage() throws {
        let section = try TestFile.text(Self.root.appendingPathComponent("docs/simulator.md").path)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let directory = try Self.scratch(copying: ["scenarios/examples/faults.json"])
        var wrote = Written()
        var commands = 0
        for line in block.split(separator: "\n") {
            let command = line.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces)
            var words = command.split(separator: " ").map(String.init)
            guard words.first == "upright" else { continue }
            commands += 1
            var redirect: String?
            if let arrow = words.firstIndex(of: ">") {
                redirect = words[arrow + 1]
                words.removeSubrange(arrow...)
            }
            let before = try Self.snapshot(directory)
            let result = try UprightBinary.run(Array(words.dropFirst()), directory: directory)
            #expect(result.status == 0, "\(command): \(result.error)")
            if let redirect { try Data(result.out.utf8).write(to: directory.appendingPathComponent(redirect)) }
            for (name, bytes) in try Self.snapshot(directory) where before[name] != bytes {
                wrote.names.insert((name as NSString).lastPathComponent)
                if let kind = Self.kind(of: bytes, name: name) { wrote.kinds.insert(kind) }
            }
        }
        #expect(commands == 5)
        #expect(wrote.names.isSuperset(of: ["run.svg", "timeline.svg", "journal.ndjson", "CLIP_0001.mov"]))
        let named = Self.mentions(in: section)
        #expect(named.kinds.subtracting([.json]).subtracting(wrote.kinds).isEmpty, "the page names \(named.kinds.subtracting(wrote.kinds))")
        #expect(named.names.subtracting(wrote.names).isEmpty, "the page names \(named.names.subtracting(wrote.names)), not written")
        #expect(named.kinds.isSuperset(of: wrote.kinds), "the page does not name \(wrote.kinds.subtracting(named.kinds))")
    }
}
