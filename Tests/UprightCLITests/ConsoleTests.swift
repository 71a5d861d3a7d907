import Dispatch
import FoundationEssentials
import Testing
import UprightCLI

#if canImport(Glibc)
import Glibc
#endif

@Suite struct ConsoleTests {
    /// `run` prints the event stream from the journal's thread while its loop writes notes to
    /// stderr: every stdout line arrives once and whole, and stderr gets every note.
    @Test func twoThreadsLoseNoLine() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("upright-console-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let outFD = open(root + "/out", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let errorFD = open(root + "/err", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        #expect(outFD >= 0 && errorFD >= 0)
        let console = Console.standard(out: outFD, error: errorFD)
        let lines = 4000
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for i in 0..<lines {
                if worker == 0 {
                    console.print("{\"t\":\(i),\"event\":\"orientation\"}")
                    console.flush()
                } else {
                    console.printError("upright run: note \(i)")
                    console.print("line \(i)")
                }
            }
        }
        console.flush()
        close(outFD)
        close(errorFD)
        let out = try String(contentsOfFile: root + "/out", encoding: .utf8).split(separator: "\n")
        let errors = try String(contentsOfFile: root + "/err", encoding: .utf8).split(separator: "\n")
        #expect(out.count == 2 * lines)
        #expect(Set(out).count == 2 * lines)
        #expect(out.filter { $0.hasPrefix("{\"t\":") }.count == lines)
        #expect(out.last(where: { $0.hasPrefix("{") }) == "{\"t\":3999,\"event\":\"orientation\"}")
        #expect(errors.count == lines)
        #expect(errors.first == "upright run: note 0")
    }
}
