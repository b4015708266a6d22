/// A record type as templates see it; built once per run and read by member number.
public final class RecordViewModel: TemplateObject {
    public let name: String
    public let swiftName: String
    public let recordTypeName: String
    public let doc: String?
    public let deprecation: DeprecationViewModel?
    public let isShareable: Bool
    public let database: String
    public let zone: String?
    public let fields: [FieldViewModel]
    public let sourcePath: String?
    /// The lists templates read, made once.
    let fieldValues: TemplateValue
    private let queryFieldValues: TemplateValue
    private let customMergeFieldValues: TemplateValue

    /// Borrowed: an initializer's arguments are otherwise copied in, and `names` is several
    /// dictionaries and a field several strings, each retained and released again per field.
    init(_ record: borrowing RecordType, names: borrowing SchemaNames) {
        name = record.name
        let swiftName = names.typeName(record.name)
        self.swiftName = swiftName
        recordTypeName = record.cloudKitName
        doc = names.doc(record.doc, deprecation: record.deprecation, usable: names.canDeprecate(record.name))
        deprecation = names.canDeprecate(record.name) ? record.deprecation.map { DeprecationViewModel(message: $0.message) } : nil
        isShareable = record.isShareable
        switch record.placement {
        case .publicDatabase: (database, zone) = ("public", nil)
        case .privateDefaultZone: (database, zone) = ("private", nil)
        case .zone(let name): (database, zone) = ("private", name)
        }
        sourcePath = Self.sourcePath(of: record)

        var scope = GeneratorNaming.Scope(taken: GeneratorNaming.reservedMemberNames, capacity: record.fields.count)
        // Fields are read where they are stored: a copy of a field retains everything in it.
        let generated = record.fields.indices.filter { !record.fields[$0].isSystem }
        let swiftNames = generated.map { scope.claimBaseName(of: record.fields[$0].name) }
        var fields: [FieldViewModel] = []
        fields.reserveCapacity(generated.count)
        for (index, base) in zip(generated, swiftNames) {
            // A deprecated field's storage is `_name`, unique among the record's names.
            let storage = record.fields[index].deprecation == nil ? base : scope.claim("_" + base)
            let parameter = GeneratorNaming.isShadowingParameterName(base) ? scope.claim(base + "_") : base
            fields.append(
                FieldViewModel(
                    record.fields[index], base: base, storage: storage, parameter: parameter, record: swiftName,
                    recordTypeName: record.name, names: names))
        }
        self.fields = fields
        fieldValues = .array(fields.map(\.templateValue))
        queryFieldValues = .array(fields.filter { $0.queryFieldType != nil }.map(\.templateValue))
        customMergeFieldValues = .array(fields.filter(\.isCustomMerge).map(\.templateValue))
    }

    var templateValue: TemplateValue { .object(self) }

    /// The schema file `record` was read from (it goes into that file's output).
    static func sourcePath(of record: RecordType) -> String? { record.spans.range?.file ?? record.spans.name?.file }

    public static let templateMembers = TemplateMembers<RecordViewModel>([
        "name": .string { $0.name },
        "swiftName": .string { $0.swiftName },
        "recordTypeName": .string { $0.recordTypeName },
        "doc": .optionalString { $0.doc },
        "deprecation": .value { $0.deprecation?.templateValue ?? .null },
        "isShareable": .bool { $0.isShareable },
        "database": .string { $0.database },
        "zone": .optionalString { $0.zone },
        "fields": .value { $0.fieldValues },
        "fieldCount": .int { $0.fields.count },
        "parentField": .value { $0.fields.first(where: \.isParent)?.templateValue ?? .null },
        "sourceFile": .string { $0.sourcePath.map { FileViewModel(sourcePath: $0).sourceFile } ?? "" },
        "queryFields": .value { $0.queryFieldValues },
        "hasTextSearch": .bool { $0.fields.contains { $0.isSearchable && !$0.isEncrypted } },
        "customMergeFields": .value { $0.customMergeFieldValues },
        "hasDefaults": .bool { $0.fields.contains { $0.defaultValue != nil } },
        // `init(record:)`: `try` before the memberwise init where a field's decoder throws, and
        // a check after it where one remembers its failure instead.
        "decodeThrows": .bool { $0.fields.contains(where: \.decodeThrows) },
        "decodeRemembers": .bool { $0.fields.contains { !$0.decodeThrows } },
    ])
}
