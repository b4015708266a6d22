import CloudSchemaCore

/// A `SchemaGraph` in Graphviz's DOT language (`dot -Tsvg`).
///
/// Every identifier and label is a quoted string with `\` and `"` escaped, so no schema
/// name can end one early; control characters are written as `\u{1B}`, other Unicode is kept
/// (DOT's default charset is UTF-8). Member lines are left-aligned (`\l`).
public enum DOTRenderer {
    public static func render(_ graph: SchemaGraph) -> String {
        var out = """
            digraph schema {
                graph [rankdir=LR, fontname="Helvetica"];
                node [shape=box, fontname="Helvetica"];
                edge [fontname="Helvetica"];

            """
        for cluster in graph.clusters { write(cluster, indent: "    ", into: &out) }
        for edge in graph.edges {
            var attributes = ["label=\(quoted(edge.text))"]
            switch edge.style {
            case .parent: attributes.append("style=bold")
            case .enumUse: attributes.append("style=dashed")
            case .reference, .relationship: break
            }
            // UML's composition diamond at the owner: the source is deleted with the target.
            if edge.deletesSelf { attributes.append("arrowhead=diamond") }
            out += "    \(quoted(edge.from)) -> \(quoted(edge.to)) [\(attributes.joined(separator: ", "))];\n"
        }
        return out + "}\n"
    }

    private static func write(_ cluster: SchemaGraph.Cluster, indent: String, into out: inout String) {
        out += "\(indent)subgraph \(quoted("cluster_" + cluster.key)) {\n"
        out += "\(indent)    label=\(quoted(cluster.title));\n"
        for child in cluster.clusters { write(child, indent: indent + "    ", into: &out) }
        for node in cluster.nodes {
            var label = escaped(node.name) + "\\n"
            if let subtitle = node.subtitle { label += escaped(subtitle) + "\\n" }
            for member in node.members { label += escaped((member.mark.map { "\($0.sign) " } ?? "") + member.text) + "\\l" }
            var attributes = ["label=\"\(label)\""]
            switch node.kind {
            case .record: break
            case .model: attributes.append("style=rounded")
            case .enumeration: attributes.append("shape=hexagon")
            case .keyValue: attributes.append("shape=folder")
            }
            switch node.mark {
            case .added: attributes.append("color=\"#1a7f37\"")
            case .removed: attributes.append("color=\"#cf222e\"")
            case .changed: attributes.append("color=\"#9a6700\"")
            case nil: break
            }
            out += "\(indent)    \(quoted(node.id)) [\(attributes.joined(separator: ", "))];\n"
        }
        out += "\(indent)}\n"
    }

    static func quoted(_ text: String) -> String { "\"\(escaped(text))\"" }

    /// Inside a DOT string: `\` and `"` escaped (a lone `\` would start `\n`, `\l` or `\N`).
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in DiagnosticRenderer.visible(text).unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
