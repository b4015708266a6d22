import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Random schemas, random sequences of safe edits, single breaking edits. Seeded and
/// deterministic: a failure names its seed, and the same seed fails the same way.
@Suite("Diff properties")
struct DiffPropertyTests {
    @Test func aSchemaHasNoChangesAgainstItself() {
        for seed in 0..<200 as Range<UInt64> {
            var random = SplitMix64(seed: seed)
            let schema = RandomSchema.make(&random)
            #expect(SchemaComparison.compare(deployed: schema, current: schema).changes.isEmpty, "seed \(seed)")
        }
    }

    @Test func safeEditsNeverYieldABreakingVerdict() {
        for seed in 0..<300 as Range<UInt64> {
            var random = SplitMix64(seed: seed)
            let deployed = RandomSchema.make(&random)
            var current = deployed
            var applied: [SafeEdit] = []
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let edit = SafeEdit.allCases.randomElement(using: &random)!
                if edit.apply(to: &current, &random) { applied.append(edit) }
            }
            let diff = SchemaComparison.compare(deployed: deployed, current: current)
            #expect(
                diff.verdict == .safe || diff.verdict == .unchanged,
                "seed \(seed), edits \(applied): \(diff.changes.filter(\.isFlagged).map(\.message))")
        }
    }

    @Test(arguments: BreakingEdit.allCases)
    func eachBreakingEditIsReported(_ edit: BreakingEdit) {
        var applied = 0
        for seed in 0..<60 as Range<UInt64> {
            var random = SplitMix64(seed: seed &* 7919 &+ UInt64(BreakingEdit.allCases.firstIndex(of: edit)!))
            let deployed = RandomSchema.make(&random)
            var current = deployed
            // Some safe edits first, so the breaking one is not alone in the diff.
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                _ = SafeEdit.allCases.randomElement(using: &random)!.apply(to: &current, &random)
            }
            guard edit.apply(to: &current, deployed: deployed, &random) else { continue }
            applied += 1
            let diff = SchemaComparison.compare(deployed: deployed, current: current)
            let ids = diff.changes.compactMap(\.rule?.id)
            #expect(ids.contains(edit.rule.id), "seed \(seed): \(edit) gave \(ids)")
            if edit.rule.defaultSeverity == .error {
                #expect(diff.verdict == .breaking, "seed \(seed): \(edit)")
            } else {
                #expect(diff.verdict != .safe && diff.verdict != .unchanged, "seed \(seed): \(edit)")
            }
        }
        // The generator gives every edit something to break in most schemas.
        #expect(applied >= 20, "\(edit) applied to only \(applied) of 60 schemas")
    }
}

/// Sebastiano Vigna's SplitMix64: tiny, fast, and the same sequence on every platform.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum RandomSchema {
    static let scalarTypes: [FieldType] = [.string, .int64, .int, .double, .bool, .date, .data, .uuid, .url, .location]

    static func make(_ random: inout SplitMix64) -> Schema {
        var schema = Schema()
        schema.zones = (0..<Int.random(in: 1...2, using: &random)).map { Zone(name: "Zone\($0)") }
        schema.roles = Bool.random(using: &random) ? [Role(name: "Editor")] : []
        schema.enums = (0..<Int.random(in: 1...2, using: &random)).map { i in
            let isString = Bool.random(using: &random)
            let cases = (0..<Int.random(in: 2...4, using: &random)).map { c in
                EnumType.Case(name: "case\(c)", rawValue: isString ? .string("raw\(c)") : .int64(Int64(c)))
            }
            return EnumType(name: "Enum\(i)", rawType: isString ? .string : .int64, cases: cases)
        }
        let recordCount = Int.random(in: 1...4, using: &random)
        for r in 0..<recordCount {
            let placement: RecordType.Placement = [.privateDefaultZone, .zone("Zone0"), .publicDatabase].randomElement(using: &random)!
            var record = RecordType(
                name: "Record\(r)", cloudKitName: Bool.random(using: &random) ? "CK_Record\(r)" : nil, placement: placement)
            for f in 0..<Int.random(in: 1...5, using: &random) {
                record.fields.append(
                    field(named: "field\(f)", schema: schema, recordCount: recordCount, isPublic: placement.isPublic, &random))
            }
            if placement.isPublic { record.grants = [Grant(permissions: .read, grantee: .world)] }
            schema.recordTypes.append(record)
        }
        schema.models = (0..<Int.random(in: 1...2, using: &random)).map { m in
            Model(
                name: "Model\(m)",
                properties: (0..<Int.random(in: 1...4, using: &random)).map { p in
                    ModelProperty(name: "property\(p)", type: scalarTypes.randomElement(using: &random)!, isOptional: true)
                })
        }
        schema.keyValueStores = [
            KeyValueStore(
                name: "Settings",
                keys: (0..<Int.random(in: 1...3, using: &random)).map {
                    KeyValueKey(name: "key\($0)", type: [.string, .bool, .double].randomElement(using: &random)!, defaultValue: nil)
                })
        ]
        return schema
    }

    static func field(
        named name: String, schema: Schema, recordCount: Int, isPublic: Bool, optional: Bool? = nil, _ random: inout SplitMix64
    ) -> Field {
        var type: FieldType
        switch Int.random(in: 0..<10, using: &random) {
        case 0: type = .reference(target: "Record\(Int.random(in: 0..<recordCount, using: &random))")
        case 1: type = .list(.string)
        case 2:
            let e = schema.enums.randomElement(using: &random)!
            type = .enumeration(e.name, rawType: e.rawType)
        case 3: type = .asset
        default: type = scalarTypes.randomElement(using: &random)!
        }
        var field = Field(name: name, key: Bool.random(using: &random) ? name : "ck_\(name)", type: type)
        field.isOptional = optional ?? Bool.random(using: &random)
        if !field.isOptional, type == .string { field.defaultValue = .string("") }
        if [.string, .int64, .date].contains(type) {
            field.indexes = [[], .queryable, [.queryable, .sortable]].randomElement(using: &random)!
        }
        if !isPublic, [.string, .double, .data].contains(type), Int.random(in: 0..<4, using: &random) == 0 {
            field.isEncrypted = true
            field.indexes = []
        }
        return field
    }
}

/// Edits production accepts and shipped apps survive.
enum SafeEdit: CaseIterable {
    case addRecordType, addOptionalField, addDefaultedField, addIndex, addEnumCase, deprecateField
    case deprecateRecordType, renameFieldInSwift, renameRecordTypeInSwift, makeFieldOptional, addGrant
    case addZone, addRole, addModel, addModelProperty, addKeyValueKey, renameEnumCaseKeepingRawValue, widenFieldType

    func apply(to schema: inout Schema, _ random: inout SplitMix64) -> Bool {
        let n = Int.random(in: 100..<1_000_000, using: &random)
        switch self {
        case .addRecordType:
            // Required fields are fine in a new record type: no records of it exist yet.
            let fields = (0..<3).map { Field(name: "f\($0)", type: RandomSchema.scalarTypes.randomElement(using: &random)!) }
            schema.recordTypes.append(RecordType(name: "New\(n)", fields: fields))
        case .addOptionalField, .addDefaultedField:
            guard let r = schema.recordTypes.indices.randomElement(using: &random) else { return false }
            var field = Field(name: "added\(n)", type: self == .addOptionalField ? .double : .int64)
            if self == .addOptionalField { field.isOptional = true } else { field.defaultValue = .int(0) }
            schema.recordTypes[r].fields.append(field)
        case .addIndex:
            guard let (r, f) = randomField(schema, &random, where: { $0.type == .string && !$0.isEncrypted }) else { return false }
            schema.recordTypes[r].fields[f].indexes.insert(.searchable)
        case .addEnumCase:
            guard let e = schema.enums.indices.randomElement(using: &random) else { return false }
            let raw: EnumType.RawValue = schema.enums[e].rawType == .string ? .string("new\(n)") : .int64(Int64(n))
            schema.enums[e].cases.append(.init(name: "new\(n)", rawValue: raw))
        case .deprecateField:
            guard let (r, f) = randomField(schema, &random) else { return false }
            schema.recordTypes[r].fields[f].deprecation = Deprecation(message: "old")
        case .deprecateRecordType:
            guard let r = schema.recordTypes.indices.randomElement(using: &random) else { return false }
            schema.recordTypes[r].deprecation = Deprecation()
        case .renameFieldInSwift:
            guard let (r, f) = randomField(schema, &random) else { return false }
            schema.recordTypes[r].fields[f].name = "renamed\(n)"  // the key stays
        case .renameRecordTypeInSwift:
            guard let r = schema.recordTypes.indices.randomElement(using: &random) else { return false }
            let old = schema.recordTypes[r].name
            schema.recordTypes[r].name = "Renamed\(n)"  // the CloudKit name stays
            for i in schema.recordTypes.indices {
                for j in schema.recordTypes[i].fields.indices where schema.recordTypes[i].fields[j].type == .reference(target: old) {
                    schema.recordTypes[i].fields[j].type = .reference(target: "Renamed\(n)")
                }
            }
        case .makeFieldOptional:
            guard let (r, f) = randomField(schema, &random) else { return false }
            schema.recordTypes[r].fields[f].isOptional = true
        case .addGrant:
            guard let r = schema.recordTypes.indices.filter({ schema.recordTypes[$0].placement.isPublic }).randomElement(using: &random)
            else { return false }
            schema.recordTypes[r].grants.append(Grant(permissions: .create, grantee: .icloud))
        case .addZone:
            schema.zones.append(Zone(name: "Zone\(n)"))
        case .addRole:
            schema.roles.append(Role(name: "Role\(n)"))
        case .addModel:
            schema.models.append(
                Model(name: "NewModel\(n)", properties: [ModelProperty(name: "title", type: .string, defaultValue: .string(""))]))
        case .addModelProperty:
            guard let m = schema.models.indices.randomElement(using: &random) else { return false }
            schema.models[m].properties.append(ModelProperty(name: "added\(n)", type: .date, isOptional: true))
        case .addKeyValueKey:
            guard !schema.keyValueStores.isEmpty else { return false }
            schema.keyValueStores[0].keys.append(KeyValueKey(name: "added\(n)", type: .bool, defaultValue: .bool(false)))
        case .renameEnumCaseKeepingRawValue:
            guard let e = schema.enums.indices.randomElement(using: &random), !schema.enums[e].cases.isEmpty else { return false }
            schema.enums[e].cases[0].name = "renamed\(n)"
        case .widenFieldType:
            guard let (r, f) = randomField(schema, &random, where: { [.bool, .uuid, .url].contains($0.type) }) else { return false }
            schema.recordTypes[r].fields[f].type = schema.recordTypes[r].fields[f].type == .bool ? .int64 : .string
        }
        return true
    }
}

/// Edits that break production or shipped apps, each with the rule that must catch it.
enum BreakingEdit: CaseIterable, Sendable {
    case removeRecordType, removeField, changeFieldKey, changeFieldType, toggleEncryption, addRequiredField
    case makeFieldRequired, removeIndex, removeEnumCase, changeEnumRawValue, changeReferenceTarget
    case movePlacement, removeModel, removeModelAttribute, changeModelAttributeType, changeKeyValueType, narrowFieldType

    var rule: DiagnosticRule {
        switch self {
        case .removeRecordType: BreakingRules.recordTypeNoDelete
        case .removeField, .changeFieldKey: BreakingRules.fieldNoDelete
        case .changeFieldType: BreakingRules.fieldSameType
        case .toggleEncryption: BreakingRules.fieldNoEncryptionChange
        case .addRequiredField, .makeFieldRequired: BreakingRules.fieldNewRequired
        case .removeIndex: BreakingRules.indexNoDelete
        case .removeEnumCase: BreakingRules.enumCaseNoDelete
        case .changeEnumRawValue: BreakingRules.enumCaseSameValue
        case .changeReferenceTarget: BreakingRules.referenceTargetChanged
        case .movePlacement: BreakingRules.recordDatabaseChanged
        case .removeModel: BreakingRules.modelNoDelete
        case .removeModelAttribute: BreakingRules.modelAttributeNoDelete
        case .changeModelAttributeType: BreakingRules.modelAttributeSameType
        case .changeKeyValueType: BreakingRules.keyValueKeySameType
        case .narrowFieldType: BreakingRules.fieldTypeNarrowed
        }
    }

    /// Applies the edit to an element `deployed` has (a field the safe edits added was never deployed).
    func apply(to schema: inout Schema, deployed: Schema, _ random: inout SplitMix64) -> Bool {
        func randomField(_ schema: Schema, _ random: inout SplitMix64, where filter: (Field) -> Bool = { _ in true }) -> (Int, Int)? {
            CloudSchemaCoreTests.randomField(schema, &random, deployed: deployed, where: filter)
        }
        /// A record type that was deployed (not one the safe edits added).
        func randomRecord(_ random: inout SplitMix64) -> Int? {
            let names = Set(deployed.recordTypes.map(\.cloudKitName))
            return schema.recordTypes.indices.filter { names.contains(schema.recordTypes[$0].cloudKitName) }.randomElement(using: &random)
        }
        switch self {
        case .removeRecordType:
            guard let r = randomRecord(&random) else { return false }
            schema.recordTypes.remove(at: r)
        case .removeField:
            guard let (r, f) = randomField(schema, &random) else { return false }
            schema.recordTypes[r].fields.remove(at: f)
        case .changeFieldKey:
            guard let (r, f) = randomField(schema, &random) else { return false }
            schema.recordTypes[r].fields[f].key += "2"
        case .changeFieldType:
            guard let (r, f) = randomField(schema, &random) else { return false }
            let old = schema.recordTypes[r].fields[f].type.cloudKitType
            schema.recordTypes[r].fields[f].type = old == .double ? .string : .double
        case .toggleEncryption:
            guard let (r, f) = randomField(schema, &random) else { return false }
            schema.recordTypes[r].fields[f].isEncrypted.toggle()
        case .addRequiredField:
            guard let r = randomRecord(&random) else { return false }
            schema.recordTypes[r].fields.append(Field(name: "required\(r)", type: .date))
        case .makeFieldRequired:
            guard let (r, f) = randomField(schema, &random, where: { $0.isOptional && $0.defaultValue == nil }) else { return false }
            schema.recordTypes[r].fields[f].isOptional = false
        case .removeIndex:
            guard let (r, f) = randomField(schema, &random, where: { !$0.indexes.isEmpty }) else { return false }
            schema.recordTypes[r].fields[f].indexes = []
        case .removeEnumCase:
            guard let e = schema.enums.indices.randomElement(using: &random),
                let deployedCases = deployed.enumType(named: schema.enums[e].name)?.cases,
                let c = schema.enums[e].cases.firstIndex(where: { item in deployedCases.contains { $0.rawValue == item.rawValue } })
            else { return false }
            schema.enums[e].cases.remove(at: c)
        case .changeEnumRawValue:
            guard let e = schema.enums.indices.randomElement(using: &random),
                let deployedCases = deployed.enumType(named: schema.enums[e].name)?.cases,
                let c = schema.enums[e].cases.firstIndex(where: { item in deployedCases.contains { $0 == item } })
            else { return false }
            schema.enums[e].cases[c].rawValue = schema.enums[e].rawType == .string ? .string("changed") : .int64(-99)
        case .changeReferenceTarget:
            guard let (r, f) = randomField(schema, &random, where: { $0.type.isReference }) else { return false }
            let others = schema.recordTypes.filter { .reference(target: $0.name) != schema.recordTypes[r].fields[f].type }
            guard let target = others.randomElement(using: &random) else { return false }
            schema.recordTypes[r].fields[f].type = .reference(target: target.name)
        case .movePlacement:
            guard let r = randomRecord(&random) else { return false }
            schema.recordTypes[r].placement = schema.recordTypes[r].placement == .zone("Zone1") ? .privateDefaultZone : .zone("Zone1")
        case .removeModel:
            guard !schema.models.isEmpty else { return false }
            schema.models.removeFirst()
        case .removeModelAttribute:
            guard let m = schema.models.indices.first, !schema.models[m].properties.isEmpty else { return false }
            schema.models[m].properties.removeFirst()
        case .changeModelAttributeType:
            guard let m = schema.models.indices.first, !schema.models[m].properties.isEmpty else { return false }
            let old = schema.models[m].properties[0].type
            schema.models[m].properties[0].type = old == .string ? .double : .string
        case .changeKeyValueType:
            guard !schema.keyValueStores.isEmpty, !schema.keyValueStores[0].keys.isEmpty else { return false }
            let old = schema.keyValueStores[0].keys[0].type
            schema.keyValueStores[0].keys[0].type = old == .string ? .double : .string
        case .narrowFieldType:
            guard let (r, f) = randomField(schema, &random, where: { $0.type == .string || $0.type == .int64 }) else { return false }
            schema.recordTypes[r].fields[f].type = schema.recordTypes[r].fields[f].type == .string ? .uuid : .bool
        }
        return true
    }
}

/// A random (record type, field) index pair among fields that pass `filter`.
func randomField(
    _ schema: Schema, _ random: inout SplitMix64, deployed: Schema? = nil, where filter: (Field) -> Bool = { _ in true }
) -> (Int, Int)? {
    var candidates: [(Int, Int)] = []
    for (r, record) in schema.recordTypes.enumerated() {
        let before = deployed?.recordTypes.first { $0.cloudKitName == record.cloudKitName }
        if deployed != nil && before == nil { continue }
        for (f, field) in record.fields.enumerated() where filter(field) {
            // The field must have been deployed, and deployed in a state the filter accepts.
            if let before, !(before.field(key: field.key).map(filter) ?? false) { continue }
            candidates.append((r, f))
        }
    }
    return candidates.randomElement(using: &random)
}
