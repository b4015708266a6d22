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
/// | `fileName` | the output file, `Garden.cloudschema.swift` (a later part: `Garden.cloudschema.2.swift`) |
/// | `access`, `accessPrefix` | `public`/`package`/`internal`, and `"public "`/`"package "`/`""` to put before declarations |
/// | `runtimeVersion` | `CloudSchemaRuntimeVersion_N` generated code checks for |
/// | `records`, `enums` | this file's (or part's) declarations (`CloudSchema.swift`: none) |
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
/// field, which is a deprecated computed property over it), `storageLabel` (that property's label
/// in the synthesized memberwise init), `caseName` and `caseNeedsRawValue`
/// (its `Field` case), `type` (with `?` when optional), `wrappedType`, `isOptional`, `isList`,
/// `defaultValue` (a Swift expression, or null), `initDefault` (the memberwise init's default:
/// `defaultValue`, `nil` for optionals, or null), `isEncrypted`, `isParent`, `referenceAction`
/// (`none`/`deleteSelf`), `isTypedReference` (`Reference<T>` or a list of them), `encodedValue`
/// (the property as `encode(to:)` writes it: `self.bed.with(action: .deleteSelf)`), `recordValue`
/// (that value stored: `self.notes?.recordValue`), `fieldSpelling` (its line in the record's
/// `RecordFields` spelling: `notes encrypted`), `referenceTarget`, `cloudKitType` (`STRING`, `LIST<REFERENCE>`), `indexes`
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
/// (Swift names of every model), `subscriptions` (`SubscriptionViewModel`).
///
/// Queries and merges (a field): `isQueryable`, `isSortable`, `isSearchable` (its indexes);
/// `queryFieldType`, the Swift type of its handle in the record's `QueryFields`
/// (`QueryField<Bed, String, QueryableSortableIndex>`, `QueryListField<…>`,
/// `QueryLocationField<…>`), or null when no query operator applies (no QUERYABLE or SORTABLE
/// index, encrypted, an asset, a list or location without QUERYABLE); `queryOperators`, the
/// predicate operators and sorts its handle offers, for docs (`==`, `!=`, `IN`, `BEGINSWITH`,
/// `CONTAINS`, `distanceToLocation:fromLocation:`; ranges `<`, `<=`, `>`, `>=`, `BETWEEN` need
/// QUERYABLE and SORTABLE; `sort` needs SORTABLE); `queryDeprecation`, the handle's deprecation
/// (null when a subscription's generated query uses the handle, which must not warn);
/// `isCustomMerge` (`@merge(custom)`). A record: `queryFields` (the fields with a
/// `queryFieldType`), `hasTextSearch` (a SEARCHABLE field: `self CONTAINS`), `customMergeFields`
/// (the `@merge(custom)` fields, for the generated `CustomMerge` protocol), `hasDefaults` (a
/// field has a default: the `RecordFields` table gets its `defaults`).
///
/// An enum (`EnumViewModel`): `name`, `swiftName`, `rawType` (`String`/`Int64`), `doc`,
/// `deprecation`, `cases` (`name`, `swiftName`, `rawValue` as a Swift literal,
/// `needsRawValue`, `doc`), `unrecognizedCase` (the catch-all case for raw values this version
/// doesn't know).
public struct GeneratorViewModel: Sendable {
    public var access: GenerateConfiguration.Access
    public var runtimeVersion: Int
    /// One per output file of a schema file, in input order (an input's parts in order).
    public var files: [FileViewModel]
    /// Declarations that came from no input file (a `Schema` built in code).
    public var unplaced: FileViewModel
    /// The input files' names, as headers print them.
    private let sourceFiles: [String]
    /// The record types, in schema order. Templates get their view models one at a time, each
    /// made when read and dropped after (`recordValues`): a record's view model is many times
    /// the size of its schema, and all of them at once were most of the generator's memory.
    public var recordTypes: [RecordType]
    public var enums: [EnumViewModel]
    public var models: [ModelViewModel]
    public var keyValueStores: [KeyValueStoreViewModel]
    /// `schema` in every template, built once.
    private let schemaValue: TemplateValue
    /// `registry` in `CloudSchema.swift`.
    private let registryValue: TemplateValue
    private let names: SchemaNames

    /// The runtime contract version generated code is written against (`CloudSchemaRuntimeVersion_7`).
    public static let runtimeVersion = 7

    /// `parts`: how many files an input's declarations are split into, by path (absent: one).
    public init(schema: Schema, inputFiles: [String], access: GenerateConfiguration.Access, parts: [String: Int] = [:]) {
        self.access = access
        self.runtimeVersion = Self.runtimeVersion
        let names = SchemaNames(schema)
        self.names = names
        let enums = schema.enums.map { EnumViewModel($0, names: names) }
        let models = schema.models.map { ModelViewModel($0, names: names, schema: schema) }
        let keyValueStores = schema.keyValueStores.map { KeyValueStoreViewModel($0, names: names) }
        self.enums = enums
        self.recordTypes = schema.recordTypes
        self.models = models
        self.keyValueStores = keyValueStores
        registryValue =
            RegistryViewModel(
                schema: schema, names: names, models: models, inputFiles: inputFiles,
                subscriptions: SubscriptionViewModel.values(schema, names: names)
            ).templateValue
        var index: [String: Int] = [:]
        var files = inputFiles.enumerated().map { i, path in
            index[path] = i
            return FileViewModel(sourcePath: path)
        }
        var unplaced = FileViewModel(sourcePath: "")
        // Sequences: each declaration's values are made when a template reads them, one at a time.
        schemaValue = [
            "records": Self.recordValues(schema.recordTypes, names: names),
            "enums": .array(enums.map(\.templateValue)),
            "sourceFiles": .array(files.map { .string($0.sourceFile) }),
            "models": .sequence(TemplateSequence(models, \.templateValue)),
            "keyValueStores": .sequence(TemplateSequence(keyValueStores, \.templateValue)),
        ]
        for item in enums {
            if let i = item.sourcePath.flatMap({ index[$0] }) { files[i].enums.append(item) } else { unplaced.enums.append(item) }
        }
        for item in schema.recordTypes {
            if let i = RecordViewModel.sourcePath(of: item).flatMap({ index[$0] }) {
                files[i].records.append(item)
            } else {
                unplaced.records.append(item)
            }
        }
        for item in models {
            if let i = item.sourcePath.flatMap({ index[$0] }) { files[i].models.append(item) } else { unplaced.models.append(item) }
        }
        for item in keyValueStores {
            if let i = item.sourcePath.flatMap({ index[$0] }) {
                files[i].keyValueStores.append(item)
            } else {
                unplaced.keyValueStores.append(item)
            }
        }
        self.sourceFiles = files.map(\.sourceFile)
        self.files = files.flatMap { $0.split(into: parts[$0.sourcePath] ?? 1) }
        self.unplaced = unplaced
    }

    /// Every record type's view model, made now (templates read them one at a time instead).
    public var records: [RecordViewModel] { recordTypes.map { RecordViewModel($0, names: names) } }

    /// `records` for templates: each record type's view model made when a template reads it.
    private static func recordValues(_ records: [RecordType], names: SchemaNames) -> TemplateValue {
        .sequence(TemplateSequence(records) { RecordViewModel($0, names: names).templateValue })
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
        context["records"] = Self.recordValues(file.records, names: names)
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
        context["sourceFile"] = .string(sourceFiles.isEmpty ? "no schema files" : sourceFiles.joined(separator: ", "))
        context["fileName"] = .string(fileName)
        context["records"] = Self.recordValues(unplaced.records, names: names)
        context["enums"] = .array(unplaced.enums.map(\.templateValue))
        context["models"] = .sequence(TemplateSequence(unplaced.models, \.templateValue))
        context["keyValueStores"] = .sequence(TemplateSequence(unplaced.keyValueStores, \.templateValue))
        context["isEmpty"] = .bool(unplaced.isEmpty)
        context["registry"] = registryValue
        return context
    }
}
