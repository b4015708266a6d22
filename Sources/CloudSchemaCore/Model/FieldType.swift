/// A field's type as the schema states it (Swift-level: `Bool`, `UUID`, an enum...).
/// `cloudKitType` is what CloudKit stores.
public indirect enum FieldType: Hashable, Sendable, CustomStringConvertible {
    case string, int64, int, double, bool, date, data, uuid, url, asset, location
    /// `Decimal`: SwiftData models only.
    case decimal
    /// `.ckdb` `NUMBER [PREFERRED AS INT64 | DOUBLE]`: a type CloudKit infers in development.
    case number(preferred: NumberPreference?)
    /// `Reference<T>` (target is T's Swift name) or untyped `Reference` (nil).
    case reference(target: String?)
    /// A declared enum, stored as its raw type.
    case enumeration(String, rawType: EnumType.RawType)
    /// A relationship to a SwiftData model (models only).
    case model(String)
    /// A Codable value SwiftData stores encoded (models only, `@codable`): the Swift type as
    /// written, declared in the app (`Region`, `Set<String>`, `Dictionary<String, Int>`). A list of
    /// them is `.list(.codable)`, stored the same way.
    case codable(String)
    case list(FieldType)

    public enum NumberPreference: String, Hashable, Sendable, CaseIterable {
        case int64 = "INT64"
        case double = "DOUBLE"

        /// The `.cloudschema` type it is written as: `Number<Int64>`.
        public var schemaName: String { self == .int64 ? "Int64" : "Double" }
    }

    /// How the type is spelled in `.cloudschema`.
    public var description: String {
        switch self {
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
        case .number(let preferred): preferred.map { "Number<\($0.schemaName)>" } ?? "Number"
        case .reference(let target): target.map { "Reference<\($0)>" } ?? "Reference"
        case .enumeration(let name, _): name
        case .model(let name): name
        case .codable(let swiftType): swiftType
        case .list(let element): "[\(element)]"
        }
    }

    /// The CloudKit field type values of this type are stored as.
    public var cloudKitType: CloudKitType {
        switch self {
        case .string, .uuid, .url: .string
        case .int64, .int, .bool: .int64
        case .double, .decimal: .double
        case .date: .timestamp
        case .data, .codable: .bytes
        case .asset: .asset
        case .location: .location
        case .number(let preferred): .number(preferred: preferred)
        case .reference, .model: .reference
        case .enumeration(_, let raw): raw == .string ? .string : .int64
        case .list(let element): .list(element.cloudKitType)
        }
    }

    public var isList: Bool {
        if case .list = self { return true }
        return false
    }

    public var listElement: FieldType? {
        if case .list(let element) = self { return element }
        return nil
    }

    public var isReference: Bool {
        if case .reference = self { return true }
        return false
    }

    /// `Reference<T>` or `[Reference<T>]`.
    public var isReferenceOrList: Bool { isReference || listElement?.isReference == true }

    /// A Codable value, or a list of them (`@codable`).
    public var isCodable: Bool {
        switch self {
        case .codable: true
        case .list(let element): element.isCodable
        default: false
        }
    }

    /// The model a relationship points at (`Other?` or `[Other]?`).
    public var relationshipTarget: String? {
        switch self {
        case .model(let name): name
        case .list(.model(let name)): name
        default: nil
        }
    }
}

/// The field types of CloudKit's schema language.
public indirect enum CloudKitType: Hashable, Sendable, CustomStringConvertible {
    case string, int64, double, timestamp, bytes, asset, location, reference
    case number(preferred: FieldType.NumberPreference?)
    case list(CloudKitType)

    /// The `.ckdb` spelling, e.g. `LIST<STRING>`.
    public var description: String {
        switch self {
        case .string: "STRING"
        case .int64: "INT64"
        case .double: "DOUBLE"
        case .timestamp: "TIMESTAMP"
        case .bytes: "BYTES"
        case .asset: "ASSET"
        case .location: "LOCATION"
        case .reference: "REFERENCE"
        case .number(let preferred): preferred.map { "NUMBER PREFERRED AS \($0.rawValue)" } ?? "NUMBER"
        case .list(let element): "LIST<\(element)>"
        }
    }
}

/// A default value, already checked against its field's type.
public indirect enum DefaultValue: Hashable, Sendable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    /// `now`, for `Date`: the moment the value is created.
    case now
    /// `UUID()`, for a `UUID` model property: a new identifier for each object (SwiftData's
    /// `var id: UUID = UUID()`). Models only: a record field's default is what an absent value
    /// decodes as, which must not change from one read to the next.
    case newUUID
    /// `.caseName` of the field's enum.
    case enumCase(String)
    /// `Region()`, for a `@codable` model property: a new value from the type's initializer
    /// without arguments, as the Swift model writes it. Holds the type's name.
    case initializer(String)
    case list([DefaultValue])
}
