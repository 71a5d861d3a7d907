/// An argv template from a board file, e.g. `["rpicam-still", "-t", "0", "--signal", "-o",
/// "{file}"]`. `{file}` is where the program writes: the still server's output pattern (with
/// its counter), the one-shot command's photo, the recorder's clip, each a hidden temporary
/// name that the session finishes. Expansion substitutes placeholders inside single arguments;
/// the result is an argument vector for posix_spawn, never a shell line, so no value (a file
/// name, an orientation) can add arguments or commands.
public struct ArgvTemplate: Equatable, Sendable {
    public static let placeholders = ["file", "exif", "rotation", "orientation", "shot", "clip"]

    public var arguments: [String]

    /// A template known to be valid (the board loader's defaults).
    init(unchecked arguments: [String]) {
        self.arguments = arguments
    }

    /// Checks that every `{...}` names a known placeholder and the program is not empty.
    public init(arguments: [String]) throws(TemplateError) {
        guard let program = arguments.first, !program.isEmpty else { throw TemplateError(index: 0, message: "the program (first element) is empty") }
        for (index, argument) in arguments.enumerated() {
            var rest = Substring(argument)
            while let open = rest.firstIndex(of: "{") {
                guard let close = rest[open...].firstIndex(of: "}") else {
                    throw TemplateError(index: index, message: "unclosed '{' in \"\(argument)\"")
                }
                let name = String(rest[rest.index(after: open)..<close])
                guard ArgvTemplate.placeholders.contains(name) else {
                    throw TemplateError(
                        index: index,
                        message: "unknown placeholder {\(name)} (known: \(ArgvTemplate.placeholders.map { "{\($0)}" }.joined(separator: ", ")))")
                }
                rest = rest[rest.index(after: close)...]
            }
            if argument.contains("\0") { throw TemplateError(index: index, message: "contains a NUL byte") }
        }
        self.arguments = arguments
    }

    /// The argument vector with placeholders replaced. Values are inserted verbatim into the
    /// argument they appear in; a value containing a NUL byte is refused because it would be
    /// silently cut at the exec boundary.
    public func expand(_ values: [String: String]) throws(TemplateError) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            var expanded = ""
            var rest = Substring(argument)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                expanded += rest[..<open]
                let name = String(rest[rest.index(after: open)..<close])
                guard let value = values[name] else {
                    throw TemplateError(index: index, message: "no value for {\(name)}")
                }
                guard !value.contains("\0") else { throw TemplateError(index: index, message: "value for {\(name)} contains a NUL byte") }
                expanded += value
                rest = rest[rest.index(after: close)...]
            }
            expanded += rest
            result.append(expanded)
        }
        return result
    }
}

public struct TemplateError: Error, Equatable, Sendable {
    /// Which argument (0-based) of the template.
    public var index: Int
    public var message: String
}
