import Foundation
import Testing
import UprightTestSupport

@testable import UprightCLI

/// upright(1) as packaged is the page the commands' help makes, and says it the way man(7)
/// reads it.
@Suite struct ManualPageTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("packaging/upright.1")

    /// packaging/upright.1 is `ManualPage.text`. After changing a command's help, rewrite it with
    /// `UPRIGHT_WRITE_MANUAL=1 swift test --filter ManualPageTests`.
    @Test func packagedPageIsTheGeneratedOne() throws {
        if ProcessInfo.processInfo.environment["UPRIGHT_WRITE_MANUAL"] == "1" {
            try Data(ManualPage.text.utf8).write(to: Self.page)
        }
        let packaged = try TestFile.text(Self.page.path)
        #expect(packaged == ManualPage.text, "packaging/upright.1 is stale: UPRIGHT_WRITE_MANUAL=1 swift test --filter ManualPageTests")
    }

    @Test func namesEveryCommandAndOption() {
        let text = ManualPage.text
        #expect(text.contains(".TH UPRIGHT 1 \"\" \"upright \(UprightVersion.current)\" \"Upright\"\n"))
        for command in Upright.subcommands {
            #expect(text.contains(".SS \"upright \(command.spec.name)"), "\(command.spec.name)")
            for option in command.spec.options {
                #expect(text.contains("\\-\\-" + option.name.replacingOccurrences(of: "-", with: "\\-")), "\(command.spec.name) --\(option.name)")
            }
        }
        #expect(text.contains(".SS \"upright sim [options] [SCENARIO]\"\nrun the firmware on a simulated board (built-in demo or a scenario).\n"))
        #expect(text.contains(".TP\n.BI \"\\-\\-seed \" N\nseed for everything random (default: the scenario's, else 1)\n"))
        #expect(text.contains(".TP\n.B \\-\\-json\nwrite only the NDJSON event stream to stdout\n"))
    }

    @Test func escapesWhatRoffWouldRead() {
        #expect(ManualPage.escaped("use --dry-run (or -h), a built-in demo") == "use \\-\\-dry\\-run (or \\-h), a built-in demo")
        #expect(ManualPage.escaped("a\n.dot and\n'quote") == "a\n\\&.dot and\n\\&'quote")
        #expect(ManualPage.escaped("run `make bench` first") == "run \\fBmake bench\\fR first")
        #expect(ManualPage.escaped("C:\\path") == "C:\\epath")
    }

    /// groff reads it without a warning (lintian runs the same check on the package). groff
    /// warns on stderr and exits 0, so its stderr is what is read.
    @Test func groffReadsItWithoutWarnings() throws {
        _ = try ExternalTool.path("groff")
        let warnings = try ExternalTool.run(
            "sh", ["-c", "groff -man -Tutf8 -ww -z \"$0\" 2>&1 >/dev/null", Self.page.path], environment: ["LC_ALL": "C.UTF-8"])
        #expect(String(decoding: warnings, as: UTF8.self) == "")
    }
}
