/// Reads a JSON object field by field, tracking the key path for error messages and
/// refusing keys nobody asked for (a misspelt key must not be silently ignored).
///
///     let sensor = try root.object("sensor")
///     let rate = try sensor.integer("rate", default: 100, in: 4...1000)
///     try sensor.finish()            // "sensor.raet: unknown key"
public final class JSONObjectReader {
    public let path: String
    private let members: [JSONMember]
    private var used: [Bool]

    public init(_ value: JSONValue, path: String = "") throws(ConfigError) {
        guard case .object(let members) = value else {
            throw ConfigError(path: path, message: "expected an object, found \(value.kindName)")
        }
        self.path = path
        self.members = members
        self.used = Array(repeating: false, count: members.count)
    }

    public var keys: [String] { members.map(\.key) }

    public func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    public func contains(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The raw value at `key`, marking it used.
    public func value(_ key: String) -> JSONValue? {
        guard let position = members.firstIndex(where: { $0.key == key }) else { return nil }
        used[position] = true
        if case .null = members[position].value { return nil }
        return members[position].value
    }

    public func error(_ key: String, _ message: String) -> ConfigError {
        ConfigError(path: childPath(key), message: message)
    }

    /// Throws for the first key that no accessor read.
    public func finish() throws(ConfigError) {
        if let position = used.firstIndex(of: false) {
            let known = members[position].key
            throw ConfigError(path: childPath(known), message: "unknown key")
        }
    }

    // MARK: typed accessors

    public func object(_ key: String) throws(ConfigError) -> JSONObjectReader? {
        guard let value = value(key) else { return nil }
        return try JSONObjectReader(value, path: childPath(key))
    }

    public func requiredObject(_ key: String) throws(ConfigError) -> JSONObjectReader {
        guard let reader = try object(key) else { throw error(key, "missing (required)") }
        return reader
    }

    public func string(_ key: String) throws(ConfigError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw error(key, "expected a string, found \(value.kindName)") }
        return text
    }

    public func requiredString(_ key: String) throws(ConfigError) -> String {
        guard let text = try string(key) else { throw error(key, "missing (required)") }
        return text
    }

    public func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw error(key, "expected true or false, found \(value.kindName)") }
        return flag
    }

    public func number(_ key: String, in range: ClosedRange<Double>? = nil) throws(ConfigError) -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value else { throw error(key, "expected a number, found \(value.kindName)") }
        if let range, !range.contains(number) {
            throw error(key, "\(formatNumber(number)) is out of range (\(formatNumber(range.lowerBound))..\(formatNumber(range.upperBound)))")
        }
        return number
    }

    public func integer(_ key: String, in range: ClosedRange<Int>? = nil) throws(ConfigError) -> Int? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value else { throw error(key, "expected an integer, found \(value.kindName)") }
        guard number.rounded() == number, abs(number) < 9.0e15 else {
            throw error(key, "\(formatNumber(number)) is not an integer")
        }
        let integer = Int(number)
        if let range, !range.contains(integer) {
            throw error(key, "\(integer) is out of range (\(range.lowerBound)..\(range.upperBound))")
        }
        return integer
    }

    public func array(_ key: String) throws(ConfigError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else { throw error(key, "expected an array, found \(value.kindName)") }
        return elements
    }

    /// Each element of the array at `key` as an object reader with path `key[i]`.
    public func objects(_ key: String) throws(ConfigError) -> [JSONObjectReader] {
        guard let elements = try array(key) else { return [] }
        var readers: [JSONObjectReader] = []
        for (position, element) in elements.enumerated() {
            readers.append(try JSONObjectReader(element, path: "\(childPath(key))[\(position)]"))
        }
        return readers
    }

    /// A string that must be one of `choices`.
    public func choice(_ key: String, _ choices: [String]) throws(ConfigError) -> String? {
        guard let text = try string(key) else { return nil }
        guard choices.contains(text) else {
            throw error(key, "\"\(text)\" is not one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return text
    }
}

/// A configuration file problem at a key path, e.g. `sensor.rate: 7000 is not a rate ...`.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    /// Keys and values quoted from the file may hold control characters: kept on one line.
    public init(path: String, message: String) {
        self.path = path.oneLine
        self.message = message.oneLine
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// `100` for integral values, the shortest round-trip form otherwise.
func formatNumber(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
