import Testing
import UprightCore
import UprightHost

@Suite struct TransitionTableTests {
    /// Every state x event, written out by hand from the issue's rules: the target state, `=`
    /// when the machine acts but stays, `.` when the event is ignored there.
    @Test func gridIsTheExpectedTable() {
        let expected = """
            event                idle                 previewing           capturing            recording
            shutter-pressed      previewing           =                    =                    previewing
            shutter-released     .                    capturing|=          =                    .
            shutter-held         .                    recording|=          =                    .
            orientation-changed  =                    =                    =                    =
            capture-finished     .                    .                    previewing|=         .
            capture-failed       .                    .                    previewing|=         .
            recording-started    .                    .                    .                    .
            recording-stopped    .                    .                    .                    previewing
            recording-failed     .                    .                    .                    previewing
            idle-timer           .                    idle                 .                    .
            capture-timer        .                    .                    previewing|=         .
            clip-timer           .                    .                    .                    previewing
            sensor-fault         =                    =                    =                    =
            sensor-recovered     =                    =                    =                    =
            events-lost          =                    =                    =                    =
            shutdown             .                    idle                 idle                 idle

            """
        #expect(TransitionDiagram.grid == expected)
    }

    /// All sequences of up to 8 events from `idle` (see MachineExplorer for the alphabet and the
    /// pruning): the invariants hold after every event, every transition the machine takes is
    /// a row of the table, and every row is taken.
    @Test(arguments: [StateName.idle, .previewing])
    func exhaustiveExplorationMatchesTable(start: StateName) {
        var explorer = MachineExplorer(configuration: MachineConfiguration(queueDepth: 1))
        explorer.explore(from: start, depth: 8)
        #expect(explorer.failures == [])
        for step in explorer.steps {
            #expect(TransitionTable.allows(from: step.from, event: step.event, to: step.to), "not in the table: \(step)")
        }
        if start == .idle {
            for row in TransitionTable.rows {
                let taken = explorer.steps.contains { $0.event == row.event && row.applies(to: $0.from) && $0.to == row.to }
                #expect(taken, "row never taken: \(row.from.map { "\($0.name)" } ?? "*") \(row.event.name) -> \(row.to.map { "\($0.name)" } ?? "=")")
            }
        }
        // A transition produces at most 9 commands (Commands' documented bound) with a queue of
        // 1: shutdown while capturing with one queued and one down gives 6.
        #expect(explorer.maxCommands <= 9)
        #expect(explorer.sequencesChecked > 1000)
    }

    @Test func diagramsComeFromTheRows() {
        let mermaid = TransitionDiagram.mermaid
        #expect(mermaid.hasPrefix("stateDiagram-v2\n    [*] --> idle\n"))
        #expect(mermaid.contains("    previewing --> capturing : shutter-released [press latched]\n"))
        #expect(mermaid.contains("    recording --> previewing : clip-timer\n"))
        let edges = TransitionTable.rows.filter { $0.from != nil && $0.to != nil }.count
        #expect(mermaid.split(separator: "\n").count == 2 + edges)
        let dot = TransitionDiagram.dot
        #expect(dot.contains("    idle -> previewing [label=\"shutter-pressed\"];\n"))
        #expect(dot.split(separator: "\n").filter { $0.contains(" -> ") && $0.contains("label") }.count == edges)
    }
}
