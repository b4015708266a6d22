import CloudSchemaCore

/// One difference between a deployed schema and the current one, as `cloudschema diff`
/// reports it: what changed, whether CloudKit (or shipped app versions) can live with
/// it, and where to look.
public struct SchemaChange: Hashable, Sendable {
    /// What kind of change, named as in `diff --format json`'s `kind`.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case recordTypeAdded, recordTypeRemoved, recordTypeDeprecated, recordTypeRenamedInSwift
        case recordTypeDatabaseChanged, recordTypeShareableChanged
        case fieldAdded, fieldRemoved, fieldDeprecated, fieldRenamedInSwift, fieldRenameSuspected
        case fieldTypeChanged, fieldNumberPreferenceChanged, fieldEncryptionChanged
        case fieldMadeRequired, fieldMadeOptional, fieldDefaultChanged
        case referenceTargetChanged
        case indexAdded, indexRemoved
        case grantAdded, grantRemoved
        case enumAdded, enumRemoved, enumRawTypeChanged
        case enumCaseAdded, enumCaseRemoved, enumCaseRawValueChanged, enumCaseRenamed
        case zoneAdded, zoneRemoved, zoneShareableChanged
        case roleAdded, roleRemoved
        case modelAdded, modelRemoved, modelDeprecated
        case modelAttributeAdded, modelAttributeRemoved, modelAttributeTypeChanged
        case modelAttributeEncryptionChanged, modelAttributeMadeRequired, modelAttributeDeprecated
        case keyValueKeyAdded, keyValueKeyRemoved, keyValueKeyTypeChanged
        case subscriptionAdded, subscriptionRemoved, subscriptionChanged
        case migrationAdded, migrationEdited, migrationRemoved
    }

    /// The schema element a change is about, by its CloudKit identity where it has one.
    public enum Subject: Hashable, Sendable {
        /// A record type, by CloudKit name.
        case recordType(String)
        /// A field, by record type CloudKit name and field key.
        case field(recordType: String, key: String)
        case enumType(String)
        case enumCase(enumType: String, rawValue: String)
        case zone(String)
        case role(String)
        case model(String)
        case modelAttribute(model: String, attribute: String)
        case keyValueKey(store: String, key: String)
        case subscription(String)
        /// A SQLiteData migration, by name.
        case migration(String)

        /// The record type (CloudKit name) for record, field, index and grant changes.
        public var recordType: String? {
            switch self {
            case .recordType(let name), .field(let name, _): name
            default: nil
            }
        }

        /// The field key for field and index changes.
        public var field: String? {
            if case .field(_, let key) = self { return key }
            return nil
        }

        /// The declaration the change belongs to, for grouping in reports: ("record type", "Plant").
        public var group: (kind: String, name: String) {
            switch self {
            case .recordType(let n), .field(let n, _): ("Record type", n)
            case .enumType(let n), .enumCase(let n, _): ("Enum", n)
            case .zone(let n): ("Zone", n)
            case .role(let n): ("Role", n)
            case .model(let n), .modelAttribute(let n, _): ("Model", n)
            case .keyValueKey(let store, _): ("Key-value store", store)
            case .subscription(let id): ("Subscription", id)
            case .migration(let n): ("Migration", n)
            }
        }

        /// `Plant.notes`, `PlantStatus.done`, `Harvest`...
        public var displayName: String {
            switch self {
            case .recordType(let n), .enumType(let n), .zone(let n), .role(let n), .model(let n), .migration(let n): n
            case .field(let r, let k): "\(r).\(k)"
            case .enumCase(let e, let raw): "\(e).\(raw)"
            case .modelAttribute(let m, let a): "\(m).\(a)"
            case .keyValueKey(let s, let k): "\(s).\(k)"
            case .subscription(let id): id
            }
        }

        /// The members `diff --format json` writes for this subject.
        var jsonMembers: [(String, JSON)] {
            switch self {
            case .recordType(let n): [("recordType", .string(n))]
            case .field(let r, let k): [("recordType", .string(r)), ("field", .string(k))]
            case .enumType(let n): [("enum", .string(n))]
            case .enumCase(let e, let raw): [("enum", .string(e)), ("rawValue", .string(raw))]
            case .zone(let n): [("zone", .string(n))]
            case .role(let n): [("role", .string(n))]
            case .model(let n): [("model", .string(n))]
            case .modelAttribute(let m, let a): [("model", .string(m)), ("attribute", .string(a))]
            case .keyValueKey(let s, let k): [("keyValueStore", .string(s)), ("key", .string(k))]
            case .subscription(let id): [("subscription", .string(id))]
            case .migration(let n): [("migration", .string(n))]
            }
        }
    }

    public var kind: Kind
    public var subject: Subject
    /// The rule the change breaks, or nil for a safe change.
    public var rule: DiagnosticRule?
    /// The rule's severity here (the rule's default unless configured otherwise); nil when safe.
    public var severity: Diagnostic.Severity?
    /// One sentence, for people.
    public var message: String
    /// What to do instead, when the change breaks a rule.
    public var fix: String?
    /// What app versions built from the deployed schema see after the change, for
    /// additions and widened fields: "older app versions decode it as unknown and write it back
    /// unchanged". Nil when they see nothing new.
    public var olderVersions: String?
    /// Where the change is in the current schema (for a removal: the enclosing declaration, if any).
    public var location: SourceRange?
    /// Where the element was in the deployed schema.
    public var deployedLocation: SourceRange?
    /// The deployed and current values, spelled for people (`STRING`, `Int64?`), where it applies.
    public var before: String?
    public var after: String?
    /// A mechanical fix, when there is one (`?` to make a field optional, `@name("old")`).
    public var fixIts: [Diagnostic.FixIt]

    public init(
        _ kind: Kind, _ subject: Subject, rule: DiagnosticRule? = nil, message: String, fix: String? = nil,
        olderVersions: String? = nil, at location: SourceRange? = nil, deployedAt deployedLocation: SourceRange? = nil,
        before: String? = nil,
        after: String? = nil, fixIts: [Diagnostic.FixIt] = []
    ) {
        self.kind = kind
        self.subject = subject
        self.rule = rule
        self.severity = rule?.defaultSeverity
        self.message = message
        self.fix = fix ?? rule?.fix
        self.olderVersions = olderVersions
        self.location = location
        self.deployedLocation = deployedLocation
        self.before = before
        self.after = after
        self.fixIts = fixIts
    }

    /// An error-severity rule: the change cannot be deployed (or loses data). Exit code 1.
    public var isBreaking: Bool { severity == .error }
    /// A rule applies at all (error, warning or info): a reviewer should look.
    public var isFlagged: Bool { severity != nil }

    /// The finding as a diagnostic (nil for safe changes): the deployed location, the fix
    /// and what older app versions see are notes.
    public var diagnostic: Diagnostic? {
        guard let rule, let severity else { return nil }
        var notes: [Diagnostic.Note] = []
        if let deployedLocation { notes.append(.init("deployed here", at: deployedLocation)) }
        if let fix { notes.append(.init("fix: \(fix)", at: nil)) }
        if let olderVersions { notes.append(.init(olderVersions, at: nil)) }
        return Diagnostic(rule.id, severity, message, at: location, notes: notes, fixIts: fixIts)
    }

    /// One member of `diff --format json`'s `changes` array.
    public var json: JSON {
        var members: [(String, JSON)] = [("kind", .string(kind.rawValue))]
        members += subject.jsonMembers
        members.append(("breaking", .bool(isBreaking)))
        if let rule, let severity {
            members.append(("id", .string(rule.id.rawValue)))
            members.append(("severity", .string(severity.rawValue)))
        }
        members.append(("message", .string(message)))
        if let before { members.append(("before", .string(before))) }
        if let after { members.append(("after", .string(after))) }
        if let fix, rule != nil { members.append(("fix", .string(fix))) }
        if let olderVersions { members.append(("olderVersions", .string(olderVersions))) }
        members += DiagnosticRenderer.location(location)
        if let deployedLocation {
            members.append(("deployed", .object(DiagnosticRenderer.location(deployedLocation))))
        }
        return .object(members)
    }
}

extension SchemaChange: Comparable {
    /// Breaking first, then warnings, then safe changes; within each, by place and subject.
    public static func < (lhs: SchemaChange, rhs: SchemaChange) -> Bool {
        func rank(_ c: SchemaChange) -> Int {
            switch c.severity {
            case .error?: 0
            case .warning?: 1
            case .info?: 2
            case nil: 3
            }
        }
        let l = (rank(lhs), lhs.location?.file ?? "~", lhs.location?.start.offset ?? Int.max, lhs.subject.displayName, lhs.kind.rawValue)
        let r = (rank(rhs), rhs.location?.file ?? "~", rhs.location?.start.offset ?? Int.max, rhs.subject.displayName, rhs.kind.rawValue)
        return l < r
    }
}

/// The result of comparing a deployed schema with the current one.
public struct SchemaDiff: Hashable, Sendable {
    /// Every change, breaking first.
    public var changes: [SchemaChange]
    /// What the comparison could not check, because one side is a `.ckdb` (empty when both
    /// sides are `.cloudschema`).
    public var unchecked: [Unchecked]
    /// What a reader left out of either side (`SWIFT_UNREADABLE`): in neither schema, so no
    /// change to it was compared.
    public var notRead: [Diagnostic] = []

    public init(changes: [SchemaChange], unchecked: [Unchecked] = []) {
        self.changes = changes.sorted()
        self.unchecked = unchecked
    }

    /// The diff with cloudschema.json's `breaking` section applied, as `Linter.lint` applies
    /// `lint`: each finding gets the severity configured for its rule in its file; a change whose
    /// rule is off there is reported as a safe change.
    public func configured(_ configuration: (String?) -> LintConfiguration) -> SchemaDiff {
        SchemaDiff(
            changes: changes.map { change in
                guard let rule = change.rule else { return change }
                var change = change
                let file = change.location?.file
                // A change graded below its rule's default keeps that grade unless configuration sets another.
                let configured = configuration(file).severity(of: rule.id, in: file)
                if configured != rule.defaultSeverity { change.severity = configured }
                if change.severity == nil {
                    change.rule = nil
                    change.fix = nil
                }
                return change
            }, unchecked: unchecked)
    }

    public var breaking: [SchemaChange] { changes.filter(\.isBreaking) }
    public var warnings: [SchemaChange] { changes.filter { $0.severity == .warning } }
    public var safe: [SchemaChange] { changes.filter { !$0.isFlagged } }
    public var isBreaking: Bool { count(.error) > 0 }
    /// The findings as diagnostics, in the order renderers print them (breaking first).
    public var diagnostics: [Diagnostic] { changes.compactMap(\.diagnostic) }

    /// How many changes have `severity` (nil: safe ones). Only each change's severity is read:
    /// filtering, or a loop over the changes, copies each whole change out, which retains every
    /// string in it, and on a large diff those copies grew the report's time faster than the
    /// diff (issue 17).
    func count(_ severity: Diagnostic.Severity?) -> Int {
        var n = 0
        for i in changes.indices where changes[i].severity == severity { n += 1 }
        return n
    }

    /// The one-line verdict: "2 breaking changes, 1 warning, 3 safe changes".
    public var verdict: Verdict {
        if isBreaking { return .breaking }
        if count(.warning) > 0 { return .review }
        return changes.isEmpty ? .unchanged : .safe
    }

    /// A kind of change a `.ckdb` cannot state, so a comparison with one cannot see it.
    public enum Unchecked: String, Hashable, Sendable, CaseIterable {
        case zonesAndDatabases, optionality, enums, swiftTypes, referenceTargets, modelAttributes, keyValueStores, subscriptions

        /// What went unseen, for people.
        public var message: String {
            switch self {
            case .zonesAndDatabases: "zones and databases: a record type moved to another zone or database"
            case .optionality: "optionality and defaults: a deployed field made required"
            case .enums: "enums: a case removed or given another raw value"
            case .swiftTypes: "Swift types stored as one CloudKit type: Int64 to Bool, String to UUID, URL or an enum"
            case .referenceTargets: "reference targets: a typed reference pointing at another record type"
            case .modelAttributes:
                "SwiftData models' attributes beyond their CloudKit fields: made required, Bool and Int64, UUID and String"
            case .keyValueStores: "key-value stores, which are not part of a CloudKit schema"
            case .subscriptions: "subscriptions, which apps save at run time and .ckdb does not state"
            }
        }

        /// The rules that could not fire.
        public var rules: [DiagnosticRule] {
            switch self {
            case .zonesAndDatabases: [BreakingRules.recordDatabaseChanged]
            case .optionality: [BreakingRules.fieldNewRequired]
            case .enums: [BreakingRules.enumCaseNoDelete, BreakingRules.enumCaseSameValue]
            case .swiftTypes: [BreakingRules.fieldTypeNarrowed]
            case .referenceTargets: [BreakingRules.referenceTargetChanged]
            case .modelAttributes: [BreakingRules.fieldNewRequired, BreakingRules.modelAttributeSameType]
            case .keyValueStores: [BreakingRules.keyValueKeySameType]
            case .subscriptions: [BreakingRules.subscriptionRemoved, BreakingRules.subscriptionChanged]
            }
        }

        /// One member of `diff --format json`'s `unchecked` array.
        public var json: JSON {
            .object([
                ("kind", .string(rawValue)), ("message", .string(message)),
                ("rules", .array(rules.map { .string($0.id.rawValue) })),
            ])
        }
    }

    public enum Verdict: String, Hashable, Sendable {
        /// At least one error: cannot be deployed as is.
        case breaking
        /// Only warnings and safe changes: deployable, but look at the warnings.
        case review
        /// Only additive changes.
        case safe
        /// Nothing changed.
        case unchanged
    }
}
