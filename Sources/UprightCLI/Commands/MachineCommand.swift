/// `upright machine`: print the camera state machine transition table or a diagram
enum MachineCommand: Subcommand {
    static let spec = CommandSpec(
        name: "machine",
        summary: "print the camera state machine transition table or a diagram",
        positionals: [],
        options: [
            .flag("dot", help: "print a Graphviz diagram"),
            .flag("mermaid", help: "print a Mermaid diagram"),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        notImplemented(console: console)
    }
}
