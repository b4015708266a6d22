import CloudSchemaCore

/// A `SchemaGraph` as a Mermaid flowchart, for Markdown on GitHub and in pull-request comments.
///
/// Labels are quoted and every character Mermaid gives a meaning (`"`, `#`, `<`, `>`, `&`,
/// `{`, `}`, `|`) is written as an entity code (`#quot;`), control characters as `\u{1B}`;
/// other Unicode is kept as it is. Identifiers are ASCII only (see `identifier(_:)`).
public enum MermaidRenderer {
    public static func render(_ graph: SchemaGraph) -> String {
        var out = "flowchart LR\n"
        for cluster in graph.clusters { write(cluster, indent: "    ", into: &out) }
        for edge in graph.edges {
            let arrow =
                switch edge.style {
                case .parent: "==>"
                case .enumUse: "-.->"
                case .reference, .relationship: "-->"
                }
            out += "    \(identifier(edge.from)) \(arrow)|\"\(escaped(edge.text))\"| \(identifier(edge.to))\n"
        }
        let marked = graph.clusters.flatMap(SchemaGraph.allNodes).filter { $0.mark != nil }
        if !marked.isEmpty {
            out += "    classDef added fill:#dafbe1,stroke:#1a7f37\n"
            out += "    classDef removed fill:#ffebe9,stroke:#cf222e\n"
            out += "    classDef changed fill:#fff8c5,stroke:#9a6700\n"
            for node in marked { if let mark = node.mark { out += "    class \(identifier(node.id)) \(mark.rawValue)\n" } }
        }
        return out
    }

    private static func write(_ cluster: SchemaGraph.Cluster, indent: String, into out: inout String) {
        out += "\(indent)subgraph \(identifier("group:" + cluster.key)) [\"\(escaped(cluster.title))\"]\n"
        for child in cluster.clusters { write(child, indent: indent + "    ", into: &out) }
        for node in cluster.nodes {
            var lines = [escaped(node.name)]
            if let subtitle = node.subtitle { lines.append("<i>\(escaped(subtitle))</i>") }
            lines += node.members.map { escaped($0.mark.map { "\($0.sign) " } ?? "") + escaped($0.text) }
            let label = "\"" + lines.joined(separator: "<br/>") + "\""
            let shape =
                switch node.kind {
                case .record: "[\(label)]"
                case .model: "(\(label))"
                case .enumeration: "{{\(label)}}"
                case .keyValue: "[[\(label)]]"
                }
            out += "\(indent)    \(identifier(node.id))\(shape)\n"
        }
        out += "\(indent)end\n"
    }

    /// An identifier Mermaid reads as one word and never as a keyword (`end`): letters and
    /// digits kept, `_` doubled, the kind's `:` written `_`, anything else as `_x1F331_`, so two
    /// names never share one identifier.
    static func identifier(_ id: String) -> String {
        var out = ""
        var kindSeparatorSeen = false
        for scalar in id.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9": out.unicodeScalars.append(scalar)
            case "_": out += "__"
            case ":" where !kindSeparatorSeen:
                kindSeparatorSeen = true
                out += "_"
            default: out += "_x\(String(scalar.value, radix: 16, uppercase: true))_"
            }
        }
        return out
    }

    /// Text inside a quoted label or edge label.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in DiagnosticRenderer.visible(text).unicodeScalars {
            switch scalar {
            case "\"": out += "#quot;"
            case "#": out += "#35;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "&": out += "#amp;"
            case "{": out += "#123;"
            case "}": out += "#125;"
            case "|": out += "#124;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
