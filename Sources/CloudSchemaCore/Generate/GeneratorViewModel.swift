/// What the templates see: the schema with every Swift decision made (names renamed and
/// escaped, types spelled, defaults as Swift literals), but no output text.
///
/// `Generator` builds one `GeneratorViewModel` per run and hands each output file's
/// `templateContext` to a template (`File.swift.template` per schema file,
/// `Schema.swift.template` for `CloudSchema.swift`). Every name in here is final: templates
/// print `swiftName`s as they are, and pass schema text (docs, keys, messages) through
/// the `docComment` and `swiftStringLiteral` filters.
///
/// ## Template variables
///
/// Every template gets:
///
/// | variable | |
/// |---|---|
/// | `sourceFile` | the header's source: a file name (`Garden.cloudschema`), or the list of them for `CloudSchema.swift` |
/// | `fileName` | the output file, `Garden.cloudschema.swift` |
/// | `access`, `accessPrefix` | `public`/`package`/`internal`, and `"public "`/`"package "`/`""` to put before declarations |
/// | `runtimeVersion` | `CloudSchemaRuntimeVersion_N` generated code checks for |
/// | `records`, `enums` | this file's declarations (`CloudSchema.swift`: none) |
/// | `models`, `keyValueStores` | this file's SwiftData models and `keyvalue` declarations (`CloudSchema.swift`: none) |
/// | `isEmpty` | nothing to declare in this file (it still gets its header) |
/// | `schema` | the whole schema: `schema.records`, `schema.enums`, `schema.models`, `schema.keyValueStores`, `schema.sourceFiles` (registry, cross-file code) |
/// | `registry` | `CloudSchema.swift` only: the schema registry (below) |
///
/// A record (`RecordViewModel`): `name` (schema), `swiftName`, `recordTypeName` (CloudKit),
/// `doc`, `deprecation` (null or `{message}`), `isShareable`, `database` (`private`/`public`),
/// `zone` (or null), `fields`, `fieldCount`, `parentField` (or null), `sourceFile`.
///
/// A field (`FieldViewModel`): `name`, `key`, `swiftName` (declaration and `self.` access),
/// `argumentLabel` (call sites), `parameterName` (the memberwise init's, when it isn't
/// `swiftName`: `self self_: Bool`), `storageName` (the stored property: `_name` for a deprecated
/// field, which is a deprecated computed property over it), `caseName` and `caseNeedsRawValue`
/// (its `Field` case), `type` (with `?` when optional), `wrappedType`, `isOptional`, `isList`,
/// `defaultValue` (a Swift expression, or null), `initDefault` (the memberwise init's default:
/// `defaultValue`, `nil` for optionals, or null), `isEncrypted`, `isParent`, `referenceAction`
/// (`none`/`deleteSelf`), `isTypedReference` (`Reference<T>` or a list of them), `encodedValue`
/// (the property as `encode(to:)` writes it: `self.bed.with(action: .deleteSelf)`),
/// `referenceTarget`, `cloudKitType` (`STRING`, `LIST<REFERENCE>`), `indexes`
/// (`queryable`, `sortable`, `searchable`), `merge`, `doc`, `deprecation`.
///
/// A model (`ModelViewModel`): `name`, `swiftName`, `doc` (with a deprecation note: models and
/// their properties are never `@available(deprecated)`), `deprecation` (always null), `uniqueConstraints`
/// (`#Unique` arguments: `[\.a, \.b]` each), `properties`, `sourceFile`. A property: `name`,
/// `swiftName`, `type` (with `?`), `defaultValue` (a Swift expression naming its type:
/// `Foundation.Date.now`, `PlantStatus.growing`), `initDefault`, `attribute` (the whole
/// `@Attribute(...)`/`@Relationship(deleteRule:inverse:)`/`@Transient`, or null), `doc`, `deprecation`.
///
/// A key-value store (`KeyValueStoreViewModel`): `name`, `swiftName`, `doc`, `keys`, `sourceFile`.
/// A key: `name`, `key` (in the store), `swiftName`, `caseName`, `caseNeedsRawValue` (its `Key`
/// case), `type`, `wrappedType`, `isOptional`, `defaultValue` (a Swift expression or null), `doc`,
/// `deprecation`.
///
/// The registry (`registry`): `registry`, `modelsType` (the generated type names), `groups` (the
/// record enums by where records live, each present only with members: `SyncedRecord` for custom
/// zones, `DefaultZoneRecord` for the private default zone, `PublicRecord`; each has `name`, `doc`,
/// `records` and `hasCustomMerge`), `records` (every record type: `caseName`, `swiftName`, `recordTypeName`;
/// record types marked deprecated are left out), `zones` (`name`, `swiftName`, `doc`),
/// `container` (or null), `configurationName` (the first schema file's base name), `models`
/// (Swift names of every model).
///
/// Queries and merges (a field): `isQueryable`, `isSortable`, `isSearchable` (its indexes);
/// `queryFieldType`, the Swift type of its handle in the record's `QueryFields`
/// (`QueryField<Bed, String, QueryableSortableIndex>`, `QueryListField<…>`,
/// `QueryLocationField<…>`), or null when no query operator applies (no QUERYABLE or SORTABLE
/// index, encrypted, an asset, a list or location without QUERYABLE); `queryOperators`, the
/// predicate operators and sorts its handle offers, for docs (`==`, `!=`, `IN`, `BEGINSWITH`,
/// `CONTAINS`, `distanceToLocation:fromLocation:`; ranges `<`, `<=`, `>`, `>=`, `BETWEEN` need
/// QUERYABLE and SORTABLE; `sort` needs SORTABLE);
/// `isCustomMerge` (`@merge(custom)`). A record: `queryFields` (the fields with a
/// `queryFieldType`), `hasTextSearch` (a SEARCHABLE field: `self CONTAINS`), `customMergeFields`
/// (the `@merge(custom)` fields, for the generated `CustomMerge` protocol).
///
/// An enum (`EnumViewModel`): `name`, `swiftName`, `rawType` (`String`/`Int64`), `doc`,
/// `deprecation`, `cases` (`name`, `swiftName`, `rawValue` as a Swift literal,
/// `needsRawValue`, `doc`), `unrecognizedCase` (the catch-all case for raw values this version
/// doesn't know).
public struct GeneratorViewModel: Sendable {
    public var access: GenerateConfiguration.Access
    public var runtimeVersion: Int
    /// One per schema file, in input order.
    public var files: [FileViewModel]
    /// Declarations that came from no input file (a `Schema` built in code).
    public var unplaced: FileViewModel
    public var records: [RecordViewModel]
    public var enums: [EnumViewModel]
    public var models: [ModelViewModel]
    public var keyValueStores: [KeyValueStoreViewModel]
    /// `schema` in every template, built once.
    private let schemaValue: TemplateValue
    /// `registry` in `CloudSchema.swift`.
    private let registryValue: TemplateValue

    /// The runtime contract version generated code is written against (`CloudSchemaRuntimeVersion_2`).
    public static let runtimeVersion = 2

    public init(schema: Schema, inputFiles: [String], access: GenerateConfiguration.Access) {
        self.access = access
        self.runtimeVersion = Self.runtimeVersion
        let names = SchemaNames(schema)
        let enums = schema.enums.map { EnumViewModel($0, names: names) }
        let records = schema.recordTypes.map { RecordViewModel($0, names: names) }
        let models = schema.models.map { ModelViewModel($0, names: names, schema: schema) }
        let keyValueStores = schema.keyValueStores.map { KeyValueStoreViewModel($0, names: names) }
        self.enums = enums
        self.records = records
        self.models = models
        self.keyValueStores = keyValueStores
        registryValue = RegistryViewModel(schema: schema, records: records, models: models, inputFiles: inputFiles).templateValue
        var index: [String: Int] = [:]
        files = inputFiles.enumerated().map { i, path in
            index[path] = i
            return FileViewModel(sourcePath: path)
        }
        unplaced = FileViewModel(sourcePath: "")
        // Sequences: each declaration's values are made when a template reads them, one at a time.
        schemaValue = [
            "records": .array(records.map(\.templateValue)),
            "enums": .array(enums.map(\.templateValue)),
            "sourceFiles": .array(files.map { .string($0.sourceFile) }),
            "models": .sequence(TemplateSequence(models, \.templateValue)),
            "keyValueStores": .sequence(TemplateSequence(keyValueStores, \.templateValue)),
        ]
        for item in enums {
            if let i = item.sourcePath.flatMap({ index[$0] }) { files[i].enums.append(item) } else { unplaced.enums.append(item) }
        }
        for item in records {
            if let i = item.sourcePath.flatMap({ index[$0] }) { files[i].records.append(item) } else { unplaced.records.append(item) }
        }
        for item in models {
            if let i = item.sourcePath.flatMap({ index[$0] }) { files[i].models.append(item) } else { unplaced.models.append(item) }
        }
        for item in keyValueStores {
            if let i = item.sourcePath.flatMap({ index[$0] }) { files[i].keyValueStores.append(item) } else { unplaced.keyValueStores.append(item) }
        }
    }

    /// The variables common to every template.
    private func baseContext() -> [String: TemplateValue] {
        [
            "access": .string(access.rawValue),
            "accessPrefix": .string(access == .internal ? "" : access.rawValue + " "),
            "runtimeVersion": .int(runtimeVersion),
            "schema": schemaValue,
        ]
    }

    /// The variables for one schema file's output.
    public func context(for file: FileViewModel) -> [String: TemplateValue] {
        var context = baseContext()
        context["sourceFile"] = .string(file.sourceFile)
        context["fileName"] = .string(file.outputName)
        context["records"] = .array(file.records.map(\.templateValue))
        context["enums"] = .array(file.enums.map(\.templateValue))
        context["models"] = .sequence(TemplateSequence(file.models, \.templateValue))
        context["keyValueStores"] = .sequence(TemplateSequence(file.keyValueStores, \.templateValue))
        context["isEmpty"] = .bool(file.isEmpty)
        return context
    }

    /// The variables for `CloudSchema.swift`: the schema-wide declarations, plus any
    /// declaration that came from no input file.
    public func schemaContext(fileName: String) -> [String: TemplateValue] {
        var context = baseContext()
        let sources = files.map(\.sourceFile)
        context["sourceFile"] = .string(sources.isEmpty ? "no schema files" : sources.joined(separator: ", "))
        context["fileName"] = .string(fileName)
        context["records"] = .array(unplaced.records.map(\.templateValue))
        context["enums"] = .array(unplaced.enums.map(\.templateValue))
        context["models"] = .sequence(TemplateSequence(unplaced.models, \.templateValue))
        context["keyValueStores"] = .sequence(TemplateSequence(unplaced.keyValueStores, \.templateValue))
        context["isEmpty"] = .bool(unplaced.isEmpty)
        context["registry"] = registryValue
        return context
    }
}

/// The declarations of one schema file, generated into `<base name>.swift`.
public struct FileViewModel: Sendable {
    /// The input path as given (used to place declarations; never printed).
    public var sourcePath: String
    /// The file name printed in the header: the last path component, made safe for a line comment.
    public var sourceFile: String
    /// `Garden.cloudschema.swift` for `Schemas/Garden.cloudschema`.
    public var outputName: String
    public var records: [RecordViewModel] = []
    public var enums: [EnumViewModel] = []
    public var models: [ModelViewModel] = []
    public var keyValueStores: [KeyValueStoreViewModel] = []

    var isEmpty: Bool { records.isEmpty && enums.isEmpty && models.isEmpty && keyValueStores.isEmpty }

    init(sourcePath: String) {
        self.sourcePath = sourcePath
        let last = sourcePath.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? sourcePath
        self.sourceFile = Self.commentSafe(last)
        self.outputName = Generator.outputName(forInput: sourcePath)
    }

    /// Text that cannot leave a `//` comment: line breaks and other control or
    /// direction-changing characters become `?`.
    static func commentSafe(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(SwiftNaming.needsUnicodeEscape(scalar) ? "?" : scalar)
        }
        return String(out)
    }
}

public struct DeprecationViewModel: Sendable, Hashable {
    public var message: String?

    var templateValue: TemplateValue { ["message": message.map(TemplateValue.string) ?? .null] }
}

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
    private let fieldValues: TemplateValue
    private let queryFieldValues: TemplateValue
    private let customMergeFieldValues: TemplateValue

    init(_ record: RecordType, names: SchemaNames) {
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
        sourcePath = record.spans.range?.file ?? record.spans.name?.file

        var scope = GeneratorNaming.Scope(taken: GeneratorNaming.reservedMemberNames)
        let generated = record.fields.filter { !$0.isSystem }
        let swiftNames = generated.map { scope.claim(GeneratorNaming.baseName($0.name, reserved: GeneratorNaming.reservedMemberNames)) }
        let fields = zip(generated, swiftNames).map { field, base in
            // A deprecated field's storage is `_name`, unique among the record's names.
            let storage = field.deprecation == nil ? base : scope.claim("_" + base)
            let parameter = GeneratorNaming.shadowingParameterNames.contains(base) ? scope.claim(base + "_") : base
            return FieldViewModel(field, base: base, storage: storage, parameter: parameter, record: swiftName, names: names)
        }
        self.fields = fields
        fieldValues = .array(fields.map(\.templateValue))
        queryFieldValues = .array(fields.filter { $0.queryFieldType != nil }.map(\.templateValue))
        customMergeFieldValues = .array(fields.filter(\.isCustomMerge).map(\.templateValue))
    }

    var templateValue: TemplateValue { .object(self) }

    public static let templateMembers = TemplateMembers<RecordViewModel>([
        "name": { .string($0.name) },
        "swiftName": { .string($0.swiftName) },
        "recordTypeName": { .string($0.recordTypeName) },
        "doc": { $0.doc.map(TemplateValue.string) ?? .null },
        "deprecation": { $0.deprecation?.templateValue ?? .null },
        "isShareable": { .bool($0.isShareable) },
        "database": { .string($0.database) },
        "zone": { $0.zone.map(TemplateValue.string) ?? .null },
        "fields": { $0.fieldValues },
        "fieldCount": { .int($0.fields.count) },
        "parentField": { $0.fields.first(where: \.isParent)?.templateValue ?? .null },
        "sourceFile": { .string($0.sourcePath.map { FileViewModel(sourcePath: $0).sourceFile } ?? "") },
        "queryFields": { $0.queryFieldValues },
        "hasTextSearch": { .bool($0.fields.contains { $0.isSearchable && !$0.isEncrypted }) },
        "customMergeFields": { $0.customMergeFieldValues },
    ])
}

/// A record field as templates see it.
public final class FieldViewModel: TemplateObject {
    public let name: String
    public let key: String
    public let swiftName: String
    public let argumentLabel: String
    public let storageName: String
    /// The memberwise init's parameter name: `swiftName`, except where that would shadow
    /// something the init's body uses (`self`), then written as `self self_: Bool`.
    public let parameterName: String
    public let caseName: String
    /// The `Field` case's implicit raw value (its name) is not the key.
    public let caseNeedsRawValue: Bool
    public let wrappedType: String
    public let isOptional: Bool
    public let isList: Bool
    public let defaultValue: String?
    public let isEncrypted: Bool
    public let isParent: Bool
    public let referenceAction: String
    public let isTypedReference: Bool
    public let referenceTarget: String?
    public let cloudKitType: String
    public let indexes: [String]
    public let merge: String
    public let doc: String?
    public let deprecation: DeprecationViewModel?
    public let isQueryable: Bool
    public let isSortable: Bool
    public let isSearchable: Bool
    /// The handle kind, value type (list element for lists) and index marker for `queryFieldType`.
    let queryHandle: (kind: String, value: String?, index: String)?
    /// The handle's Swift type in `QueryFields`.
    public let queryFieldType: String?
    public let queryOperators: [String]
    public var isCustomMerge: Bool { merge == "custom" }

    /// With `?` when optional.
    public let type: String

    /// `record` is the record's Swift type name, for `queryFieldType`.
    init(_ field: Field, base: String, storage: String, parameter: String, record: String, names: SchemaNames) {
        name = field.name
        key = field.key
        let swiftName = SwiftNaming.identifier(base)
        self.swiftName = swiftName
        argumentLabel = SwiftNaming.argumentLabel(base)
        storageName = SwiftNaming.identifier(storage)
        parameterName = SwiftNaming.identifier(parameter)
        caseName = swiftName
        caseNeedsRawValue = base != field.key
        let wrappedType = names.swiftType(field.type)
        self.wrappedType = wrappedType
        isOptional = field.isOptional
        type = field.isOptional ? wrappedType + "?" : wrappedType
        isList = field.type.isList
        defaultValue = field.defaultValue.map { names.literal($0, type: field.type) }
        isEncrypted = field.isEncrypted
        isParent = field.isParent
        referenceAction = field.referenceAction.rawValue
        let element = field.type.listElement ?? field.type
        if case .reference(let target?) = element {
            isTypedReference = true
            referenceTarget = names.typeName(target)
        } else {
            isTypedReference = false
            referenceTarget = nil
        }
        cloudKitType = (field.isEncrypted ? "ENCRYPTED " : "") + field.type.cloudKitType.description
        indexes = field.indexes.names
        merge = field.merge.rawValue
        doc = field.doc
        deprecation = field.deprecation.map { DeprecationViewModel(message: $0.message) }
        isQueryable = field.indexes.contains(.queryable)
        isSortable = field.indexes.contains(.sortable)
        isSearchable = field.indexes.contains(.searchable)
        let (handle, operators) = Self.queryHandle(field, names: names)
        (queryHandle, queryOperators) = (handle, operators)
        // `QueryField<Record, Value, Index>` and friends.
        queryFieldType = handle.map { "\($0.kind)<\(record), " + ($0.value.map { $0 + ", " } ?? "") + "\($0.index)>" }
    }

    /// Which handle a field gets and the operators it offers (see `RecordQuery.swift` in the
    /// runtime for the index each operator needs).
    private static func queryHandle(_ field: Field, names: SchemaNames) -> ((kind: String, value: String?, index: String)?, [String]) {
        let queryable = field.indexes.contains(.queryable)
        let sortable = field.indexes.contains(.sortable)
        guard !field.isEncrypted, queryable || sortable else { return (nil, []) }
        let index = queryable && sortable ? "QueryableSortableIndex" : queryable ? "QueryableIndex" : "SortableIndex"
        switch field.type {
        case .asset, .model, .decimal:
            return (nil, [])
        case .list(let element):
            guard queryable else { return (nil, []) }
            return ((kind: "QueryListField", value: names.swiftType(element), index: index), ["CONTAINS"])
        case .location:
            guard queryable else { return (nil, []) }
            return ((kind: "QueryLocationField", value: nil, index: index), ["distanceToLocation:fromLocation:"])
        default:
            var operators: [String] = []
            if queryable {
                operators += ["==", "!=", "IN"]
                if field.type == .string { operators.append("BEGINSWITH") }
            }
            if queryable && sortable {
                switch field.type {
                case .string, .int64, .int, .double, .date, .number: operators += ["<", "<=", ">", ">=", "BETWEEN"]
                default: break
                }
            }
            if sortable { operators.append("sort") }
            return ((kind: "QueryField", value: names.swiftType(field.type), index: index), operators)
        }
    }

    /// The stored property as written to a record: typed references carry the schema's action.
    var encodedValue: String {
        let value = "self." + storageName + (isOptional && isTypedReference ? "?" : "")
        guard isTypedReference else { return value }
        return isList ? value + ".map { $0.with(action: .\(referenceAction)) }" : value + ".with(action: .\(referenceAction))"
    }

    var templateValue: TemplateValue { .object(self) }

    public static let templateMembers = TemplateMembers<FieldViewModel>([
        "name": { .string($0.name) },
        "key": { .string($0.key) },
        "swiftName": { .string($0.swiftName) },
        "argumentLabel": { .string($0.argumentLabel) },
        "storageName": { .string($0.storageName) },
        "parameterName": { .string($0.parameterName) },
        "caseName": { .string($0.caseName) },
        "caseNeedsRawValue": { .bool($0.caseNeedsRawValue) },
        "type": { .string($0.type) },
        "wrappedType": { .string($0.wrappedType) },
        "isOptional": { .bool($0.isOptional) },
        "isList": { .bool($0.isList) },
        "defaultValue": { $0.defaultValue.map(TemplateValue.string) ?? .null },
        "initDefault": { $0.defaultValue.map(TemplateValue.string) ?? ($0.isOptional ? "nil" : .null) },
        "isEncrypted": { .bool($0.isEncrypted) },
        "isParent": { .bool($0.isParent) },
        "referenceAction": { .string($0.referenceAction) },
        "isTypedReference": { .bool($0.isTypedReference) },
        "referenceTarget": { $0.referenceTarget.map(TemplateValue.string) ?? .null },
        "cloudKitType": { .string($0.cloudKitType) },
        "indexes": { .array($0.indexes.map(TemplateValue.string)) },
        "merge": { .string($0.merge) },
        "doc": { $0.doc.map(TemplateValue.string) ?? .null },
        "deprecation": { $0.deprecation?.templateValue ?? .null },
        "isQueryable": { .bool($0.isQueryable) },
        "isSortable": { .bool($0.isSortable) },
        "isSearchable": { .bool($0.isSearchable) },
        "queryFieldType": { $0.queryFieldType.map(TemplateValue.string) ?? .null },
        "queryOperators": { .array($0.queryOperators.map(TemplateValue.string)) },
        "isCustomMerge": { .bool($0.isCustomMerge) },
        "encodedValue": { .string($0.encodedValue) },
    ])
}

/// An enum as templates see it.
public final class EnumViewModel: TemplateObject {
    public struct Case: Sendable {
        public var name: String
        public var swiftName: String
        /// A Swift literal: `"done"`, `2`.
        public var rawValue: String
        /// The implicit raw value (the case's name) is not the schema's.
        public var needsRawValue: Bool
        public var doc: String?
    }

    public let name: String
    public let swiftName: String
    public let rawType: String
    public let doc: String?
    public let deprecation: DeprecationViewModel?
    public let cases: [Case]
    /// The case that keeps a raw value this version doesn't know: `unrecognized`, renamed when
    /// the schema has a case of that name.
    public let unrecognizedCase: String
    public let sourcePath: String?
    /// `cases` for templates, made once.
    private let caseValues: TemplateValue

    init(_ type: EnumType, names: SchemaNames) {
        name = type.name
        swiftName = names.typeName(type.name)
        rawType = type.rawType.rawValue
        doc = names.doc(type.doc, deprecation: type.deprecation, usable: names.canDeprecate(type.name))
        deprecation = names.canDeprecate(type.name) ? type.deprecation.map { DeprecationViewModel(message: $0.message) } : nil
        sourcePath = type.spans.range?.file ?? type.spans.name?.file
        let cases = type.cases.map { item in
            let base = names.caseBaseName(item.name, of: type.name)
            let literal: String
            let implicit: Bool
            switch item.rawValue {
            case .string(let s):
                literal = SwiftNaming.stringLiteral(s)
                implicit = s == base
            case .int64(let i):
                literal = String(i)
                implicit = false
            }
            return Case(name: item.name, swiftName: SwiftNaming.identifier(base), rawValue: literal, needsRawValue: !implicit, doc: item.doc)
        }
        self.cases = cases
        unrecognizedCase = names.unrecognizedCaseName(of: type.name)
        caseValues = .array(
            cases.map {
                [
                    "name": .string($0.name), "swiftName": .string($0.swiftName), "rawValue": .string($0.rawValue),
                    "needsRawValue": .bool($0.needsRawValue), "doc": $0.doc.map(TemplateValue.string) ?? .null,
                ]
            })
    }

    var templateValue: TemplateValue { .object(self) }

    public static let templateMembers = TemplateMembers<EnumViewModel>([
        "name": { .string($0.name) },
        "swiftName": { .string($0.swiftName) },
        "rawType": { .string($0.rawType) },
        "doc": { $0.doc.map(TemplateValue.string) ?? .null },
        "deprecation": { $0.deprecation?.templateValue ?? .null },
        "unrecognizedCase": { .string($0.unrecognizedCase) },
        "cases": { $0.caseValues },
        "sourceFile": { .string($0.sourcePath.map { FileViewModel(sourcePath: $0).sourceFile } ?? "") },
    ])
}

/// The schema-wide naming decisions: each record type's and enum's Swift type name, each
/// enum case's Swift name, and which deprecated types can carry `@available(deprecated)`.
struct SchemaNames {
    private var typeNames: [String: String] = [:]
    private var caseNames: [String: [String: String]] = [:]
    private var unrecognizedCaseNames: [String: String] = [:]
    private var deprecatable: Set<String> = []

    init(_ schema: Schema) {
        // Names that need no renaming keep them; renamed ones take the next free name.
        let declared = schema.recordTypes.map(\.name) + schema.enums.map(\.name) + schema.models.map(\.name)
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
                map[item.name] = cases.claim(GeneratorNaming.baseName(item.name, reserved: GeneratorNaming.reservedCaseNames))
            }
            caseNames[type.name] = map
            unrecognizedCaseNames[type.name] = cases.claim("unrecognized")
        }
        // Swift warns where a deprecated type is used outside deprecated code, and generated
        // code must compile warning-free; so a deprecated type is marked `@available(deprecated)`
        // only when no field of a non-deprecated record type uses it (else its doc says so).
        var usedByCurrentCode: Set<String> = []
        for record in schema.recordTypes where record.deprecation == nil {
            for field in record.fields { usedByCurrentCode.formUnion(Self.typeNames(in: field.type)) }
        }
        for record in schema.recordTypes where record.deprecation != nil && !usedByCurrentCode.contains(record.name) {
            deprecatable.insert(record.name)
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
        case .list(let element): "[\(swiftType(element))]"
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
        case .enumCase(let name):
            guard case .enumeration(let enumName, _) = element else { return "." + SwiftNaming.identifier(name) }
            return "." + SwiftNaming.identifier(caseBaseName(name, of: enumName))
        case .list(let elements):
            return "[" + elements.map { literal($0, type: element) }.joined(separator: ", ") + "]"
        }
    }
}
