/// `upright sim`: run the firmware on a simulated board (built-in demo or a scenario)
enum SimCommand: Subcommand {
    static let spec = CommandSpec(
        name: "sim",
        summary: "run the firmware on a simulated board (built-in demo or a scenario)",
        positionals: [PositionalSpec("SCENARIO", help: "scenario file (JSON); the built-in demo when absent", optional: true)],
        options: [
            .value("seed", "N", help: "seed for everything random (default 1)"),
            .value("out", "DIR", help: "output directory (default ./upright-out)"),
            .flag("json", help: "write the NDJSON event stream to stdout"),
            .value("plot", "FILE", help: "write an SVG timeline of the run"),
            .flag("realtime", help: "pace virtual time to the wall clock"),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        notImplemented(console: console)
    }
}
