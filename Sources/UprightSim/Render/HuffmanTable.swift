/// A JPEG Huffman code built from its DHT description: how many codes of each length 1...16
/// and the symbols in code order (T.81 Annex C, Figures C.1 to C.3).
struct HuffmanTable {
    let counts: [UInt8]
    let symbols: [UInt8]
    /// Code and length for each symbol byte (length 0: symbol not in the table).
    private(set) var codes = [UInt16](repeating: 0, count: 256)
    private(set) var lengths = [UInt8](repeating: 0, count: 256)

    init(counts: [UInt8], symbols: [UInt8]) {
        self.counts = counts
        self.symbols = symbols
        var code: UInt16 = 0
        var next = 0
        for length in 1...16 {
            for _ in 0..<Int(counts[length - 1]) {
                codes[Int(symbols[next])] = code
                lengths[Int(symbols[next])] = UInt8(length)
                code += 1
                next += 1
            }
            code <<= 1
        }
    }
}
