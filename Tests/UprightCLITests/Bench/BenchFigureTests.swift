import Foundation
import Testing
@testable import UprightCLI
import UprightTestSupport

@Suite struct BenchFigureTests {
    @Test func medianMinMax() {
        let odd = BenchFigure(key: "k", unit: "u", values: [5, 1, 3])
        #expect(odd.median == 3)
        #expect(odd.minimum == 1)
        #expect(odd.maximum == 5)
        let even = BenchFigure(key: "k", unit: "u", values: [4, 1, 3, 10])
        #expect(even.median == 3.5)
        #expect(BenchFigure(key: "k", unit: "u", values: [2], target: .atLeast(3)).verdict == "MISSED")
        #expect(BenchFigure(key: "k", unit: "u", values: []).median.isNaN)
        #expect(BenchFigure(key: "k", unit: "u", values: [2], target: .atMost(3)).verdict == "met")
    }

    /// The interquartile range interpolates between runs: of 1, 2, 3, 4, 5 the middle half is
    /// 2...4; of 4, 1, 3, 10 (sorted 1, 3, 4, 10) it is 2.5...5.5.
    @Test func quartiles() {
        let five = BenchFigure(key: "k", unit: "u", values: [5, 4, 3, 2, 1])
        #expect([five.lowerQuartile, five.median, five.upperQuartile] == [2, 3, 4])
        let four = BenchFigure(key: "k", unit: "u", values: [4, 1, 3, 10])
        #expect([four.lowerQuartile, four.upperQuartile] == [2.5, 5.5])
        let one = BenchFigure(key: "k", unit: "u", value: 7)
        #expect([one.lowerQuartile, one.median, one.upperQuartile] == [7, 7, 7])
        // An infinite run stays infinite rather than turning the quartile into NaN.
        #expect(BenchFigure(key: "k", unit: "u", values: [1, .infinity, .infinity]).upperQuartile == .infinity)
    }

    @Test func numberFormatting() {
        #expect(BenchReport.format(20_123_456.7) == "20_123_457")
        #expect(BenchReport.format(12) == "12")
        #expect(BenchReport.format(0.0123456) == "0.0123")
        #expect(BenchReport.format(1.5) == "1.5")
        #expect(BenchReport.format(.nan) == "-")
    }

    @Test func jsonHasEveryFigureAtTopLevel() {
        var report = BenchReport(machine: "test")
        report.figures = [BenchFigure(key: "a_per_second", unit: "1/s", values: [1, 2, 3])]
        report.sections = [("wire_bytes_per_sample", #"{"x":1}"#, "x 1\n")]
        #expect(
            report.json
                == #"{"machine":"test","a_per_second":2,"spread":{"a_per_second":{"median":2,"min":1,"max":3,"runs":3,"p25":1.5,"p75":2.5}},"wire_bytes_per_sample":{"x":1}}"#
        )
    }
}

@Suite struct ELFSizeTests {
    /// Compiles a C file with the system compiler and compares with binutils' `size`.
    @Test func agreesWithBinutilsSize() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("elfsize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("t.c")
        try "int counter = 3; int zeros[100]; const char text[] = \"hello\"; int f(int x) { return x * counter + zeros[x]; }\n"
            .write(to: source, atomically: true, encoding: .utf8)
        let object = directory.appendingPathComponent("t.o")
        #expect(try run(["/usr/bin/cc", "-c", "-O1", source.path, "-o", object.path]).status == 0)
        let sizeOutput = try run(["/usr/bin/size", object.path])
        let numbers = sizeOutput.out.split(separator: "\n")[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(3).compactMap { Int($0) }
        let parsed = try #require(ELFSize.read(try TestFile.bytes(object.path)))
        #expect([parsed.text, parsed.data, parsed.bss] == numbers)
        #expect(parsed.bss >= 400)
    }

    @Test func rejectsNonELF() {
        #expect(ELFSize.read(Array("not an elf file at all, just text".utf8) + [UInt8](repeating: 0, count: 64)) == nil)
        #expect(ELFSize.read([0x7F, 0x45, 0x4C, 0x46]) == nil)
    }

    func run(_ arguments: [String]) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
