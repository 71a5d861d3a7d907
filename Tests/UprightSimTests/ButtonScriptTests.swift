import Testing
import UprightCore
import UprightSim

@Suite struct ButtonScriptTests {
    static let script = ButtonScript(actions: [
        ButtonAction(timeSeconds: 1, kind: .press),
        ButtonAction(timeSeconds: 1.5, kind: .release),
        ButtonAction(timeSeconds: 3, kind: .hold, holdSeconds: 1.25),
    ])

    @Test func cleanEdgesAlternate() {
        #expect(
            Self.script.cleanEdges == [
                ButtonEdge(time: Instant(nanoseconds: 1_000_000_000), pressed: true),
                ButtonEdge(time: Instant(nanoseconds: 1_500_000_000), pressed: false),
                ButtonEdge(time: Instant(nanoseconds: 3_000_000_000), pressed: true),
                ButtonEdge(time: Instant(nanoseconds: 4_250_000_000), pressed: false),
            ])
    }

    @Test func withoutBounceTheLineSeesTheCleanEdges() {
        var generator = SeededGenerator(seed: 3)
        #expect(Self.script.edges(using: &generator) == Self.script.cleanEdges)
    }

    @Test func bounceChattersInsideTheWindowAndSettles() {
        var script = Self.script
        script.bounceSeconds = 0.005
        var sawChatter = false
        for seed in UInt64(0)..<50 {
            var generator = SeededGenerator(seed: seed)
            let edges = script.edges(using: &generator)
            var again = SeededGenerator(seed: seed)
            #expect(script.edges(using: &again) == edges)
            if edges.count > 4 { sawChatter = true }
            // Levels alternate, times increase, and every edge is within 5 ms after a clean one.
            for index in edges.indices.dropFirst() {
                #expect(edges[index].pressed != edges[index - 1].pressed)
                #expect(edges[index].time > edges[index - 1].time)
            }
            for edge in edges {
                let owner = script.cleanEdges.last { $0.time <= edge.time }
                #expect(owner != nil)
                if let owner { #expect(edge.time - owner.time <= TimeSpan.milliseconds(5)) }
            }
            // The level after each clean edge's window is the clean level.
            for clean in script.cleanEdges {
                let settled = edges.last { $0.time <= clean.time + TimeSpan.milliseconds(5) }
                #expect(settled?.pressed == clean.pressed)
            }
        }
        #expect(sawChatter)
    }
}
