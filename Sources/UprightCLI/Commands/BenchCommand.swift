/// `upright bench`: measure speed, cost and accuracy against baselines
enum BenchCommand: Subcommand {
    static let spec = CommandSpec(
        name: "bench",
        summary: "measure speed, cost and accuracy against baselines",
        positionals: [],
        options: [
            .flag("json", help: "print one JSON object"),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        notImplemented(console: console)
    }
}
