/// The schema-wide naming decisions: each record type's and enum's Swift type name, each
/// enum case's Swift name, and which deprecated types can carry `@available(deprecated)`.
struct SchemaNames {
    private var typeNames: [String: String] = [:]
    private var caseNames: [String: [String: String]] = [:]
    private var unrecognizedCaseNames: [String: String] = [:]
    /// Each enum's first case, as a Swift identifier.
    private var firstCaseNames: [String: String] = [:]
    private var deprecatable: Set<String> = []
    /// Fields a subscription's predicate names, as `[record type, field]`.
    private var subscriptionFields: Set<[String]> = []

    init(_ schema: Schema) {
        // Names that need no renaming keep them; renamed ones take the next free name.
        let declared =
            schema.recordTypes.map(\.name) + schema.enums.map(\.name) + schema.models.map(\.name)
            + schema.keyValueStores.map(\.name)
        var scope = GeneratorNaming.Scope(taken: GeneratorNaming.reservedTypeNames)
        var bases: [String] = []
        for name in declared {
            bases.append(GeneratorNaming.baseName(name, reserved: GeneratorNaming.reservedTypeNames))
        }
        for (name, base) in zip(declared, bases) where base == name && typeNames[name] == nil {
            typeNames[name] = SwiftNaming.identifier(scope.claim(base))
        }
        for (name, base) in zip(declared, bases) where typeNames[name] == nil {
            typeNames[name] = SwiftNaming.identifier(scope.claim(base))
        }
        for type in schema.enums {
            var cases = GeneratorNaming.Scope(taken: GeneratorNaming.reservedCaseNames)
            var map: [String: String] = [:]
            for item in type.cases {
                map[item.name] = cases.claimBaseName(of: item.name)
            }
            caseNames[type.name] = map
            firstCaseNames[type.name] = type.cases.first.flatMap { map[$0.name] }.map(SwiftNaming.identifier)
            unrecognizedCaseNames[type.name] = cases.claim("unrecognized")
        }
        // Swift warns where a deprecated type is used outside deprecated code, and generated
        // code must compile warning-free; so a deprecated type is marked `@available(deprecated)`
        // only when no field of a non-deprecated record type uses it (else its doc says so).
        // Record types and fields are read where they are stored: a copy retains everything in it.
        let records = schema.recordTypes
        var usedByCurrentCode: Set<String> = []
        for r in records.indices where records[r].deprecation == nil {
            for f in records[r].fields.indices { usedByCurrentCode.formUnion(Self.typeNames(in: records[r].fields[f].type)) }
        }
        // A subscription's generated query names its record type, the handles of its predicate's
        // fields and their enum types: none of those may warn either.
        for subscription in schema.subscriptions {
            guard case .query(let recordName) = subscription.target else { continue }
            usedByCurrentCode.insert(recordName)
            for name in subscription.predicate?.conditions.compactMap(\.field) ?? [] {
                subscriptionFields.insert([recordName, name])
                if let field = schema.recordType(named: recordName)?.field(named: name) {
                    usedByCurrentCode.formUnion(Self.typeNames(in: field.type))
                }
            }
        }
        for r in records.indices where records[r].deprecation != nil && !usedByCurrentCode.contains(records[r].name) {
            deprecatable.insert(records[r].name)
        }
        for type in schema.enums where type.deprecation != nil && !usedByCurrentCode.contains(type.name) {
            deprecatable.insert(type.name)
        }
    }

    private static func typeNames(in type: FieldType) -> [String] {
        switch type {
        case .reference(let target?): [target]
        case .enumeration(let name, _): [name]
        case .list(let element): typeNames(in: element)
        default: []
        }
    }

    func typeName(_ name: String) -> String { typeNames[name] ?? SwiftNaming.identifier(name) }

    func canDeprecate(_ name: String) -> Bool { deprecatable.contains(name) }

    /// Whether a subscription's predicate uses the field (so its query handle can't be deprecated).
    func isSubscribed(_ field: String, of record: String) -> Bool { subscriptionFields.contains([record, field]) }

    /// The unescaped Swift name of an enum case.
    func caseBaseName(_ name: String, of enumName: String) -> String {
        caseNames[enumName]?[name] ?? GeneratorNaming.baseName(name, reserved: GeneratorNaming.reservedCaseNames)
    }

    /// The Swift name of an enum's catch-all case for raw values this version doesn't know.
    func unrecognizedCaseName(of enumName: String) -> String { unrecognizedCaseNames[enumName] ?? "unrecognized" }

    /// The doc text, with a deprecation note when it cannot be `@available(deprecated)`.
    func doc(_ doc: String?, deprecation: Deprecation?, usable: Bool) -> String? {
        guard let deprecation, !usable else { return doc }
        let note = "Deprecated" + (deprecation.message.map { ": " + $0 } ?? ".")
        return doc.map { $0 + "\n\n" + note } ?? note
    }

    /// The Swift type for a record field's type (without `?`).
    func swiftType(_ type: FieldType) -> String {
        switch type {
        case .string: "String"
        case .int64: "Int64"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .date: "Date"
        case .data: "Data"
        case .uuid: "UUID"
        case .url: "URL"
        case .asset: "Asset"
        case .location: "Location"
        case .decimal: "Decimal"
        case .number(let preferred): preferred == .int64 ? "Int64" : "Double"
        case .reference(let target?): "Reference<\(typeName(target))>"
        case .reference(nil): "RecordReference"
        case .enumeration(let name, _): typeName(name)
        case .model(let name): typeName(name)
        case .codable(let swiftType): swiftType  // the app's own type, as written
        case .list(let element): "[\(swiftType(element))]"
        }
    }

    /// A constant of a field's type that stands in, in `init(record:)`, for a value that can't
    /// be read (see `RecordFieldValues.decode(_:placeholder:)`), as a Swift expression naming no
    /// type; `nil` for a type without a constant that costs nothing to make.
    func decodePlaceholder(_ type: FieldType) -> String? {
        switch type {
        case .string: "\"\""
        case .int64, .int, .double, .decimal, .number: "0"
        case .bool: "false"
        case .date: ".distantPast"
        case .data: ".init()"
        case .list: "[]"
        case .enumeration(let name, _): firstCaseNames[name].map { "." + $0 }
        case .uuid, .url, .asset, .location, .reference, .model, .codable: nil
        }
    }

    /// A default value as a Swift expression of the field's type that names no type, so a
    /// property called `Date` or `UUID` cannot capture it: `.now`, `.init(string: "…")!`.
    func literal(_ value: DefaultValue, type: FieldType) -> String {
        let element = type.listElement ?? type
        switch value {
        case .string(let s):
            switch element {
            case .uuid: return ".init(uuidString: \(SwiftNaming.stringLiteral(s)))!"
            case .url: return ".init(string: \(SwiftNaming.stringLiteral(s)))!"
            default: return SwiftNaming.stringLiteral(s)
            }
        case .int(let i):
            return String(i)
        case .double(let d):
            if d.isNaN { return ".nan" }
            if d.isInfinite { return d < 0 ? "-.infinity" : ".infinity" }
            let text = "\(d)"
            return text.contains(".") || text.contains("e") ? text : text + ".0"
        case .bool(let b):
            return b ? "true" : "false"
        case .now:
            return ".now"
        case .newUUID:
            return ".init()"
        case .initializer:
            return ".init()"
        case .enumCase(let name):
            guard case .enumeration(let enumName, _) = element else { return "." + SwiftNaming.identifier(name) }
            return "." + SwiftNaming.identifier(caseBaseName(name, of: enumName))
        case .list(let elements):
            return "[" + elements.map { literal($0, type: element) }.joined(separator: ", ") + "]"
        }
    }
}

extension SchemaNames {
    /// A default as a Swift expression that names its type where a literal alone wouldn't
    /// (`Foundation.Date.now`, `PlantStatus.growing`, `Int64(3)`), for SwiftData models.
    func typedLiteral(_ value: DefaultValue, type: FieldType) -> String {
        let element = type.listElement ?? type
        if case .list = value, case .codable(let name) = type { return name + "()" }  // `Set<String>()`
        if case .initializer(let name) = value { return name + "()" }
        if case .list(let elements) = value {
            let swiftType = "[" + swiftType(element) + "]"
            if elements.isEmpty { return swiftType + "()" }
            return "[" + elements.map { typedLiteral($0, type: element) }.joined(separator: ", ") + "] as " + swiftType
        }
        switch (value, element) {
        case (.now, _): return "Foundation.Date.now"
        case (.newUUID, _): return "Foundation.UUID()"
        case (.enumCase, .enumeration(let name, _)): return typeName(name) + literal(value, type: element)
        case (.enumCase, .codable(let name)): return name + literal(value, type: element)
        case (.string, .uuid): return "Foundation.UUID" + literal(value, type: element).dropFirst(".init".count)
        case (.string, .url): return "Foundation.URL" + literal(value, type: element).dropFirst(".init".count)
        case (.int(let i), .double): return "\(i).0"
        case (.int(let i), .decimal): return "Foundation.Decimal(\(i))"
        case (.double, .decimal): return "Foundation.Decimal(string: \(SwiftNaming.stringLiteral(literal(value, type: .double))))!"
        case (.int(let i), .int64): return "Int64(\(i))"
        default: return literal(value, type: element)
        }
    }
}
