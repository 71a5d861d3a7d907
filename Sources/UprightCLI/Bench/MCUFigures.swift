import UprightHost

/// The microcontroller figures `make mcu-test` measured on the emulated chips (flash, RAM,
/// allocations, instructions a sample; docs/mcu.md), shown by `upright bench` when that build
/// exists. The file has one figure a line, `KEY UNIT VALUE`, then `<=GOAL` when the figure has
/// a goal (docs/mcu.md); lines that do not read so are skipped (the file is the build's, not the user's).
enum MCUFigures {
    static let defaultPath = ".build/mcu/figures.bench"
    /// The Cortex-M0's engine with what it links: the figure the 48 KiB flash budget is for.
    static let engineFlashKey = "mcu_m0_engine_flash_bytes"
    static let sizeLimit = 1 << 16

    static func read(path: String = defaultPath) -> [BenchFigure] {
        // No figures file: `make mcu-test` has not run here, and the table leaves the rows out.
        guard let bytes = try? POSIXFile.readAll(path, limit: sizeLimit) else { return [] }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    static func parse(_ text: String) -> [BenchFigure] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 3 || words.count == 4, let value = Double(words[2]), value.isFinite else { return nil }
            var target: BenchFigure.Target?
            if words.count == 4 {
                guard words[3].hasPrefix("<="), let goal = Double(words[3].dropFirst(2)) else { return nil }
                target = .atMost(goal)
            }
            return BenchFigure(key: String(words[0]), unit: String(words[1]), value: value, target: target)
        }
    }
}
