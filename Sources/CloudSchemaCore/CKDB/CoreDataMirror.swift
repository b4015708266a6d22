/// The CloudKit record types `NSPersistentCloudKitContainer` (Core Data, and SwiftData on top
/// of it) creates for the schema's `model`s, so a model schema can be exported to `.ckdb` and
/// compared with a production export. Follows sync-compat-rules.md §1.3:
///
/// - one record type `CD_<Model>` per model (a `.cloudschema` model has no entity inheritance,
///   so every model is its own root), in the zone `com.apple.coredata.cloudkit.zone` of the
///   private database;
/// - `CD_entityName STRING`, holding the concrete entity name;
/// - each stored attribute as `CD_<name>`: `Int`/`Int64`/`Bool` → INT64, `Double`/`Decimal` →
///   DOUBLE, `Date` → TIMESTAMP, `String`/`UUID`/`URL` → STRING, `Data`, enums and lists → BYTES;
/// - a companion `CD_<name>_ckAsset ASSET` for the variable-length types: String, Binary Data
///   (`Data`), Transformable, and (per the reverse-engineered serializer) URI (`URL`) and
///   Composite. UUID is fixed length and gets none;
/// - a to-one relationship as `CD_<name> STRING` holding the related record's record name (Core
///   Data does not use CKRecord.Reference); the to-many side of a one-to-many stores nothing;
///   many-to-many relationships use the shared `CDMR` record type (`CD_entityNames`,
///   `CD_recordNames`, `CD_relationships`);
/// - `@transient` properties are not stored.
///
/// How each kind of property is stored, with the source:
/// - The field key is always `CD_` + the attribute's name: the serializer never reads the
///   renaming identifier (pookjw/OpenCloudData `OCCloudKitSerializer.m`,
///   `newSetOfRecordKeysForAttribute`: `CD_` + `attribute.name`). SwiftData's `originalName:`
///   (`@name` on a model property) is that renaming identifier, a hint for the local migration,
///   so a renamed property is a new CloudKit field and old clients keep writing the old one
///   (sync-compat-rules.md §1.4). The mirror writes the property's own name.
/// - Lists of values (`[String]`, `[Int]`) and Codable values (`@codable`): SwiftData stores them encoded in
///   one attribute (binary property list, or a Composite attribute for Codable structs), which
///   the serializer encodes to bytes and counts as variable length (`isVariableLengthAttributeType`
///   lists String, Binary Data, URI, Transformable and Composite): BYTES + `_ckAsset`. Observed in
///   robbiet480/Dispatch's export (`choices: [String]` and `reportKindsRaw: [String]` are
///   `CD_choices BYTES`, `CD_reportKindsRaw BYTES`) and on a device (jirigrill/eczema-helper#747:
///   a `[Region]` of Codable structs came back as one `Data` field).
/// - `Decimal` (Core Data's Decimal, an NSDecimalNumber) passes the validator
///   (`OCCloudKitModelValidator.m`) and reaches CloudKit as an NSNumber ("Reading CloudKit Records
///   for Core Data"); DOUBLE is inferred from that (an NSDecimalNumber reports a double). UNSURE: no export
///   with a Decimal was found, and the value loses Decimal's precision (MODEL_DECIMAL warns).
/// - Enum properties: SwiftData stores a model's enum (which must be `Codable`) as a Codable value,
///   so the mirror has an encoded BYTES field with a `_ckAsset` companion, not the raw value.
///   Observed in gomez1112/MoodMargins' cktool export (corpus ckdb-more, commit 5e8ed05): the
///   SwiftData property `var mood: Mood = Mood.angry` of `enum Mood: Int, Codable` is
///   `CD_mood BYTES` plus `CD_mood_ckAsset ASSET`, beside `Int` properties exported as INT64. Only
///   an Int enum was seen; a String enum is taken to be stored the same way (one Codable path).
/// - The `CDMR` field types are not documented; STRING is assumed for all three.
/// - `CD_moveReceipt BYTES` / `CD_moveReceipt_ckAsset ASSET` appear on every `CD_` type of some
///   containers and on none of others: of the 13 corpus files with `CD_` types, 3 have them on all
///   (AlexW00/hibi's export, 6 types; georgefeder/lume-gf, 8; marcushyett/perfect-nap, 3), and the
///   7 other cktool exports with `CD_` types (32 types) on none. App notes on GitHub tie them to
///   `initializeCloudKitSchema` and to sharing (UNSURE: nothing from Apple), which a schema cannot
///   tell, so they are generated only when asked (`moveReceipt`, `export --core-data-move-receipt`).
/// - Indexes: Core Data declares none. Exports often show `QUERYABLE SEARCHABLE SORTABLE` on
///   `CD_` strings and `QUERYABLE SORTABLE` on other types (added when the schema is created
///   in development); they are not generated, so expect index-only differences.
/// - Grants: every record type in real exports carries the default `GRANT WRITE TO "_creator"`,
///   `GRANT CREATE TO "_icloud"`, `GRANT READ TO "_world"`, `CD_` types included, so they are
///   generated too (observed, not documented).
/// - `_ckAsset` fields are created just in time, when a value first overflows into an asset, so a
///   production export may lack some of them; this mirror lists what Core Data *may* create.
public enum CoreDataMirror {
    /// The zone Core Data mirrors the private database into.
    public static let zoneName = "com.apple.coredata.cloudkit.zone"
    /// The record type for many-to-many relationships.
    public static let manyToManyRecordType = "CDMR"

    /// The record type name for a model: `CD_<Model>`.
    public static func recordTypeName(for model: Model) -> String { CKDB.coreDataPrefix + model.name }

    /// The mirror record types for every model, plus `CDMR` when any relationship is many-to-many.
    public static func recordTypes(for schema: Schema, moveReceipt: Bool = false) -> [RecordType] {
        var result = schema.models.map { recordType(for: $0, in: schema, moveReceipt: moveReceipt) }
        let hasManyToMany = schema.models.contains { model in
            model.properties.contains { isManyToMany($0, of: model, in: schema) }
        }
        if hasManyToMany {
            result.append(
                RecordType(
                    name: manyToManyRecordType, placement: .zone(zoneName),
                    fields: ["CD_entityNames", "CD_recordNames", "CD_relationships"].map {
                        Field(name: $0, type: .string, isOptional: true)
                    },
                    grants: CKDB.defaultGrants, doc: nil, format: .cloudschema))
        }
        return result
    }

    public static func recordType(for model: Model, in schema: Schema, moveReceipt: Bool = false) -> RecordType {
        var fields = [Field(name: "CD_entityName", type: .string, isOptional: true)]
        if moveReceipt {
            fields += [
                Field(name: "CD_moveReceipt", type: .data, isOptional: true),
                Field(name: "CD_moveReceipt_ckAsset", type: .asset, isOptional: true),
            ]
        }
        for property in model.properties where !property.isTransient {
            fields += self.fields(for: property, of: model, in: schema)
        }
        return RecordType(
            name: recordTypeName(for: model), placement: .zone(zoneName), fields: fields, grants: CKDB.defaultGrants,
            doc: model.doc, format: .cloudschema, spans: model.spans)
    }

    /// The CloudKit fields one model property becomes (none for the to-many side of a relationship).
    public static func fields(for property: ModelProperty, of model: Model, in schema: Schema) -> [Field] {
        let key = CKDB.coreDataPrefix + property.name
        let spans = property.spans
        if property.isRelationship {
            guard !property.isToMany else { return [] }
            return [Field(name: key, type: .string, isOptional: true, doc: property.doc, spans: spans)]
        }
        let stored: FieldType
        var hasAsset = false
        switch property.type {
        case .string, .url: stored = .string; hasAsset = true
        case .uuid: stored = .string
        case .data: stored = .data; hasAsset = true
        case .int, .int64, .bool: stored = .int64
        case .double, .decimal: stored = .double
        case .date: stored = .date
        default: stored = .data; hasAsset = true  // enums, lists and Codable values: encoded in one attribute, see above
        }
        var fields = [Field(name: key, type: stored, isOptional: true, isEncrypted: property.isEncrypted, doc: property.doc, spans: spans)]
        if hasAsset { fields.append(Field(name: key + "_ckAsset", type: .asset, isOptional: true, spans: spans)) }
        return fields
    }

    /// A to-many relationship whose inverse is also to-many.
    static func isManyToMany(_ property: ModelProperty, of model: Model, in schema: Schema) -> Bool {
        guard property.isToMany, let target = property.type.relationshipTarget, let other = schema.model(named: target) else {
            return false
        }
        if let inverse = property.inverse { return other.property(named: inverse)?.isToMany == true }
        return other.properties.contains { $0.isToMany && $0.type.relationshipTarget == model.name && $0.inverse == property.name }
    }
}
