import CloudSchemaCore

/// Compares a deployed schema with the current one on CloudKit identities: record types
/// by CloudKit name, fields by key, types by CloudKit type. Swift-only renames (a new
/// Swift name that keeps the key through `@name`) are safe; key changes are removals.
///
/// When either side was read from `.ckdb`, the comparison is limited to what `.ckdb`
/// can state: no optionality or default changes, enums, zones, placements, reference
/// targets, Swift names, deprecations or key-value stores; grants only where both sides
/// are `.ckdb` or the record type is public; and SwiftData models are compared as the
/// `CD_` record types Core Data's CloudKit mirroring creates for them. A new required
/// field is still caught, since the current side states it, and the diff lists what went
/// unchecked (`SchemaDiff.unchecked`).
public enum SchemaComparison {
    /// - Parameters:
    ///   - deployedFormat, currentFormat: the format each side was read from; nil infers
    ///     it from the record types (`.ckdb` when any record type came from `.ckdb`).
    public static func compare(
        deployed: Schema, current: Schema, deployedFormat: SourceFormat? = nil, currentFormat: SourceFormat? = nil
    ) -> SchemaDiff {
        let deployedFormat = deployedFormat ?? inferredFormat(deployed)
        let currentFormat = currentFormat ?? inferredFormat(current)
        var comparer = Comparer(
            deployed: deployed, current: current, deployedFormat: deployedFormat, currentFormat: currentFormat)
        comparer.run()
        return SchemaDiff(changes: comparer.changes, unchecked: comparer.unchecked)
    }

    static func inferredFormat(_ schema: Schema) -> SourceFormat {
        schema.recordTypes.contains { $0.format == .ckdb } ? .ckdb : .cloudschema
    }

    /// The record type Core Data's CloudKit mirroring stores a SwiftData model as
    /// (`CoreDataMirror`, the same mapping `cloudschema export` writes), keeping what the
    /// diff needs beyond it: each attribute's optionality, default and deprecation, so a
    /// new required attribute is caught against a `.ckdb` export too. Locations are the
    /// model's, so findings point at the model. Mirroring's own bookkeeping fields
    /// (`CD_entityName`, `_ckAsset` companions) are left out.
    public static func mirroredRecordType(of model: Model, in schema: Schema) -> RecordType {
        var fields: [Field] = []
        for property in model.properties where !property.isTransient {
            for var field in CoreDataMirror.fields(for: property, of: model, in: schema) where !isMirrorBookkeeping(field.key) {
                field.name = property.name
                field.isOptional = property.isOptional || property.isRelationship
                field.defaultValue = property.defaultValue
                field.deprecation = property.deprecation
                fields.append(field)
            }
        }
        return RecordType(
            name: model.name, cloudKitName: CoreDataMirror.recordTypeName(for: model), deprecation: model.deprecation,
            fields: fields, doc: model.doc, format: .cloudschema, spans: model.spans)
    }

    static let mirrorPrefix = "CD_"
    /// Fields Core Data's mirroring adds on its own.
    static func isMirrorBookkeeping(_ key: String) -> Bool {
        key == "CD_entityName" || key.hasPrefix("CD_moveReceipt") || key.hasSuffix("_ckAsset")
    }
}

/// One side's declarations by name, built once: `Schema`'s own lookups scan its arrays, which
/// made comparing every field against every record type quadratic.
private struct SchemaIndex {
    let recordTypes: [String: RecordType]
    let enums: [String: EnumType]
    let models: [String: Model]
    let zones: [String: Zone]

    init(_ schema: Schema) {
        func byName<T>(_ items: [T], _ name: (T) -> String) -> [String: T] {
            Dictionary(items.map { (name($0), $0) }, uniquingKeysWith: { first, _ in first })
        }
        recordTypes = byName(schema.recordTypes, \.name)
        enums = byName(schema.enums, \.name)
        models = byName(schema.models, \.name)
        zones = byName(schema.zones, \.name)
    }
}

private struct Comparer {
    let deployed: Schema
    let current: Schema
    let deployedIndex: SchemaIndex
    let currentIndex: SchemaIndex
    let deployedFormat: SourceFormat
    let currentFormat: SourceFormat
    var changes: [SchemaChange] = []

    init(deployed: Schema, current: Schema, deployedFormat: SourceFormat, currentFormat: SourceFormat) {
        self.deployed = deployed
        self.current = current
        self.deployedIndex = SchemaIndex(deployed)
        self.currentIndex = SchemaIndex(current)
        self.deployedFormat = deployedFormat
        self.currentFormat = currentFormat
    }

    /// Either side is `.ckdb`: compare only what `.ckdb` states.
    var lossy: Bool { deployedFormat == .ckdb || currentFormat == .ckdb }

    mutating func add(_ change: SchemaChange) { changes.append(change) }

    /// What `.ckdb` cannot state, among what either side declares.
    var unchecked: [SchemaDiff.Unchecked] {
        guard lossy else { return [] }
        let sides = [deployed, current]
        return SchemaDiff.Unchecked.allCases.filter { kind in
            switch kind {
            case .enums: sides.contains { !$0.enums.isEmpty }
            case .modelAttributes: sides.contains { !$0.models.isEmpty }
            case .keyValueStores: sides.contains { !$0.keyValueStores.isEmpty }
            case .subscriptions: sides.contains { !$0.subscriptions.isEmpty }
            default: true
            }
        }
    }

    mutating func run() {
        compareRecordTypes()
        compareRoles()
        guard !lossy else { return }
        compareEnums()
        compareZones()
        compareModels()
        compareKeyValueKeys()
        compareSubscriptions()
        compareMigrations()
    }

    // MARK: SQLiteData migrations

    /// Migrations by name: a shipped one must keep its text; a new one must not drop or rename
    /// what devices on older versions still sync. A run may hold several migrators (one per app
    /// or database) that register the same name: unchanged copies pair first, then the rest
    /// in order, so identical sides never differ.
    private mutating func compareMigrations() {
        let shipped = deployed.sqlite.migrations
        var byName: [String: [Int]] = [:]
        for i in shipped.indices { byName[shipped[i].name, default: []].append(i) }
        var paired = [Bool](repeating: false, count: shipped.count)
        func pair(_ migration: SQLMigration, sameText: Bool) -> SQLMigration? {
            let candidates = byName[migration.name] ?? []
            guard let i = candidates.first(where: { !paired[$0] && (!sameText || shipped[$0].text == migration.text) }) else { return nil }
            paired[i] = true
            return shipped[i]
        }
        let unchanged = current.sqlite.migrations.map { pair($0, sameText: true) != nil }
        for (migration, unchanged) in zip(current.sqlite.migrations, unchanged) where !unchanged {
            if let shipped = pair(migration, sameText: false) {
                add(
                    SchemaChange(
                        .migrationEdited, .migration(migration.name), rule: SQLiteDataRules.migrationEdited,
                        message:
                            "shipped migration '\(migration.name)' was edited; installed apps already ran it and never run the new text",
                        at: migration.range, deployedAt: shipped.range))
                continue
            }
            let destructive = migration.destructiveSteps.filter { current.sqlite.isSynced($0.table) }
            // As lint grades it: when nothing read names the synced tables, the table may not sync
            // (SQLiteData is used without CloudKit too), so the change is a warning.
            let syncUnknown = current.sqlite.synced == nil
            for step in destructive {
                var change = SchemaChange(
                    .migrationAdded, .migration(migration.name), rule: SQLiteDataRules.migrationDestructive.metadata,
                    message:
                        "new migration '\(migration.name)' \(step.kind.rawValue) '\(step.table)\(step.column.map { ".\($0)" } ?? "")' of a \(syncUnknown ? "table that may sync" : "synced table"); devices on older versions keep syncing the old name",
                    at: step.range ?? migration.range)
                if syncUnknown {
                    change.severity = .warning
                    change.olderVersions = Linter.syncUnknownNote
                }
                add(change)
            }
            if destructive.isEmpty {
                add(
                    SchemaChange(
                        .migrationAdded, .migration(migration.name), message: "migration '\(migration.name)' added", at: migration.range))
            }
        }
        for (migration, paired) in zip(shipped, paired) where !paired {
            add(
                SchemaChange(
                    .migrationRemoved, .migration(migration.name), rule: SQLiteDataRules.migrationEdited,
                    message:
                        "shipped migration '\(migration.name)' was removed; new installs would no longer create what installed apps have",
                    deployedAt: migration.range))
        }
    }

    // MARK: Record types

    /// The record types a side is compared as: its own, plus its models' mirrors and its synced
    /// SQLite tables as SyncEngine writes them (`SQLiteDataMirror`, the record types `export`
    /// writes) when the other side is `.ckdb`, which states both only as record types.
    private func recordTypes(of schema: Schema, format: SourceFormat) -> [RecordType] {
        guard lossy, format == .cloudschema else { return schema.recordTypes }
        let own = Set(schema.recordTypes.map(\.cloudKitName))
        return schema.recordTypes
            + (schema.models.map { SchemaComparison.mirroredRecordType(of: $0, in: schema) }
            + SQLiteDataMirror.recordTypes(for: schema.sqlite))
            .filter { !own.contains($0.cloudKitName) }
    }

    /// A type change on a synced SQLite table that may be the mirror's guess, not the app's:
    /// SyncEngine stores a value by its Swift type, which SQL does not state, so a TEXT column
    /// may hold a `Date` (TIMESTAMP) and a `DATE` one text (STRING), and the `<blob>_hash`
    /// field's type is not documented (`SQLiteDataMirror`; sync-compat-rules.md §2.2).
    private func isSQLiteDataGuess(_ old: Field, _ new: Field, in record: RecordType) -> Bool {
        guard lossy, record.placement == .zone(SQLiteDataMirror.zoneName) else { return false }
        let types: Set<CloudKitType> = [old.type.cloudKitType, new.type.cloudKitType]
        return types == [.string, .timestamp] || new.key.hasSuffix("_hash")
    }

    private func isMirror(_ record: RecordType) -> Bool {
        lossy && record.cloudKitName.hasPrefix(SchemaComparison.mirrorPrefix)
    }

    private mutating func compareRecordTypes() {
        let old = recordTypes(of: deployed, format: deployedFormat)
        let new = recordTypes(of: current, format: currentFormat)
        var newByName: [String: RecordType] = [:]
        for record in new where newByName[record.cloudKitName] == nil { newByName[record.cloudKitName] = record }
        var oldNames = Set<String>()
        for record in old {
            oldNames.insert(record.cloudKitName)
            if let now = newByName[record.cloudKitName] {
                compareRecord(record, now)
            } else if !record.isCloudKitSystemType, record.cloudKitName != CoreDataMirror.manyToManyRecordType {
                // Exports list CloudKit's own types and Core Data's CDMR; no `.cloudschema` declares them.
                recordTypeRemoved(record, currentTypes: new)
            }
        }
        for record in new where !oldNames.contains(record.cloudKitName) {
            // The same types, the other way: a development export compared with the schema.
            if record.isCloudKitSystemType || record.cloudKitName == CoreDataMirror.manyToManyRecordType { continue }
            if isMirror(record) {
                let model = modelName(record)
                add(
                    SchemaChange(
                        .modelAdded, .model(model), message: "model '\(model)' added",
                        olderVersions: Self.olderVersionsOfNewModel(record.cloudKitName), at: record.spans.name))
            } else {
                add(
                    SchemaChange(
                        .recordTypeAdded, .recordType(record.cloudKitName),
                        message: "record type '\(record.cloudKitName)' added",
                        olderVersions: "older app versions see its records as an unknown record type and skip or keep them",
                        at: record.spans.name))
            }
        }
    }

    static func olderVersionsOfNewModel(_ recordType: String) -> String {
        "older app versions have no such model and don't read its records (\(recordType))"
    }

    /// What older app versions see of a new field or model attribute: they don't know it, so
    /// records they create lack it, and newer versions read whatever an absent value reads as.
    static func olderVersionsOfNewField(mayBeAbsent: Bool, default value: DefaultValue?, model: Bool) -> String {
        let reading = model ? "sync its records without reading it" : "don't read it and keep it unchanged when they save a record"
        let absent = !mayBeAbsent ? "fail to \(model ? "import" : "decode") them" : value.map { "read the default, \($0)" } ?? "read nil"
        return "older app versions \(reading); records they create lack it, and newer versions \(absent)"
    }

    private func modelName(_ record: RecordType) -> String {
        String(record.cloudKitName.dropFirst(SchemaComparison.mirrorPrefix.count))
    }

    private mutating func recordTypeRemoved(_ record: RecordType, currentTypes: [RecordType]) {
        let deprecated = record.deprecation != nil ? "; it was already @deprecated, so keep it declared" : ""
        if isMirror(record) {
            let model = modelName(record)
            add(
                SchemaChange(
                    .modelRemoved, .model(model), rule: BreakingRules.modelNoDelete,
                    message:
                        "model '\(model)' (CloudKit record type '\(record.cloudKitName)') was removed, but CloudKit cannot delete a deployed record type\(deprecated)",
                    deployedAt: record.spans.name))
            return
        }
        // Same Swift name, new CloudKit name: an @name change.
        if record.format == .cloudschema,
            let renamed = currentTypes.first(where: { $0.name == record.name && $0.format == .cloudschema })
        {
            add(
                SchemaChange(
                    .recordTypeRemoved, .recordType(record.cloudKitName), rule: BreakingRules.recordTypeNoDelete,
                    message:
                        "record type '\(record.name)' is now stored as CloudKit record type '\(renamed.cloudKitName)', so the deployed record type '\(record.cloudKitName)' is gone; CloudKit cannot rename a record type",
                    fix: "Keep the deployed CloudKit name: @name(\"\(record.cloudKitName)\") on '\(renamed.name)'.",
                    at: renamed.spans.attributes["name"] ?? renamed.spans.name, deployedAt: record.spans.name,
                    before: record.cloudKitName, after: renamed.cloudKitName))
            return
        }
        add(
            SchemaChange(
                .recordTypeRemoved, .recordType(record.cloudKitName), rule: BreakingRules.recordTypeNoDelete,
                message:
                    "record type '\(record.cloudKitName)' was removed, but CloudKit cannot delete a deployed record type\(deprecated)",
                deployedAt: record.spans.name))
    }

    private mutating func compareRecord(_ old: RecordType, _ new: RecordType) {
        let mirror = isMirror(old) || isMirror(new)
        let name = new.cloudKitName
        let subject: SchemaChange.Subject = mirror ? .model(modelName(new)) : .recordType(name)
        if !lossy {
            if old.placement != new.placement {
                add(
                    SchemaChange(
                        .recordTypeDatabaseChanged, subject, rule: BreakingRules.recordDatabaseChanged,
                        message:
                            "record type '\(name)' moved from \(describe(old.placement)) to \(describe(new.placement)); records stay where they were saved",
                        at: new.placementSpan ?? new.spans.name, deployedAt: old.placementSpan ?? old.spans.name,
                        before: describe(old.placement), after: describe(new.placement)))
            }
            if old.name != new.name {
                add(
                    SchemaChange(
                        .recordTypeRenamedInSwift, subject,
                        message: "record type '\(name)' renamed in Swift from '\(old.name)' to '\(new.name)' (CloudKit name kept)",
                        at: new.spans.name, deployedAt: old.spans.name, before: old.name, after: new.name))
            }
            if old.isShareable != new.isShareable {
                add(
                    SchemaChange(
                        .recordTypeShareableChanged, subject,
                        message: "record type '\(name)' \(new.isShareable ? "is now" : "is no longer") @shareable",
                        at: new.spans.attribute("shareable"), deployedAt: old.spans.name))
            }
        }
        if !lossy, old.deprecation == nil, new.deprecation != nil {
            add(
                SchemaChange(
                    mirror ? .modelDeprecated : .recordTypeDeprecated, subject,
                    message: "\(mirror ? "model" : "record type") '\(mirror ? modelName(new) : name)' deprecated (kept in the schema)",
                    at: new.spans.attribute("deprecated")))
        }
        compareFields(old, new, mirror: mirror)
        if !mirror { compareGrants(old, new) }
    }

    private func describe(_ placement: RecordType.Placement) -> String {
        switch placement {
        case .privateDefaultZone: "the private database's default zone"
        case .zone(let zone): "zone '\(zone)'"
        case .publicDatabase: "the public database"
        }
    }

    // MARK: Fields

    private func comparedFields(_ record: RecordType, mirror: Bool) -> [Field] {
        record.fields.filter { !(mirror && SchemaComparison.isMirrorBookkeeping($0.key)) }
    }

    private mutating func compareFields(_ old: RecordType, _ new: RecordType, mirror: Bool) {
        let oldFields = comparedFields(old, mirror: mirror)
        let newFields = comparedFields(new, mirror: mirror)
        var newByKey: [String: Field] = [:]
        for field in newFields where newByKey[field.key] == nil { newByKey[field.key] = field }
        var oldKeys = Set<String>()
        var removed: [Field] = []
        for field in oldFields {
            oldKeys.insert(field.key)
            if let now = newByKey[field.key] {
                compareField(field, now, in: new, mirror: mirror)
            } else if field.isCloudKitSystemField {
                // Every record has it; only its index can go (a dropped `@queryable` on the record type).
                if !mirror { compareIndexes(field, Field(name: field.name, key: field.key, type: field.type), in: new) }
            } else {
                removed.append(field)
                fieldRemoved(field, from: old, in: new, mirror: mirror)
            }
        }
        var added: [Field] = []
        for field in newFields where !oldKeys.contains(field.key) {
            if field.isCloudKitSystemField {
                // Every record has it; only its index is new (`___recordID QUERYABLE` for queries over all records).
                if !mirror { compareIndexes(Field(name: field.name, key: field.key, type: field.type), field, in: new) }
                continue
            }
            added.append(field)
            fieldAdded(field, to: new, mirror: mirror)
        }
        suspectRenames(removed: removed, added: added, in: new, mirror: mirror)
    }

    private func attributeName(_ record: RecordType, _ field: Field) -> String {
        String(field.key.dropFirst(field.key.hasPrefix(SchemaComparison.mirrorPrefix) ? SchemaComparison.mirrorPrefix.count : 0))
    }

    private func fieldSubject(_ record: RecordType, _ field: Field, mirror: Bool) -> SchemaChange.Subject {
        mirror
            ? .modelAttribute(model: modelName(record), attribute: attributeName(record, field))
            : .field(recordType: record.cloudKitName, key: field.key)
    }

    /// How a field's type is shown: the `.cloudschema` spelling when both sides have it, else CloudKit's.
    private func typeText(_ field: Field) -> String {
        let base = lossy ? field.type.cloudKitType.description : field.type.description + (field.isOptional ? "?" : "")
        return field.isEncrypted && lossy ? "ENCRYPTED \(base)" : base
    }

    /// `name: Type?`, as the field would be written back.
    private func declaration(_ field: Field) -> String {
        "\(field.name): \(field.type)\(field.isOptional ? "?" : "")"
    }

    private mutating func fieldRemoved(_ field: Field, from old: RecordType, in new: RecordType, mirror: Bool) {
        let subject = fieldSubject(new, field, mirror: mirror)
        let deprecated = field.deprecation != nil ? "; it was already @deprecated, so keep it declared" : ""
        if mirror {
            add(
                SchemaChange(
                    .modelAttributeRemoved, subject, rule: BreakingRules.modelAttributeNoDelete,
                    message:
                        "attribute '\(attributeName(new, field))' of model '\(modelName(new))' was removed, but its CloudKit field '\(field.key)' cannot be deleted\(deprecated)",
                    at: new.spans.name, deployedAt: field.spans.name, before: typeText(field)))
        } else {
            add(
                SchemaChange(
                    .fieldRemoved, subject, rule: BreakingRules.fieldNoDelete,
                    message:
                        "field '\(field.key)' of record type '\(new.cloudKitName)' was removed, but CloudKit cannot delete a deployed field\(deprecated)",
                    fix:
                        "Keep `\(declaration(field))\(field.key != field.name ? " @name(\"\(field.key)\")" : "")` in '\(new.name)', marked @deprecated(\"why\") if it is no longer used; if you renamed it, put @name(\"\(field.key)\") on the new property instead.",
                    at: new.spans.name, deployedAt: field.spans.name, before: typeText(field)))
        }
    }

    private mutating func fieldAdded(_ field: Field, to record: RecordType, mirror: Bool) {
        let subject = fieldSubject(record, field, mirror: mirror)
        let what = mirror ? "attribute '\(attributeName(record, field))'" : "field '\(field.key)'"
        if record.format == .cloudschema, !field.mayBeAbsent, !field.isSystem {
            let typeRange = field.spans.type ?? field.spans.name
            add(
                SchemaChange(
                    mirror ? .modelAttributeAdded : .fieldAdded, subject, rule: BreakingRules.fieldNewRequired,
                    message:
                        "new \(what) of type \(typeText(field)) is required and has no default, but records saved by older app versions lack it",
                    fix: "Make it optional (`\(field.name): \(field.type)?`) or give it a default (`\(field.name): \(field.type) = ...`).",
                    olderVersions: Self.olderVersionsOfNewField(mayBeAbsent: false, default: nil, model: mirror),
                    at: typeRange, after: typeText(field),
                    fixIts: typeRange.map { [.insert("?", at: $0.endOnly, "make '\(field.name)' optional")] } ?? []))
        } else {
            add(
                SchemaChange(
                    mirror ? .modelAttributeAdded : .fieldAdded, subject,
                    message:
                        "\(what) (\(typeText(field))) added to \(mirror ? "model '\(modelName(record))'" : "record type '\(record.cloudKitName)'")",
                    olderVersions: Self.olderVersionsOfNewField(mayBeAbsent: field.mayBeAbsent, default: field.defaultValue, model: mirror),
                    at: field.spans.name, after: typeText(field)))
        }
    }

    /// Pairs each removed field with an added one of the same CloudKit type (and
    /// encryption): first those whose indexes also match, then any.
    private mutating func suspectRenames(removed: [Field], added: [Field], in record: RecordType, mirror: Bool) {
        var candidates = added
        var pairs: [(old: Field, new: Field)] = []
        var unpaired: [Field] = []
        for strict in [true, false] {
            for old in strict ? removed : unpaired {
                guard
                    let index = candidates.firstIndex(where: {
                        $0.type.cloudKitType == old.type.cloudKitType && $0.isEncrypted == old.isEncrypted
                            && (!strict || $0.indexes == old.indexes)
                    })
                else {
                    if strict { unpaired.append(old) }
                    continue
                }
                pairs.append((old, candidates.remove(at: index)))
            }
        }
        for (old, new) in pairs {
            var fixIts: [Diagnostic.FixIt] = []
            if !mirror, record.format == .cloudschema, new.spans.attributes["name"] == nil,
                let end = new.spans.defaultValue ?? new.spans.type
            {
                fixIts.append(.insert(" @name(\"\(old.key)\")", at: end.endOnly, "keep the CloudKit key '\(old.key)'"))
            }
            add(
                SchemaChange(
                    .fieldRenameSuspected, .field(recordType: record.cloudKitName, key: new.key),
                    rule: BreakingRules.fieldRenameSuspected,
                    message:
                        "field '\(new.key)' of record type '\(record.cloudKitName)' looks like a rename of the removed field '\(old.key)' (both \(old.type.cloudKitType)); CloudKit would store it as a new field",
                    fix: mirror
                        ? "Keep the model property named '\(old.key.dropFirst(SchemaComparison.mirrorPrefix.count))': Core Data mirrors each attribute to CD_<property name>, and CloudKit cannot rename a field."
                        : "Keep the old CloudKit key: `\(new.name): \(new.type)\(new.isOptional ? "?" : "") @name(\"\(old.key)\")`.",
                    at: new.spans.name, deployedAt: old.spans.name, before: old.key, after: new.key, fixIts: fixIts))
        }
    }

    /// "Int64 to Double (INT64 to DOUBLE in CloudKit)", or CloudKit's spelling alone when `.ckdb` is involved.
    private func typeChange(_ old: Field, _ new: Field) -> String {
        let cloudKit = "\(old.type.cloudKitType) to \(new.type.cloudKitType)"
        return lossy ? cloudKit : "\(old.type) to \(new.type) (\(cloudKit) in CloudKit)"
    }

    private enum TypeComparison { case same, preferenceAssigned, preferenceChanged, different }

    private func compareTypes(_ old: CloudKitType, _ new: CloudKitType) -> TypeComparison {
        switch (old, new) {
        case _ where old == new: return .same
        case (.number(let a), .number(let b)): return a == nil ? .preferenceAssigned : (b == a ? .same : .preferenceChanged)
        case (.list(let a), .list(let b)): return compareTypes(a, b)
        default: return .different
        }
    }

    private mutating func compareField(_ old: Field, _ new: Field, in record: RecordType, mirror: Bool) {
        let subject = fieldSubject(record, new, mirror: mirror)
        let label =
            mirror
            ? "attribute '\(attributeName(record, new))' of model '\(modelName(record))'" : "field '\(record.cloudKitName).\(new.key)'"
        let typeRange = new.spans.type ?? new.spans.name
        switch compareTypes(old.type.cloudKitType, new.type.cloudKitType) {
        case .same:
            if !lossy {
                compareReferenceTargets(old, new, subject: subject, label: label, at: typeRange)
                compareStoredValues(old, new, subject: subject, label: label, at: typeRange)
            }
        case .preferenceAssigned:
            add(
                SchemaChange(
                    .fieldNumberPreferenceChanged, subject, message: "\(label) now has a preferred NUMBER type",
                    at: typeRange, deployedAt: old.spans.type, before: old.type.cloudKitType.description,
                    after: new.type.cloudKitType.description))
        case .preferenceChanged:
            add(
                SchemaChange(
                    .fieldNumberPreferenceChanged, subject, rule: BreakingRules.numberPreferredChanged,
                    message:
                        "\(label) changed from \(old.type.cloudKitType) to \(new.type.cloudKitType); a NUMBER's preferred type cannot change once assigned",
                    at: typeRange, deployedAt: old.spans.type, before: old.type.cloudKitType.description,
                    after: new.type.cloudKitType.description))
        case .different:
            let guess = isSQLiteDataGuess(old, new, in: record)
            var change = SchemaChange(
                mirror ? .modelAttributeTypeChanged : .fieldTypeChanged, subject,
                rule: mirror ? BreakingRules.modelAttributeSameType : BreakingRules.fieldSameType,
                message: guess
                    ? "\(label) is \(old.type.cloudKitType) in the deployed schema, and its SQL type suggests \(new.type.cloudKitType); SyncEngine stores the column's Swift type (a Date as TIMESTAMP), which SQL does not state, so the two may be one"
                    : "\(label) changed type from \(typeChange(old, new)); a deployed field keeps its CloudKit type forever",
                fix: guess
                    ? "Nothing to do if the column's Swift type is stored as \(old.type.cloudKitType); otherwise keep the column and add a new one."
                    : "Keep `\(declaration(old))`; add a new field of type \(new.type) (marking '\(old.name)' @deprecated) and copy values across in app code.",
                at: typeRange, deployedAt: old.spans.type ?? old.spans.name,
                before: old.type.cloudKitType.description, after: new.type.cloudKitType.description)
            // Unsure, so a warning: the deployed type is the server's, the mirror's is inferred.
            if guess, change.severity == .error { change.severity = .warning }
            add(change)
        }
        if old.isEncrypted != new.isEncrypted {
            add(
                SchemaChange(
                    mirror ? .modelAttributeEncryptionChanged : .fieldEncryptionChanged, subject,
                    rule: BreakingRules.fieldNoEncryptionChange,
                    message:
                        "\(label) is \(new.isEncrypted ? "now encrypted" : "no longer encrypted"); CloudKit cannot change a deployed field's encryption",
                    fix:
                        "\(new.isEncrypted ? "Remove @encrypted from" : "Restore @encrypted on") '\(new.name)'; for \(new.isEncrypted ? "encrypted" : "unencrypted") values, add a new field and mark '\(new.name)' @deprecated.",
                    at: new.isEncrypted ? new.spans.attribute("encrypted") : new.spans.name,
                    deployedAt: old.isEncrypted ? old.spans.attribute("encrypted") : old.spans.name,
                    before: old.isEncrypted ? "encrypted" : "not encrypted", after: new.isEncrypted ? "encrypted" : "not encrypted"))
        }
        if !lossy, old.deprecation == nil, new.deprecation != nil {
            add(
                SchemaChange(
                    mirror ? .modelAttributeDeprecated : .fieldDeprecated, subject,
                    message: "\(label) deprecated (kept in the schema)", at: new.spans.attribute("deprecated")))
        }
        if !lossy {
            if old.name != new.name {
                add(
                    SchemaChange(
                        .fieldRenamedInSwift, subject,
                        message: "\(label) renamed in Swift from '\(old.name)' to '\(new.name)' (CloudKit key kept)",
                        at: new.spans.name, deployedAt: old.spans.name, before: old.name, after: new.name))
            }
            compareOptionality(old, new, subject: subject, label: label, record: record)
        }
        if !mirror { compareIndexes(old, new, in: record) }
    }

    // MARK: Values within one CloudKit type

    /// Which of its CloudKit type's values a Swift type reads back as stored (as
    /// CloudSchemaRuntime's `CloudFieldValue` decodes them).
    private enum StoredValues: Equatable {
        case all, bool, uuid, url
        case rawValues(Set<EnumType.RawValue>)
    }

    private func storedValues(_ type: FieldType, in schema: SchemaIndex) -> StoredValues {
        switch type {
        case .bool: .bool
        case .uuid: .uuid
        case .url: .url
        case .enumeration(let name, _): .rawValues(Set(schema.enums[name]?.cases.map(\.rawValue) ?? []))
        case .list(let element): storedValues(element, in: schema)
        default: .all
        }
    }

    /// How a field of type `new` misreads values a field of type `old` stored, or nil when it reads them all.
    private func misread(_ old: StoredValues, as new: StoredValues) -> String? {
        func unmatched(_ stored: Set<EnumType.RawValue>, _ cases: Set<EnumType.RawValue>) -> String? {
            let lost = stored.subtracting(cases).map(\.description).sorted()
            guard !lost.isEmpty else { return nil }
            return
                "stored value\(lost.count == 1 ? "" : "s") \(lost.joined(separator: ", ")) match\(lost.count == 1 ? "es" : "") none of its cases"
        }
        let bools: Set<EnumType.RawValue> = [.int64(0), .int64(1)]
        switch (old, new) {
        case (_, .all), (.uuid, .url): return nil  // a UUID string is also a (relative) URL
        case _ where old == new: return nil
        case (.bool, .rawValues(let cases)): return unmatched(bools, cases)
        case (.rawValues(let stored), .rawValues(let cases)): return unmatched(stored, cases)
        case (.rawValues(let stored), .bool) where stored.isSubset(of: bools): return nil
        case (_, .bool): return "a Bool reads every number but 0 as true and writes it back as 1"
        case (_, .uuid): return "stored strings that are not UUIDs fail to decode"
        // URL(string:) percent-encodes invalid characters for apps linked on iOS 17 and later.
        case (_, .url): return "stored strings that are not valid URLs fail to decode or read back percent-encoded"
        case (_, .rawValues): return "stored values other than its raw values match none of its cases"
        }
    }

    /// A Swift type change within one CloudKit type: breaking when the new type misreads stored
    /// values (FIELD_TYPE_NARROWED); safe the other way, though older app versions then misread
    /// what newer ones write.
    private mutating func compareStoredValues(
        _ old: Field, _ new: Field, subject: SchemaChange.Subject, label: String, at range: SourceRange?
    ) {
        // One enum on both sides: its cases are compared on the enum.
        if case .enumeration(let a, _) = old.type.listElement ?? old.type,
            case .enumeration(let b, _) = new.type.listElement ?? new.type, a == b
        {
            return
        }
        let before = storedValues(old.type, in: deployedIndex)
        let after = storedValues(new.type, in: currentIndex)
        guard before != after else { return }
        let change = "\(label) changed type from \(old.type) to \(new.type) (both \(new.type.cloudKitType) in CloudKit)"
        if let problem = misread(before, as: after) {
            add(
                SchemaChange(
                    .fieldTypeChanged, subject, rule: BreakingRules.fieldTypeNarrowed, message: "\(change), but \(problem)",
                    fix:
                        "Keep `\(declaration(old))`; add a new field of type \(new.type) (marking '\(old.name)' @deprecated) and copy the values that convert in app code.",
                    at: range, deployedAt: old.spans.type ?? old.spans.name, before: old.type.description,
                    after: new.type.description))
        } else {
            add(
                SchemaChange(
                    .fieldTypeChanged, subject, message: change,
                    olderVersions: misread(after, as: before).map { "older app versions still read it as \(old.type), and \($0)" },
                    at: range, deployedAt: old.spans.type ?? old.spans.name, before: old.type.description,
                    after: new.type.description))
        }
    }

    private mutating func compareReferenceTargets(
        _ old: Field, _ new: Field, subject: SchemaChange.Subject, label: String, at range: SourceRange?
    ) {
        func target(_ type: FieldType, in schema: SchemaIndex) -> String?? {
            let reference = type.listElement ?? type
            guard case .reference(let target) = reference else { return .none }
            return .some(target.map { schema.recordTypes[$0]?.cloudKitName ?? $0 })
        }
        guard case .some(let before) = target(old.type, in: deployedIndex), case .some(let after) = target(new.type, in: currentIndex),
            let after, before != after
        else { return }
        add(
            SchemaChange(
                .referenceTargetChanged, subject, rule: BreakingRules.referenceTargetChanged,
                message:
                    "\(label) now references '\(after)' instead of \(before.map { "'\($0)'" } ?? "any record type"); stored references still point at the old records",
                at: range, deployedAt: old.spans.type, before: before ?? "Reference", after: after))
    }

    private mutating func compareOptionality(
        _ old: Field, _ new: Field, subject: SchemaChange.Subject, label: String, record: RecordType
    ) {
        let typeRange = new.spans.type ?? new.spans.name
        if old.mayBeAbsent, !new.mayBeAbsent {
            add(
                SchemaChange(
                    .fieldMadeRequired, subject, rule: BreakingRules.fieldNewRequired,
                    message:
                        "\(label) is now required and has no default, but records saved without it (by older app versions) fail to decode",
                    fix: "Keep it optional (`\(new.name): \(new.type)?`) or give it a default (`\(new.name): \(new.type) = ...`).",
                    at: typeRange, deployedAt: old.spans.type, before: typeText(old), after: typeText(new),
                    fixIts: typeRange.map { [.insert("?", at: $0.endOnly, "keep '\(new.name)' optional")] } ?? []))
        } else if !old.isOptional, new.isOptional {
            add(
                SchemaChange(
                    .fieldMadeOptional, subject, message: "\(label) is now optional",
                    olderVersions: old.defaultValue.map { "older app versions read the default, \($0), where newer versions save no value" }
                        ?? "older app versions still expect a value: records newer versions save without one fail to decode there",
                    at: typeRange, before: typeText(old), after: typeText(new)))
        }
        if old.defaultValue != new.defaultValue, new.mayBeAbsent, old.type.cloudKitType == new.type.cloudKitType {
            add(
                SchemaChange(
                    .fieldDefaultChanged, subject,
                    message:
                        "\(label) default \(new.defaultValue.map { "is now \($0)" } ?? "removed")\(old.defaultValue.map { " (was \($0))" } ?? "")",
                    at: new.spans.defaultValue ?? new.spans.name, before: old.defaultValue?.description,
                    after: new.defaultValue?.description))
        }
    }

    private mutating func compareIndexes(_ old: Field, _ new: Field, in record: RecordType) {
        // SyncEngine declares no indexes (its values are encrypted, so none can be indexed:
        // sync-compat-rules.md §2.2); an index production has on a synced table's record type was
        // added in the Console, and the SQL can neither drop nor need one. As for Core Data's mirror.
        if lossy, record.placement == .zone(SQLiteDataMirror.zoneName) { return }
        let subject = fieldSubject(record, new, mirror: false)
        let label = "field '\(record.cloudKitName).\(new.key)'"
        let removed = old.indexes.subtracting(new.indexes)
        let added = new.indexes.subtracting(old.indexes)
        for name in removed.names {
            add(
                SchemaChange(
                    .indexRemoved, subject, rule: BreakingRules.indexNoDelete,
                    message:
                        "\(label) lost its \(name.uppercased()) index; shipped app versions that query on it will fail",
                    fix:
                        "Keep @\(name) on \(new.key == SystemFields.recordID ? "the record type" : "'\(new.name)'") while any shipped version may query on it.",
                    at: new.spans.name ?? record.spans.name, deployedAt: old.spans.attribute(name), before: name.uppercased()))
        }
        for name in added.names {
            add(
                SchemaChange(
                    .indexAdded, subject,
                    message:
                        "\(label) gained a \(name.uppercased()) index\(new.key == "___recordID" ? " (queries that list all its records need it)" : "")",
                    at: new.spans.attribute(name), after: name.uppercased()))
        }
    }

    // MARK: Grants and roles

    private mutating func compareGrants(_ old: RecordType, _ new: RecordType) {
        // Grants matter only in the public database; `.ckdb` states no database, and
        // exports carry default grants on every record type (a type without grants gets them).
        let sides = [old, new]
        let matters =
            sides.allSatisfy { $0.format == .ckdb }
            || sides.contains { $0.format == .cloudschema && $0.placement.isPublic }
        guard matters else { return }
        func permissions(_ record: RecordType) -> [Grant.Grantee: (Grant.Permissions, SourceRange?)] {
            var result: [Grant.Grantee: (Grant.Permissions, SourceRange?)] = [:]
            for grant in CKDB.deployedGrants(of: record) {
                let existing = result[grant.grantee]
                result[grant.grantee] = (grant.permissions.union(existing?.0 ?? []), existing?.1 ?? grant.spans.range)
            }
            return result
        }
        let before = permissions(old)
        let after = permissions(new)
        let grantees = Set(before.keys).union(after.keys).sorted()
        for grantee in grantees {
            let had = before[grantee]?.0 ?? []
            let has = after[grantee]?.0 ?? []
            let lost = had.subtracting(has)
            let gained = has.subtracting(had)
            let subject = SchemaChange.Subject.recordType(new.cloudKitName)
            if !lost.isEmpty {
                add(
                    SchemaChange(
                        .grantRemoved, subject, rule: BreakingRules.grantNoDelete,
                        message:
                            "record type '\(new.cloudKitName)' no longer grants \(lost.names.joined(separator: ", ")) to \(grantee.schemaName)",
                        at: after[grantee]?.1 ?? new.spans.name, deployedAt: before[grantee]?.1,
                        before: had.names.joined(separator: ", "), after: has.names.joined(separator: ", ")))
            }
            if !gained.isEmpty {
                add(
                    SchemaChange(
                        .grantAdded, subject,
                        message:
                            "record type '\(new.cloudKitName)' now grants \(gained.names.joined(separator: ", ")) to \(grantee.schemaName)",
                        at: after[grantee]?.1 ?? new.spans.name, before: had.names.joined(separator: ", "),
                        after: has.names.joined(separator: ", ")))
            }
        }
    }

    private mutating func compareRoles() {
        let old = Dictionary(deployed.roles.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let new = Dictionary(current.roles.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for role in deployed.roles where new[role.name] == nil {
            add(SchemaChange(.roleRemoved, .role(role.name), message: "role '\(role.name)' removed", deployedAt: role.spans.name))
        }
        for role in current.roles where old[role.name] == nil {
            add(SchemaChange(.roleAdded, .role(role.name), message: "role '\(role.name)' added", at: role.spans.name))
        }
    }

    // MARK: Enums

    private mutating func compareEnums() {
        for old in deployed.enums {
            guard let new = currentIndex.enums[old.name] else {
                add(
                    SchemaChange(
                        .enumRemoved, .enumType(old.name),
                        message: "enum '\(old.name)' removed (fields that used it are compared by their stored type)",
                        deployedAt: old.spans.name))
                continue
            }
            if old.rawType != new.rawType {
                add(
                    SchemaChange(
                        .enumRawTypeChanged, .enumType(new.name), rule: BreakingRules.fieldSameType,
                        message:
                            "enum '\(new.name)' changed its raw type from \(old.rawType.rawValue) to \(new.rawType.rawValue); fields of this type change CloudKit type from \(old.storage) to \(new.storage)",
                        at: new.spans.type ?? new.spans.name, deployedAt: old.spans.type ?? old.spans.name,
                        before: old.rawType.rawValue, after: new.rawType.rawValue))
                continue
            }
            compareCases(old, new)
        }
        for new in current.enums where deployedIndex.enums[new.name] == nil {
            add(SchemaChange(.enumAdded, .enumType(new.name), message: "enum '\(new.name)' added", at: new.spans.name))
        }
    }

    private func rawText(_ value: EnumType.RawValue) -> String {
        switch value {
        case .string(let s): s
        case .int64(let i): String(i)
        }
    }

    private mutating func compareCases(_ old: EnumType, _ new: EnumType) {
        var newByRaw: [EnumType.RawValue: EnumType.Case] = [:]
        var newByName: [String: EnumType.Case] = [:]
        for item in new.cases {
            newByRaw[item.rawValue] = item
            newByName[item.name] = item
        }
        let oldRaws = Set(old.cases.map(\.rawValue))
        var reported = Set<EnumType.RawValue>()
        for item in old.cases {
            let subject = SchemaChange.Subject.enumCase(enumType: new.name, rawValue: rawText(item.rawValue))
            if let kept = newByRaw[item.rawValue] {
                if kept.name != item.name {
                    add(
                        SchemaChange(
                            .enumCaseRenamed, subject,
                            message:
                                "case '\(item.name)' of enum '\(new.name)' renamed to '\(kept.name)' (raw value \(item.rawValue) kept)",
                            at: kept.spans.name, deployedAt: item.spans.name, before: item.name, after: kept.name))
                }
            } else if let changed = newByName[item.name], !oldRaws.contains(changed.rawValue) {
                reported.insert(changed.rawValue)
                add(
                    SchemaChange(
                        .enumCaseRawValueChanged, subject, rule: BreakingRules.enumCaseSameValue,
                        message:
                            "case '\(item.name)' of enum '\(new.name)' changed its raw value from \(item.rawValue) to \(changed.rawValue); stored records hold \(item.rawValue)",
                        fix: "Keep the deployed raw value: `\(item.name) = \(item.rawValue)`.",
                        at: changed.spans.defaultValue ?? changed.spans.name,
                        deployedAt: item.spans.defaultValue ?? item.spans.name, before: item.rawValue.description,
                        after: changed.rawValue.description))
            } else {
                add(
                    SchemaChange(
                        .enumCaseRemoved, subject, rule: BreakingRules.enumCaseNoDelete,
                        message:
                            "case '\(item.name)' (raw value \(item.rawValue)) of enum '\(new.name)' was removed, but stored records may still hold \(item.rawValue)",
                        fix:
                            "Keep the case `\(item.name)\(old.rawType == .int64 || item.rawValue != .string(item.name) ? " = \(item.rawValue)" : "")`; add new cases instead of replacing old ones.",
                        at: new.spans.name, deployedAt: item.spans.name, before: item.rawValue.description))
            }
        }
        for item in new.cases where !oldRaws.contains(item.rawValue) && !reported.contains(item.rawValue) {
            add(
                SchemaChange(
                    .enumCaseAdded, .enumCase(enumType: new.name, rawValue: rawText(item.rawValue)),
                    message: "case '\(item.name)' (raw value \(item.rawValue)) added to enum '\(new.name)'",
                    olderVersions: "older app versions decode \(item.rawValue) as an unknown case and write it back unchanged",
                    at: item.spans.name, after: item.rawValue.description))
        }
    }

    // MARK: Zones

    private mutating func compareZones() {
        for old in deployed.zones {
            if let new = currentIndex.zones[old.name] {
                if old.isShareable != new.isShareable {
                    add(
                        SchemaChange(
                            .zoneShareableChanged, .zone(new.name),
                            message: "zone '\(new.name)' \(new.isShareable ? "is now" : "is no longer") @shareable",
                            at: new.spans.attribute("shareable")))
                }
            } else {
                add(SchemaChange(.zoneRemoved, .zone(old.name), message: "zone '\(old.name)' removed", deployedAt: old.spans.name))
            }
        }
        for new in current.zones where deployedIndex.zones[new.name] == nil {
            add(SchemaChange(.zoneAdded, .zone(new.name), message: "zone '\(new.name)' added", at: new.spans.name))
        }
    }

    // MARK: Models

    /// A model property's stored type, as Core Data sees it: Int and Int64 are one type,
    /// an enum is a Codable value, a relationship is its target and cardinality.
    private func storedType(_ type: FieldType) -> String {
        switch type {
        case .int, .int64: "Int64"
        // Any Codable type, enums included (SwiftData encodes a model's enum: CoreDataMirror): CloudKit
        // holds the encoded bytes and never sees the Swift type's name, so renaming `Region` is no
        // change to it, and `Int` to an `Int` enum is INT64 to BYTES; whether old apps still decode
        // the value is the Codable type's own compatibility, which the schema cannot see.
        case .codable, .enumeration: "Codable"
        case .list(let element): "[\(storedType(element))]"
        default: type.description
        }
    }

    private mutating func compareModels() {
        for old in deployed.models {
            guard let new = currentIndex.models[old.name] else {
                let deprecated = old.deprecation != nil ? "; it was already @deprecated, so keep it declared" : ""
                add(
                    SchemaChange(
                        .modelRemoved, .model(old.name), rule: BreakingRules.modelNoDelete,
                        message:
                            "model '\(old.name)' was removed, but its CloudKit record type 'CD_\(old.name)' cannot be deleted\(deprecated)",
                        deployedAt: old.spans.name))
                continue
            }
            if old.deprecation == nil, new.deprecation != nil {
                add(
                    SchemaChange(
                        .modelDeprecated, .model(new.name), message: "model '\(new.name)' deprecated (kept in the schema)",
                        at: new.spans.attribute("deprecated")))
            }
            compareProperties(old, new)
        }
        for new in current.models where deployedIndex.models[new.name] == nil {
            add(
                SchemaChange(
                    .modelAdded, .model(new.name), message: "model '\(new.name)' added",
                    olderVersions: Self.olderVersionsOfNewModel(CoreDataMirror.recordTypeName(for: new)), at: new.spans.name))
        }
    }

    private mutating func compareProperties(_ old: Model, _ new: Model) {
        let stored = { (model: Model) in model.properties.filter { !$0.isTransient } }
        var newByName: [String: ModelProperty] = [:]
        for property in stored(new) { newByName[property.name] = property }
        var oldNames = Set<String>()
        for property in stored(old) {
            oldNames.insert(property.name)
            let subject = SchemaChange.Subject.modelAttribute(model: new.name, attribute: property.name)
            let label = "attribute '\(property.name)' of model '\(new.name)'"
            guard let now = newByName[property.name] else {
                var message = "\(label) was removed, but its CloudKit field 'CD_\(property.name)' cannot be deleted"
                if let renamed = stored(new).first(where: { $0.originalName == property.name }) {
                    message +=
                        "; @name(\"\(property.name)\") on '\(renamed.name)' renames the local column only, CloudKit mirroring writes 'CD_\(renamed.name)'"
                } else if property.deprecation != nil {
                    message += "; it was already @deprecated, so keep it declared"
                }
                add(
                    SchemaChange(
                        .modelAttributeRemoved, subject, rule: BreakingRules.modelAttributeNoDelete, message: message,
                        at: new.spans.name, deployedAt: property.spans.name, before: storedType(property.type)))
                continue
            }
            let typeRange = now.spans.type ?? now.spans.name
            if storedType(property.type) != storedType(now.type) {
                add(
                    SchemaChange(
                        .modelAttributeTypeChanged, subject, rule: BreakingRules.modelAttributeSameType,
                        message: "\(label) changed type from \(property.type) to \(now.type)", at: typeRange,
                        deployedAt: property.spans.type, before: storedType(property.type), after: storedType(now.type)))
            }
            if property.isEncrypted != now.isEncrypted {
                add(
                    SchemaChange(
                        .modelAttributeEncryptionChanged, subject, rule: BreakingRules.fieldNoEncryptionChange,
                        message:
                            "\(label) is \(now.isEncrypted ? "now encrypted" : "no longer encrypted"); an attribute's encryption cannot change once deployed",
                        at: now.isEncrypted ? now.spans.attribute("encrypted") : now.spans.name,
                        deployedAt: property.spans.name))
            }
            let mayBeAbsent = { (p: ModelProperty) in p.isOptional || p.hasDefault }
            if mayBeAbsent(property), !mayBeAbsent(now) {
                add(
                    SchemaChange(
                        .modelAttributeMadeRequired, subject, rule: BreakingRules.fieldNewRequired,
                        message: "\(label) is now required and has no default; records synced without it fail to import",
                        at: typeRange, deployedAt: property.spans.type,
                        fixIts: typeRange.map { [.insert("?", at: $0.endOnly, "keep '\(now.name)' optional")] } ?? []))
            }
            if property.deprecation == nil, now.deprecation != nil {
                add(
                    SchemaChange(
                        .modelAttributeDeprecated, subject, message: "\(label) deprecated (kept in the schema)",
                        at: now.spans.attribute("deprecated")))
            }
        }
        for property in stored(new) where !oldNames.contains(property.name) {
            let subject = SchemaChange.Subject.modelAttribute(model: new.name, attribute: property.name)
            if !property.isOptional, property.defaultValue == nil {
                let typeRange = property.spans.type ?? property.spans.name
                add(
                    SchemaChange(
                        .modelAttributeAdded, subject, rule: BreakingRules.fieldNewRequired,
                        message:
                            "new attribute '\(property.name)' of model '\(new.name)' is required and has no default, but records synced by older app versions lack it",
                        olderVersions: Self.olderVersionsOfNewField(mayBeAbsent: false, default: nil, model: true),
                        at: typeRange, after: storedType(property.type),
                        fixIts: typeRange.map { [.insert("?", at: $0.endOnly, "make '\(property.name)' optional")] } ?? []))
            } else {
                add(
                    SchemaChange(
                        .modelAttributeAdded, subject,
                        message:
                            "attribute '\(property.name)' (\(property.type)\(property.isOptional ? "?" : "")) added to model '\(new.name)'",
                        olderVersions: Self.olderVersionsOfNewField(
                            mayBeAbsent: true, default: property.defaultValue, model: true),
                        at: property.spans.name, after: storedType(property.type)))
            }
        }
        // One attribute removed and one added with the same stored type: probably a rename,
        // which CloudKit stores as a new field (CD_old stays, CD_new starts empty).
        let removed = stored(old).filter { newByName[$0.name] == nil }
        let added = stored(new).filter { !oldNames.contains($0.name) }
        for gone in removed {
            let candidates = added.filter { storedType($0.type) == storedType(gone.type) }
            // (With originalName pointing at the removed one, the removal's message already says what happens.)
            guard candidates.count == 1, let renamed = candidates.first, renamed.originalName != gone.name,
                removed.filter({ storedType($0.type) == storedType(renamed.type) }).count == 1
            else { continue }
            add(
                SchemaChange(
                    .fieldRenameSuspected, .modelAttribute(model: new.name, attribute: renamed.name),
                    rule: BreakingRules.fieldRenameSuspected,
                    message:
                        "attribute '\(renamed.name)' of model '\(new.name)' looks like a rename of the removed '\(gone.name)' (both \(storedType(gone.type))); Core Data would mirror it to a new field 'CD_\(renamed.name)' and leave 'CD_\(gone.name)' behind",
                    fix: "Keep the property named '\(gone.name)': CloudKit cannot rename a field.",
                    at: renamed.spans.name, deployedAt: gone.spans.name, before: "CD_\(gone.name)", after: "CD_\(renamed.name)"))
        }
    }

    // MARK: Key-value store

    private func keyValueType(_ type: FieldType) -> String {
        switch type {
        case .int, .int64: "Int64"
        case .enumeration(_, let raw): raw.rawValue
        case .list(let element): "[\(keyValueType(element))]"
        default: type.description
        }
    }

    private mutating func compareKeyValueKeys() {
        func index(_ schema: Schema) -> [String: (store: KeyValueStore, key: KeyValueKey)] {
            var result: [String: (KeyValueStore, KeyValueKey)] = [:]
            for store in schema.keyValueStores {
                for key in store.keys where result[key.key] == nil { result[key.key] = (store, key) }
            }
            return result
        }
        let old = index(deployed)
        let new = index(current)
        for store in deployed.keyValueStores {
            for key in store.keys where old[key.key]?.key == key {
                guard let (newStore, now) = new[key.key] else {
                    add(
                        SchemaChange(
                            .keyValueKeyRemoved, .keyValueKey(store: store.name, key: key.key),
                            message: "key-value key '\(key.key)' removed (shipped app versions still read and write it)",
                            at: current.keyValueStores.first { $0.name == store.name }?.spans.name,
                            deployedAt: key.spans.name))
                    continue
                }
                if keyValueType(key.type) != keyValueType(now.type) {
                    add(
                        SchemaChange(
                            .keyValueKeyTypeChanged, .keyValueKey(store: newStore.name, key: now.key),
                            rule: BreakingRules.keyValueKeySameType,
                            message:
                                "key-value key '\(now.key)' changed type from \(key.type) to \(now.type); stored values and shipped app versions use \(key.type)",
                            at: now.spans.type ?? now.spans.name, deployedAt: key.spans.type,
                            before: keyValueType(key.type), after: keyValueType(now.type)))
                }
            }
        }
        for store in current.keyValueStores {
            for key in store.keys where old[key.key] == nil && new[key.key]?.key == key {
                add(
                    SchemaChange(
                        .keyValueKeyAdded, .keyValueKey(store: store.name, key: key.key),
                        message: "key-value key '\(key.key)' (\(key.type)\(key.isOptional ? "?" : "")) added",
                        olderVersions:
                            "older app versions neither read nor write it; until a newer version sets it, newer versions read \(key.defaultValue.map { "the default, \($0)" } ?? "nil")",
                        at: key.spans.name, after: keyValueType(key.type)))
            }
        }
    }

    // MARK: Subscriptions

    /// By subscription ID: saved per user at run time, so a removed or changed one lingers on
    /// devices (warnings); `.ckdb` states none, so they are compared only between `.cloudschema`s.
    private mutating func compareSubscriptions() {
        var old: [String: Subscription] = [:]
        for subscription in deployed.subscriptions where old[subscription.id] == nil { old[subscription.id] = subscription }
        var new: [String: Subscription] = [:]
        for subscription in current.subscriptions where new[subscription.id] == nil { new[subscription.id] = subscription }
        for subscription in deployed.subscriptions where old[subscription.id] == subscription {
            guard let now = new[subscription.id] else {
                add(
                    SchemaChange(
                        .subscriptionRemoved, .subscription(subscription.id), rule: BreakingRules.subscriptionRemoved,
                        message: "subscription '\(subscription.id)' is no longer declared; users who saved it keep it on the server",
                        deployedAt: subscription.spans.name))
                continue
            }
            // What the server holds: not the Swift name or the doc comment.
            var before = subscription
            var after = now
            (before.name, before.doc, after.name, after.doc) = ("", nil, "", nil)
            if after != before {
                add(
                    SchemaChange(
                        .subscriptionChanged, .subscription(subscription.id), rule: BreakingRules.subscriptionChanged,
                        message:
                            "subscription '\(subscription.id)' changed but kept its ID; users who saved the old one keep it until the app resaves it",
                        at: now.spans.name, deployedAt: subscription.spans.name))
            }
        }
        for subscription in current.subscriptions where old[subscription.id] == nil && new[subscription.id] == subscription {
            add(
                SchemaChange(
                    .subscriptionAdded, .subscription(subscription.id),
                    message: "subscription '\(subscription.id)' added",
                    olderVersions: "older app versions don't save it; a device gets it once a newer version runs saveMissingSubscriptions",
                    at: subscription.spans.name))
        }
    }
}
