import UprightCore

/// The scenario's button: the actions in time order and how much the contacts bounce.
public struct ButtonScript: Equatable, Sendable {
    /// Most bounce edges added around one clean edge; a bound, so a bounce storm stays finite.
    public static let maximumBouncesPerEdge = 6

    public var actions: [ButtonAction]
    /// Contacts chatter for up to this long after each clean edge (0 = clean edges).
    public var bounceSeconds: Double

    public init(actions: [ButtonAction] = [], bounceSeconds: Double = 0) {
        self.actions = actions
        self.bounceSeconds = bounceSeconds
    }

    /// The clean edges: one per press and release, two per hold. The loader has checked that
    /// presses and releases alternate, so the list alternates down, up, down, ...
    public var cleanEdges: [ButtonEdge] {
        var edges: [ButtonEdge] = []
        edges.reserveCapacity(actions.count * 2)
        for action in actions {
            let time = Instant(nanoseconds: TimeSpan(seconds: action.timeSeconds).nanoseconds)
            switch action.kind {
            case .press: edges.append(ButtonEdge(time: time, pressed: true))
            case .release: edges.append(ButtonEdge(time: time, pressed: false))
            case .hold:
                edges.append(ButtonEdge(time: time, pressed: true))
                edges.append(ButtonEdge(time: time + TimeSpan(seconds: action.holdSeconds ?? 0), pressed: false))
            }
        }
        return edges
    }

    /// The edges the GPIO line sees: each clean edge followed, when `bounceSeconds > 0`, by an
    /// even number of chatter edges (so the final level is the clean one) at random times
    /// inside the bounce window, drawn from `generator`. Chatter never reaches the next clean
    /// edge: the window is cut to half the gap.
    public func edges(using generator: inout SeededGenerator) -> [ButtonEdge] {
        let clean = cleanEdges
        guard bounceSeconds > 0 else { return clean }
        var out: [ButtonEdge] = []
        out.reserveCapacity(clean.count * (1 + ButtonScript.maximumBouncesPerEdge))
        let windowNanoseconds = TimeSpan(seconds: bounceSeconds).nanoseconds
        for (index, edge) in clean.enumerated() {
            out.append(edge)
            var window = windowNanoseconds
            if index + 1 < clean.count {
                window = min(window, (clean[index + 1].time - edge.time).nanoseconds / 2)
            }
            guard window > 1 else { continue }
            let pairs = Int(generator.next() % UInt64(ButtonScript.maximumBouncesPerEdge / 2 + 1))
            var offsets: [Int64] = []
            for _ in 0..<(pairs * 2) { offsets.append(1 + Int64(generator.next() % UInt64(window - 1))) }
            offsets.sort()
            var level = edge.pressed
            var last: Int64 = 0
            for offset in offsets where offset > last {
                level.toggle()
                out.append(ButtonEdge(time: edge.time + TimeSpan(nanoseconds: offset), pressed: level))
                last = offset
            }
            // Duplicate offsets were skipped; make sure the contact settles on the clean level.
            if level != edge.pressed {
                out.append(ButtonEdge(time: edge.time + TimeSpan(nanoseconds: window), pressed: edge.pressed))
            }
        }
        return out
    }
}
