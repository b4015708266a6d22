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
            let swiftName = SwiftNaming.identifier(scope.claim(base))
            // The declaration the template writes: `        public static let name: SchemaSubscription = `.
            let declarationWidth = 8 + "public static let ".utf8.count + swiftName.utf8.count + ": SchemaSubscription = ".utf8.count
            return [
                "swiftName": .string(swiftName),
                "doc": subscription.doc.map(TemplateValue.string) ?? .null,
                "id": .string(subscription.id),
                "expression": .string(
                    expression(subscription, records: recordsByName, names: names, width: lineLength - declarationWidth)),
            ]
        }
    }

    /// The longest line generated code should have: the line length of this repository's
    /// `.swift-format`, which the generated code is checked with.
    static let lineLength = 140

    /// The expression, on one line when it fits in `width`, else one argument a line, indented
    /// from the declaration (the template indents every line after the first), with a query's
    /// predicate wrapped at its top-level `&&`.
    static func expression(
        _ subscription: Subscription, records: [String: (RecordType, RecordViewModel)], names: SchemaNames, width: Int
    ) -> String {
        let id = SwiftNaming.stringLiteral(subscription.id)
        let notification: String =
            switch subscription.notification {
            case .none: ".none"
            case .silent: ".silent"
            case .alert(let body): ".alert(\(SwiftNaming.stringLiteral(body)))"
            }
        let call: String
        var arguments = ["id: \(id)"]
        // A query's predicate: one line, or (`wrapped`) one line of `&&` terms after another.
        var query: (line: String, wrapped: String)?
        switch subscription.target {
        case .query(let recordType):
            let record = records[recordType]
            let typeName = record?.1.swiftName ?? names.typeName(recordType)
            let events =
                subscription.events.count == Subscription.Event.allCases.count
                ? ".all" : "[" + subscription.events.map { "." + $0.rawValue }.joined(separator: ", ") + "]"
            call = ".query"
            if let predicate = subscription.predicate.map({ terms(of: $0, record: record, names: names) }) {
                let line = "\(typeName).query { \(predicate.joined(separator: " && ")) }"
                query = (line, "\(typeName).query {\n" + filled(predicate, indent: 8) + "\n    }")
                arguments.append(line)
            } else {
                arguments.append("\(typeName).query()")
            }
            arguments.append("firesOn: \(events)")
        case .zone(let zone):
            call = ".zone"
            arguments.append("RecordZoneID(zoneName: \(SwiftNaming.stringLiteral(zone)))")
        case .defaultZone:
            call = ".zone"
            arguments.append(".default")
        case .database(let database):
            call = ".database"
            arguments.append(".\(database.rawValue)")
        }
        arguments.append("notification: \(notification)")
        let line = call + "(" + arguments.joined(separator: ", ") + ")"
        guard line.utf8.count > width else { return line }
        // One argument a line, 4 spaces in (12 after the template's 8), the predicate wrapped
        // when it doesn't fit there either.
        if let query, 12 + query.line.utf8.count + 1 > lineLength {
            arguments[1] = query.wrapped
        }
        return call + "(\n" + arguments.map { "    " + $0 }.joined(separator: ",\n") + ")"
    }

    /// The predicate's top-level `&&` terms, each Swift over `$0`.
    private static func terms(of predicate: SubscriptionPredicate, record: (RecordType, RecordViewModel)?, names: SchemaNames) -> [String] {
        guard case .and(let terms) = predicate else { return [swift(predicate, record: record, names: names)] }
        return terms.map { term in
            if case .and = term { return "(" + swift(term, record: record, names: names) + ")" }
            return swift(term, record: record, names: names)
        }
    }

    /// `terms` joined by `&&`, as many a line as fit `lineLength` (counting the 8 spaces the
    /// template puts before the expression's lines), each line `indent` spaces in; a continuation
    /// line starts with `&&`, 4 spaces further in.
    private static func filled(_ terms: [String], indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines = [margin + (terms.first ?? "")]
        for term in terms.dropFirst() {
            let joined = lines[lines.count - 1] + " && " + term
            if 8 + joined.utf8.count <= lineLength {
                lines[lines.count - 1] = joined
            } else {
                lines.append(margin + "    && " + term)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The predicate over `$0` (the record's `QueryFields`). Nesting is bounded by the parser.
    private static func swift(_ predicate: SubscriptionPredicate, record: (RecordType, RecordViewModel)?, names: SchemaNames) -> String {
        switch predicate {
        case .and:
            return terms(of: predicate, record: record, names: names).joined(separator: " && ")
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
