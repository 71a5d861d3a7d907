import UprightCore

/// Text renderings of `TransitionTable` for `upright machine`: the grid (every state x event),
/// the row list, and Graphviz / Mermaid diagrams. All generated from the rows, so a drawing
/// never drifts from the table the tests check the machine against.
public enum TransitionDiagram {
    /// One line per event, one column per state. A cell names the target state(s), `=` for an
    /// internal transition (stays, acts), `.` when the event is ignored in that state; a cell
    /// with several guarded rows joins them with `|`.
    public static var grid: String {
        let width = 21
        var text = pad("event", width)
        for state in StateName.allCases { text += pad(String(describing: state.name), width) }
        text = trimmed(text) + "\n"
        for event in EventKind.allCases {
            var line = pad(String(describing: event.name), width)
            for state in StateName.allCases { line += pad(cell(state, event), width) }
            text += trimmed(line) + "\n"
        }
        return text
    }

    /// The cell for `state` x `event` in `grid`.
    public static func cell(_ state: StateName, _ event: EventKind) -> String {
        var targets: [String] = []
        for row in TransitionTable.rows where row.event == event && row.applies(to: state) {
            let target = row.to.map { String(describing: $0.name) } ?? "="
            if !targets.contains(target) { targets.append(target) }
        }
        return targets.isEmpty ? "." : targets.joined(separator: "|")
    }

    /// Every row: state, event, guard, target, action.
    public static var rows: String {
        var text = trimmed(pad("state", 12) + pad("event", 21) + pad("guard", 25) + pad("to", 12) + "action") + "\n"
        for row in TransitionTable.rows {
            let from = row.from.map { String(describing: $0.name) } ?? "*"
            let to = row.to.map { String(describing: $0.name) } ?? "(stays)"
            let condition = row.condition.isEmpty ? "-" : row.condition
            text += pad(from, 12) + pad(String(describing: row.event.name), 21) + pad(condition, 25) + pad(to, 12) + row.action + "\n"
        }
        return text
    }

    /// Graphviz: the state-changing rows as edges.
    public static var dot: String {
        var text = "digraph camera {\n    rankdir=LR;\n    node [shape=box, style=rounded];\n    start [shape=point];\n    start -> idle;\n"
        for row in TransitionTable.rows {
            guard let from = row.from, let to = row.to else { continue }
            text += "    \(from.name) -> \(to.name) [label=\"\(label(row))\"];\n"
        }
        return text + "}\n"
    }

    /// Mermaid `stateDiagram-v2`: the state-changing rows as edges.
    public static var mermaid: String {
        var text = "stateDiagram-v2\n    [*] --> idle\n"
        for row in TransitionTable.rows {
            guard let from = row.from, let to = row.to else { continue }
            text += "    \(from.name) --> \(to.name) : \(label(row))\n"
        }
        return text
    }

    private static func label(_ row: Transition) -> String {
        row.condition.isEmpty ? String(describing: row.event.name) : "\(row.event.name) [\(row.condition)]"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func trimmed(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
