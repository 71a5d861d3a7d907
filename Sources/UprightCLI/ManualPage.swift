/// upright(1), the manual page, made from the same `CommandSpec`s that `--help` prints, so the
/// two cannot drift apart. The page is kept as packaging/upright.1 (installed by `make
/// install` and the Debian package); `ManualPageTests` fails when it differs from `text`.
public enum ManualPage {
    /// The whole page in man(7) markup.
    public static var text: String {
        var page = """
            .\\" upright(1). Made by UprightCLI's ManualPage from each command's own help; do not edit.
            .TH UPRIGHT 1 "" "upright \(UprightVersion.current)" "Upright"
            .\\" Paths and options are not hyphenated, and lines are not stretched to fit.
            .nh
            .ad l
            .SH NAME
            upright \\- camera firmware that knows which way is up
            .SH SYNOPSIS
            .B upright
            .I COMMAND
            .RI [ options ]
            .br
            .B upright
            .I COMMAND
            .B \\-\\-help
            .br
            .B upright \\-\\-version
            .SH DESCRIPTION

            """
        page += paragraphs(description)
        page += ".SH COMMANDS\n"
        for command in Upright.subcommands {
            page += section(command.spec)
        }
        page += ".SH FILES\n"
        for (path, text) in files {
            page += ".TP\n.I \(escaped(path))\n\(escaped(text))\n"
        }
        page += ".SH EXIT STATUS\n"
        page += escaped(exitStatus) + "\n"
        page += """
            .SH SEE ALSO
            .BR systemctl (1),
            .BR journalctl (1),
            .BR i2cdetect (8),
            .BR gpiodetect (1),
            .BR rpicam\\-still (1);
            the README and docs/ in /usr/share/doc/upright (setting up a camera, board files, the simulator, the state machine; docs/README.md lists every page).

            """
        return page
    }

    static let description = [
        """
        Upright runs on a Raspberry Pi with an accelerometer on I2C (InvenSense MPU\\-6050 or
        Analog Devices ADXL345) and a shutter button on a GPIO line. It reads the gravity vector,
        decides the camera's orientation (no flapping near 45 degrees, no flips from shakes,
        flicks or a camera lying flat), latches it when the shutter is pressed or a clip starts,
        and writes it into the files: EXIF Orientation in JPEGs, the track matrix in MP4s. A short
        press takes a photo, a hold records a clip until the next press.
        """,
        """
        The same firmware runs on a simulated board (sim, watch \\-\\-sim, calibrate \\-\\-sim), with
        no hardware. On the Pi it runs as the service upright.service, as the user upright (in
        the i2c, gpio and video groups), with the board file /etc/upright/board.json:
        systemctl enable \\-\\-now upright starts it, journalctl \\-u upright shows what it says.
        """,
    ]

    static let files: [(String, String)] = [
        (
            "/etc/upright/board.json",
            "The board file the service runs: bus, chip, mount matrix, shutter and light lines, camera programs, output. "
                + "The Debian package keeps your changes to it on upgrade and asks when both yours and the package's changed."
        ),
        (
            "/usr/share/upright/boards/",
            "Example board files, one per Pi and chip, to copy over /etc/upright/board.json (under /usr/local with make install)."
        ),
        (
            "/var/lib/upright/",
            "The service's only writable directory: photos (IMG_0001.jpg), clips (CLIP_0001.mp4) and the journal (journal.ndjson), "
                + "as the example boards set output.directory and output.journal. Kept when the package is removed; purging it asks first."
        ),
    ]

    static let exitStatus =
        "0 on success; 1 when a command ran and failed (a device missing or refused, an expectation not met); "
        + "2 for bad usage or bad input (one line naming the file and the key or line)."

    /// One command: its synopsis, summary, arguments, options and discussion.
    static func section(_ spec: CommandSpec) -> String {
        var text = ".SS \"\(escaped(spec.synopsis))\"\n\(escaped(spec.summary)).\n"
        for positional in spec.positionals {
            text += ".TP\n.I \(escaped(positional.name))\n\(escaped(positional.help))\n"
        }
        for option in spec.options {
            var name = option.short.map { "-\($0), " } ?? ""
            name += "--\(option.name)"
            if let value = option.valueName {
                text += ".TP\n.BI \"\(escaped(name)) \" \(escaped(value))\n"
            } else {
                text += ".TP\n.B \(escaped(name))\n"
            }
            text += escaped(option.help) + "\n"
        }
        if !spec.discussion.isEmpty {
            text += ".PP\n" + escaped(spec.discussion) + "\n"
        }
        return text
    }

    /// Paragraphs already in markup (the page's own prose), each after `.PP`.
    static func paragraphs(_ texts: [String]) -> String {
        texts.map { ".PP\n\($0)\n" }.joined()
    }

    /// Help text as man(7) text: backslashes kept, the dashes of a word that starts with one
    /// (an option: `--dry-run`) as the minus sign `\-`, so that it copies as typed (a hyphen
    /// inside a word, `built-in`, stays one), a `code span` in bold, and a line that would start
    /// with a control character guarded by `\&`.
    static func escaped(_ text: String) -> String {
        var out = ""
        var previous: Character = " "
        var inOption = false
        var inCode = false
        for character in text {
            if character == "-" && (previous == " " || previous == "\n" || previous == "(" || previous == "'") { inOption = true }
            if character == " " || character == "\n" { inOption = false }
            switch character {
            case "\\": out += "\\e"
            case "-" where inOption: out += "\\-"
            case "`":
                out += inCode ? "\\fR" : "\\fB"
                inCode.toggle()
            default: out.append(character)
            }
            previous = character
        }
        return out.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
