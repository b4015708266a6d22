/// View models for SwiftData models, key-value stores and the schema registry. See the
/// template variables in `GeneratorViewModel`.

/// A SwiftData `model` (`ModelViewModel`).
public struct ModelViewModel: Sendable {
    public var name: String
    public var swiftName: String
    public var doc: String?
    public var deprecation: DeprecationViewModel?
    public var properties: [ModelPropertyViewModel]
    /// `#Unique` arguments, one key-path list per constraint: `[\.name]`.
    public var uniqueConstraints: [String]
    public var sourcePath: String?

    init(_ model: Model, names: SchemaNames, schema: Schema) {
        name = model.name
        swiftName = names.typeName(model.name)
        // Deprecation is a doc note, never `@available`: the model stays in the store's schema
        // (`SchemaModels.types`) and other models' relationships, which would then warn.
        doc = names.doc(model.doc, deprecation: model.deprecation, usable: false)
        deprecation = nil
        sourcePath = model.spans.range?.file ?? model.spans.name?.file
        properties = model.properties.map { ModelPropertyViewModel($0, names: names, schema: schema) }
        uniqueConstraints = model.uniqueConstraints.map { keys in
            "[" + keys.map { "\\." + SwiftNaming.identifier($0) }.joined(separator: ", ") + "]"
        }
    }

    var templateValue: TemplateValue {
        [
            "name": .string(name),
            "swiftName": .string(swiftName),
            "doc": doc.map(TemplateValue.string) ?? .null,
            "deprecation": deprecation?.templateValue ?? .null,
            "properties": .array(properties.map(\.templateValue)),
            "uniqueConstraints": .array(uniqueConstraints.map(TemplateValue.string)),
            "sourceFile": .string(sourcePath.map { FileViewModel(sourcePath: $0).sourceFile } ?? ""),
        ]
    }
}

/// A model property (`ModelPropertyViewModel`).
public struct ModelPropertyViewModel: Sendable {
    public var name: String
    public var swiftName: String
    public var type: String
    /// The default as a Swift expression that states its type (the `@Model` macro copies it
    /// into untyped schema metadata): `Foundation.Date.now`, `PlantStatus.growing`, `0.0`.
    public var defaultValue: String?
    /// The init parameter's default: `defaultValue`, `nil` for optionals, or nil.
    public var initDefault: String?
    /// The whole `@Attribute(...)`, `@Relationship(...)` or `@Transient` line, or nil.
    public var attribute: String?
    public var doc: String?
    public var deprecation: DeprecationViewModel?

    init(_ property: ModelProperty, names: SchemaNames, schema: Schema) {
        name = property.name
        swiftName = SwiftNaming.identifier(property.name)
        let wrapped = names.swiftType(property.type)
        // SwiftData requires relationships to CloudKit-synced models to be optional; the schema says so.
        type = property.isOptional ? wrapped + "?" : wrapped
        defaultValue = property.defaultValue.map { names.typedLiteral($0, type: property.type) }
        initDefault = defaultValue ?? (property.isOptional ? "nil" : nil)
        // A doc note, not `@available`: the `@Model` expansion uses every stored property.
        doc = names.doc(property.doc, deprecation: property.deprecation, usable: false)
        deprecation = nil
        let original = property.originalName.map { "originalName: " + SwiftNaming.stringLiteral($0) }
        if property.isTransient {
            attribute = "@Transient"
        } else if let target = property.type.relationshipTarget {
            var arguments: [String] = []
            if let rule = property.deleteRule { arguments.append("deleteRule: ." + rule.rawValue) }
            if let original { arguments.append(original) }
            if let inverse = property.inverse {
                arguments.append("inverse: \\" + names.typeName(target) + "." + SwiftNaming.identifier(inverse))
            }
            attribute = arguments.isEmpty ? nil : "@Relationship(" + arguments.joined(separator: ", ") + ")"
        } else {
            var arguments: [String] = []
            if property.isUnique { arguments.append(".unique") }
            if property.isExternalStorage { arguments.append(".externalStorage") }
            if property.isEncrypted { arguments.append(".allowsCloudEncryption") }
            if let original { arguments.append(original) }
            attribute = arguments.isEmpty ? nil : "@Attribute(" + arguments.joined(separator: ", ") + ")"
        }
    }

    var templateValue: TemplateValue {
        [
            "name": .string(name),
            "swiftName": .string(swiftName),
            "type": .string(type),
            "defaultValue": defaultValue.map(TemplateValue.string) ?? .null,
            "initDefault": initDefault.map(TemplateValue.string) ?? .null,
            "attribute": attribute.map(TemplateValue.string) ?? .null,
            "doc": doc.map(TemplateValue.string) ?? .null,
            "deprecation": deprecation?.templateValue ?? .null,
        ]
    }
}

/// A `keyvalue` declaration (`KeyValueStoreViewModel`).
public struct KeyValueStoreViewModel: Sendable {
    /// Members of every generated accessor, which a key's property may not be named.
    static let reservedMemberNames: Set<String> = ["store", "changes", "reset", "Key", "Change", "init"]

    public var name: String
    public var swiftName: String
    public var doc: String?
    public var keys: [KeyValueKeyViewModel]
    public var sourcePath: String?

    init(_ store: KeyValueStore, names: SchemaNames) {
        name = store.name
        swiftName = names.typeName(store.name)
        doc = store.doc
        sourcePath = store.spans.range?.file ?? store.spans.name?.file
        var scope = GeneratorNaming.Scope(taken: Self.reservedMemberNames)
        keys = store.keys.map { key in
            let base = scope.claim(GeneratorNaming.baseName(key.name, reserved: Self.reservedMemberNames))
            return KeyValueKeyViewModel(key, base: base, names: names)
        }
    }

    var templateValue: TemplateValue {
        [
            "name": .string(name),
            "swiftName": .string(swiftName),
            "doc": doc.map(TemplateValue.string) ?? .null,
            "keys": .array(keys.map(\.templateValue)),
            "sourceFile": .string(sourcePath.map { FileViewModel(sourcePath: $0).sourceFile } ?? ""),
        ]
    }
}

/// One key of a `keyvalue` declaration (`KeyValueKeyViewModel`).
public struct KeyValueKeyViewModel: Sendable {
    public var name: String
    /// The key in the store.
    public var key: String
    public var swiftName: String
    public var caseName: String
    public var caseNeedsRawValue: Bool
    public var wrappedType: String
    public var isOptional: Bool
    public var defaultValue: String?
    public var doc: String?
    public var deprecation: DeprecationViewModel?

    init(_ key: KeyValueKey, base: String, names: SchemaNames) {
        name = key.name
        self.key = key.key
        swiftName = SwiftNaming.identifier(base)
        caseName = swiftName
        caseNeedsRawValue = base != key.key
        wrappedType = names.swiftType(key.type)
        isOptional = key.isOptional
        defaultValue = key.defaultValue.map { names.literal($0, type: key.type) }
        doc = key.doc
        deprecation = key.deprecation.map { DeprecationViewModel(message: $0.message) }
    }

    var templateValue: TemplateValue {
        [
            "name": .string(name),
            "key": .string(key),
            "swiftName": .string(swiftName),
            "caseName": .string(caseName),
            "caseNeedsRawValue": .bool(caseNeedsRawValue),
            "type": .string(isOptional ? wrappedType + "?" : wrappedType),
            "wrappedType": .string(wrappedType),
            "isOptional": .bool(isOptional),
            "defaultValue": defaultValue.map(TemplateValue.string) ?? .null,
            "doc": doc.map(TemplateValue.string) ?? .null,
            "deprecation": deprecation?.templateValue ?? .null,
        ]
    }
}

/// The schema registry in `CloudSchema.swift` (`registry`).
struct RegistryViewModel {
    /// Members of the generated record enum, which a case may not be named.
    static let reservedMemberNames: Set<String> = [
        "recordID", "recordType", "recordTypes", "decode", "encode", "makeInMemoryRecord", "makeCKRecord",
        "value", "hash", "hashValue", "serverVersion", "markSaved", "mergeConflict",
    ]

    var templateValue: TemplateValue

    /// The record enums, one per place records live, each only when it has record types.
    /// CKSyncEngine syncs custom zones of the private database (and, through sharing, the
    /// shared database) but never the public database, and never fetches the changes of the
    /// private database's default zone: keeping the three apart means sync code can't be
    /// handed a record type it can't sync.
    static let groups: [(name: String, doc: String, includes: @Sendable (RecordViewModel) -> Bool)] = [
        ("SyncedRecord",
         """
         The record types CKSyncEngine syncs: those in custom zones of the private database (records \
         others share with the user arrive through the shared database, in the owner's zone). What a \
         sync engine's fetched records decode to and its pending saves encode from.
         """,
         { $0.zone != nil }),
        ("DefaultZoneRecord",
         """
         The record types in the private database's default zone. CKSyncEngine uploads them but other \
         devices never fetch their changes (the default zone has no change tokens): fetch them with a \
         query, or move them to a custom zone.
         """,
         { $0.zone == nil && $0.database == "private" }),
        ("PublicRecord",
         """
         The record types of the public database, which CKSyncEngine can't sync: query them \
         (`RecordQuery`) and save them with a `CKDatabase`.
         """,
         { $0.database == "public" }),
    ]

    init(schema: Schema, records: [RecordViewModel], models: [ModelViewModel], inputFiles: [String]) {
        // Record types marked `@available(*, deprecated)` stay out: naming them in the enums'
        // switches would warn.
        var cases = GeneratorNaming.Scope(taken: Self.reservedMemberNames)
        let listed = records.filter { $0.deprecation == nil }
        let entries: [TemplateValue] = listed.map { record in
            let base = GeneratorNaming.baseName(SwiftNaming.lowerCamelCase(record.swiftName), reserved: Self.reservedMemberNames)
            return [
                "caseName": .string(SwiftNaming.identifier(cases.claim(base))),
                "swiftName": .string(record.swiftName),
                "recordTypeName": .string(record.recordTypeName),
            ]
        }
        let groups: [TemplateValue] = Self.groups.compactMap { group in
            let members = zip(listed, entries).filter { group.includes($0.0) }
            guard !members.isEmpty else { return nil }
            return [
                "name": .string(group.name), "doc": .string(group.doc), "records": .array(members.map(\.1)),
                "hasCustomMerge": .bool(members.contains { $0.0.fields.contains(where: \.isCustomMerge) }),
            ]
        }
        var zoneScope = GeneratorNaming.Scope(taken: ["all"])
        let zones: [TemplateValue] = schema.zones.map { zone in
            let base = GeneratorNaming.baseName(SwiftNaming.lowerCamelCase(zone.name), reserved: ["all"])
            return [
                "name": .string(zone.name),
                "swiftName": .string(SwiftNaming.identifier(zoneScope.claim(base))),
                "doc": zone.doc.map(TemplateValue.string) ?? .null,
            ]
        }
        // The first schema file's name without its extension: "Garden" for Garden.cloudschema.
        let firstFile = inputFiles.first.map { path -> String in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        }
        templateValue = [
            "groups": .array(groups),
            "registry": "SchemaRegistry",
            "modelsType": "SchemaModels",
            "records": .array(entries),
            "zones": .array(zones),
            "container": schema.container.map { .string($0.identifier) } ?? .null,
            "configurationName": .string(firstFile ?? "CloudSchema"),
            "models": .array(models.map { .string($0.swiftName) }),
        ]
    }
}

extension SchemaNames {
    /// A default as a Swift expression that names its type where a literal alone wouldn't
    /// (`Foundation.Date.now`, `PlantStatus.growing`, `Int64(3)`), for SwiftData models.
    func typedLiteral(_ value: DefaultValue, type: FieldType) -> String {
        let element = type.listElement ?? type
        if case .list(let elements) = value {
            let swiftType = "[" + swiftType(element) + "]"
            if elements.isEmpty { return swiftType + "()" }
            return "[" + elements.map { typedLiteral($0, type: element) }.joined(separator: ", ") + "] as " + swiftType
        }
        switch (value, element) {
        case (.now, _): return "Foundation.Date.now"
        case (.newUUID, _): return "Foundation.UUID()"
        case (.enumCase, .enumeration(let name, _)): return typeName(name) + literal(value, type: element)
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
