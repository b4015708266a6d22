import Foundation

extension Resolver {
    /// The field type and whether it is optional, or nil after reporting why not. `codable`
    /// (`@codable` on a model property): a name the schema does not declare, or one with generic
    /// arguments, is the app's own Codable type.
    mutating func resolveType(_ syntax: TypeSyntax, site: AttributeCatalog.Site, codable: Bool = false) -> (FieldType, Bool)? {
        switch syntax {
        case .optional(let inner, _):
            if case .optional = inner {
                report(.error(.typeMisplaced, "a type can be optional only once; remove the extra '?'", at: syntax.range))
                return nil
            }
            guard let type = resolveNonOptional(inner, site: site, codable: codable) else { return nil }
            return (type, true)
        default:
            guard let type = resolveNonOptional(syntax, site: site, codable: codable) else { return nil }
            return (type, false)
        }
    }

    private mutating func resolveNonOptional(_ syntax: TypeSyntax, site: AttributeCatalog.Site, codable: Bool) -> FieldType? {
        switch syntax {
        case .optional:
            return resolveType(syntax, site: site, codable: codable)?.0
        case .list(let element, _):
            switch element {
            case .list:
                report(
                    .error(
                        .listNested, "lists cannot contain lists; CloudKit's LIST holds single values", at: syntax.range))
                return nil
            case .optional:
                report(
                    .error(
                        .typeMisplaced, "list elements cannot be optional; CloudKit lists hold no nil values, so remove the '?'",
                        at: element.range))
                return nil
            case .named:
                guard let type = resolveNonOptional(element, site: site, codable: codable) else { return nil }
                return .list(type)
            }
        case .named(let name, let arguments, _):
            if codable, name.name != TypeCatalog.reference, !arguments.isEmpty || isAppType(name.name) {
                return .codable(Self.spelling(syntax))
            }
            return resolveNamed(name, arguments: arguments, range: syntax.range, site: site)
        }
    }

    /// A name `@codable` takes as the app's own type: not declared in the schema, and not a built-in
    /// type a model holds (`Asset` and `Location` are CloudKit's, which models cannot hold).
    private func isAppType(_ name: String) -> Bool {
        guard types[name] == nil else { return false }
        switch TypeCatalog.builtin(name) {
        case nil, .asset?, .location?: return true
        default: return false
        }
    }

    /// A type as written (`Set<String>`, `Dictionary<String, [Int]>`), for a Codable type's name.
    /// Bounded by the parser's nesting limit.
    private static func spelling(_ syntax: TypeSyntax) -> String {
        switch syntax {
        case .named(let name, let arguments, _):
            arguments.isEmpty ? name.name : name.name + "<" + arguments.map(spelling).joined(separator: ", ") + ">"
        case .list(let element, _): "[" + spelling(element) + "]"
        case .optional(let wrapped, _): spelling(wrapped) + "?"
        }
    }

    private mutating func resolveNamed(
        _ name: NameSyntax, arguments: [TypeSyntax], range: SourceRange, site: AttributeCatalog.Site
    ) -> FieldType? {
        if name.name == TypeCatalog.reference {
            guard site == .recordField || site == .keyValueKey else {
                report(
                    .error(
                        .typeMisplaced,
                        "Reference is a CloudKit record type; in a model, use the related model's type for a relationship",
                        at: range))
                return nil
            }
            guard let argument = arguments.first else { return .reference(target: nil) }
            guard arguments.count == 1, case .named(let target, let inner, _) = argument, inner.isEmpty else {
                report(.error(.typeMisplaced, "Reference takes one record type, as in Reference<Bed>", at: range))
                return nil
            }
            switch types[target.name] {
            case .record: return .reference(target: target.name)
            case let other?:
                report(
                    .error(
                        .referenceTargetUnknown,
                        "'\(target.name)' is a \(other.kind), not a record type; a Reference points at a record type",
                        at: target.range))
            case nil:
                let hint = suggestion(for: target.name, kind: "record") {
                    $0.types.compactMap { key, value -> String? in
                        if case .record = value { return key }
                        return nil
                    }
                }
                report(
                    .error(
                        .referenceTargetUnknown,
                        "no record type named '\(target.name)' for this reference\(Spelling.hint(hint))",
                        at: target.range))
            }
            return nil
        }
        // A declared `Number` (a schema from before the type existed) keeps its meaning.
        if name.name == TypeCatalog.number, types[name.name] == nil {
            guard site == .recordField else {
                report(
                    .error(
                        .typeMisplaced,
                        "Number is .ckdb's NUMBER, a type CloudKit infers for record fields; use Int64 or Double in \(site.rawValue)",
                        at: range))
                return nil
            }
            guard let argument = arguments.first else { return .number(preferred: nil) }
            guard arguments.count == 1, case .named(let preferred, let inner, _) = argument, inner.isEmpty,
                let preference = FieldType.NumberPreference.allCases.first(where: { $0.schemaName == preferred.name })
            else {
                report(.error(.typeMisplaced, "Number takes Int64 or Double, as in Number<Int64> (NUMBER PREFERRED AS INT64)", at: range))
                return nil
            }
            return .number(preferred: preference)
        }
        if !arguments.isEmpty {
            let codable = site == .modelProperty ? "; a Codable collection of the app, such as Set<String>, needs @codable" : ""
            report(.error(.typeMisplaced, "'\(name.name)' takes no generic arguments; only Reference<T> does\(codable)", at: range))
            return nil
        }
        if let builtin = TypeCatalog.builtin(name.name) {
            switch (builtin, site) {
            case (.decimal, .modelProperty):
                return builtin
            case (.decimal, _):
                report(
                    .error(
                        .typeMisplaced, "Decimal is available in models only; use Double in \(site.rawValue)",
                        at: range))
                return nil
            case (.asset, .modelProperty), (.location, .modelProperty):
                // An enum or a model so named is the app's own type (Swift has no Asset or Location
                // type: CloudKit's are CKAsset and CLLocation).
                switch types[name.name] {
                case .enumeration?, .model?: break
                default:
                    report(
                        .error(
                            .typeMisplaced,
                            builtin == .asset
                                ? "Asset is a CloudKit record type; in a model, use Data with @externalStorage"
                                : "Location is a CloudKit record type; in a model, store latitude and longitude as Double properties",
                            at: range))
                    return nil
                }
            default:
                return builtin
            }
        }
        switch types[name.name] {
        case .enumeration?:
            if let type = enums[name.name] { return .enumeration(type.name, rawType: type.rawType) }
            return nil  // the enum itself had errors, already reported
        case .model?:
            if site == .modelProperty { return .model(name.name) }
            report(
                .error(
                    .typeMisplaced, "'\(name.name)' is a model; only other models can hold a relationship to it",
                    at: range))
            return nil
        case .record?:
            let fix =
                site == .recordField
                ? [Diagnostic.FixIt.replace(name.range, with: "Reference<\(name.name)>", "use Reference<\(name.name)>")] : []
            report(
                .error(
                    .typeMisplaced,
                    site == .recordField
                        ? "a field cannot hold a record; use Reference<\(name.name)> to point at one"
                        : "'\(name.name)' is a record type and cannot be used in \(site.rawValue)",
                    at: range, fixIts: fix))
            return nil
        case .keyValue?:
            report(.error(.typeMisplaced, "'\(name.name)' is a keyvalue declaration, not a type", at: range))
            return nil
        case nil where site == .modelProperty && externalModels.contains(name.name):
            return .model(name.name)
        case nil:
            let hint = suggestion(for: name.name, kind: "type") { TypeCatalog.names + Array($0.types.keys) }
            let codable = hint == nil && site == .modelProperty ? "; if it is a Codable type of the app, add @codable" : ""
            report(
                .error(
                    .typeUnknown,
                    "unknown type '\(name.name)'\(Spelling.hint(hint))\(codable)",
                    at: range))
            return nil
        }
    }

    /// A "did you mean" for an unknown name: memoised per name, and within a fixed budget of
    /// comparisons per run, so thousands of mistakes in a large schema stay linear.
    mutating func suggestion(for name: String, kind: String, among candidates: (Resolver) -> [String]) -> String? {
        let key = kind + ":" + name
        if let cached = suggestions[key] { return cached }
        let list = candidates(self)
        guard suggestionBudget >= list.count else {
            suggestionRefused = true
            return nil
        }
        suggestionBudget -= list.count
        let result = Spelling.closest(to: name, among: list)
        suggestions[key] = .some(result)
        return result
    }

    // MARK: Defaults

    /// The checked default, or nil (after reporting a mismatch, or for `= nil`).
    mutating func checkDefault(
        _ value: ExpressionSyntax, type: FieldType, isOptional: Bool, member: String, inModel: Bool = false
    ) -> DefaultValue? {
        // The Swift compiler checked it: the schema keeps its value when it can, and never reports it.
        if case .swiftInitializer(let swift, _) = value {
            return swift.flatMap { defaultValue($0, type, inModel: inModel) }
        }
        if case .name(let n) = value, n.name == "nil", !n.isBackticked {
            if isOptional { return nil }
            report(
                .error(
                    .defaultTypeMismatch, "'\(member)' is not optional, so it cannot default to nil; add '?' to its type or give a value",
                    at: value.range))
            return nil
        }
        if let checked = defaultValue(value, type, inModel: inModel) { return checked }
        report(
            .error(
                .defaultTypeMismatch,
                "default value \(describe(value)) does not match '\(member)' of type \(type)\(expectedHint(type, inModel: inModel))",
                at: value.range))
        return nil
    }

    func describe(_ value: ExpressionSyntax) -> String {
        switch value {
        case .string(let s, _): SchemaText.stringLiteral(s)
        case .integer(let t, _), .float(let t, _): t
        case .name(let n): n.name
        case .enumCase(let n, _): ".\(n.name)"
        case .list: "[...]"
        case .call(let n, _): "\(n.name)()"
        case .swiftInitializer(let value, _): value.map(describe) ?? "(a Swift expression)"
        }
    }

    func expectedHint(_ type: FieldType, inModel: Bool = false) -> String {
        switch type {
        case .string: "; write a string such as \"\""
        case .int64, .int: "; write an integer such as 0"
        case .double, .decimal: "; write a number such as 0.5"
        case .bool: "; write true or false"
        case .date: "; write now"
        case .uuid where inModel: "; write UUID() for a new identifier per object, or a UUID string"
        case .uuid: "; write a UUID string such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\" (UUID() is for model properties)"
        case .url: "; write a URL string such as \"https://example.com\""
        case .enumeration(let name, _):
            "; write a case of \(name) such as .\(enums[name]?.cases.first?.name ?? "someCase")"
        case .list: "; write a list such as []"
        case .codable(let name): "; write \(name)() for a new value from its initializer, or make the property optional"
        case .data, .asset, .location, .reference, .model, .number:
            "; \(type) fields cannot have a default, so make the field optional instead"
        }
    }

    func defaultValue(_ value: ExpressionSyntax, _ type: FieldType, inModel: Bool = false) -> DefaultValue? {
        switch (value, type) {
        case (.call(let n, _), .uuid) where inModel && n.name == "UUID" && !n.isBackticked:
            return .newUUID
        case (.call(let n, _), .date) where n.name == "Date" && !n.isBackticked:
            return .now  // Swift's `Date()` is the moment it is called, as `now`
        case (.call(let n, _), .codable(let name)) where n.name == name:
            return .initializer(name)
        case (.enumCase(let n, _), .codable):
            return .enumCase(n.name)  // `.calm`: a case or static member of the app's type, as written
        case (.list(let elements, _), .codable(let name))
        where elements.isEmpty && (name.hasPrefix("Set<") || name.hasPrefix("Dictionary<")):
            return .list([])  // an empty collection: Swift's `Set<String> = []`, `[String: Int] = [:]`
        case (.string(let s, _), .string):
            return .string(s)
        case (.string(let s, _), .uuid):
            return UUID(uuidString: s) != nil ? .string(s) : nil
        case (.string(let s, _), .url):
            return URL(string: s) != nil && !s.isEmpty ? .string(s) : nil
        case (.integer(let t, _), .int64), (.integer(let t, _), .int):
            return Int64(t).map(DefaultValue.int)
        case (.integer(let t, _), .double), (.integer(let t, _), .decimal),
            (.float(let t, _), .double), (.float(let t, _), .decimal):
            guard let d = Double(t), d.isFinite else { return nil }
            return .double(d)
        case (.name(let n), .bool) where !n.isBackticked && (n.name == "true" || n.name == "false"):
            return .bool(n.name == "true")
        case (.name(let n), .date) where !n.isBackticked && n.name == "now":
            return .now
        case (.enumCase(let n, _), .enumeration(let name, _)):
            return enums[name]?.cases.contains { $0.name == n.name } == true ? .enumCase(n.name) : nil
        case (.list(let elements, _), .list(let element)):
            var values: [DefaultValue] = []
            for item in elements {
                guard let v = defaultValue(item, element, inModel: inModel) else { return nil }
                values.append(v)
            }
            return .list(values)
        default:
            return nil
        }
    }
}
