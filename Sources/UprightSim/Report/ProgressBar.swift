#if canImport(Glibc)
import Glibc
#endif
import UprightHost

/// A one-line progress bar for long simulated runs, on standard error and only when it is a
/// terminal: piped or redirected output (CI logs, `--json > file`) stays clean.
///
///     [##############----------------]  47%  28.2/60.0 s
///
/// Redraws only when the shown text would change, so calling `update` on every simulated
/// millisecond costs a comparison, not a write.
public struct ProgressBar {
    public static let barWidth = 30

    public let totalSeconds: Double
    public let enabled: Bool
    private let write: (String) -> Void
    private var shownPermille = -1
    private var drawn = false

    /// `write` receives the raw text (with `\r` and the erase-line escape).
    public init(totalSeconds: Double, enabled: Bool, write: @escaping (String) -> Void) {
        self.totalSeconds = totalSeconds
        self.enabled = enabled
        self.write = write
    }

    /// On standard error, enabled only when standard error is a terminal.
    public static func onStandardError(totalSeconds: Double) -> ProgressBar {
        ProgressBar(totalSeconds: totalSeconds, enabled: isatty(STDERR_FILENO) == 1) { text in
            // write(2) on the descriptor: no shared `FILE *` (Swift 6 refuses the global `stderr`).
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return 0 }
                    return Glibc.write(STDERR_FILENO, base + offset, raw.count - offset)
                }
                if written <= 0 { break }
                offset += written
            }
        }
    }

    public mutating func update(doneSeconds: Double) {
        guard enabled, totalSeconds > 0 else { return }
        let fraction = min(max(doneSeconds / totalSeconds, 0), 1)
        let permille = Int((fraction * 1000).rounded(.down))
        guard permille != shownPermille else { return }
        shownPermille = permille
        drawn = true
        write("\r" + ProgressBar.line(doneSeconds: min(max(doneSeconds, 0), totalSeconds), totalSeconds: totalSeconds) + "\u{1B}[K")
    }

    /// Erases the bar so the next output starts on a clean line.
    public mutating func finish() {
        guard enabled, drawn else { return }
        write("\r\u{1B}[K")
        drawn = false
    }

    /// The bar's text for a state, e.g. `[###---]  50%  30.0/60.0 s` (no control characters).
    public static func line(doneSeconds: Double, totalSeconds: Double) -> String {
        let fraction = totalSeconds > 0 ? min(max(doneSeconds / totalSeconds, 0), 1) : 1
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let percent = Int((fraction * 100).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
        let percentText = String(repeating: " ", count: 3 - String(percent).count) + String(percent)
        return "[\(bar)] \(percentText)%  \(TextFormat.fixed(doneSeconds, decimals: 1))/\(TextFormat.fixed(totalSeconds, decimals: 1)) s"
    }
}
