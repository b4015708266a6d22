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
    static let groups: [(name: String, doc: String, includes: @Sendable (RecordType.Placement) -> Bool)] = [
        (
            "SyncedRecord",
            """
            The record types CKSyncEngine syncs: those in custom zones of the private database
            (records others share with the user arrive through the shared database, in the owner's
            zone). What a sync engine's fetched records decode to and its pending saves encode from.
            """,
            {
                if case .zone = $0 { true } else { false }
            }
        ),
        (
            "DefaultZoneRecord",
            """
            The record types in the private database's default zone. CKSyncEngine uploads them but
            other devices never fetch their changes (the default zone has no change tokens): fetch
            them with a query, or move them to a custom zone.
            """,
            { $0 == .privateDefaultZone }
        ),
        (
            "PublicRecord",
            """
            The record types of the public database, which CKSyncEngine can't sync: query them
            (`RecordQuery`) and save them with a `CKDatabase`.
            """,
            { $0 == .publicDatabase }
        ),
    ]

    /// Reads the record types from `schema` itself (their names from `names`), not from their
    /// view models, which the generator makes only while a template reads them.
    init(schema: Schema, names: SchemaNames, models: [ModelViewModel], inputFiles: [String], subscriptions: [TemplateValue]) {
        // Record types marked `@available(*, deprecated)` stay out: naming them in the enums'
        // switches would warn. Listed by position: copies of the record types were as large as
        // the schema's own array, and this registry is alive for all of generation.
        var cases = GeneratorNaming.Scope(taken: Self.reservedMemberNames)
        let records = schema.recordTypes
        let listed = records.indices.filter { records[$0].deprecation == nil || !names.canDeprecate(records[$0].name) }
        // Record types and fields are read where they are stored: a copy retains everything in it.
        let entries: [TemplateValue] = listed.map { i in
            let swiftName = names.typeName(records[i].name)
            let base = GeneratorNaming.baseName(SwiftNaming.lowerCamelCase(swiftName), reserved: Self.reservedMemberNames)
            return [
                "caseName": .string(SwiftNaming.identifier(cases.claim(base))),
                "swiftName": .string(swiftName),
                "recordTypeName": .string(records[i].cloudKitName),
            ]
        }
        func hasCustomMerge(_ i: Int) -> Bool {
            records[i].fields.indices.contains { records[i].fields[$0].merge == .custom && !records[i].fields[$0].isSystem }
        }
        let groups: [TemplateValue] = Self.groups.compactMap { group in
            let members = zip(listed, entries).filter { group.includes(records[$0.0].placement) }
            guard !members.isEmpty else { return nil }
            return [
                "name": .string(group.name), "doc": .string(group.doc), "records": .array(members.map(\.1)),
                "hasCustomMerge": .bool(members.contains { hasCustomMerge($0.0) }),
            ]
        }
        var zoneScope = GeneratorNaming.Scope(taken: ["all"])
        // A share type (CKShare.SystemFieldKey.shareType, a UTI-style string): the container
        // without "iCloud.", then the record type or zone.
        let sharePrefix =
            schema.container.map { $0.identifier.hasPrefix("iCloud.") ? String($0.identifier.dropFirst(7)) + "." : $0.identifier + "." }
            ?? ""
        var shareableZones: [TemplateValue] = []
        let zones: [TemplateValue] = schema.zones.map { zone in
            let base = GeneratorNaming.baseName(SwiftNaming.lowerCamelCase(zone.name), reserved: ["all"])
            let value: TemplateValue = [
                "name": .string(zone.name),
                "swiftName": .string(SwiftNaming.identifier(zoneScope.claim(base))),
                "doc": zone.doc.map(TemplateValue.string) ?? .null,
                "shareType": .string(sharePrefix + zone.name),
            ]
            if zone.isShareable { shareableZones.append(value) }
            return value
        }
        let shareableRecords: [TemplateValue] = listed.filter { records[$0].isShareable }.map { i in
            let record = records[i]
            return ["swiftName": .string(names.typeName(record.name)), "shareType": .string(sharePrefix + record.cloudKitName)]
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
            "subscriptions": .array(subscriptions),
            "shareableRecords": .array(shareableRecords),
            "shareableZones": .array(shareableZones),
        ]
    }
}
