/// A CloudKit record type.
public struct RecordType: Hashable, Sendable {
    /// Where records of this type live.
    public enum Placement: Hashable, Sendable {
        /// The private database's default zone (the `.cloudschema` default).
        case privateDefaultZone
        /// A custom zone in the private database.
        case zone(String)
        /// The public database.
        case publicDatabase

        public var isPublic: Bool { self == .publicDatabase }
    }

    /// The Swift name (and the declaration's name in `.cloudschema`).
    public var name: String
    /// The CloudKit record type name: `@name("X")`, else `name`.
    public var cloudKitName: String
    public var placement: Placement
    /// `@shareable`: the root of a record-hierarchy share.
    public var isShareable: Bool
    public var deprecation: Deprecation?
    public var fields: [Field]
    public var grants: [Grant]
    public var doc: String?
    public var format: SourceFormat
    public var spans: SourceSpans
    /// The placement as written (`in Zone`), for diagnostics about it. A location, so
    /// not part of the record type's meaning: equality ignores it, as it does `spans`.
    @IgnoredInEquality public var placementSpan: SourceRange?

    public init(
        name: String, cloudKitName: String? = nil, placement: Placement = .privateDefaultZone,
        isShareable: Bool = false, deprecation: Deprecation? = nil, fields: [Field] = [], grants: [Grant] = [],
        doc: String? = nil, format: SourceFormat = .cloudschema, spans: SourceSpans = .init(),
        placementSpan: SourceRange? = nil
    ) {
        self.name = name
        self.cloudKitName = cloudKitName ?? name
        self.placement = placement
        self.isShareable = isShareable
        self.deprecation = deprecation
        self.fields = fields
        self.grants = grants
        self.doc = doc
        self.format = format
        self.spans = spans
        self.placementSpan = placementSpan
    }

    public func field(named name: String) -> Field? { fields.first { $0.name == name } }
    public func field(key: String) -> Field? { fields.first { $0.key == key } }
    /// The field set as `CKRecord.parent`, if any.
    /// Read in place: `first(where:)` copies every field it looks at, and lint asks for every
    /// record type's parent several times.
    public var parentField: Field? {
        fields.withUnsafeBufferPointer { fields in fields.indices.first { fields[$0].isParent }.map { fields[$0] } }
    }
}

/// A field of a record type.
public struct Field: Hashable, Sendable {
    // The one-byte properties come last, together: between the larger ones each took 8 bytes
    // of padding (248 -> 224 bytes a field, and a schema holds every field).
    /// The Swift property name.
    public var name: String
    /// The CloudKit key: `@name("x")`, else `name`.
    public var key: String
    public var type: FieldType
    public var defaultValue: DefaultValue?
    public var deprecation: Deprecation?
    public var doc: String?
    public var spans: SourceSpans
    public var isOptional: Bool
    public var indexes: Indexes
    /// Stored in `CKRecord.encryptedValues` (CloudKit `ENCRYPTED` type).
    public var isEncrypted: Bool
    /// `@parent`: also set as `CKRecord.parent`.
    public var isParent: Bool
    /// `@deleteSelf` on a reference.
    public var referenceAction: ReferenceAction
    public var merge: MergePolicy
    /// A CloudKit system field (`"___recordID"` and the like), from `.ckdb`.
    public var isSystem: Bool

    /// Whether decoding a record that lacks this field succeeds (optional, or has a default).
    public var mayBeAbsent: Bool { isOptional || defaultValue != nil }
}

extension Field {
    // In an extension, handing everything to the memberwise initializer: an initializer in the
    // struct that set each property copied the whole field on its way out (every field of a schema).
    public init(
        name: String, key: String? = nil, type: FieldType, isOptional: Bool = false,
        defaultValue: DefaultValue? = nil, indexes: Indexes = [], isEncrypted: Bool = false,
        isParent: Bool = false, referenceAction: ReferenceAction = .none, deprecation: Deprecation? = nil,
        merge: MergePolicy = .mine, doc: String? = nil, isSystem: Bool = false, spans: SourceSpans = .init()
    ) {
        self.init(
            name: name, key: key ?? name, type: type, defaultValue: defaultValue, deprecation: deprecation, doc: doc,
            spans: spans, isOptional: isOptional, indexes: indexes, isEncrypted: isEncrypted, isParent: isParent,
            referenceAction: referenceAction, merge: merge, isSystem: isSystem)
    }
}

/// CloudKit indexes on a field.
public struct Indexes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `QUERYABLE`: equality lookups.
    public static let queryable = Indexes(rawValue: 1)
    /// `SORTABLE`: range searches and sorting.
    public static let sortable = Indexes(rawValue: 2)
    /// `SEARCHABLE`: tokenized full-text search.
    public static let searchable = Indexes(rawValue: 4)

    /// The attribute names, in the order `.ckdb` exports write them.
    public var names: [String] {
        rawValue < Self.namesByRawValue.count ? Self.namesByRawValue[Int(rawValue)] : Self.names(of: self)
    }

    /// `names` of every combination of the three indexes, made once (the generator asks for
    /// every field's).
    private static let namesByRawValue = (0..<8).map { names(of: Indexes(rawValue: UInt8($0))) }

    private static func names(of indexes: Indexes) -> [String] {
        AttributeCatalog.indexes.filter { indexes.contains($0.index) }.map(\.name).sorted()
    }
}

public enum ReferenceAction: String, Hashable, Sendable {
    case none
    case deleteSelf
}

/// How `.serverRecordChanged` is resolved for a field both sides changed.
public enum MergePolicy: String, Hashable, Sendable, CaseIterable {
    case mine, theirs, union, max, min, custom
}

/// `grant read, create to Role`.
public struct Grant: Hashable, Sendable {
    public struct Permissions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let read = Permissions(rawValue: 1)
        public static let create = Permissions(rawValue: 2)
        public static let write = Permissions(rawValue: 4)

        /// In the order CloudKit writes them: `READ, CREATE, WRITE`.
        public var names: [String] {
            [(Permissions.read, "read"), (.create, "create"), (.write, "write")].filter { contains($0.0) }.map(\.1)
        }
    }

    public enum Grantee: Hashable, Sendable, Comparable {
        /// Everyone, signed in or not (`_world`).
        case world
        /// Any signed-in iCloud user (`_icloud`).
        case icloud
        /// The record's creator (`_creator`).
        case creator
        /// A role declared with `role Name` / `CREATE ROLE`.
        case role(String)

        /// The name CloudKit uses.
        public var cloudKitName: String {
            switch self {
            case .world: "_world"
            case .icloud: "_icloud"
            case .creator: "_creator"
            case .role(let name): name
            }
        }

        /// The name `.cloudschema` uses.
        public var schemaName: String {
            switch self {
            case .world: "world"
            case .icloud: "icloud"
            case .creator: "creator"
            case .role(let name): name
            }
        }
    }

    public var permissions: Permissions
    public var grantee: Grantee
    public var spans: SourceSpans

    public init(permissions: Permissions, grantee: Grantee, spans: SourceSpans = .init()) {
        self.permissions = permissions
        self.grantee = grantee
        self.spans = spans
    }
}
