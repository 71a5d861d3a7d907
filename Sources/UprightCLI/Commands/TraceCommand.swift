/// `upright trace`: record samples and the button as a trace (CSV) on stdout
enum TraceCommand: Subcommand {
    static let spec = CommandSpec(
        name: "trace",
        summary: "record samples and the button as a trace (CSV) on stdout",
        positionals: [],
        options: [
            .value("board", "FILE", help: "board file (JSON)"),
            .value("seconds", "S", help: "how long to record"),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        notImplemented(console: console)
    }
}
