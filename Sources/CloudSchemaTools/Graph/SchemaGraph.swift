import CloudSchemaCore

/// A schema as a diagram, independent of any drawing format: record types and models as
/// nodes grouped by database and zone, enums and key-value stores in groups of their own,
/// references, relationships and enum uses as edges labelled with the field. The
/// renderers (`MermaidRenderer`, `DOTRenderer`) only spell it.
///
/// Everything is in declaration order (files sorted by path), so the same schema always
/// gives the same diagram.
public struct SchemaGraph: Hashable, Sendable {
    /// How a node or member line changed, for `diff` diagrams; nil in a plain graph.
    public enum Mark: String, Hashable, Sendable {
        case added, removed, changed

        /// The sign a member line starts with.
        public var sign: String {
            switch self {
            case .added: "+"
            case .removed: "-"
            case .changed: "~"
            }
        }
    }

    public struct Node: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case record, model
            case enumeration = "enum"
            case keyValue = "keyvalue"
        }

        public var kind: Kind
        public var name: String
        /// A line under the name, e.g. the CloudKit name when `@name` differs, or "shareable".
        public var subtitle: String?
        /// One line per field, property, case or key: `name: Type @queryable`.
        public var members: [Member]
        public var mark: Mark?

        /// Unique in a graph: a record and an enum cannot share a name, but the kind keeps
        /// ids apart from the format's own keywords (Mermaid's `end`).
        public var id: String { "\(kind.rawValue):\(name)" }
    }

    public struct Member: Hashable, Sendable {
        public var text: String
        public var mark: Mark?
    }

    /// A subgraph: a database, a zone, the models' mirror zone, the enums, the key-value stores.
    public struct Cluster: Hashable, Sendable {
        /// A stable name for the format's subgraph identifier (`private.GardenBeds`).
        public var key: String
        public var title: String
        public var nodes: [Node]
        public var clusters: [Cluster]

        var isEmpty: Bool { nodes.isEmpty && clusters.allSatisfy(\.isEmpty) }
    }

    public struct Edge: Hashable, Sendable {
        public enum Style: String, Hashable, Sendable {
            /// `Reference<T>` without `@parent`.
            case reference
            /// `@parent`: the record's `CKRecord.parent` (shares follow it).
            case parent
            /// A SwiftData relationship.
            case relationship
            /// A field of an enum type.
            case enumUse
        }

        public var from: String
        public var to: String
        public var label: String
        public var style: Style
        /// `@deleteSelf`: the source record is deleted with the target.
        public var deletesSelf: Bool

        /// The label as drawn: the field, and `(parent, deleteSelf)` where they apply.
        public var text: String {
            let notes = (style == .parent ? ["parent"] : []) + (deletesSelf ? ["deleteSelf"] : [])
            return label + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
        }
    }

    public var clusters: [Cluster]
    public var edges: [Edge]

    /// The whole schema, or with `focus` only the named types and their direct neighbours
    /// (whatever they reference or are referenced by). `marks` colours nodes for `diff`.
    public init(_ schema: Schema, focus: Set<String>? = nil, marks: [String: Mark] = [:], members: [String: [Member]] = [:]) {
        var edges: [Edge] = []
        for record in schema.recordTypes {
            for field in record.fields where !field.isSystem {
                let element = field.type.listElement ?? field.type
                let label = field.type.isList ? "\(field.name) []" : field.name
                switch element {
                case .reference(let target?) where schema.recordType(named: target) != nil:
                    edges.append(
                        Edge(
                            from: "record:\(record.name)", to: "record:\(target)", label: label,
                            style: field.isParent ? .parent : .reference, deletesSelf: field.referenceAction == .deleteSelf))
                case .enumeration(let name, _) where schema.enumType(named: name) != nil:
                    edges.append(Edge(from: "record:\(record.name)", to: "enum:\(name)", label: label, style: .enumUse, deletesSelf: false))
                default: break
                }
            }
        }
        for model in schema.models {
            for property in model.properties {
                let label = property.isToMany ? "\(property.name) []" : property.name
                if let target = property.type.relationshipTarget, schema.model(named: target) != nil {
                    let rule = property.deleteRule.map { " (\($0.rawValue))" } ?? ""
                    edges.append(
                        Edge(
                            from: "model:\(model.name)", to: "model:\(target)", label: label + rule, style: .relationship,
                            deletesSelf: false))
                } else if case .enumeration(let name, _) = property.type.listElement ?? property.type, schema.enumType(named: name) != nil {
                    edges.append(Edge(from: "model:\(model.name)", to: "enum:\(name)", label: label, style: .enumUse, deletesSelf: false))
                }
            }
        }
        for store in schema.keyValueStores {
            for key in store.keys {
                if case .enumeration(let name, _) = key.type.listElement ?? key.type, schema.enumType(named: name) != nil {
                    edges.append(
                        Edge(from: "keyvalue:\(store.name)", to: "enum:\(name)", label: key.name, style: .enumUse, deletesSelf: false))
                }
            }
        }

        // With a focus: the focused nodes and every node one edge away.
        var shown: Set<String>?
        if let focus {
            let ids = Set(Self.nodeIDs(schema).filter { focus.contains(Self.name(ofID: $0)) })
            var neighbours = ids
            for edge in edges {
                if ids.contains(edge.from) { neighbours.insert(edge.to) }
                if ids.contains(edge.to) { neighbours.insert(edge.from) }
            }
            shown = neighbours
        }
        func node(_ kind: Node.Kind, _ name: String, subtitle: String?, _ lines: @autoclosure () -> [String]) -> Node? {
            let id = "\(kind.rawValue):\(name)"
            guard shown?.contains(id) ?? true else { return nil }
            return Node(
                kind: kind, name: name, subtitle: subtitle,
                members: members[id] ?? lines().map { Member(text: $0, mark: nil) }, mark: marks[id])
        }

        func recordNode(_ record: RecordType) -> Node? {
            var notes: [String] = []
            if record.cloudKitName != record.name { notes.append("CloudKit: \(record.cloudKitName)") }
            if record.isShareable { notes.append("shareable") }
            if record.deprecation != nil { notes.append("deprecated") }
            return node(
                .record, record.name, subtitle: notes.isEmpty ? nil : notes.joined(separator: ", "),
                record.fields.filter { !$0.isSystem }.map(Self.line(for:)))
        }
        func records(where placement: RecordType.Placement) -> [Node] {
            schema.recordTypes.filter { $0.placement == placement }.compactMap(recordNode)
        }

        var privateZones = [
            Cluster(key: "private.default", title: "default zone", nodes: records(where: .privateDefaultZone), clusters: [])
        ]
        // Declared zones, then any a record names without a declaration (a schema with errors).
        var zones = schema.zones.map { ($0.name, $0.isShareable) }
        for record in schema.recordTypes {
            if case .zone(let name) = record.placement, !zones.contains(where: { $0.0 == name }) { zones.append((name, false)) }
        }
        for zone in zones {
            privateZones.append(
                Cluster(
                    key: "private.\(zone.0)", title: "zone \(zone.0)" + (zone.1 ? " (shareable)" : ""),
                    nodes: records(where: .zone(zone.0)), clusters: []))
        }
        privateZones.append(
            Cluster(
                key: "private.swiftdata", title: "SwiftData models (\(CoreDataMirror.zoneName))",
                nodes: schema.models.compactMap { model in
                    node(.model, model.name, subtitle: model.deprecation != nil ? "deprecated" : nil, model.properties.map(Self.line(for:)))
                }, clusters: []))
        let all = [
            Cluster(key: "private", title: "private database", nodes: [], clusters: privateZones),
            Cluster(key: "public", title: "public database", nodes: records(where: .publicDatabase), clusters: []),
            Cluster(
                key: "enums", title: "enums",
                nodes: schema.enums.compactMap { type in
                    node(.enumeration, type.name, subtitle: type.rawType.rawValue, type.cases.map(Self.line(for:)))
                }, clusters: []),
            Cluster(
                key: "keyvalue", title: "key-value stores (NSUbiquitousKeyValueStore)",
                nodes: schema.keyValueStores.compactMap { store in
                    node(.keyValue, store.name, subtitle: nil, store.keys.map(Self.line(for:)))
                }, clusters: []),
        ]
        self.clusters = all.compactMap(Self.pruned)
        let drawn = Set(self.clusters.flatMap(Self.allNodes).map(\.id))
        self.edges = edges.filter { drawn.contains($0.from) && drawn.contains($0.to) }
    }

    /// The names of every record type, model, enum and key-value store, for `--focus` checks.
    public static func nodeNames(_ schema: Schema) -> [String] { nodeIDs(schema).map(name(ofID:)) }

    static func nodeIDs(_ schema: Schema) -> [String] {
        schema.recordTypes.map { "record:\($0.name)" } + schema.models.map { "model:\($0.name)" }
            + schema.enums.map { "enum:\($0.name)" } + schema.keyValueStores.map { "keyvalue:\($0.name)" }
    }

    static func name(ofID id: String) -> String {
        id.firstIndex(of: ":").map { String(id[id.index(after: $0)...]) } ?? id
    }

    static func allNodes(_ cluster: Cluster) -> [Node] { cluster.nodes + cluster.clusters.flatMap(allNodes) }

    /// Without empty subgraphs (a zone with no record types shown).
    private static func pruned(_ cluster: Cluster) -> Cluster? {
        guard !cluster.isEmpty else { return nil }
        var copy = cluster
        copy.clusters = cluster.clusters.compactMap(pruned)
        return copy
    }

    /// `name: Type? @queryable @sortable`: the type as written and the indexes CloudKit keeps.
    public static func line(for field: Field) -> String {
        let marks = field.indexes.names.map { " @\($0)" }.joined() + (field.isEncrypted ? " @encrypted" : "")
        return "\(field.name): \(field.type)\(field.isOptional ? "?" : "")\(marks)"
    }

    public static func line(for property: ModelProperty) -> String {
        var marks = ""
        if property.isUnique { marks += " @unique" }
        if property.isEncrypted { marks += " @encrypted" }
        if property.isTransient { marks += " @transient" }
        return "\(property.name): \(property.type)\(property.isOptional ? "?" : "")\(marks)"
    }

    public static func line(for key: KeyValueKey) -> String {
        "\(key.name): \(key.type)\(key.isOptional ? "?" : "")"
    }

    public static func line(for enumCase: EnumType.Case) -> String {
        switch enumCase.rawValue {
        case .string(let raw) where raw == enumCase.name: enumCase.name
        case .string(let raw): "\(enumCase.name) = \(SchemaText.stringLiteral(raw))"
        case .int64(let raw): "\(enumCase.name) = \(raw)"
        }
    }
}
