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

    /// The runtime contract version generated code is written against (`CloudSchemaRuntimeVersion_3`).
    public static let runtimeVersion = 3

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
            "records": .sequence(TemplateSequence(records, \.templateValue)),
            "enums": .sequence(TemplateSequence(enums, \.templateValue)),
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
        context["records"] = .sequence(TemplateSequence(file.records, \.templateValue))
        context["enums"] = .sequence(TemplateSequence(file.enums, \.templateValue))
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
        context["records"] = .sequence(TemplateSequence(unplaced.records, \.templateValue))
        context["enums"] = .sequence(TemplateSequence(unplaced.enums, \.templateValue))
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

public struct RecordViewModel: Sendable {
    public var name: String
    public var swiftName: String
    public var recordTypeName: String
    public var doc: String?
    public var deprecation: DeprecationViewModel?
    public var isShareable: Bool
    public var database: String
    public var zone: String?
    public var fields: [FieldViewModel]
    public var sourcePath: String?

    init(_ record: RecordType, names: SchemaNames) {
        name = record.name
        swiftName = names.typeName(record.name)
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
        fields = zip(generated, swiftNames).map { field, base in
            // A deprecated field's storage is `_name`, unique among the record's names.
            let storage = field.deprecation == nil ? base : scope.claim("_" + base)
            let parameter = GeneratorNaming.shadowingParameterNames.contains(base) ? scope.claim(base + "_") : base
            return FieldViewModel(field, base: base, storage: storage, parameter: parameter, names: names)
        }
        for i in fields.indices { fields[i].resolveQueryFieldType(record: swiftName) }
    }

    var templateValue: TemplateValue {
        // Each field's values once, shared by the lists that include it.
        let fieldValues = fields.map(\.templateValue)
        func values(where include: (FieldViewModel) -> Bool) -> TemplateValue {
            .array(zip(fields, fieldValues).filter { include($0.0) }.map(\.1))
        }
        return [
            "name": .string(name),
            "swiftName": .string(swiftName),
            "recordTypeName": .string(recordTypeName),
            "doc": doc.map(TemplateValue.string) ?? .null,
            "deprecation": deprecation?.templateValue ?? .null,
            "isShareable": .bool(isShareable),
            "database": .string(database),
            "zone": zone.map(TemplateValue.string) ?? .null,
            "fields": .array(fieldValues),
            "fieldCount": .int(fields.count),
            "parentField": fields.firstIndex(where: \.isParent).map { fieldValues[$0] } ?? .null,
            "sourceFile": .string(sourcePath.map { FileViewModel(sourcePath: $0).sourceFile } ?? ""),
            "queryFields": values { $0.queryFieldType != nil },
            "hasTextSearch": .bool(fields.contains { $0.isSearchable && !$0.isEncrypted }),
            "customMergeFields": values(where: \.isCustomMerge),
        ]
    }
}

public struct FieldViewModel: Sendable {
    public var name: String
    public var key: String
    public var swiftName: String
    public var argumentLabel: String
    public var storageName: String
    /// The memberwise init's parameter name: `swiftName`, except where that would shadow
    /// something the init's body uses (`self`), then written as `self self_: Bool`.
    public var parameterName: String
    public var caseName: String
    /// The `Field` case's implicit raw value (its name) is not the key.
    public var caseNeedsRawValue: Bool
    public var wrappedType: String
    public var isOptional: Bool
    public var isList: Bool
    public var defaultValue: String?
    public var isEncrypted: Bool
    public var isParent: Bool
    public var referenceAction: String
    public var isTypedReference: Bool
    public var referenceTarget: String?
    public var cloudKitType: String
    public var indexes: [String]
    public var merge: String
    public var doc: String?
    public var deprecation: DeprecationViewModel?
    public var isQueryable: Bool
    public var isSortable: Bool
    public var isSearchable: Bool
    /// The handle kind, value type (list element for lists) and index marker for `queryFieldType`.
    var queryHandle: (kind: String, value: String?, index: String)?
    /// The handle's Swift type in `QueryFields`; set by the record, which knows its own type name.
    public var queryFieldType: String?
    public var queryOperators: [String]
    public var isCustomMerge: Bool { merge == "custom" }

    /// `QueryField<Record, Value, Index>` and friends; see `queryHandle`.
    mutating func resolveQueryFieldType(record: String) {
        guard let handle = queryHandle else { return }
        queryFieldType = "\(handle.kind)<\(record), " + (handle.value.map { $0 + ", " } ?? "") + "\(handle.index)>"
    }

    init(_ field: Field, base: String, storage: String, parameter: String, names: SchemaNames) {
        name = field.name
        key = field.key
        swiftName = SwiftNaming.identifier(base)
        argumentLabel = SwiftNaming.argumentLabel(base)
        storageName = SwiftNaming.identifier(storage)
        parameterName = SwiftNaming.identifier(parameter)
        caseName = swiftName
        caseNeedsRawValue = base != field.key
        wrappedType = names.swiftType(field.type)
        isOptional = field.isOptional
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
        (queryHandle, queryOperators) = Self.queryHandle(field, names: names)
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

    var type: String { isOptional ? wrappedType + "?" : wrappedType }

    /// The stored property as written to a record: typed references carry the schema's action.
    var encodedValue: String {
        let value = "self." + storageName + (isOptional && isTypedReference ? "?" : "")
        guard isTypedReference else { return value }
        return isList ? value + ".map { $0.with(action: .\(referenceAction)) }" : value + ".with(action: .\(referenceAction))"
    }

    var templateValue: TemplateValue {
        [
            "name": .string(name),
            "key": .string(key),
            "swiftName": .string(swiftName),
            "argumentLabel": .string(argumentLabel),
            "storageName": .string(storageName),
            "parameterName": .string(parameterName),
            "caseName": .string(caseName),
            "caseNeedsRawValue": .bool(caseNeedsRawValue),
            "type": .string(type),
            "wrappedType": .string(wrappedType),
            "isOptional": .bool(isOptional),
            "isList": .bool(isList),
            "defaultValue": defaultValue.map(TemplateValue.string) ?? .null,
            "initDefault": defaultValue.map(TemplateValue.string) ?? (isOptional ? "nil" : .null),
            "isEncrypted": .bool(isEncrypted),
            "isParent": .bool(isParent),
            "referenceAction": .string(referenceAction),
            "isTypedReference": .bool(isTypedReference),
            "referenceTarget": referenceTarget.map(TemplateValue.string) ?? .null,
            "cloudKitType": .string(cloudKitType),
            "indexes": .array(indexes.map(TemplateValue.string)),
            "merge": .string(merge),
            "doc": doc.map(TemplateValue.string) ?? .null,
            "deprecation": deprecation?.templateValue ?? .null,
            "isQueryable": .bool(isQueryable),
            "isSortable": .bool(isSortable),
            "isSearchable": .bool(isSearchable),
            "queryFieldType": queryFieldType.map(TemplateValue.string) ?? .null,
            "queryOperators": .array(queryOperators.map(TemplateValue.string)),
            "isCustomMerge": .bool(isCustomMerge),
            "encodedValue": .string(encodedValue),
        ]
    }
}

public struct EnumViewModel: Sendable {
    public struct Case: Sendable {
        public var name: String
        public var swiftName: String
        /// A Swift literal: `"done"`, `2`.
        public var rawValue: String
        /// The implicit raw value (the case's name) is not the schema's.
        public var needsRawValue: Bool
        public var doc: String?
    }

    public var name: String
    public var swiftName: String
    public var rawType: String
    public var doc: String?
    public var deprecation: DeprecationViewModel?
    public var cases: [Case]
    /// The case that keeps a raw value this version doesn't know: `unrecognized`, renamed when
    /// the schema has a case of that name.
    public var unrecognizedCase: String
    public var sourcePath: String?

    init(_ type: EnumType, names: SchemaNames) {
        name = type.name
        swiftName = names.typeName(type.name)
        rawType = type.rawType.rawValue
        doc = names.doc(type.doc, deprecation: type.deprecation, usable: names.canDeprecate(type.name))
        deprecation = names.canDeprecate(type.name) ? type.deprecation.map { DeprecationViewModel(message: $0.message) } : nil
        sourcePath = type.spans.range?.file ?? type.spans.name?.file
        cases = type.cases.map { item in
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
        unrecognizedCase = names.unrecognizedCaseName(of: type.name)
    }

    var templateValue: TemplateValue {
        [
            "name": .string(name),
            "swiftName": .string(swiftName),
            "rawType": .string(rawType),
            "doc": doc.map(TemplateValue.string) ?? .null,
            "deprecation": deprecation?.templateValue ?? .null,
            "unrecognizedCase": .string(unrecognizedCase),
            "cases": .array(
                cases.map {
                    [
                        "name": .string($0.name), "swiftName": .string($0.swiftName), "rawValue": .string($0.rawValue),
                        "needsRawValue": .bool($0.needsRawValue), "doc": $0.doc.map(TemplateValue.string) ?? .null,
                    ]
                }),
            "sourceFile": .string(sourcePath.map { FileViewModel(sourcePath: $0).sourceFile } ?? ""),
        ]
    }
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
