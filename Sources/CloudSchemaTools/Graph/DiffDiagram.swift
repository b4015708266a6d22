import CloudSchemaCore

extension SchemaGraph {
    /// The record types `diff` found changed, with their direct neighbours, for the review
    /// comment: added, removed and changed record types and fields marked. Removed record types
    /// and fields are drawn from the deployed schema. Nil when no record type changed.
    /// Changes name record types and fields by their CloudKit names, as `.ckdb` does.
    public static func changes(_ diff: SchemaDiff, deployed: Schema, current: Schema) -> SchemaGraph? {
        var recordMarks: [String: Mark] = [:]
        var fieldMarks: [String: [String: Mark]] = [:]
        /// Added or removed says more than changed, so it is kept once set.
        func merge(_ old: Mark?, _ new: Mark) -> Mark { old == nil || old == .changed ? new : old ?? new }
        for change in diff.changes {
            switch change.subject {
            case .recordType(let name):
                let mark: Mark =
                    switch change.kind {
                    case .recordTypeAdded: .added
                    case .recordTypeRemoved: .removed
                    default: .changed
                    }
                recordMarks[name] = merge(recordMarks[name], mark)
            case .field(let record, let key):
                let mark: Mark =
                    switch change.kind {
                    case .fieldAdded: .added
                    case .fieldRemoved: .removed
                    default: .changed
                    }
                fieldMarks[record, default: [:]][key] = merge(fieldMarks[record]?[key], mark)
                recordMarks[record] = merge(recordMarks[record], .changed)
            default: continue
            }
        }
        guard !recordMarks.isEmpty else { return nil }
        var schema = current
        let currentNames = Set(current.recordTypes.map(\.cloudKitName))
        schema.recordTypes += deployed.recordTypes.filter { !currentNames.contains($0.cloudKitName) && recordMarks[$0.cloudKitName] != nil }
        var marks: [String: Mark] = [:]
        var members: [String: [Member]] = [:]
        for record in schema.recordTypes {
            guard let mark = recordMarks[record.cloudKitName] else { continue }
            let id = "record:\(record.name)"
            let fields = fieldMarks[record.cloudKitName] ?? [:]
            var lines = record.fields.filter { !$0.isSystem }.map { Member(text: line(for: $0), mark: fields[$0.key]) }
            if let old = deployed.recordTypes.first(where: { $0.cloudKitName == record.cloudKitName }), mark != .removed {
                lines += old.fields.filter { !$0.isSystem && fields[$0.key] == .removed && record.field(key: $0.key) == nil }
                    .map { Member(text: line(for: $0), mark: .removed) }
            }
            marks[id] = mark
            members[id] = lines
        }
        return SchemaGraph(schema, focus: Set(marks.keys.map(name(ofID:))), marks: marks, members: members)
    }
}
