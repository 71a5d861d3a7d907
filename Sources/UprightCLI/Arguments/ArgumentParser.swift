/// Splits argv into options and positionals according to a `CommandSpec`.
///
/// Accepted forms: `--name VALUE`, `--name=VALUE`, `-s VALUE`, `--flag`, `-f`; `--` ends
/// the options; a lone `-` is a positional (standard input). A repeated option keeps every
/// value (`values(_:)`); `value(_:)` returns the last one.
public enum ArgumentParser {
    public static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(spec: spec)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.helpRequested = true
                continue
            }
            let option: OptionSpec
            var inlineValue: String?
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard let found = spec.option(named: name) else {
                    throw UsageError("unknown option '--\(name)' for '\(spec.name)'")
                }
                option = found
            } else {
                let letters = Array(argument.dropFirst())
                guard letters.count == 1, let found = spec.option(short: letters[0]) else {
                    throw UsageError("unknown option '\(argument)' for '\(spec.name)'")
                }
                option = found
            }
            if option.valueName == nil {
                if inlineValue != nil { throw UsageError("option '--\(option.name)' takes no value") }
                parsed.flags.append(option.name)
                continue
            }
            if let inlineValue {
                parsed.options.append((option.name, inlineValue))
                continue
            }
            guard index < arguments.count else {
                throw UsageError("option '--\(option.name)' needs a value (\(option.valueName ?? "VALUE"))")
            }
            parsed.options.append((option.name, arguments[index]))
            index += 1
        }
        if parsed.helpRequested { return parsed }
        try checkPositionals(parsed.positionals, spec: spec)
        return parsed
    }

    private static func checkPositionals(_ positionals: [String], spec: CommandSpec) throws(UsageError) {
        let required = spec.positionals.filter { !$0.optional }.count
        let variadic = spec.positionals.contains { $0.variadic }
        if positionals.count < required {
            let missing = spec.positionals.filter { !$0.optional }[positionals.count]
            throw UsageError("missing argument \(missing.name)")
        }
        if !variadic, positionals.count > spec.positionals.count {
            throw UsageError("unexpected argument '\(positionals[spec.positionals.count])'")
        }
    }
}

/// The result of parsing: typed access to what was given.
public struct ParsedArguments {
    public let spec: CommandSpec
    public internal(set) var positionals: [String] = []
    public internal(set) var flags: [String] = []
    public internal(set) var options: [(name: String, value: String)] = []
    public internal(set) var helpRequested = false

    init(spec: CommandSpec) { self.spec = spec }

    public func flag(_ name: String) -> Bool {
        precondition(spec.option(named: name)?.valueName == nil, "'\(name)' is not a flag of \(spec.name)")
        return flags.contains(name)
    }

    public func values(_ name: String) -> [String] {
        precondition(spec.option(named: name)?.valueName != nil, "'\(name)' is not a value option of \(spec.name)")
        return options.filter { $0.name == name }.map(\.value)
    }

    public func value(_ name: String) -> String? { values(name).last }

    /// The option converted to `T`, or nil when absent; a value `T` cannot parse is a usage error.
    public func value<T: ArgumentValue>(_ name: String, as type: T.Type) throws(UsageError) -> T? {
        guard let text = value(name) else { return nil }
        guard let converted = T(argument: text) else {
            throw UsageError("option '--\(name)': '\(text)' is not \(T.expectation)")
        }
        return converted
    }

    public func value<T: ArgumentValue>(_ name: String, default defaultValue: T) throws(UsageError) -> T {
        try value(name, as: T.self) ?? defaultValue
    }
}

/// A value an option can be converted to.
public protocol ArgumentValue {
    init?(argument: String)
    /// "a whole number", "one of normal, left-up, ..." for error messages.
    static var expectation: String { get }
}

extension Int: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    public static var expectation: String { "a whole number" }
}

extension UInt64: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    public static var expectation: String { "a non-negative whole number" }
}

extension Double: ArgumentValue {
    public init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }
    public static var expectation: String { "a finite number" }
}

extension String: ArgumentValue {
    public init?(argument: String) { self = argument }
    public static var expectation: String { "text" }
}

/// A command line that does not fit the command's spec: printed with the usage, exit 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
