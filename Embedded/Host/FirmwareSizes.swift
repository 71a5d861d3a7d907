/// Where the linked firmware's bytes come from, read from the linker's map file: each input
/// section placed in the image is attributed to a part by its symbol (Swift compiles each
/// function to its own section, `-function-sections`) or else by its object file. Generic
/// UprightCore code specialised for the harness's bus, camera and sink is compiled into the
/// harness's objects but keeps UprightCore's mangled name (`$e11UprightCore...`), so it counts
/// as the engine's.
struct FirmwareSizes: Equatable {
    enum Part: Int, CaseIterable, Comparable {
        case engine, swiftRuntime, harness, newlib, libgcc

        var title: String {
            switch self {
            case .engine: "engine (UprightCore)"
            case .swiftRuntime: "Swift runtime and stdlib"
            case .harness: "harness (Swift and C)"
            case .newlib: "newlib-nano (memory, sqrtf)"
            case .libgcc: "libgcc (soft float, 64-bit)"
            }
        }

        static func < (lhs: Part, rhs: Part) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    struct Size: Equatable {
        /// Code and read-only data (flash).
        var text = 0
        /// Initialised data (RAM, and its copy in flash).
        var data = 0
        /// Zeroed data (RAM).
        var bss = 0
    }

    private(set) var parts: [Part: Size] = [:]
    /// Functions from libm, by name (the engine should need none but `sqrtf`).
    private(set) var libmSymbols: [String] = []

    subscript(part: Part) -> Size { parts[part] ?? Size() }

    var total: Size {
        parts.values.reduce(into: Size()) { sum, size in
            sum.text += size.text
            sum.data += size.data
            sum.bss += size.bss
        }
    }

    struct MapError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Parses the "Linker script and memory map" part of a GNU ld map file.
    init(map text: String) throws(MapError) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Linker script and memory map") }) else {
            throw MapError(message: "not a GNU ld map file (no 'Linker script and memory map')")
        }
        var output = ""
        var pendingName: Substring?
        var lastFile = ""
        for line in lines[(start + 1)...] {
            if let first = line.first, first != " " {
                // An output section (`.text  0x0  0xbc34`).
                output = String(line.split(separator: " ").first ?? "")
                pendingName = nil
                continue
            }
            let words = line.split(separator: " ")
            guard let first = words.first else { continue }
            let startsSection = line.hasPrefix(" .") || line.hasPrefix(" COMMON")
            if startsSection && words.count == 1 {
                // A long section name: its address, size and file follow on the next line.
                pendingName = first
                continue
            }
            if !startsSection && pendingName == nil {
                // `0xADDRESS symbol`: a symbol the last input section defines.
                if output == ".text", words.count == 2, first.hasPrefix("0x"), lastFile.contains("libm.a(") { libmSymbols.append(String(words[1])) }
                continue
            }
            let name = startsSection ? first : pendingName!
            let rest = startsSection ? words.dropFirst() : words[...]
            pendingName = nil
            // address, size, file
            guard rest.count >= 3, rest.first!.hasPrefix("0x"), let size = Int(rest[rest.startIndex + 1].dropFirst(2), radix: 16) else { continue }
            lastFile = rest.dropFirst(2).joined(separator: " ")
            guard size > 0 else { continue }
            let part = FirmwareSizes.part(section: name, file: lastFile)
            var sum = parts[part] ?? Size()
            switch output {
            case ".text", ".ARM.exidx", ".ARM.extab": sum.text += size
            case ".data": sum.data += size
            case ".bss": sum.bss += size
            default: continue
            }
            parts[part] = sum
        }
        guard !parts.isEmpty else { throw MapError(message: "no input sections in the map file") }
    }

    /// The part an input section belongs to.
    static func part(section: Substring, file: String) -> Part {
        // `.text.$e11UprightCore...` -> `$e11UprightCore...`
        var symbol = Substring("")
        if let dot = section.dropFirst().firstIndex(of: ".") { symbol = section[section.index(after: dot)...] }
        if symbol.hasPrefix("$e11UprightCore") || symbol.hasPrefix("$s11UprightCore") { return .engine }
        if symbol.hasPrefix("$e16UprightMCUShared") || symbol.hasPrefix("$e17UprightMCUHarness") { return .harness }
        if symbol.hasPrefix("$es") || symbol.hasPrefix("$ss") || symbol.hasPrefix("swift_") || symbol.hasPrefix("_swift") { return .swiftRuntime }
        if file.contains("libgcc.a") { return .libgcc }
        if file.contains("libc_nano.a") || file.contains("libc.a") || file.contains("libm.a") { return .newlib }
        // Unnamed constants of a Swift object belong to its module.
        if file.hasSuffix("UprightCore.o") { return .engine }
        return .harness
    }
}
