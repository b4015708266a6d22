/// A stable, public diagnostic name (SCREAMING_SNAKE, `<SUBJECT>_<PREDICATE>`).
/// Users write these in config files and suppression comments: never rename one.
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
    public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool { lhs.rawValue < rhs.rawValue }
}

// Syntax and resolution: always errors (but NAME_CASE_COLLISION), never disabled by config.
extension DiagnosticID {
    public static let syntaxError: DiagnosticID = "SYNTAX_ERROR"
    public static let nameDuplicate: DiagnosticID = "NAME_DUPLICATE"
    public static let nameCaseCollision: DiagnosticID = "NAME_CASE_COLLISION"
    public static let typeUnknown: DiagnosticID = "TYPE_UNKNOWN"
    /// A known type where it cannot be used: a model type in a record, `Asset` in a model, `[String?]`.
    public static let typeMisplaced: DiagnosticID = "TYPE_MISPLACED"
    public static let referenceTargetUnknown: DiagnosticID = "REFERENCE_TARGET_UNKNOWN"
    public static let defaultTypeMismatch: DiagnosticID = "DEFAULT_TYPE_MISMATCH"
    public static let listNested: DiagnosticID = "LIST_NESTED"
    public static let attributeUnknown: DiagnosticID = "ATTRIBUTE_UNKNOWN"
    public static let attributeMisplaced: DiagnosticID = "ATTRIBUTE_MISPLACED"
    /// A known attribute with a missing, extra or wrong argument: `@merge(sometimes)`, `@inverse(nope)`.
    public static let attributeArgumentInvalid: DiagnosticID = "ATTRIBUTE_ARGUMENT_INVALID"
    public static let zoneUnknown: DiagnosticID = "ZONE_UNKNOWN"
    public static let roleUnknown: DiagnosticID = "ROLE_UNKNOWN"
    public static let enumEmpty: DiagnosticID = "ENUM_EMPTY"
    public static let enumRawValueDuplicate: DiagnosticID = "ENUM_RAW_VALUE_DUPLICATE"
    /// An `Int64` enum case without a raw value, or a raw value of the wrong kind.
    public static let enumRawValueInvalid: DiagnosticID = "ENUM_RAW_VALUE_INVALID"
    /// A subscription predicate naming an unknown field or method, or a value of the wrong type.
    public static let subscriptionPredicateInvalid: DiagnosticID = "SUBSCRIPTION_PREDICATE_INVALID"

    /// The front end's own IDs (syntax and resolution), which config files cannot disable or downgrade.
    public static let frontEnd: Set<DiagnosticID> = Set(
        AlwaysOnRules.all.filter { $0.kind == .syntax || $0.kind == .resolve }.map(\.id))
}

// Inputs, arguments and files.
extension DiagnosticID {
    /// A file or folder that cannot be read, or no schema files found.
    public static let inputUnreadable: DiagnosticID = "INPUT_UNREADABLE"
    /// Info: files found in a folder and not checked: Swift beside a schema, a PostgreSQL `.sql` file.
    public static let inputNotChecked: DiagnosticID = "INPUT_NOT_CHECKED"
    /// A file that cannot be written: read-only, or the folder or disk refuses it.
    public static let outputUnwritable: DiagnosticID = "OUTPUT_UNWRITABLE"
    /// `cloudschema.json` cannot be read, is not JSON, or has an unknown key, rule or value.
    public static let configInvalid: DiagnosticID = "CONFIG_INVALID"
    /// A baseline entry (`lint --baseline`) whose finding is no longer found.
    public static let baselineStale: DiagnosticID = "BASELINE_STALE"
    /// `graph --focus NAME` naming no record type, model, enum or key-value store of the schema.
    public static let graphFocusUnknown: DiagnosticID = "GRAPH_FOCUS_UNKNOWN"
}

// Code generation.
extension DiagnosticID {
    /// Two schema files whose Swift files would have one name (or the schema-wide file's).
    public static let outputNameClash: DiagnosticID = "OUTPUT_NAME_CLASH"
    /// A template that does not parse or render (usually a user's override).
    public static let templateInvalid: DiagnosticID = "TEMPLATE_INVALID"
}

// Swift source input (SwiftData `@Model` classes).
extension DiagnosticID {
    /// Warning: part of a `@Model` class the Swift reader cannot read, left out rather than guessed.
    public static let swiftUnreadable: DiagnosticID = "SWIFT_UNREADABLE"
    /// Warning: an `.entitlements` file that is not a property list; whether `.automatic` stores sync is unknown.
    public static let entitlementsUnreadable: DiagnosticID = "ENTITLEMENTS_UNREADABLE"
    /// Warning: SQL (or a migration) the SQL reader cannot see into; what it creates is not read.
    public static let sqlNotChecked: DiagnosticID = "SQL_NOT_CHECKED"
}

// CloudKit Schema Language (.ckdb) input.
extension DiagnosticID {
    /// Info: a `.ckdb` record type named `CD_...` is Core Data / SwiftData's mirror of an entity.
    public static let ckdbCoreDataMirror: DiagnosticID = "CKDB_CORE_DATA_MIRROR"
    /// A file read as `.ckdb` that is not a CloudKit schema at all (for example Swift source).
    public static let ckdbNotASchema: DiagnosticID = "CKDB_NOT_A_SCHEMA"
    /// Warning: `#` comment lines, which Apple's grammar does not have; read as comments.
    public static let ckdbHashComment: DiagnosticID = "CKDB_HASH_COMMENT"
}

// Apple's cktool (`pull`, `push`).
extension DiagnosticID {
    /// `--environment` naming neither development nor production.
    public static let cktoolEnvironmentUnknown: DiagnosticID = "CKTOOL_ENVIRONMENT_UNKNOWN"
    /// No `--container-id` and no `container "iCloud..."` declaration in the schema read.
    public static let containerMissing: DiagnosticID = "CONTAINER_MISSING"
    /// No `xcrun cktool` on this machine (it ships with Xcode 13 or later).
    public static let cktoolUnavailable: DiagnosticID = "CKTOOL_UNAVAILABLE"
    /// cktool ran and failed (validation, authentication, network): its standard error is shown.
    public static let cktoolFailed: DiagnosticID = "CKTOOL_FAILED"
}

// Diff's IDs (CloudSchemaTools), here because AlwaysOnRules lists them.
extension DiagnosticID {
    /// `diff --format github`'s notice listing the kinds of change a `.ckdb` side left unchecked.
    public static let diffUnchecked: DiagnosticID = "DIFF_UNCHECKED"
    /// `diff --require-deployed`: something the schema uses that the production schema lacks.
    public static let diffNotDeployed: DiagnosticID = "DIFF_NOT_DEPLOYED"
}
