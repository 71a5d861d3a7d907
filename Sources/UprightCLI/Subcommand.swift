/// One `upright` subcommand: its spec (options, help) and what it does.
public protocol Subcommand {
    static var spec: CommandSpec { get }
    /// Runs with parsed arguments and returns the exit status.
    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32
}

/// Why a command stopped. Each case has its exit status and prints one line.
public enum CommandError: Error, Equatable {
    /// The command line is wrong: the message, then the usage; exit 2.
    case usage(UsageError)
    /// An input (file, trace, board) is bad: one line naming the place; exit 2.
    case badInput(String)
    /// The command ran and failed (device missing, expectation unmet): one line; exit 1.
    case failed(String)

    public var exitStatus: Int32 {
        switch self {
        case .usage, .badInput: 2
        case .failed: 1
        }
    }
}
