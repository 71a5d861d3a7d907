import Testing
import UprightCore
import UprightHost

@Suite struct TransitionTableTests {
    /// Every state x event, written out by hand from docs/events.md's rules: the target state, `=`
    /// when the machine acts but stays, `.` when the event is ignored there.
    @Test func gridIsTheExpectedTable() {
        let expected = """
            event                idle                 previewing           capturing            recording
            shutter-touched      =                    =                    =                    =
            shutter-glitch       =                    =                    .                    .
            shutter-pressed      previewing           =                    =                    previewing
            shutter-released     .                    capturing|=          =                    .
            shutter-held         .                    recording|=          =                    .
            orientation-changed  =                    =                    =                    =
            capture-taken        =                    =                    =                    .
            capture-finished     =                    =                    previewing|=         .
            capture-failed       =                    =                    previewing|=         .
            recording-started    .                    .                    .                    .
            recording-stopped    .                    .                    .                    previewing
            recording-failed     =                    =                    =                    =|previewing
            camera-fault         =                    =                    =                    =
            camera-recovered     =                    =                    =                    =
            idle-timer           .                    idle                 .                    .
            capture-timer        .                    .                    previewing|=         .
            clip-timer           .                    .                    .                    previewing
            sensor-fault         =                    =                    =                    =
            sensor-recovered     =                    =                    =                    =
            events-lost          =                    =                    =                    =
            shutdown             =                    idle                 idle                 idle

            """
        #expect(TransitionDiagram.grid == expected)
    }

    /// All sequences of up to 20 events from `idle` with the press queue at its full capacity
    /// (see MachineExplorer for the alphabet and the pruning): the invariants hold after every
    /// event, every transition the machine takes is a row of the table, and every row is taken.
    @Test(arguments: [StateName.idle, .previewing])
    func exhaustiveExplorationMatchesTable(start: StateName) {
        var explorer = MachineExplorer(configuration: MachineConfiguration(queueDepth: PressQueue.capacity))
        // Deep enough to fill the queue and shut down: touch, press, release into capturing
        // (3), four more queued presses (12), a press down (2), shutdown (1).
        explorer.explore(from: start, depth: 20)
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
        // Commands' documented worst case, reached: shutdown while capturing with four presses
        // queued and one down: abandon the photo, capture-failed, five rejections, cancel the
        // capture timer, the state record, stop the preview.
        #expect(explorer.maxCommands == 10)
        #expect(explorer.sequencesChecked > 1000)
    }

    /// The exploration's failures (six events from `previewing`, a queue of one) for the machine
    /// with `mutation` applied to its commands.
    static func failures(_ mutation: @escaping (MachineEvent, [MachineCommand]) -> [MachineCommand]) -> [String] {
        var explorer = MachineExplorer(configuration: MachineConfiguration(queueDepth: 1), mutation: mutation)
        explorer.explore(from: .previewing, depth: 6)
        return explorer.failures
    }

    /// Mutations the exploration must catch: a hold that keeps the touch's photo (the camera
    /// never told to give it up), a glitch that keeps it, a release that orders a second photo.
    @Test func aHoldOrAGlitchThatKeepsTheTouchsPhotoIsCaught() {
        let keptByTheHold = Self.failures { event, commands in
            event == .shutterHeld ? commands.filter { if case .camera(.abandonPhoto) = $0 { false } else { true } } : commands
        }
        #expect(keptByTheHold.contains { $0.hasPrefix("a hold left a still") }, "\(keptByTheHold.prefix(3))")
        let keptByTheGlitch = Self.failures { event, commands in
            event == .shutterGlitch ? commands.filter { if case .camera(.abandonPhoto) = $0 { false } else { true } } : commands
        }
        #expect(keptByTheGlitch.contains { $0.hasPrefix("a glitch left") }, "\(keptByTheGlitch.prefix(3))")
        let orderedTwice = Self.failures { event, commands in
            guard event == .shutterReleased, commands.contains(.journal(.state(from: .previewing, to: .capturing))) else { return commands }
            return commands + [.camera(.capturePhoto(shot: 1, orientation: .normal, touchedAt: .zero))]
        }
        #expect(orderedTwice.contains { $0.contains("ordered with") }, "\(orderedTwice.prefix(3))")
        #expect(Self.failures { _, commands in commands } == [])
    }

    /// Issue 39's defect as a mutation the exploration catches: a photo ordered before the
    /// detector's first decision with a default (`normal`) instead of waiting for the decision
    /// or saying `unknown`; and a touch that orders at once instead of waiting.
    @Test func aDefaultLatchIsCaught() {
        let defaulted = Self.failures { _, commands in
            commands.map { command in
                if case .camera(.capturePhoto(let shot, nil, let touchedAt)) = command {
                    .camera(.capturePhoto(shot: shot, orientation: .normal, touchedAt: touchedAt))
                } else {
                    command
                }
            }
        }
        #expect(defaulted.contains { $0.contains("latched a default") }, "\(defaulted.prefix(3))")
        let notWaiting = Self.failures { event, commands in
            guard event == .shutterTouched(at: .zero), commands.isEmpty else { return commands }
            return [.camera(.capturePhoto(shot: 1, orientation: nil, touchedAt: .zero))]
        }
        #expect(notWaiting.contains { $0.hasPrefix("the touch before the first decision did not wait for it") }, "\(notWaiting.prefix(3))")
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
