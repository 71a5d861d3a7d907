import UprightHost

/// The `upright` command line: dispatches to a subcommand and turns errors into one line and
/// an exit status (2 for bad usage or input, 1 for failures).
public enum Upright {
    public static var subcommands: [any Subcommand.Type] {
        [
            SimCommand.self,
            RunCommand.self,
            ReplayCommand.self,
            ProbeCommand.self,
            CalibrateCommand.self,
            WatchCommand.self,
            TraceCommand.self,
            MachineTableCommand.self,
            BenchCommand.self,
            OrientCommand.self,
            JournalCommand.self,
        ]
    }

    public static var usage: String {
        var text = """
            upright: camera firmware that knows which way is up

            Usage: upright COMMAND [options]
                   upright --version

            Commands:

            """
        // Every summary starts in one column: two spaces past the longest name.
        let width = subcommands.map { $0.spec.name.count }.max() ?? 0
        for command in subcommands {
            let name = command.spec.name
            text += "  \(name)\(String(repeating: " ", count: width + 2 - name.count))\(command.spec.summary)\n"
        }
        text += "\nRun 'upright COMMAND --help' for a command's options.\n"
        return text
    }

    /// Runs `upright` with `arguments` (without the program name).
    public static func main(_ arguments: [String], console: Console) -> Int32 {
        guard let name = arguments.first else {
            console.printError(usage)
            return 2
        }
        if name == "--help" || name == "-h" || name == "help" {
            console.write(usage)
            return 0
        }
        if name == "--version" {
            guard arguments.count == 1 else {
                console.printError("upright: --version takes no arguments")
                return 2
            }
            console.print(UprightVersion.line)
            return 0
        }
        guard let command = subcommands.first(where: { $0.spec.name == name }) else {
            console.printError("upright: unknown command '\(name.oneLine)'")
            console.printError(usage)
            return 2
        }
        do throws(CommandError) {
            let parsed: ParsedArguments
            do throws(UsageError) {
                parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), spec: command.spec)
            } catch {
                throw .usage(error)
            }
            if parsed.helpRequested {
                console.write(command.spec.help)
                return 0
            }
            return try command.run(parsed, console: console)
        } catch {
            switch error {
            // .oneLine: arguments and file names quoted in a message may hold newlines.
            case .usage(let usageError):
                console.printError("upright \(name): \(usageError.message.oneLine)")
                console.printError("Usage: \(command.spec.synopsis)  (see 'upright \(name) --help')")
            case .badInput(let message), .failed(let message):
                console.printError("upright \(name): \(message.oneLine)")
            }
            return error.exitStatus
        }
    }
}
