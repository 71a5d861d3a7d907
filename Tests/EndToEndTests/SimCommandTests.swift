import Foundation
import Testing
import UprightTestSupport

/// `upright sim` as a user runs it, from a scratch directory with no repository around it
/// (so the board comes from the copy built into the binary).
@Suite struct SimCommandTests {
    static let scenario = """
        {
          "description": "end-to-end: a photo in portrait, then one in landscape",
          "duration": 6,
          "seed": 3,
          "motion": [ { "t": 0, "angle": 0 }, { "t": 2, "angle": 0 }, { "t": 3, "angle": 90, "easing": "ease-in-out" } ],
          "sensor": { "noise": 0.01 },
          "button": { "bounce": 0.004, "actions": [ { "t": 1, "action": "hold", "duration": 0.1 }, { "t": 4, "action": "hold", "duration": 0.1 } ] },
          "faults": [ { "type": "bus-errors", "start": 2, "duration": 1, "probability": 0.3, "error": "nack" } ],
          "expect": { "captures": 2, "latched": [ { "capture": 1, "orientation": "normal" }, { "capture": 2, "orientation": "left-up" } ] }
        }
        """

    static func scratch(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upright-sim-e2e-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func sameSeedGivesByteIdenticalJSON() throws {
        let directory = try Self.scratch(["s.json": Self.scenario])
        let first = try UprightBinary.run(["sim", "s.json", "--json", "--seed", "9"], directory: directory)
        let second = try UprightBinary.run(["sim", "s.json", "--json", "--seed", "9", "--out", "again"], directory: directory)
        #expect(first.status == 0)
        #expect(first.error == "")
        #expect(first.out == second.out)
        let lines = first.out.split(separator: "\n")
        #expect(lines.count >= 6)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"t":"#) })
        #expect(lines.contains { $0.contains(#""event":"capture","orientation":"left-up","exif":6,"shot":2,"file":"IMG_0002.jpg""#) })
        // Both runs wrote their files where they were told.
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("upright-out/IMG_0002.jpg").path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("again/journal.ndjson").path))
        // The photos too are byte-identical for the same seed (libjpeg-turbo is deterministic).
        for name in ["IMG_0001.jpg", "IMG_0002.jpg"] {
            let one = try Data(contentsOf: directory.appendingPathComponent("upright-out/" + name))
            let two = try Data(contentsOf: directory.appendingPathComponent("again/" + name))
            #expect(one.count > 1000 && one == two, "\(name): \(one.count) and \(two.count) bytes")
        }
    }

    @Test func reportStartsWithTheSeedAndWritesThePlot() throws {
        let directory = try Self.scratch(["s.json": Self.scenario])
        let result = try UprightBinary.run(["sim", "s.json", "--plot", "run.svg"], directory: directory)
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("seed 3 (rerun with --seed 3)\n"))
        #expect(result.out.contains("expectations: all 3 met"))
        // Relative to the working directory, as any tool takes a path, and said so: not among
        // the output directory's files.
        let svg = try TestFile.text(directory.appendingPathComponent("run.svg").path)
        #expect(svg.hasPrefix("<svg"))
        #expect(result.out.contains("\nwrote 3 files to upright-out/: IMG_0001.jpg IMG_0002.jpg journal.ndjson\nwrote the plot to run.svg\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("upright-out/run.svg").path))
    }

    /// An absolute path anywhere, as `--plot /tmp/run.svg`.
    @Test func plotGoesToAnAbsolutePath() throws {
        let directory = try Self.scratch(["s.json": Self.scenario])
        let plot = FileManager.default.temporaryDirectory.appendingPathComponent("upright-plot-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: plot) }
        let result = try UprightBinary.run(["sim", "s.json", "--plot", plot], directory: directory)
        #expect(result.status == 0)
        #expect(try TestFile.text(plot).hasPrefix("<svg"))
    }

    /// `--out DIR --plot DIR/run.svg` in a fresh directory, in either order: the plot's folder
    /// is the one `--out` is about to make, and the plot is named with the run's files.
    @Test(arguments: [["--out", "new", "--plot", "new/run.svg"], ["--plot", "new/run.svg", "--out", "new"]])
    func plotInTheOutputDirectoryAboutToBeMade(options: [String]) throws {
        let directory = try Self.scratch(["s.json": Self.scenario])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("new").path))
        let result = try UprightBinary.run(["sim", "s.json"] + options, directory: directory)
        #expect(result.status == 0, "\(result.error)")
        #expect(try TestFile.text(directory.appendingPathComponent("new/run.svg").path).hasPrefix("<svg"))
        #expect(result.out.contains("\nwrote 4 files to new/: IMG_0001.jpg IMG_0002.jpg journal.ndjson run.svg\n"), "\(result.out)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["new", "s.json"])
    }

    /// A folder `--out` makes on its way (a parent of it) takes the plot too; the plot is then
    /// not among the output directory's files but on a line of its own, as one in the working
    /// directory is.
    @Test func plotInAParentThatOutMakes() throws {
        let directory = try Self.scratch(["s.json": Self.scenario])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try UprightBinary.run(["sim", "s.json", "--plot", "./runs/run.svg", "--out", "runs/first/"], directory: directory)
        #expect(result.status == 0, "\(result.error)")
        #expect(try TestFile.text(directory.appendingPathComponent("runs/run.svg").path).hasPrefix("<svg"))
        #expect(
            result.out.contains("\nwrote 3 files to runs/first/: IMG_0001.jpg IMG_0002.jpg journal.ndjson\nwrote the plot to ./runs/run.svg\n"),
            "\(result.out)")
    }

    /// Photos follow the umask as every file a program creates does (they were 0644 whatever
    /// it was; the service's UMask=0027 promises group-only).
    @Test func photosFollowTheUmask() throws {
        let directory = try Self.scratch(["s.json": Self.scenario])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try UprightBinary.runPipeline("umask 027 && \"$UPRIGHT\" sim s.json --out out >/dev/null", directory: directory)
        #expect(result.status == 0, "\(result.error)")
        for name in ["IMG_0001.jpg", "IMG_0002.jpg", "journal.ndjson"] {
            let path = directory.appendingPathComponent("out/" + name).path
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o640, "\(name): \(String(mode ?? 0, radix: 8))")
        }
    }

    /// A plot in a folder `--out` does not make, or over a file the run writes into `--out`, is
    /// refused before the run in either order: one line, exit 2, nothing written.
    @Test(arguments: [
        (["--out", "new", "--plot", "other/run.svg"], "other/run.svg: the folder other does not exist (option '--plot')"),
        (["--plot", "other/run.svg", "--out", "new"], "other/run.svg: the folder other does not exist (option '--plot')"),
        (["--out", "new", "--plot", "new/sub/run.svg"], "new/sub/run.svg: the folder new/sub does not exist (option '--plot')"),
        (
            ["--out", "new", "--plot", "new/journal.ndjson"],
            "new/journal.ndjson: the run writes this file into --out new itself (option '--plot' names another)"
        ),
        (
            ["--plot", "./new/IMG_0002.jpg", "--out", "new"],
            "./new/IMG_0002.jpg: the run writes this file into --out new itself (option '--plot' names another)"
        ),
    ])
    func plotNowhereOrOverTheRunsFilesIsRefused(options: [String], error: String) throws {
        let directory = try Self.scratch(["s.json": Self.scenario])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try UprightBinary.run(["sim", "s.json"] + options, directory: directory)
        #expect(result.status == 2)
        #expect(result.error == "upright sim: " + error + "\n")
        #expect(result.out == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["s.json"])
    }

    @Test func badScenarioKeyExitsTwoNamingTheKey() throws {
        let bad = Self.scenario.replacingOccurrences(of: #"{ "t": 2, "angle": 0 }"#, with: #"{ "t": 2, "angel": 0 }"#)
        let directory = try Self.scratch(["bad.json": bad])
        let result = try UprightBinary.run(["sim", "bad.json", "--json"], directory: directory)
        #expect(result.status == 2)
        #expect(result.out == "")
        #expect(result.error.contains("bad.json: motion[1].angel: unknown key"))
        #expect(!result.error.contains("\n") || result.error.split(separator: "\n").count == 1)
        // Nothing was written.
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("upright-out").path))
    }

    /// A plot in a folder that does not exist is refused before the run: exit 2, nothing written.
    @Test func plotInAMissingFolderIsRefusedBeforeTheRun() throws {
        let directory = try Self.scratch(["s.json": Self.scenario])
        let result = try UprightBinary.run(["sim", "s.json", "--plot", "plots/run.svg"], directory: directory)
        #expect(result.status == 2)
        #expect(result.error == "upright sim: plots/run.svg: the folder plots does not exist (option '--plot')\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("upright-out").path))
    }

    @Test func unmetExpectationExitsOne() throws {
        let wrong = Self.scenario.replacingOccurrences(of: #""captures": 2"#, with: #""captures": 5"#)
        let directory = try Self.scratch(["s.json": wrong])
        let result = try UprightBinary.run(["sim", "s.json", "--json"], directory: directory)
        #expect(result.status == 1)
        #expect(result.error.contains("1 of 3 expectations not met"))
    }
}
