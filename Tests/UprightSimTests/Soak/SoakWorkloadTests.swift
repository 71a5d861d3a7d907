import Testing
import UprightCore
import UprightSim

struct SoakWorkloadTests {
    static func inputs(seed: UInt64, minutes: Int64) -> (inputs: [SoakInput], counts: SoakWorkloadCounts) {
        var workload = SoakWorkload(generator: SeededGenerator(seed: seed), start: .zero, end: .zero + .seconds(minutes * 60))
        var inputs: [SoakInput] = []
        while let input = workload.next(), inputs.count < 1_000_000 { inputs.append(input) }
        return (inputs, workload.counts)
    }

    @Test func theSameSeedGivesTheSamePresses() {
        #expect(Self.inputs(seed: 7, minutes: 30).inputs == Self.inputs(seed: 7, minutes: 30).inputs)
        #expect(Self.inputs(seed: 7, minutes: 30).inputs != Self.inputs(seed: 8, minutes: 30).inputs)
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func inputsAreInOrderAndEveryEpisodeEndsUpAndQuiet(seed: UInt64) {
        let (inputs, counts) = Self.inputs(seed: seed, minutes: 60)
        var last = Instant.zero
        var down = false
        var presses = 0
        var lastEdge = Instant.zero
        var checkpoints = 0
        for input in inputs {
            #expect(input.time >= last)
            last = input.time
            switch input {
            case .edge(let edge, let press):
                if press {
                    // A press begins from a settled-up line.
                    #expect(!down && edge.pressed)
                    presses += 1
                }
                down = edge.pressed
                lastEdge = edge.time
            case .checkpoint(let time, _):
                checkpoints += 1
                #expect(!down)
                // Quiet for the capture timeout (5 s) plus a second before each checkpoint.
                #expect(time - lastEdge >= .seconds(6))
            }
        }
        #expect(presses == counts.presses)
        #expect(last <= .zero + .seconds(3600))
        #expect(checkpoints > 100)
        #expect(counts.holds == counts.stopPresses)
        #expect(counts.shortPresses > 0 && counts.holds > 0 && counts.burstPresses > 0 && counts.stormPresses > 0 && counts.chatterEdges > 0)
    }

    /// Chatter stays inside 20 ms (two thirds of the 30 ms debounce) after its clean edge, so
    /// the line settles for the debounce time on the clean level: one press each.
    @Test func chatterSettlesWellInsideTheDebounceTime() {
        let (inputs, _) = Self.inputs(seed: 5, minutes: 60)
        var cleanTime = Instant.zero
        var previousTime = Instant.zero
        for input in inputs {
            guard case .edge(let edge, _) = input else { continue }
            if edge.time - previousTime >= .milliseconds(20) { cleanTime = edge.time }
            #expect(edge.time - cleanTime <= .milliseconds(20))
            previousTime = edge.time
        }
    }
}
