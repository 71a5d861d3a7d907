import Foundation
import Testing

// Test support shared by the test targets: independent tools that read what Upright writes
// (and systemd's analyzer, which judges the service unit).

/// Runs an independent program (djpeg, exiftool) that `make deps` installs. A missing tool
/// is a test failure with a clear message, never a silent pass.
public enum ExternalTool {
    /// Several tags in one run (exiftool starts slowly): tag name to numeric value; tags
    /// the file lacks are absent.
    public static func exiftool(_ tags: [String], _ path: String) throws -> [String: String] {
        let out = String(decoding: try run("exiftool", ["-n", "-s", "-s"] + tags.map { "-" + $0 } + [path]), as: UTF8.self)
        var values: [String: String] = [:]
        for line in out.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            values[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        return values
    }

    /// exiftool's value for one tag, numeric (-n), or "" when absent.
    public static func exiftool(_ tag: String, _ path: String) throws -> String {
        let out = try run("exiftool", ["-n", "-s3", "-" + tag, path])
        return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public struct Missing: Error, CustomStringConvertible {
        var name: String
        public var description: String {
            "\(name) is not installed; run 'make deps' (Debian packages libjpeg-turbo-progs, libimage-exiftool-perl, ffmpeg, busybox-static, systemd, tmux)"
        }
    }

    public static func path(_ name: String) throws -> String {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Missing(name: name)
    }

    /// Runs the tool and returns its stdout; a non-zero exit is an error carrying stderr.
    /// `environment` entries are added to (or replace) the test's own environment.
    public static func run(
        _ name: String, _ arguments: [String], input: [UInt8]? = nil,
        environment: [String: String] = [:]
    ) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path(name))
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe()
        let err = Pipe()
        let stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input)) }
        try stdin.fileHandleForWriting.close()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        struct Failed: Error, CustomStringConvertible { var description: String }
        guard process.terminationStatus == 0 else {
            throw Failed(description: "\(name) \(arguments) exited \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
        }
        return Array(data)
    }
}
