import UprightHost

/// `upright machine`: print the camera state machine transition table or a diagram
enum MachineTableCommand: Subcommand {
    static let spec = CommandSpec(
        name: "machine",
        summary: "print the camera state machine transition table or a diagram",
        positionals: [],
        options: [
            .flag("dot", help: "print a Graphviz diagram"),
            .flag("mermaid", help: "print a Mermaid diagram"),
        ],
        discussion: """
            The table has one line per event and one column per state: the target state, '=' for
            an internal transition (the state stays, the machine acts), '.' when the event is
            ignored there. The rows that follow give each transition's guard and action.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        let dot = arguments.flag("dot")
        let mermaid = arguments.flag("mermaid")
        if dot && mermaid {
            throw .usage(UsageError("--dot and --mermaid cannot be used together"))
        }
        if dot {
            console.write(TransitionDiagram.dot)
        } else if mermaid {
            console.write(TransitionDiagram.mermaid)
        } else {
            console.write(TransitionDiagram.grid)
            console.write("\n")
            console.write(TransitionDiagram.rows)
        }
        return 0
    }
}
