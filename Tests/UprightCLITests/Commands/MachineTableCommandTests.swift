import Testing
@testable import UprightCLI

@Suite struct MachineCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, error: String) {
        let recorder = ConsoleRecorder()
        let status = Upright.main(arguments, console: recorder.console)
        return (status, recorder.out, recorder.error)
    }

    @Test func printsTheGridThenTheRows() {
        let result = run(["machine"])
        #expect(result.status == 0)
        #expect(
            result.out.hasPrefix(
                "event                idle                 previewing           capturing            recording\nshutter-touched      =                    =                    =                    =\nshutter-glitch       =                    =                    .                    .\nshutter-pressed      previewing           =                    =                    previewing\n"
            ))
        #expect(result.out.contains("\ncapturing   shutter-released     press latched            (stays)     queue it or reject (queue-full)\n"))
    }

    @Test func diagrams() {
        let mermaid = run(["machine", "--mermaid"])
        #expect(mermaid.status == 0)
        #expect(mermaid.out.hasPrefix("stateDiagram-v2\n"))
        let dot = run(["machine", "--dot"])
        #expect(dot.status == 0)
        #expect(dot.out.hasPrefix("digraph camera {\n"))
        #expect(dot.out.hasSuffix("}\n"))
    }

    @Test func bothDiagramsIsAUsageError() {
        let result = run(["machine", "--dot", "--mermaid"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.error.hasPrefix("upright machine: --dot and --mermaid cannot be used together\n"))
    }
}
