/// Subscriptions: their target, events, notification, and a predicate checked the way a typed
/// query is built (fields by name, operators their type has, literal values of that type).
/// Which indexes the operators need is the lint rule SUBSCRIPTION_PREDICATE_INDEX.
extension Resolver {
    mutating func resolveSubscriptions(into schema: inout Schema) {
        guard !pendingSubscriptions.isEmpty else { return }
        var recordIndex: [String: Int] = [:]
        for (i, record) in schema.recordTypes.enumerated() { recordIndex[record.name] = i }
        let pending = pendingSubscriptions
        pendingSubscriptions = []
        for syntax in pending {
            if let subscription = resolveSubscription(syntax, records: schema.recordTypes, index: recordIndex) {
                schema.subscriptions.append(subscription)
            }
        }
    }

    private mutating func resolveSubscription(
        _ syntax: SubscriptionSyntax, records: [RecordType], index: [String: Int]
    ) -> Subscription? {
        let attributes = checkAttributes(syntax.attributes, site: .subscription)
        var notification = Subscription.Notification.none
        if attributes.has("silent") && attributes.has("alert") {
            report(
                .error(
                    .attributeMisplaced,
                    "a subscription sends either a silent push (@silent) or an alert (@alert), not both; remove one",
                    at: syntax.attributes.last { $0.name.name == "silent" || $0.name.name == "alert" }?.range))
        } else if attributes.has("silent") {
            notification = .silent
        } else if let body = attributes.value("alert") {
            notification = .alert(body)
        }
        let target: Subscription.Target
        var predicate: SubscriptionPredicate?
        switch syntax.kind {
        case .on:
            let name = syntax.target.name
            guard let i = index[name] else {
                if let declared = types[name] {
                    report(
                        .error(
                            .typeMisplaced, "'\(name)' is a \(declared.kind); a query subscription watches a record type",
                            at: syntax.target.range))
                } else {
                    let hint = suggestion(for: name, kind: "record") { r in
                        r.types.compactMap { if case .record = $0.value { $0.key } else { nil } }
                    }
                    report(.error(.typeUnknown, "no record type named '\(name)'\(Spelling.hint(hint))", at: syntax.target.range))
                }
                return nil
            }
            target = .query(recordType: name)
            if let written = syntax.predicate {
                guard let resolved = resolvePredicate(written, record: records[i]) else { return nil }
                predicate = resolved
            }
        case .zone:
            let name = syntax.target
            if !name.isBackticked, name.name == "private" || name.name == "public" {
                target = .defaultZone(name.name == "public" ? .public : .private)
            } else if zones[name.name] != nil {
                target = .zone(name.name)
            } else {
                let hint = suggestion(for: name.name, kind: "zone") { Array($0.zones.keys) }
                report(
                    .error(
                        .zoneUnknown, "no zone named '\(name.name)'; declare it with 'zone \(name.name)'\(Spelling.hint(hint))",
                        at: name.range))
                return nil
            }
        case .database:
            target = .database(Subscription.Database(rawValue: syntax.target.name) ?? .private)
        }
        var events: [Subscription.Event] = []
        for event in syntax.events {
            guard let value = Subscription.Event(rawValue: event.name) else { continue }
            if events.contains(value) {
                report(
                    .error(
                        .syntaxError, "'\(event.name)' is listed twice after 'fires'; remove one", at: event.range,
                        fixIts: []))
                continue
            }
            events.append(value)
        }
        return Subscription(
            name: syntax.name.name, id: attributes.name, target: target, predicate: predicate,
            events: events.isEmpty ? Subscription.Event.allCases : Subscription.Event.allCases.filter(events.contains),
            notification: notification, doc: syntax.doc?.text,
            spans: spans(syntax.range, syntax.name, attributes: syntax.attributes), targetSpan: syntax.target.range)
    }

    /// The predicate, or nil after reporting every problem in it. Recursion is bounded by the
    /// parser's nesting limit (`!` and parentheses); `&&` chains are flat.
    private mutating func resolvePredicate(_ syntax: PredicateSyntax, record: RecordType) -> SubscriptionPredicate? {
        switch syntax {
        case .and(let terms, _):
            var resolved: [SubscriptionPredicate] = []
            var failed = false
            for term in terms {
                if let r = resolvePredicate(term, record: record) { resolved.append(r) } else { failed = true }
            }
            return failed ? nil : .and(resolved)
        case .not(let inner, _):
            return resolvePredicate(inner, record: record).map(SubscriptionPredicate.not)
        case .parenthesized(let inner, _):
            return resolvePredicate(inner, record: record)
        case .comparison(let fieldName, let spelling, _, let value):
            guard let field = predicateField(fieldName, record: record),
                let op = QueryOperator.allCases.first(where: { $0.isInfix && $0.spelling == spelling }),
                checkOperator(op, on: field, at: fieldName.range.union(value.range), record: record),
                let checked = predicateValue(value, field.type, field: field, spelling: spelling)
            else { return nil }
            return .condition(QueryCondition(field: field.name, operator: op, values: [checked], fieldSpan: fieldName.range))
        case .call(let receiver, let method, let arguments, let range):
            if receiver.name == "textSearch", record.field(named: "textSearch") == nil {
                guard method.name == "contains" else {
                    report(
                        .error(
                            .subscriptionPredicateInvalid, "textSearch has only contains(\"…\"), as in textSearch.contains(\"tomato\")",
                            at: method.range))
                    return nil
                }
                guard arguments.count == 1, case .string(let text, _) = arguments[0] else {
                    report(
                        .error(
                            .subscriptionPredicateInvalid, "textSearch.contains takes one string, as in textSearch.contains(\"tomato\")",
                            at: range))
                    return nil
                }
                return .condition(QueryCondition(field: nil, operator: .textSearch, values: [.string(text)], fieldSpan: receiver.range))
            }
            guard let field = predicateField(receiver, record: record) else { return nil }
            let methods: [QueryOperator] = [.in, .beginsWith, .contains, .between]
            guard let op = methods.first(where: { $0.spelling == method.name }) else {
                let offered = QueryOperator.operators(for: field.type).filter { !$0.isInfix && $0 != .distance }.map {
                    "." + $0.spelling + "(…)"
                }
                report(
                    .error(
                        .subscriptionPredicateInvalid,
                        "'\(method.name)' is not a predicate method; '\(field.name)' (\(field.type)) has "
                            + (offered.isEmpty ? "none" : offered.joined(separator: ", "))
                            + (field.type == .location ? " (isWithin is not available in subscriptions yet)" : ""),
                        at: method.range))
                return nil
            }
            guard checkOperator(op, on: field, at: method.range, record: record) else { return nil }
            let expectedCount = op == .between ? 2 : 1
            guard arguments.count == expectedCount else {
                report(
                    .error(
                        .subscriptionPredicateInvalid,
                        "'\(method.name)' takes \(expectedCount == 2 ? "two values (lower, upper)" : "one value"), as a typed query does",
                        at: range))
                return nil
            }
            let valueType: FieldType =
                switch (op, field.type) {
                case (.in, let type): .list(type)
                case (.contains, .list(let element)): element
                case (_, let type): type
                }
            var values: [DefaultValue] = []
            for argument in arguments {
                guard let value = predicateValue(argument, valueType, field: field, spelling: method.name) else { return nil }
                values.append(value)
            }
            return .condition(QueryCondition(field: field.name, operator: op, values: values, fieldSpan: receiver.range))
        }
    }

    private mutating func predicateField(_ name: NameSyntax, record: RecordType) -> Field? {
        if let field = record.field(named: name.name) { return field }
        let hint = Spelling.closest(to: name.name, among: record.fields.map(\.name) + ["textSearch"])
        report(
            .error(
                .subscriptionPredicateInvalid, "record type '\(record.name)' has no field '\(name.name)'\(Spelling.hint(hint))",
                at: name.range))
        return nil
    }

    /// Whether the field's type has the operator at all (its indexes are lint's business).
    private mutating func checkOperator(_ op: QueryOperator, on field: Field, at range: SourceRange, record: RecordType) -> Bool {
        let offered = QueryOperator.operators(for: field.type)
        if offered.contains(op) { return true }
        let spelled = offered.filter { $0 != .distance }.map { $0.isInfix ? $0.spelling : "." + $0.spelling + "(…)" }
        report(
            .error(
                .subscriptionPredicateInvalid,
                "'\(op.spelling)' does not apply to '\(field.name)' of type \(field.type)"
                    + (spelled.isEmpty ? "; no predicate can use it" : "; it offers \(spelled.joined(separator: ", "))"),
                at: range))
        return false
    }

    private mutating func predicateValue(_ value: ExpressionSyntax, _ type: FieldType, field: Field, spelling: String) -> DefaultValue? {
        if let checked = defaultValue(value, type), checked != .now { return checked }
        let hint = type == .date ? "; a subscription predicate compares with a fixed value, and dates have no literal" : expectedHint(type)
        report(
            .error(
                .subscriptionPredicateInvalid,
                "\(describe(value)) is not a value of type \(type) for '\(spelling)' on '\(field.name)'\(hint)",
                at: value.range))
        return nil
    }
}
