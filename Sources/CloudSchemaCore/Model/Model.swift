/// A SwiftData model, synced through Core Data's CloudKit mirroring.
public struct Model: Hashable, Sendable {
    public var name: String
    /// `@unique(a, b)` (`#Unique`): each inner list is one constraint.
    public var uniqueConstraints: [[String]]
    /// Where each of `uniqueConstraints` is written (`@unique(...)` or one `#Unique` array).
    @IgnoredInEquality public var uniqueConstraintRanges: [SourceRange] = []
    public var properties: [ModelProperty]
    public var deprecation: Deprecation?
    public var doc: String?
    public var spans: SourceSpans
    /// Stored properties the Swift reader left out (`ModelSyntax.unreadProperties`).
    @IgnoredInEquality public var unreadProperties: [String] = []

    public init(
        name: String, uniqueConstraints: [[String]] = [], properties: [ModelProperty] = [],
        deprecation: Deprecation? = nil, doc: String? = nil, spans: SourceSpans = .init()
    ) {
        self.name = name
        self.uniqueConstraints = uniqueConstraints
        self.properties = properties
        self.deprecation = deprecation
        self.doc = doc
        self.spans = spans
    }

    public func property(named name: String) -> ModelProperty? { properties.first { $0.name == name } }
}

public struct ModelProperty: Hashable, Sendable {
    public enum DeleteRule: String, Hashable, Sendable, CaseIterable {
        case nullify, cascade, deny, noAction
    }

    public var name: String
    /// `@name("x")`: the stored name differs (SwiftData `originalName`).
    public var originalName: String?
    public var type: FieldType
    public var isOptional: Bool
    public var defaultValue: DefaultValue?
    public var isUnique: Bool
    public var isExternalStorage: Bool
    public var isTransient: Bool
    /// `allowsCloudEncryption`.
    public var isEncrypted: Bool
    /// `@inverse(property)` on the related model.
    public var inverse: String?
    public var deleteRule: DeleteRule?
    public var deprecation: Deprecation?
    public var doc: String?
    public var spans: SourceSpans
    /// An initial value the schema does not state: a Swift expression (`= Limits.defaultCount`,
    /// `= Data()`) the compiler checked. A default all the same.
    public var hasUnstatedDefault = false

    /// Whether the property has a default: a stated value or a Swift initial value.
    public var hasDefault: Bool { defaultValue != nil || hasUnstatedDefault }

    public init(
        name: String, originalName: String? = nil, type: FieldType, isOptional: Bool = false,
        defaultValue: DefaultValue? = nil, isUnique: Bool = false, isExternalStorage: Bool = false,
        isTransient: Bool = false, isEncrypted: Bool = false, inverse: String? = nil,
        deleteRule: DeleteRule? = nil, deprecation: Deprecation? = nil, doc: String? = nil,
        spans: SourceSpans = .init()
    ) {
        self.name = name
        self.originalName = originalName
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.isUnique = isUnique
        self.isExternalStorage = isExternalStorage
        self.isTransient = isTransient
        self.isEncrypted = isEncrypted
        self.inverse = inverse
        self.deleteRule = deleteRule
        self.deprecation = deprecation
        self.doc = doc
        self.spans = spans
    }

    /// A property whose type is another model (`Other?` or `[Other]?`).
    public var isRelationship: Bool { type.relationshipTarget != nil }
    public var isToMany: Bool { type.isList && isRelationship }
}

/// Typed keys in `NSUbiquitousKeyValueStore`.
public struct KeyValueStore: Hashable, Sendable {
    public var name: String
    public var keys: [KeyValueKey]
    public var doc: String?
    public var spans: SourceSpans

    public init(name: String, keys: [KeyValueKey] = [], doc: String? = nil, spans: SourceSpans = .init()) {
        self.name = name
        self.keys = keys
        self.doc = doc
        self.spans = spans
    }
}

public struct KeyValueKey: Hashable, Sendable {
    /// The Swift accessor name.
    public var name: String
    /// The key in the store: `@name("x")`, else `name`.
    public var key: String
    public var type: FieldType
    public var isOptional: Bool
    public var defaultValue: DefaultValue?
    public var deprecation: Deprecation?
    public var doc: String?
    public var spans: SourceSpans

    public init(
        name: String, key: String? = nil, type: FieldType, isOptional: Bool = false,
        defaultValue: DefaultValue? = nil, deprecation: Deprecation? = nil, doc: String? = nil,
        spans: SourceSpans = .init()
    ) {
        self.name = name
        self.key = key ?? name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.deprecation = deprecation
        self.doc = doc
        self.spans = spans
    }
}

/// Models a store keeps without CloudKit that another store read syncs all the same: Core Data
/// mirrors them, so the rules apply, and their findings name the store that syncs them (the
/// `.none` beside them would leave a reader asking why).
public struct SyncedLocalModels: Hashable, Sendable {
    public var models: [String]
    /// Where the store that syncs them is made.
    @IgnoredInEquality public var syncing: SourceRange?
    /// Where the store that keeps them without CloudKit is made.
    @IgnoredInEquality public var local: SourceRange?

    public init(models: [String], syncing: SourceRange?, local: SourceRange?) {
        self.models = models
        self.syncing = syncing
        self.local = local
    }
}

/// Models the app stores without CloudKit, so Core Data's mirroring rules do not apply to them:
/// what the Swift setup shows (`ModelConfiguration(..., cloudKitDatabase: .none)`), or what
/// cloudschema.json's `swiftdata.localModels` lists. Not `isCertain`: models that may be local
/// (an `.automatic` store whose entitlements could not be read), checked with their errors as warnings.
public struct LocalModels: Hashable, Sendable {
    public var models: [String]
    /// Why, as the info finding says it ("stored with cloudKitDatabase: .none").
    public var reason: String
    @IgnoredInEquality public var range: SourceRange?
    public var isCertain: Bool
    /// For models not known to sync: what would make their findings errors (nil: reading the
    /// app's entitlements).
    public var remedy: String?

    /// `models` once each, in their order: two models of one name (read from two targets together)
    /// are one name to list.
    public init(models: [String], reason: String, range: SourceRange?, isCertain: Bool = true, remedy: String? = nil) {
        var seen: Set<String> = []
        self.models = models.filter { seen.insert($0).inserted }
        self.reason = reason
        self.range = range
        self.isCertain = isCertain
        self.remedy = remedy
    }
}
