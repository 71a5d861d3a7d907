/// `upright run`: run the firmware on real hardware from a board file
enum RunCommand: Subcommand {
    static let spec = CommandSpec(
        name: "run",
        summary: "run the firmware on real hardware from a board file",
        positionals: [],
        options: [
            .value("board", "FILE", help: "board file (JSON)"),
            .flag("json", help: "write the NDJSON event stream to stdout"),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        notImplemented(console: console)
    }
}
