/// Upright's version, kept here and nowhere else: `upright --version` prints it, `make deb`
/// names the Debian package after what the built binary prints, and CHANGELOG.md's newest
/// section carries it (`VersionTests` checks the three agree). Debian version syntax: digits
/// and dots, compared part by part, so a release only ever goes up.
public enum UprightVersion {
    public static let current = "0.2.0"

    /// The line `upright --version` prints.
    public static var line: String { "upright \(current)" }
}
