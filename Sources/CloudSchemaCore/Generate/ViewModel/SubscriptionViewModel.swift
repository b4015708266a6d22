/// The schema's subscriptions for `CloudSchema.swift` (`registry.subscriptions`): each a
/// `swiftName`, `doc`, `id` and `expression`, the Swift expression of its `SchemaSubscription`.
/// A query subscription's predicate is built by the typed-query runtime from the record type's
/// `QueryFields` (`Bed.query { $0.tags.contains("herb") }`), so keys are `%K` arguments and a
/// predicate the handles don't offer would not compile.
enum SubscriptionViewModel {
    static func values(_ schema: Schema, names: SchemaNames) -> [TemplateValue] {
        // The view models of the record types queries read (for their fields' Swift names).
        var recordsByName: [String: (RecordType, RecordViewModel)] = [:]
        for subscription in schema.subscriptions {
            guard case .query(let name) = subscription.target, recordsByName[name] == nil, let type = schema.recordType(named: name)
            else { continue }
            recordsByName[name] = (type, RecordViewModel(type, names: names))
        }
        var scope = GeneratorNaming.Scope(taken: ["all"])
        return schema.subscriptions.map { subscription in
            let base = GeneratorNaming.baseName(SwiftNaming.lowerCamelCase(subscription.name), reserved: ["all"])
            return [
                "swiftName": .string(SwiftNaming.identifier(scope.claim(base))),
                "doc": subscription.doc.map(TemplateValue.string) ?? .null,
                "id": .string(subscription.id),
                "expression": .string(expression(subscription, records: recordsByName, names: names)),
            ]
        }
    }

    static func expression(_ subscription: Subscription, records: [String: (RecordType, RecordViewModel)], names: SchemaNames) -> String {
        let id = SwiftNaming.stringLiteral(subscription.id)
        let notification: String =
            switch subscription.notification {
            case .none: ".none"
            case .silent: ".silent"
            case .alert(let body): ".alert(\(SwiftNaming.stringLiteral(body)))"
            }
        switch subscription.target {
        case .query(let recordType):
            let record = records[recordType]
            let typeName = record?.1.swiftName ?? names.typeName(recordType)
            let query =
                subscription.predicate.map { "\(typeName).query { \(swift($0, record: record, names: names)) }" }
                ?? "\(typeName).query()"
            let events =
                subscription.events.count == Subscription.Event.allCases.count
                ? ".all" : "[" + subscription.events.map { "." + $0.rawValue }.joined(separator: ", ") + "]"
            return ".query(id: \(id), \(query), firesOn: \(events), notification: \(notification))"
        case .zone(let zone):
            return ".zone(id: \(id), RecordZoneID(zoneName: \(SwiftNaming.stringLiteral(zone))), notification: \(notification))"
        case .defaultZone:
            return ".zone(id: \(id), .default, notification: \(notification))"
        case .database(let database):
            return ".database(id: \(id), .\(database.rawValue), notification: \(notification))"
        }
    }

    /// The predicate over `$0` (the record's `QueryFields`). Nesting is bounded by the parser.
    private static func swift(_ predicate: SubscriptionPredicate, record: (RecordType, RecordViewModel)?, names: SchemaNames) -> String {
        switch predicate {
        case .and(let terms):
            return terms.map { term in
                if case .and = term { return "(" + swift(term, record: record, names: names) + ")" }
                return swift(term, record: record, names: names)
            }.joined(separator: " && ")
        case .not(let inner):
            return "!(" + swift(inner, record: record, names: names) + ")"
        case .condition(let condition):
            guard let fieldName = condition.field else {
                return "$0.textSearch.contains(\(condition.values.map { literal($0, .string, names) }.joined()))"
            }
            let handle = "$0." + (record?.1.fields.first { $0.name == fieldName }?.swiftName ?? fieldName)
            let type = record?.0.field(named: fieldName)?.type ?? .string
            let values = condition.values.map { value -> String in
                // `in` takes a list of the field's type; the others its type (a list's element for `contains`).
                literal(value, condition.operator == .in ? .list(type) : type, names)
            }
            if condition.operator.isInfix { return "\(handle) \(condition.operator.spelling) \(values[0])" }
            return "\(handle).\(condition.operator.spelling)(\(values.joined(separator: ", ")))"
        }
    }

    private static func literal(_ value: DefaultValue, _ type: FieldType, _ names: SchemaNames) -> String {
        names.typedLiteral(value, type: type)
    }
}
