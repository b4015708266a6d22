/// Turns the syntax trees of all files of one schema into one `Schema`: declarations
/// merged across files, names resolved, types, attributes and defaults checked.
///
/// One linear pass to index declarations, one to resolve them. Elements with errors are
/// kept where that causes no follow-on error, so later stages see as much as possible.
public struct Resolver {
    var diagnostics: [Diagnostic] = []
    var types: [String: Declared] = [:]
    var zones: [String: SourceRange] = [:]
    var roles: [String: SourceRange] = [:]
    /// "Did you mean" results by kind and name, and the comparisons left for new ones.
    var suggestions: [String: String?] = [:]
    var suggestionBudget = 200_000
    /// Whether a hint was left out for want of budget.
    var suggestionRefused = false
    /// With `resolve(_:externalModels:identities:memory:)`: whether a declaration was taken from
    /// the memory, and what this run leaves there.
    var tookFromMemory = false
    var memory = ResolverMemory()
    var enums: [String: EnumType] = [:]
    /// Each model's property names, for `@inverse`.
    var modelProperties: [String: Set<String>] = [:]
    var externalModels: Set<String> = []
    var subscriptionNames: [String: SourceRange] = [:]
    /// Subscriptions wait for every record type: their predicates name fields.
    var pendingSubscriptions: [SubscriptionSyntax] = []
    /// The field names and the lowercased CloudKit keys (with the key as written) of the record
    /// type being resolved, emptied for the next one: made and freed for each record type, the two
    /// tables were 7% of resolving one.
    private var fieldNames: [String: SourceRange] = [:]
    private var fieldKeys: [String: (String, SourceRange)] = [:]

    /// What a type name refers to.
    enum Declared {
        case record(SourceRange)
        case model(SourceRange)
        case enumeration(SourceRange)
        case keyValue(SourceRange)

        var range: SourceRange {
            switch self {
            case .record(let r), .model(let r), .enumeration(let r), .keyValue(let r): r
            }
        }

        var kind: String {
            switch self {
            case .record: "record type"
            case .model: "model"
            case .enumeration: "enum"
            case .keyValue: "keyvalue declaration"
            }
        }
    }

    private static let referenceAttributes = ["parent", "deleteSelf"]
    private static let relationshipAttributes = ["inverse", "deleteRule"]

    /// Takes the trees: handed over (`consume`), each declaration is released once resolved.
    /// `externalModels`: models declared outside the files read that a property names as the
    /// target of a relationship (Swift's `@Relationship var xs: [X]?` with `X` in another module).
    public static func resolve(
        _ files: consuming [SourceFileSyntax], externalModels: Set<String> = []
    ) -> (schema: Schema, diagnostics: [Diagnostic]) {
        var resolver = Resolver()
        resolver.externalModels = externalModels
        var files = files
        let schema = resolver.run(&files)
        return (schema, resolver.diagnostics)
    }

    /// `resolve`, taking from `memory` what the last run made of the record types, models and
    /// keyvalue stores a keystroke left as they were (`ResolverMemory`), and leaving there what
    /// this run made. `identities`: each file's declarations' identities in the parse cache, nil
    /// for a file it did not parse. The diagnostics are those `resolve` gives, "did you mean"
    /// hints included: a hint is left out once a run has compared names `suggestionBudget` times,
    /// and the names a run without memory would compare are at most those the runs since the last
    /// one that took nothing compared (`suggestionsSpent`) and this one's; when those could reach
    /// the budget, the files are resolved again without memory.
    package static func resolve(
        _ files: [SourceFileSyntax], externalModels: Set<String> = [], identities: [[Int]?],
        memory: inout ResolverMemory
    ) -> (schema: Schema, diagnostics: [Diagnostic]) {
        var taken = ResolverMemory()
        swap(&taken, &memory)
        var resolver = Resolver()
        resolver.externalModels = externalModels
        var trees = files
        var schema = resolver.run(&trees, identities: identities, memory: taken)
        if resolver.suggestionRefused && resolver.tookFromMemory {
            resolver = Resolver()
            resolver.externalModels = externalModels
            trees = files
            schema = resolver.run(&trees, identities: identities)
        }
        memory = resolver.memory
        return (schema, resolver.diagnostics)
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// `memory`: see `resolve(_:externalModels:identities:memory:)`; empty for `resolve`.
    private mutating func run(
        _ files: inout [SourceFileSyntax], identities: [[Int]?] = [], memory: consuming ResolverMemory = ResolverMemory()
    ) -> Schema {
        var schema = Schema()
        let budget = suggestionBudget
        let kept = indexAndResolveEnums(files, into: &schema)
        let passOne = identities.isEmpty ? nil : ResolverMemory.PassOne(self)
        var recall: Recall?
        if let passOne { recall = Recall(memory, passOne: passOne) }
        // Pass 2 takes each declaration out of the tree as it resolves it, so the tree shrinks
        // as the schema grows.
        var position = 0
        for f in files.indices {
            var remaining = files[f].declarations
            files[f].declarations = []
            remaining.reverse()
            let fileIdentities = f < identities.count ? identities[f] : nil
            var d = 0
            while let declaration = remaining.popLast() {
                position += 1
                d += 1
                guard kept[position - 1] else { continue }
                if var current = recall, let identity = fileIdentities?[d - 1] {
                    recall = nil  // held once while it changes
                    resolve(declaration, into: &schema, identity: identity, recall: &current)
                    recall = current
                } else {
                    resolve(declaration, into: &schema)
                }
            }
        }
        checkCloudKitNames(schema.recordTypes)
        resolveSubscriptions(into: &schema)
        if let passOne, let recall {
            // The earlier runs' share came off the budget at the first take.
            self.memory = recall.memory(suggestionRefused ? nil : passOne, suggestionsSpent: budget - suggestionBudget)
        }
        return schema
    }

    /// Pass 2 for one declaration the parse cache knows by `identity`: a record type, model or
    /// keyvalue store the last run made is taken from `recall`, moved; one made now is recorded.
    private mutating func resolve(_ declaration: DeclarationSyntax, into schema: inout Schema, identity: Int, recall: inout Recall) {
        let range: SourceRange
        switch declaration {
        case .record(let d): range = d.range
        case .model(let d): range = d.range
        case .keyValue(let d): range = d.range
        default: return resolve(declaration, into: &schema)
        }
        if let (element, diagnostics) = recall.take(identity, at: range) {
            if !tookFromMemory {
                tookFromMemory = true
                suggestionBudget -= recall.suggestionsSpent
            }
            self.diagnostics += diagnostics
            switch element {
            case .record(let record): schema.recordTypes.append(record)
            case .model(let model): schema.models.append(model)
            case .keyValue(let store): schema.keyValueStores.append(store)
            }
            return
        }
        let first = diagnostics.count
        resolve(declaration, into: &schema)
        let element: ResolverMemory.Element
        switch declaration {
        case .record: element = .record(schema.recordTypes[schema.recordTypes.count - 1])
        case .model: element = .model(schema.models[schema.models.count - 1])
        default: element = .keyValue(schema.keyValueStores[schema.keyValueStores.count - 1])
        }
        recall.remember(identity, element, diagnostics[first...], at: range)
    }

    /// Pass 1: indexes every named declaration and drops duplicates (reported at the second),
    /// then resolves the enums (field types need their raw types). Says, for each declaration in
    /// file order, whether pass 2 resolves it. Each declaration is read in place, never copied: a
    /// copy retains everything it holds.
    mutating func indexAndResolveEnums(_ files: borrowing [SourceFileSyntax], into schema: inout Schema) -> [Bool] {
        var kept: [Bool] = []
        var lowercasedTypes: [String: (String, SourceRange)] = [:]
        var recordCount = 0
        // The names' tables made at their final size: regrown, each step hashed every name again.
        let count = files.reduce(0) { $0 + $1.declarations.count }
        kept.reserveCapacity(count)
        types.reserveCapacity(count)
        lowercasedTypes.reserveCapacity(count)
        for f in files.indices {
            for d in files[f].declarations.indices {
                let resolves = index(files[f].declarations[d], into: &schema, lowercased: &lowercasedTypes)
                kept.append(resolves)
                if resolves, case .record = files[f].declarations[d] { recordCount += 1 }
            }
        }
        // The record types' array made at its final size: regrown, each step copied it whole.
        schema.recordTypes.reserveCapacity(recordCount)
        var position = 0
        for f in files.indices {
            for d in files[f].declarations.indices {
                if kept[position], case .enumeration(let syntax) = files[f].declarations[d] {
                    let resolved = resolveEnum(syntax)
                    enums[resolved.name] = resolved
                    schema.enums.append(resolved)
                }
                position += 1
            }
        }
        return kept
    }

    /// Pass 2 for one declaration.
    private mutating func resolve(_ declaration: DeclarationSyntax, into schema: inout Schema) {
        switch declaration {
        case .role(let r): schema.roles.append(Role(name: r.name.name, doc: r.doc?.text, spans: spans(r.range, r.name)))
        case .zone(let z): schema.zones.append(resolveZone(z))
        case .record(let r): schema.recordTypes.append(resolveRecord(r))
        case .model(let m): schema.models.append(resolveModel(m))
        case .keyValue(let k): schema.keyValueStores.append(resolveKeyValue(k))
        case .subscription(let s): pendingSubscriptions.append(s)
        case .container, .enumeration: break
        }
    }

    /// Pass 1 for one declaration: indexes its name (a container goes straight into `schema`).
    /// True when pass 2 resolves it; false for a duplicate or a container.
    mutating func index(
        _ declaration: DeclarationSyntax, into schema: inout Schema, lowercased: inout [String: (String, SourceRange)]
    ) -> Bool {
        switch declaration {
        case .container(let c):
            if let first = schema.container {
                report(
                    .error(
                        .nameDuplicate, "a schema has at most one container; remove this one or the first",
                        at: c.range, notes: [.init("first container declared here", at: first.spans.range)]))
            } else {
                schema.container = Container(identifier: c.identifier, spans: SourceSpans(range: c.range, name: c.identifierRange))
            }
            return false
        case .zone(let z):
            if let first = zones[z.name.name] {
                duplicate("zone", z.name, first: first)
                return false
            }
            zones[z.name.name] = z.name.range
            return true
        case .role(let r):
            if let first = roles[r.name.name] {
                duplicate("role", r.name, first: first)
                return false
            }
            if ["world", "icloud", "creator"].contains(r.name.name) {
                report(.error(.nameDuplicate, "'\(r.name.name)' is a built-in role; choose another name", at: r.name.range))
                return false
            }
            roles[r.name.name] = r.name.range
            return true
        case .record(let d):
            return declare(.record(d.name.range), d.name, lowercased: &lowercased)
        case .model(let d):
            guard declare(.model(d.name.range), d.name, lowercased: &lowercased) else { return false }
            modelProperties[d.name.name] = Set(d.properties.map(\.name.name) + d.unreadProperties)
            return true
        case .enumeration(let d):
            return declare(.enumeration(d.name.range), d.name, lowercased: &lowercased)
        case .keyValue(let d):
            return declare(.keyValue(d.name.range), d.name, lowercased: &lowercased)
        case .subscription(let d):
            if let first = subscriptionNames[d.name.name] {
                duplicate("subscription", d.name, first: first)
                return false
            }
            subscriptionNames[d.name.name] = d.name.range
            return true
        }
    }

    private mutating func declare(
        _ declared: Declared, _ name: NameSyntax, lowercased: inout [String: (String, SourceRange)]
    ) -> Bool {
        if let first = types[name.name] {
            // Swift has one type of a name per module and scope: two read from Swift files may be two
            // modules', two apps' (folders without an Xcode project to tell them apart) or nested, so a warning.
            let swift = "." + SchemaLoader.swiftExtension
            let inSwift = name.range.file.hasSuffix(swift) && first.range.file.hasSuffix(swift)
            let message =
                inSwift
                ? "'\(name.name)' is declared again, so this \(first.kind) is not checked; Swift allows two types of one name only in different modules, apps or enclosing types: lint each app on its own (or with its Xcode project), or rename one"
                : "'\(name.name)' is already declared as a \(first.kind); rename one of them"
            report(
                Diagnostic(
                    .nameDuplicate, inSwift ? .warning : .error, message, at: name.range,
                    notes: [.init("first declared here", at: first.range)]))
            return false
        }
        types[name.name] = declared
        let key = name.name.lowercased()
        if let (other, range) = lowercased[key] {
            report(
                .warning(
                    .nameCaseCollision,
                    "'\(name.name)' differs from '\(other)' only in letter case; generated Swift files and tools on case-insensitive file systems will collide, so rename one",
                    at: name.range, notes: [.init("'\(other)' declared here", at: range)]))
        } else {
            lowercased[key] = (name.name, name.range)
        }
        return true
    }

    mutating func duplicate(_ kind: String, _ name: NameSyntax, first: SourceRange) {
        report(
            .error(
                .nameDuplicate, "\(kind) '\(name.name)' is declared twice; remove or rename one",
                at: name.range, notes: [.init("first declared here", at: first)]))
    }

    func spans(_ range: SourceRange, _ name: NameSyntax, attributes: [AttributeSyntax] = []) -> SourceSpans {
        SourceSpans(range: range, name: name.range, attributes: attributeRanges(attributes))
    }

    func attributeRanges(_ attributes: [AttributeSyntax]) -> AttributeRanges {
        var ranges: AttributeRanges = [:]
        for attribute in attributes { ranges[attribute.name.name] = attribute.range }
        return ranges
    }

    /// Two record types with one CloudKit name (through `@name`).
    private mutating func checkCloudKitNames(_ recordTypes: [RecordType]) {
        var seen: [String: Int] = [:]  // an index, not a copy: a record type is large
        seen.reserveCapacity(recordTypes.count)
        for index in recordTypes.indices {
            let cloudKitName = recordTypes[index].cloudKitName
            if let firstIndex = seen[cloudKitName], recordTypes[firstIndex].name != recordTypes[index].name {
                let (first, record) = (recordTypes[firstIndex], recordTypes[index])
                report(
                    .error(
                        .nameDuplicate,
                        "record types '\(first.name)' and '\(record.name)' both map to the CloudKit record type '\(record.cloudKitName)'; give one another @name",
                        at: record.spans.attributes["name"] ?? record.spans.name,
                        notes: [.init("'\(first.name)' declared here", at: first.spans.name)]))
            } else {
                seen[cloudKitName] = index
            }
        }
    }

    // MARK: Declarations

    mutating func resolveZone(_ syntax: ZoneSyntax) -> Zone {
        let attributes = checkAttributes(syntax.attributes, site: .zone)
        return Zone(
            name: syntax.name.name, isShareable: attributes.has("shareable"), doc: syntax.doc?.text,
            spans: spans(syntax.range, syntax.name, attributes: syntax.attributes))
    }

    mutating func resolveEnum(_ syntax: EnumSyntax) -> EnumType {
        var rawType = EnumType.RawType.string
        if let written = syntax.rawType {
            if let type = EnumType.RawType(rawValue: written.name) {
                rawType = type
            } else if written.name == "Int" {
                rawType = .int64
            } else {
                report(
                    .error(
                        .typeMisplaced, "an enum's raw type must be String or Int64, not '\(written.name)'",
                        at: written.range))
            }
        }
        let attributes = checkAttributes(syntax.attributes, site: .enumeration)
        if syntax.cases.isEmpty {
            report(
                .error(.enumEmpty, "enum '\(syntax.name.name)' has no cases; add at least one case", at: syntax.name.range))
        }
        var cases: [EnumType.Case] = []
        var names: [String: SourceRange] = [:]
        var rawValues: [EnumType.RawValue: (String, SourceRange)] = [:]
        for item in syntax.cases {
            if let first = names[item.name.name] {
                duplicate("case", item.name, first: first)
                continue
            }
            names[item.name.name] = item.name.range
            let rawValue: EnumType.RawValue
            switch (rawType, item.rawValue) {
            case (.string, nil):
                rawValue = .string(item.name.name)
            case (.string, .string(let s, _)?):
                rawValue = .string(s)
            case (.int64, .integer(let text, _)?) where Int64(text) != nil:
                rawValue = .int64(Int64(text)!)
            case (.int64, nil):
                report(
                    .error(
                        .enumRawValueInvalid,
                        "case '\(item.name.name)' of Int64 enum '\(syntax.name.name)' needs a raw value, as in \(item.name.name) = 1",
                        at: item.name.range))
                continue
            case (_, let value?):
                report(
                    .error(
                        .enumRawValueInvalid,
                        "the raw value of case '\(item.name.name)' must be \(rawType == .string ? "a string" : "an integer in Int64's range"), to match the enum's \(rawType.rawValue) raw type",
                        at: value.range))
                continue
            }
            let range = item.rawValue?.range ?? item.name.range
            if let (other, firstRange) = rawValues[rawValue] {
                report(
                    .error(
                        .enumRawValueDuplicate,
                        "cases '\(other)' and '\(item.name.name)' both have the raw value \(rawValue); give each case its own",
                        at: range, notes: [.init("'\(other)' declared here", at: firstRange)]))
                continue
            }
            rawValues[rawValue] = (item.name.name, range)
            cases.append(
                EnumType.Case(
                    name: item.name.name, rawValue: rawValue, doc: item.doc?.text,
                    spans: SourceSpans(range: item.range, name: item.name.range, defaultValue: item.rawValue?.range)))
        }
        return EnumType(
            name: syntax.name.name, rawType: rawType, cases: cases, deprecation: attributes.deprecation,
            doc: syntax.doc?.text,
            spans: SourceSpans(
                range: syntax.range, name: syntax.name.range, type: syntax.rawType?.range,
                attributes: attributeRanges(syntax.attributes)))
    }

    mutating func resolveRecord(_ syntax: RecordSyntax) -> RecordType {
        var placement = RecordType.Placement.privateDefaultZone
        if let written = syntax.placement {
            switch written.name {
            case "public" where !written.isBackticked: placement = .publicDatabase
            case "private" where !written.isBackticked: placement = .privateDefaultZone
            default:
                if zones[written.name] != nil {
                    placement = .zone(written.name)
                } else {
                    let hint = suggestion(for: written.name, kind: "zone") { Array($0.zones.keys) }
                    report(
                        .error(
                            .zoneUnknown,
                            "no zone named '\(written.name)'; declare it with 'zone \(written.name)', or write 'in public' or 'in private'\(Spelling.hint(hint))",
                            at: written.range))
                }
            }
        }
        let attributes = checkAttributes(syntax.attributes, site: .record)
        // Sized once: grown by doubling, the field arrays of a large schema were its largest
        // allocation while it loads (the peak of `generate`, issue 17).
        var fields: [Field] = []
        fields.reserveCapacity(syntax.fields.count)
        fieldNames.removeAll(keepingCapacity: true)
        fieldKeys.removeAll(keepingCapacity: true)
        fieldNames.reserveCapacity(syntax.fields.count)
        fieldKeys.reserveCapacity(syntax.fields.count)
        // By index, each field resolved in place in `fields`: a field, of the tree or of the
        // schema, is large, and each copy of one retains all it holds.
        for i in syntax.fields.indices {
            // The name and the key are each looked up and recorded in one step (put back when one
            // was there): this runs for every field of a schema, and each lookup hashes the string.
            let name = syntax.fields[i].name
            if let first = fieldNames.updateValue(name.range, forKey: name.name) {
                fieldNames[name.name] = first
                duplicate("field", name, first: first)
                continue
            }
            guard resolveField(syntax.fields, i, into: &fields) else { continue }
            let key = fields[fields.count - 1].key
            let keyRange = fields[fields.count - 1].spans.attributes["name"] ?? name.range
            // Most keys have no capital letter, and lowercased() made a new string of each.
            let lowercased = key.utf8.contains { (0x41...0x5A).contains($0) || $0 >= 0x80 } ? key.lowercased() : key
            if let (other, first) = fieldKeys.updateValue((key, keyRange), forKey: lowercased) {
                fieldKeys[lowercased] = (other, first)
                if other == key {
                    fields.removeLast()
                    report(
                        .error(
                            .nameDuplicate,
                            "two fields of '\(syntax.name.name)' are stored under the CloudKit key '\(key)'; give one a different @name",
                            at: keyRange, notes: [.init("first used here", at: first)]))
                    continue
                }
                report(
                    .warning(
                        .nameCaseCollision,
                        "CloudKit key '\(key)' differs from '\(other)' only in letter case; readers of the record will confuse them, so rename one",
                        at: keyRange, notes: [.init("'\(other)' declared here", at: first)]))
            }
        }
        if attributes.has("queryable") {
            // `record Post @queryable`: the record name's index, `"___recordID" REFERENCE QUERYABLE`, which a
            // query for all records of the type needs (TN3164).
            if let i = fields.firstIndex(where: { $0.key == SystemFields.recordID }) {
                fields[i].indexes.insert(.queryable)
            } else {
                let at = syntax.attributes.first { $0.name.name == "queryable" }?.range
                fields.append(
                    Field(
                        name: SystemFields.recordID, type: .reference(target: nil), isOptional: true, indexes: .queryable, isSystem: true,
                        spans: SourceSpans(range: at, name: at)))
            }
        }
        let grants = syntax.grants.compactMap { resolveGrant($0) }
        return RecordType(
            name: syntax.name.name, cloudKitName: attributes.name, placement: placement,
            isShareable: attributes.has("shareable"), deprecation: attributes.deprecation, fields: fields,
            grants: grants, doc: syntax.doc?.text, format: .cloudschema,
            spans: spans(syntax.range, syntax.name, attributes: syntax.attributes), placementSpan: syntax.placement?.range)
    }

    private mutating func resolveGrant(_ syntax: GrantSyntax) -> Grant? {
        var permissions: Grant.Permissions = []
        for permission in syntax.permissions {
            switch permission.name {
            case "read": permissions.insert(.read)
            case "create": permissions.insert(.create)
            default: permissions.insert(.write)
            }
        }
        let grantee: Grant.Grantee
        switch syntax.role.name {
        case "world": grantee = .world
        case "icloud": grantee = .icloud
        case "creator": grantee = .creator
        case let name where roles[name] != nil: grantee = .role(name)
        case let name:
            let hint = suggestion(for: name, kind: "role") { Array($0.roles.keys) + ["world", "icloud", "creator"] }
            report(
                .error(
                    .roleUnknown,
                    "no role named '\(name)'; declare it with 'role \(name)' or grant to world, icloud or creator\(Spelling.hint(hint))",
                    at: syntax.role.range))
            return nil
        }
        return Grant(permissions: permissions, grantee: grantee, spans: SourceSpans(range: syntax.range, name: syntax.role.range))
    }

    /// Appends the field `members[i]` declares to `fields`, or reports why there is none and returns false.
    /// The member is read as `members[i]`, never bound to a name: bound (or passed), a field of the tree
    /// was copied whole, and a copy of a large struct retains all it holds.
    private mutating func resolveField(_ members: [FieldSyntax], _ i: Int, into fields: inout [Field]) -> Bool {
        let attributes = checkAttributes(members[i].attributes, site: .recordField)
        guard !Self.writesCodable(members[i].attributes) else { return false }
        guard let (type, isOptional) = resolveType(members[i].type, site: .recordField) else { return false }
        fields.append(
            Field(
                name: members[i].name.name, key: attributes.name, type: type, isOptional: isOptional,
                deprecation: attributes.deprecation, doc: members[i].doc?.text,
                spans: SourceSpans(
                    range: members[i].range, name: members[i].name.range, type: members[i].type.range,
                    defaultValue: members[i].defaultValue?.range, attributes: attributeRanges(members[i].attributes))))
        // Checked in place: a field returned or copied out was copied whole, retaining all it holds.
        checkField(&fields[fields.count - 1], defaultValue: members[i].defaultValue, attributes, type: type, isOptional: isOptional)
        return true
    }

    /// Sets what `attributes` and `defaultValue` say of a field just made, reporting what is wrong.
    private mutating func checkField(
        _ field: inout Field, defaultValue: ExpressionSyntax?, _ attributes: CheckedAttributes, type: FieldType, isOptional: Bool
    ) {
        if let value = defaultValue {
            field.defaultValue = checkDefault(value, type: type, isOptional: isOptional, member: field.name)
        }
        // `___recordID: Reference @queryable`: a CloudKit system field, declared to index it.
        if let systemType = SystemFields.type(of: field.key) {
            field.isSystem = true
            if systemType != type {
                report(
                    .error(
                        .typeMisplaced,
                        "'\(field.key)' is a CloudKit system field of type \(systemType); declare it as \(systemType)? or leave it out",
                        at: field.spans.type))
            }
        }
        for (name, index) in AttributeCatalog.indexes where attributes.has(name) { field.indexes.insert(index) }
        field.isEncrypted = attributes.has("encrypted")
        if field.isEncrypted, case .number = type.listElement ?? type {
            // Apple's grammar has no ENCRYPTED NUMBER (ckdb-language 1.1).
            report(
                .error(
                    .attributeMisplaced, "@encrypted applies to no Number: CloudKit has no ENCRYPTED NUMBER; use Int64 or Double",
                    at: field.spans.attributes["encrypted"]))
        }
        for name in Self.referenceAttributes where attributes.has(name) {
            let allowed = name == "parent" ? type.isReference : type.isReferenceOrList
            if !allowed {
                report(
                    .error(
                        .attributeMisplaced,
                        name == "parent"
                            ? "@parent applies to a Reference field, not \(type); the parent is one record"
                            : "@deleteSelf applies to Reference fields, not \(type)",
                        at: field.spans.attributes[name]))
            } else if name == "parent" {
                field.isParent = true
            } else {
                field.referenceAction = .deleteSelf
            }
        }
        if let word = attributes.value("merge"), let policy = MergePolicy(rawValue: word) {
            if let problem = mergeProblem(policy, type) {
                report(.error(.attributeArgumentInvalid, problem, at: field.spans.attributes["merge"]))
            } else {
                field.merge = policy
            }
        }
    }

    private func mergeProblem(_ policy: MergePolicy, _ type: FieldType) -> String? {
        switch policy {
        case .union where !type.isList:
            return "@merge(union) merges lists; '\(type)' is not a list, so use mine, theirs, max, min or custom"
        case .max, .min:
            switch type {
            case .string, .int64, .int, .double, .date, .decimal, .number: return nil
            case .enumeration(_, .int64): return nil
            default:
                return "@merge(\(policy.rawValue)) needs an ordered value (numbers, dates, strings), not \(type)"
            }
        default:
            return nil
        }
    }

    mutating func resolveModel(_ syntax: ModelSyntax) -> Model {
        let attributes = checkAttributes(syntax.attributes, site: .model, modelUniqueNames: true)
        var names: [String: SourceRange] = [:]
        var properties: [ModelProperty] = []
        for propertySyntax in syntax.properties {
            if let first = names[propertySyntax.name.name] {
                duplicate("property", propertySyntax.name, first: first)
                continue
            }
            names[propertySyntax.name.name] = propertySyntax.name.range
            let attrs = checkAttributes(propertySyntax.attributes, site: .modelProperty)
            let codable = attrs.has("codable")
            guard let (type, isOptional) = resolveType(propertySyntax.type, site: .modelProperty, codable: codable) else { continue }
            var property = ModelProperty(
                name: propertySyntax.name.name, originalName: attrs.name, type: type, isOptional: isOptional,
                isUnique: attrs.has("unique"), isTransient: attrs.has("transient"),
                isEncrypted: attrs.has("encrypted"), deprecation: attrs.deprecation, doc: propertySyntax.doc?.text,
                spans: SourceSpans(
                    range: propertySyntax.range, name: propertySyntax.name.range, type: propertySyntax.type.range,
                    defaultValue: propertySyntax.defaultValue?.range,
                    attributes: attributeRanges(propertySyntax.attributes)))
            if codable && !type.isCodable, let at = property.spans.attributes["codable"] {
                report(
                    .error(
                        .attributeMisplaced,
                        "@codable marks a Codable type of the app that the schema does not declare; \(type) is not one, so remove @codable",
                        at: at, fixIts: [.remove(at, "remove @codable")]))
            }
            if let value = propertySyntax.defaultValue {
                if type.relationshipTarget != nil {
                    // Swift needs an initial value (`= []`, `= [Trip]()`, `= nil`); Core Data has no
                    // default for a relationship: it starts empty or nil, whatever the spelling.
                    if case .swiftInitializer = value {
                        property.spans.defaultValue = nil
                    } else {
                        report(
                            .error(
                                .defaultTypeMismatch, "a relationship cannot have a default value; remove '= ...'",
                                at: value.range))
                    }
                } else {
                    property.defaultValue = checkDefault(value, type: type, isOptional: isOptional, member: property.name, inModel: true)
                    if case .swiftInitializer = value, property.defaultValue == nil, !isOptional { property.hasUnstatedDefault = true }
                }
            }
            if attrs.has("externalStorage") {
                // A Codable value is stored encoded, as bytes, so it may be stored outside as Data is.
                if type == .data || type == .list(.data) || type.isCodable {
                    property.isExternalStorage = true
                } else {
                    report(
                        .error(
                            .attributeMisplaced, "@externalStorage applies to Data and Codable properties, not \(type)",
                            at: property.spans.attributes["externalStorage"]))
                }
            }
            for name in Self.relationshipAttributes where attrs.has(name) && !property.isRelationship {
                report(
                    .error(
                        .attributeMisplaced,
                        "@\(name) applies to relationships (a property whose type is a model), not \(type)",
                        at: property.spans.attributes[name]))
            }
            if property.isRelationship {
                property.deleteRule = attrs.value("deleteRule").flatMap(ModelProperty.DeleteRule.init(rawValue:))
                if let inverse = attrs.names.first, let target = type.relationshipTarget {
                    // An external model's properties are not known: its inverse is taken as written.
                    if modelProperties[target]?.contains(inverse) ?? externalModels.contains(target) {
                        property.inverse = inverse
                    } else {
                        report(
                            .error(
                                .attributeArgumentInvalid,
                                "model '\(target)' has no property '\(inverse)' for @inverse; name the property of '\(target)' that points back",
                                at: property.spans.attributes["inverse"]))
                    }
                }
            }
            properties.append(property)
        }
        var model = Model(
            name: syntax.name.name, properties: properties, deprecation: attributes.deprecation, doc: syntax.doc?.text,
            spans: spans(syntax.range, syntax.name, attributes: syntax.attributes))
        model.unreadProperties = syntax.unreadProperties
        for constraint in attributes.uniqueConstraints {
            let missing = constraint.names.filter { names[$0] == nil }
            guard missing.isEmpty else {
                report(
                    .error(
                        .attributeArgumentInvalid,
                        "model '\(syntax.name.name)' has no property \(missing.map { "'\($0)'" }.joined(separator: ", ")) for @unique",
                        at: constraint.range))
                continue
            }
            model.uniqueConstraints.append(constraint.names)
            model.uniqueConstraintRanges.append(constraint.range)
        }
        return model
    }

    mutating func resolveKeyValue(_ syntax: KeyValueSyntax) -> KeyValueStore {
        _ = checkAttributes(syntax.attributes, site: .keyValue)
        var names: [String: SourceRange] = [:]
        var keys: [KeyValueKey] = []
        for keySyntax in syntax.keys {
            if let first = names[keySyntax.name.name] {
                duplicate("key", keySyntax.name, first: first)
                continue
            }
            names[keySyntax.name.name] = keySyntax.name.range
            let attrs = checkAttributes(keySyntax.attributes, site: .keyValueKey)
            guard !Self.writesCodable(keySyntax.attributes) else { continue }
            guard let (type, isOptional) = resolveType(keySyntax.type, site: .keyValueKey) else { continue }
            var key = KeyValueKey(
                name: keySyntax.name.name, key: attrs.name, type: type, isOptional: isOptional,
                deprecation: attrs.deprecation, doc: keySyntax.doc?.text,
                spans: SourceSpans(
                    range: keySyntax.range, name: keySyntax.name.range, type: keySyntax.type.range,
                    defaultValue: keySyntax.defaultValue?.range, attributes: attributeRanges(keySyntax.attributes)))
            if let value = keySyntax.defaultValue {
                key.defaultValue = checkDefault(value, type: type, isOptional: isOptional, member: key.name)
            }
            keys.append(key)
        }
        return KeyValueStore(name: syntax.name.name, keys: keys, doc: syntax.doc?.text, spans: spans(syntax.range, syntax.name))
    }

    // MARK: Attributes

    /// `@codable` outside a model (already ATTRIBUTE_MISPLACED): its type is the app's own, which
    /// only a model stores, so the member is left out rather than also reported as an unknown type.
    private static func writesCodable(_ attributes: [AttributeSyntax]) -> Bool {
        attributes.contains { $0.name.name == "codable" }
    }

    /// The checked attributes of one element.
    /// Small arrays, not sets: an element has a handful of attributes.
    struct CheckedAttributes {
        var present: [String] = []
        var values: [(attribute: String, value: String)] = []
        var names: [String] = []
        /// A model's `@unique(a, b)` attributes (`#Unique` arrays), each one constraint, where written.
        var uniqueConstraints: [(names: [String], range: SourceRange)] = []

        func has(_ name: String) -> Bool { present.contains(name) }
        func value(_ attribute: String) -> String? { values.first { $0.attribute == attribute }?.value }
        var name: String? { value("name") }
        var deprecation: Deprecation? { has("deprecated") ? Deprecation(message: value("deprecated")) : nil }
    }

    mutating func checkAttributes(
        _ attributes: [AttributeSyntax], site: AttributeCatalog.Site, modelUniqueNames: Bool = false
    ) -> CheckedAttributes {
        var checked = CheckedAttributes()
        for attribute in attributes {
            let name = attribute.name.name
            guard var spec = AttributeCatalog.spec(name) else {
                report(
                    .error(
                        .attributeUnknown,
                        "unknown attribute '@\(name)'\(Spelling.hint(AttributeCatalog.suggestion(for: name).map { "@" + $0 }))",
                        at: attribute.range))
                continue
            }
            guard spec.sites.contains(site) else {
                let allowed = AttributeCatalog.Site.allCases.filter { spec.sites.contains($0) }.map(\.rawValue)
                report(
                    .error(
                        .attributeMisplaced,
                        "@\(name) cannot be used on \(site.rawValue); it applies to \(allowed.joined(separator: " and "))",
                        at: attribute.range, fixIts: [.remove(attribute.range, "remove @\(name)")]))
                continue
            }
            let isModelUnique = name == "unique" && modelUniqueNames
            if checked.present.contains(name) && !isModelUnique {  // a model may have several constraints
                report(
                    .error(
                        .attributeMisplaced, "@\(name) is written twice; remove one", at: attribute.range,
                        fixIts: [.remove(attribute.range, "remove the second @\(name)")]))
                continue
            }
            if isModelUnique { spec.arguments = .names }
            guard let value = checkArguments(attribute, spec.arguments) else { continue }
            checked.present.append(name)
            if isModelUnique {
                checked.uniqueConstraints.append((value, attribute.range))
                continue
            }
            switch spec.arguments {
            case .string, .word: if let value = value.first { checked.values.append((name, value)) }
            case .name, .names: checked.names = value
            case .none: break
            }
        }
        return checked
    }

    /// The argument values, or nil after reporting a problem.
    private mutating func checkArguments(_ attribute: AttributeSyntax, _ expected: AttributeCatalog.Arguments) -> [String]? {
        let name = attribute.name.name
        let arguments = attribute.arguments ?? []
        func invalid(_ message: String) -> [String]? {
            report(.error(.attributeArgumentInvalid, message, at: attribute.range))
            return nil
        }
        switch expected {
        case .none:
            return arguments.isEmpty && attribute.arguments == nil ? [] : invalid("@\(name) takes no arguments; write @\(name)")
        case .string(let optional):
            if arguments.isEmpty && attribute.arguments == nil && optional { return [] }
            guard arguments.count == 1, case .string(let value, _) = arguments[0] else {
                return invalid("@\(name) takes one string, as in @\(name)(\"\(name == "name" ? "key" : "reason")\")")
            }
            if name == "name" && value.isEmpty { return invalid("@name needs a non-empty name") }
            return [value]
        case .word(let allowed):
            guard arguments.count == 1, case .name(let word) = arguments[0], allowed.contains(word.name) else {
                return invalid("@\(name) takes one of \(allowed.joined(separator: ", ")), as in @\(name)(\(allowed[0]))")
            }
            return [word.name]
        case .name, .names:
            var names: [String] = []
            for argument in arguments {
                guard case .name(let n) = argument else { return invalid("@\(name) takes property names, as in @\(name)(title)") }
                names.append(n.name)
            }
            if names.isEmpty || (expected.isSingleName && names.count != 1) {
                return invalid(
                    expected.isSingleName
                        ? "@\(name) takes one property name, as in @\(name)(items)"
                        : "@\(name) takes one or more property names, as in @\(name)(title, date)")
            }
            return names
        }
    }
}

extension AttributeCatalog.Arguments {
    fileprivate var isSingleName: Bool {
        if case .name = self { return true }
        return false
    }
}
