/// The semantic model of one schema: what every importer (`.cloudschema`, `.ckdb`)
/// produces and every consumer (lint, diff, generate, export) reads.
///
/// Names are resolved and types checked. Element order is declaration order (files
/// sorted by path). Equality ignores source locations (see `SourceSpans`).
public struct Schema: Hashable, Sendable {
    /// `container "iCloud.x.y"`, if declared.
    public var container: Container?
    public var roles: [Role]
    public var zones: [Zone]
    public var enums: [EnumType]
    public var recordTypes: [RecordType]
    public var models: [Model]
    public var keyValueStores: [KeyValueStore]
    /// Push subscriptions (not part of a `.ckdb` schema: apps save them at run time).
    public var subscriptions: [Subscription]
    /// SQLite tables synced by SQLiteData, from `.sql` migrations.
    public var sqlite = SQLiteSchema()
    /// Models stored without CloudKit (the Swift setup read, or cloudschema.json).
    public var localModels: [LocalModels] = []
    /// Models a local store lists that another store syncs (the Swift setup read).
    public var syncedLocalModels: [SyncedLocalModels] = []

    public init(
        container: Container? = nil, roles: [Role] = [], zones: [Zone] = [], enums: [EnumType] = [],
        recordTypes: [RecordType] = [], models: [Model] = [], keyValueStores: [KeyValueStore] = [],
        subscriptions: [Subscription] = []
    ) {
        self.container = container
        self.roles = roles
        self.zones = zones
        self.enums = enums
        self.recordTypes = recordTypes
        self.models = models
        self.keyValueStores = keyValueStores
        self.subscriptions = subscriptions
    }

    public func recordType(named name: String) -> RecordType? { recordTypes.first { $0.name == name } }
    public func enumType(named name: String) -> EnumType? { enums.first { $0.name == name } }
    public func model(named name: String) -> Model? { models.first { $0.name == name } }
    public func zone(named name: String) -> Zone? { zones.first { $0.name == name } }

    /// Takes the local models cloudschema.json's `swiftdata.localModels` lists, from the
    /// configuration of the first model's file.
    public mutating func adoptLocalModels(from configuration: (String?) -> LintConfiguration) {
        guard let file = models.first?.spans.range?.file, let section = configuration(file).swiftdata, !section.localModels.isEmpty
        else { return }
        localModels.append(
            LocalModels(models: section.localModels, reason: "listed in cloudschema.json's swiftdata.localModels", range: section.range))
    }

    /// What CloudKit holds of this schema, as export, diff, push and plan write and compare it:
    /// cloudschema.json's synced tables and local models adopted, and the models stored without
    /// CloudKit for certain left out, since no container's schema has them (a release gate that
    /// asked production for them could never pass).
    public func inCloudKit(configuration: (String?) -> LintConfiguration) -> Schema {
        var schema = self
        schema.sqlite.adoptSyncedTables(from: configuration)
        schema.adoptLocalModels(from: configuration)
        let local = Set(schema.localModels.filter(\.isCertain).flatMap(\.models))
        if !local.isEmpty { schema.models.removeAll { local.contains($0.name) } }
        return schema
    }
}

/// Which text format an element was read from. `.ckdb` cannot say zones, databases,
/// optionality or defaults, so some rules only apply to `.cloudschema` elements.
public enum SourceFormat: String, Hashable, Sendable {
    case cloudschema, ckdb
}

public struct Container: Hashable, Sendable {
    public var identifier: String
    public var spans: SourceSpans

    public init(identifier: String, spans: SourceSpans = .init()) {
        self.identifier = identifier
        self.spans = spans
    }
}

/// A custom role (CloudKit `CREATE ROLE`) that grants can name.
public struct Role: Hashable, Sendable {
    public var name: String
    public var doc: String?
    public var spans: SourceSpans

    public init(name: String, doc: String? = nil, spans: SourceSpans = .init()) {
        self.name = name
        self.doc = doc
        self.spans = spans
    }
}

/// A custom zone in the private database.
public struct Zone: Hashable, Sendable {
    public var name: String
    /// `@shareable`: the whole zone can be shared with one `CKShare`.
    public var isShareable: Bool
    public var doc: String?
    public var spans: SourceSpans

    public init(name: String, isShareable: Bool = false, doc: String? = nil, spans: SourceSpans = .init()) {
        self.name = name
        self.isShareable = isShareable
        self.doc = doc
        self.spans = spans
    }
}

public struct EnumType: Hashable, Sendable {
    public enum RawType: String, Hashable, Sendable {
        case string = "String"
        case int64 = "Int64"
    }

    public struct Case: Hashable, Sendable {
        public var name: String
        public var rawValue: RawValue
        public var doc: String?
        public var spans: SourceSpans

        public init(name: String, rawValue: RawValue, doc: String? = nil, spans: SourceSpans = .init()) {
            self.name = name
            self.rawValue = rawValue
            self.doc = doc
            self.spans = spans
        }
    }

    public enum RawValue: Hashable, Sendable, CustomStringConvertible {
        case string(String)
        case int64(Int64)

        public var description: String {
            switch self {
            case .string(let s): "\"\(s)\""
            case .int64(let i): String(i)
            }
        }
    }

    public var name: String
    public var rawType: RawType
    public var cases: [Case]
    public var deprecation: Deprecation?
    public var doc: String?
    public var spans: SourceSpans

    public init(
        name: String, rawType: RawType, cases: [Case], deprecation: Deprecation? = nil, doc: String? = nil,
        spans: SourceSpans = .init()
    ) {
        self.name = name
        self.rawType = rawType
        self.cases = cases
        self.deprecation = deprecation
        self.doc = doc
        self.spans = spans
    }

    /// The CloudKit type its values are stored as.
    public var storage: CloudKitType { rawType == .string ? .string : .int64 }
}

/// `@deprecated("why")`: kept forever (CloudKit schemas only grow), marked deprecated in generated code.
public struct Deprecation: Hashable, Sendable {
    public var message: String?

    public init(message: String? = nil) { self.message = message }
}
