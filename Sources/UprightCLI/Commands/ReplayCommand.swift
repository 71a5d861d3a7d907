/// `upright replay`: replay a recorded trace through the detector and state machine
enum ReplayCommand: Subcommand {
    static let spec = CommandSpec(
        name: "replay",
        summary: "replay a recorded trace through the detector and state machine",
        positionals: [PositionalSpec("TRACE", help: "trace file (CSV), or - for standard input")],
        options: [
            .value("board", "FILE", help: "board file for the mount matrix, detector and gesture settings"),
            .value("start", "STATE", help: "initial state: idle or previewing (default previewing)"),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        notImplemented(console: console)
    }
}
