/// What a subcommand accepts. Help text and every parse error are generated from this one
/// description, so the usage printed can never drift from what the parser does.
public struct CommandSpec: Sendable {
    public var name: String
    public var summary: String
    public var positionals: [PositionalSpec]
    public var options: [OptionSpec]
    /// Extra paragraphs printed after the option list.
    public var discussion: String

    public init(name: String, summary: String, positionals: [PositionalSpec] = [], options: [OptionSpec] = [], discussion: String = "") {
        self.name = name
        self.summary = summary
        self.positionals = positionals
        self.options = options
        self.discussion = discussion
    }

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
    func option(short: Character) -> OptionSpec? { options.first { $0.short == short } }

    /// `upright NAME [OPTIONS] POSITIONALS`
    public var synopsis: String {
        var parts = ["upright", name]
        if !options.isEmpty { parts.append("[options]") }
        for positional in positionals {
            let base = positional.variadic ? "\(positional.name)..." : positional.name
            parts.append(positional.optional ? "[\(base)]" : base)
        }
        return parts.joined(separator: " ")
    }

    public var help: String {
        var text = "\(summary)\n\nUsage: \(synopsis)\n"
        if !positionals.isEmpty {
            text += "\nArguments:\n"
            for positional in positionals {
                text += row(positional.name, positional.help)
            }
        }
        text += "\nOptions:\n"
        for option in options {
            var label = option.short.map { "-\($0), " } ?? "    "
            label += "--\(option.name)"
            if let valueName = option.valueName { label += " \(valueName)" }
            text += row(label, option.help)
        }
        text += row("    --help", "show this help")
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        return text
    }

    private func row(_ label: String, _ help: String) -> String {
        let padded = label.count < 26 ? label + String(repeating: " ", count: 26 - label.count) : label + "  "
        return "  \(padded)\(help)\n"
    }
}

public struct PositionalSpec: Sendable {
    public var name: String
    public var help: String
    public var optional: Bool
    public var variadic: Bool

    public init(_ name: String, help: String, optional: Bool = false, variadic: Bool = false) {
        self.name = name
        self.help = help
        self.optional = optional
        self.variadic = variadic
    }
}

public struct OptionSpec: Sendable {
    /// Long name without the dashes.
    public var name: String
    public var short: Character?
    /// Placeholder for the value in help (`N`, `FILE`); nil for a flag that takes no value.
    public var valueName: String?
    public var help: String

    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    public static func value(_ name: String, short: Character? = nil, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help)
    }
}
