/// The families a diagnostic belongs to. `use`/`except` in `cloudschema.json` accept the
/// names of categories with configurable rules as well as rule IDs.
public enum RuleCategory: String, Hashable, Sendable, CaseIterable, Comparable {
    case records, encryption, indexes, databases, models, keyvalue, subscriptions
    /// SQLite tables synced by SQLiteData's `SyncEngine`.
    case sqlitedata
    /// CloudKit calls in the app's Swift code, checked against the schema.
    case appcode
    /// Checks on `// cloudschema:ignore` comments themselves.
    case suppressions
    /// `cloudschema diff`'s rules: changes production or shipped app versions cannot take.
    case breaking
    /// The front end's checks (`.cloudschema` and `.ckdb`), always on.
    case syntax
    /// Input, output and configuration files, always on.
    case files

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    public static func < (lhs: RuleCategory, rhs: RuleCategory) -> Bool { lhs.rank < rhs.rank }

    /// What the category covers, for `--list-rules` and Documentation/Rules.md.
    public var title: String {
        switch self {
        case .records: "Records, fields and names"
        case .encryption: "Encryption"
        case .indexes: "Indexes"
        case .databases: "Databases, zones, grants and sharing"
        case .models: "SwiftData models (CloudKit mirroring)"
        case .keyvalue: "Key-value store"
        case .subscriptions: "Subscriptions and sharing"
        case .sqlitedata: "SQLiteData (SQLite tables synced by SyncEngine)"
        case .appcode: "App code (CloudKit calls in Swift)"
        case .suppressions: "Suppression comments"
        case .breaking: "Breaking changes (cloudschema diff)"
        case .syntax: "Syntax and resolution (always on)"
        case .files: "Files and configuration (always on)"
        }
    }
}

/// One lint rule: its public metadata and the checks that read a resolved `Schema`.
///
/// Rules are independent: each reads only the `LintInput` and reports through its own
/// `LintReporter`, which stamps the rule's ID and default severity on every diagnostic
/// (configuration changes the severity afterwards).
public struct LintRule: Sendable {
    /// Reads one record type (or one model) where it is stored.
    typealias ElementCheck<Element> = @Sendable (LintInput, Borrowed<Element>, inout LintReporter) -> Void
    /// Reads the whole schema.
    typealias SchemaCheck = @Sendable (LintInput, inout LintReporter) -> Void

    public var metadata: DiagnosticRule
    /// Called by the Linter's one walk over the record types, for each of them.
    var eachRecordType: ElementCheck<RecordType>?
    /// Called by the Linter's one walk over the models Core Data mirrors (`LintInput.isMirrored`).
    var eachMirroredModel: ElementCheck<Model>?
    /// Called after the walks, with what they reported. Nil with no walk either: a rule the
    /// engine itself applies (suppression checks).
    var check: SchemaCheck?

    public var id: DiagnosticID { metadata.id }
    public var category: RuleCategory { metadata.category }
    public var defaultSeverity: Diagnostic.Severity { metadata.defaultSeverity }

    /// A rule that looks at one record type or model at a time gives `eachRecordType` or
    /// `eachMirroredModel` rather than walking the schema in `check`: the Linter then visits
    /// each element once for every rule, while it is in the processor's cache. (When each rule
    /// walked the whole schema in turn, a schema past the cache was read from memory once per
    /// rule, and lint's time grew faster than its work: issue 36.)
    init(
        _ id: DiagnosticID, _ category: RuleCategory, _ severity: Diagnostic.Severity, summary: String,
        explanation: String, fix: String, eachRecordType: ElementCheck<RecordType>? = nil,
        eachMirroredModel: ElementCheck<Model>? = nil, check: SchemaCheck? = nil
    ) {
        metadata = DiagnosticRule(id, .lint, category, severity, summary: summary, explanation: explanation, fix: fix)
        self.eachRecordType = eachRecordType
        self.eachMirroredModel = eachMirroredModel
        self.check = check
    }
}

/// Collects one rule's findings.
public struct LintReporter {
    public let rule: DiagnosticID
    public let severity: Diagnostic.Severity
    var diagnostics: [Diagnostic] = []
    /// Where the Linter's walk is: the position of the record type or model being checked.
    var position = 0
    /// What the rule's walk keeps for its `check`, one value per element (PARENT_CYCLE: each record
    /// type's parent type), so that the check does not read the schema again.
    var positions: [Int32] = []
    /// The relationships MODEL_RELATIONSHIP_INVERSE's walk keeps for its `check`.
    var relationships = SyncedRelationships()

    init(rule: DiagnosticID, severity: Diagnostic.Severity) {
        self.rule = rule
        self.severity = severity
    }

    /// `severity` overrides the rule's default for this finding (a rule with two grades of the
    /// same mistake); a severity set in configuration overrides both.
    mutating func report(
        _ message: String, at range: SourceRange?, severity: Diagnostic.Severity? = nil, notes: [Diagnostic.Note] = [],
        fixIts: [Diagnostic.FixIt] = []
    ) {
        diagnostics.append(Diagnostic(rule, severity ?? self.severity, message, at: range, notes: notes, fixIts: fixIts))
    }
}

/// What every rule reads: the schema plus lookup tables built once, so rules that relate
/// elements (references, relationships) stay linear.
public struct LintInput: Sendable {
    public let schema: Schema
    /// Source text, when available, so fix-its can remove the space before an attribute.
    public let sources: SourceStore?
    let recordTypesByName: FirstByName<RecordType>
    let modelsByName: FirstByName<Model>
    let zonesByName: FirstByName<Zone>
    /// Models stored without CloudKit for certain: Core Data mirrors all others.
    let localModelNames: Set<String>
    /// The CloudKit calls of the Swift files read, and the record types they are checked against.
    public let appCode: AppCode
    let appCodeSchema: AppCodeSchema

    public init(schema: Schema, sources: SourceStore? = nil, appCode: AppCode = AppCode()) {
        self.schema = schema
        self.sources = sources
        self.appCode = appCode
        recordTypesByName = FirstByName(schema.recordTypes, name: \.name)
        modelsByName = FirstByName(schema.models, name: \.name)
        zonesByName = FirstByName(schema.zones, name: \.name)
        localModelNames = Set(schema.localModels.filter(\.isCertain).flatMap(\.models))
        appCodeSchema = appCode.isEmpty ? AppCodeSchema() : AppCodeSchema(schema)
    }

    /// Whether Core Data mirrors the model named `name` (`MODEL_LOCAL_STORE` lists those it does not).
    func isMirrored(_ name: String) -> Bool { localModelNames.isEmpty || !localModelNames.contains(name) }

    /// The range to delete to remove an attribute: the attribute and the blanks before it
    /// on its line, so `a: String @queryable` becomes `a: String`.
    func removal(of range: SourceRange) -> SourceRange {
        guard let bytes = sources?.bytes(of: range.file) else { return range }
        var start = range.start
        while start.offset > 0, start.column > 1, start.offset - 1 < bytes.count,
            bytes[start.offset - 1] == UInt8(ascii: " ") || bytes[start.offset - 1] == UInt8(ascii: "\t")
        {
            start = SourcePosition(line: start.line, column: start.column - 1, offset: start.offset - 1)
        }
        return SourceRange(file: range.file, start: start, end: range.end)
    }

    /// A fix-it that removes an attribute.
    func removeAttribute(_ range: SourceRange, _ message: String) -> Diagnostic.FixIt {
        .remove(removal(of: range), message)
    }
}

/// The first element of an array with each name. It keeps each element's position, not a
/// copy: a dictionary of record type copies was a second copy of every record type's own
/// storage (about 300 bytes each) for the whole of lint, the largest thing lint allocated.
/// Positions sit in an open-addressing table of 32-bit slots, at most half full, beside the names
/// in order: a `[String: Int]` took 24 bytes a bucket and, once the schema outgrew the processor's
/// caches, each insertion and lookup missed them up to three times (its bitmap, key and value),
/// so lint's name tables grew 5.3 times for 4 times the schema (issue 36).
struct FirstByName<Element> {
    private let elements: [Element]
    /// Each element's name, by position.
    private let names: [String]
    /// A position + 1 (0: empty), at the name's hash or the first free slot after it.
    private let slots: [Int32]
    /// Whether two elements share a name.
    let hasDuplicates: Bool

    init(_ elements: [Element], name: (Element) -> String) {
        let names = elements.map(name)
        var capacity = 16
        while capacity < 2 * names.count { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        var hasDuplicates = false
        for (position, name) in names.enumerated() {
            var slot = name.hashValue & (capacity - 1)
            while slots[slot] != 0 && names[Int(slots[slot]) - 1] != name { slot = (slot + 1) & (capacity - 1) }
            if slots[slot] == 0 { slots[slot] = Int32(position + 1) } else { hasDuplicates = true }
        }
        self.elements = elements
        self.names = names
        self.slots = slots
        self.hasDuplicates = hasDuplicates
    }

    subscript(name: String) -> Element? { position(of: name).map { elements[$0] } }

    /// Where the first element named `name` is in the array.
    func position(of name: String) -> Int? {
        var slot = name.hashValue & (slots.count - 1)
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if names[position] == name { return position }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }
}

extension FirstByName: Sendable where Element: Sendable {}

extension Array {
    /// Calls `body` with each element where it is stored. `for x in array` copies each element
    /// out, and a copy of a record type, field or property retains every string, array and source
    /// range inside it: with ~50 rules walking every element, that copying grew faster than the
    /// schema (issue 17), while reading elements in place keeps lint linear. A closure given the
    /// element itself still got a copy (the compiler cannot tell that `body` leaves the array's
    /// storage alone), so it gets a `Borrowed` view that reads only the properties it names.
    func forEachInPlace(_ body: (Borrowed<Element>) throws -> Void) rethrows {
        try withUnsafeBufferPointer { elements in
            for i in elements.indices { try body(Borrowed(elements.baseAddress! + i)) }
        }
    }
}

extension Array {
    /// `body` with the element at `index` read where it is stored, as `forEachInPlace` reads them
    /// (a rule that looks another element up by name reads only what it needs of it).
    func inPlace<Result>(at index: Int, _ body: (Borrowed<Element>) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { elements in try body(Borrowed(elements.baseAddress! + index)) }
    }
}

/// An element read where it is stored, for the length of a `forEachInPlace` call: `field.name`
/// copies the name only, not the whole field. `value` is a copy, for the rare use of the whole.
@dynamicMemberLookup
struct Borrowed<Element> {
    private let pointer: UnsafePointer<Element>

    fileprivate init(_ pointer: UnsafePointer<Element>) { self.pointer = pointer }

    subscript<Property>(dynamicMember property: KeyPath<Element, Property>) -> Property { pointer.pointee[keyPath: property] }

    var value: Element { pointer.pointee }
}

extension Borrowed where Element == RecordType {
    // Read in place: through `dynamicMember`, a computed property's getter is handed a copy of
    // the whole record type (every field retained), once per record type per rule; so is
    // `pointee.isCloudKitSystemType`. These read only the stored name.
    var isCloudKitSystemType: Bool { CKDB.isSystemRecordType(pointer.pointee.cloudKitName) }
    var isCoreDataMirror: Bool { RecordType.isCoreDataMirror(cloudKitName: pointer.pointee.cloudKitName) }
    var parentField: Field? { pointer.pointee.parentField }
    /// The record type the @parent field references, other than this one: read in place, where
    /// `parentField` copies the whole field (each of its strings and ranges retained).
    var parentTarget: String? {
        pointer.pointee.fields.withUnsafeBufferPointer { fields in
            guard let i = fields.indices.first(where: { fields[$0].isParent }), case .reference(let target?) = fields[i].type,
                target != pointer.pointee.name
            else { return nil }
            return target
        }
    }
}
