/// Schema errors that CloudKit, Core Data and SQLiteData report at run time, one entry per message
/// pattern: the lint rule that catches the cause before it ships (if one does), what the message
/// means, the fix, and a public place where the text was reported (`cloudschema explain-error`).
public struct ErrorMessagePattern: Sendable {
    public enum Origin: String, Sendable {
        case cloudKit = "CloudKit server"
        case coreData = "Core Data's CloudKit mirroring (NSCocoaErrorDomain 134060, when the store loads)"
        case syncEngine = "SQLiteData SyncEngine.init (SchemaError)"
    }

    /// How the message names the schema elements it is about.
    public enum Names: Sendable {
        case none
        /// The pattern's named groups `type` (record type, entity or table) and `field`.
        case captured
        /// `Entity: property` entries after the message, one per element (as Core Data lists them).
        case entries
    }

    public var origin: Origin
    /// A regular expression, matched against the message with its whitespace runs made single spaces.
    public var pattern: String
    public var names: Names
    public var rule: DiagnosticID?
    public var meaning: String
    /// What to do; nil for the rule's own fix.
    public var fix: String?
    /// Where the message text was seen (an issue thread, Apple's documentation, the source that throws it).
    public var source: String
}

public enum ErrorCatalog {
    private static let deployFix = """
        deploy the development schema to production in the CloudKit Console (Deploy Schema Changes) before \
        the build ships; 'cloudschema pull --environment production --output production.ckdb' and \
        'cloudschema diff --against production.ckdb' show what production lacks.
        """
    private static let inspecting =
        "https://developer.apple.com/documentation/cloudkit/inspecting-and-editing-an-icloud-container-s-schema"
    private static let syncEngine = "https://github.com/pointfreeco/sqlite-data/blob/main/Sources/SQLiteData/CloudKit/SyncEngine.swift"
    private static let openCloudData = "https://github.com/pookjw/OpenCloudData (PFCloudKitModelValidator's messages)"

    /// Specific patterns before general ones: the first entry matching at a place explains it.
    public static let all: [ErrorMessagePattern] = [
        ErrorMessagePattern(
            origin: .cloudKit, pattern: #"Cannot create new type (?<type>[A-Za-z0-9_.]+) in production schema"#, names: .captured,
            rule: nil,
            meaning: """
                production has no record type of this name: CloudKit creates record types and fields on first save \
                only in development ("The ability to add new keys is only possible during development", CKRecord).
                """,
            fix: deployFix, source: "https://github.com/TableProApp/TablePro/pull/2226"),
        ErrorMessagePattern(
            origin: .cloudKit,
            pattern: #"Cannot create or modify field '(?<field>[^']+)' in record '(?<type>[^']+)' in production schema"#,
            names: .captured, rule: nil,
            meaning: "production's record type has no field of this name: fields, like types, are created only in development.",
            fix: deployFix, source: "https://github.com/caiyue1993/IceCream/issues/164"),
        ErrorMessagePattern(
            origin: .cloudKit, pattern: #"Field '(?:recordName|___recordID)' is not marked queryable"#, names: .none,
            rule: "INDEX_QUERY_ALL",
            meaning: "a query without a filter (and the Console's record browser) needs a QUERYABLE index on the record name.",
            fix: nil, source: "https://github.com/caiyue1993/IceCream/issues/169"),
        ErrorMessagePattern(
            origin: .cloudKit, pattern: #"Field '(?<field>[^']+)' is not marked queryable"#, names: .captured, rule: nil,
            meaning: "a query filters on a field without a QUERYABLE index in this environment.",
            fix: """
                add @queryable to the field (QUERYABLE in .ckdb), push it to development and deploy it to \
                production: indexes are deployed like record types.
                """,
            source: inspecting),
        ErrorMessagePattern(
            origin: .cloudKit, pattern: #"Field '(?<field>[^']+)' is not marked sortable"#, names: .captured, rule: nil,
            meaning: "a query sorts on a field without a SORTABLE index (system fields such as ___createTime too).",
            fix: """
                add @sortable to the field (SORTABLE in .ckdb; for a system field, list it in the .ckdb record type, \
                e.g. "___createTime" TIMESTAMP SORTABLE), push it to development and deploy it to production.
                """,
            source: "https://github.com/evermeer/EVCloudKitDao/issues/2"),
        ErrorMessagePattern(
            origin: .cloudKit, pattern: #"Type is not marked indexable(?:: (?<type>[A-Za-z0-9_.]+))?"#, names: .captured,
            rule: "INDEX_QUERY_ALL",
            meaning: """
                a query on this record type needs an index; Apple: add a QUERYABLE index to its recordName field \
                to search for records by type ("Enable querying for your record type").
                """,
            fix: nil, source: inspecting),
        ErrorMessagePattern(
            origin: .coreData,
            pattern:
                #"CloudKit integration requires that all attributes be optional, or have a default value set\.?(?: The following attributes are marked non-optional but do not have a default value:)?"#,
            names: .entries, rule: "MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT",
            meaning: "the listed attributes are neither optional nor have a default, so records missing them could not be read.",
            fix: nil, source: "https://github.com/CubeLabsNZ/CubeTime/pull/131"),
        ErrorMessagePattern(
            origin: .coreData, pattern: #"CloudKit integration requires that all relationships be optional, the following are not:?"#,
            names: .entries, rule: "MODEL_RELATIONSHIP_OPTIONAL",
            meaning: "the listed relationships are not optional; CloudKit may not save relationship changes atomically.",
            fix: nil, source: "https://github.com/CubeLabsNZ/CubeTime/pull/131"),
        ErrorMessagePattern(
            origin: .coreData, pattern: #"CloudKit integration requires that all relationships have an inverse, the following do not:?"#,
            names: .entries, rule: "MODEL_RELATIONSHIP_INVERSE",
            meaning: "the listed relationships have no inverse, which Core Data needs when records sync out of order.",
            fix: nil, source: openCloudData),
        ErrorMessagePattern(
            origin: .coreData,
            pattern: #"CloudKit integration does not support unique constraints\.?(?: The following entities are constrained:)?"#,
            names: .entries, rule: "MODEL_UNIQUE",
            meaning: "the listed models have @Attribute(.unique) or #Unique, which CloudKit cannot enforce across devices.",
            fix: nil, source: openCloudData),
        ErrorMessagePattern(
            origin: .coreData,
            pattern:
                #"CloudKit integration does not support ordered relationships\.?(?: The following relationships are marked ordered:)?"#,
            names: .entries, rule: nil,
            meaning: """
                the listed Core Data relationships are ordered; SwiftData relationships never are, so this comes \
                from an .xcdatamodeld, which CloudSchema does not read.
                """,
            fix: "uncheck Ordered on the relationship in the data model, and keep the order in an attribute (a sort index).",
            source: "https://github.com/CubeLabsNZ/CubeTime/pull/131"),
        ErrorMessagePattern(
            origin: .coreData, pattern: #"The following relationships are configured with unsupported delete rules:?"#,
            names: .entries, rule: "MODEL_DELETE_RULE_DENY",
            meaning: "the listed relationships use the Deny delete rule, which CloudKit sync does not support.",
            fix: nil, source: "https://github.com/jirigrill/eczema-helper/issues/764"),
        ErrorMessagePattern(
            origin: .syncEngine, pattern: #"Uniqueness constraints are not supported for synchronized tables"#, names: .none,
            rule: "SQL_UNIQUE", meaning: "a synced table has a UNIQUE constraint or unique index besides its primary key.",
            fix: nil, source: syncEngine),
        ErrorMessagePattern(
            origin: .syncEngine, pattern: #"Cycles are not currently permitted in schemas"#, names: .none,
            rule: "SQL_FOREIGN_KEY_CYCLE", meaning: "the synced tables' foreign keys form a cycle (a self-reference included).",
            fix: nil, source: syncEngine),
        ErrorMessagePattern(
            origin: .syncEngine,
            pattern: #"Foreign key "(?<type>[^"]+)"\."(?<field>[^"]+)" references table "[^"]+" that is not synchronized"#,
            names: .captured, rule: "SQL_FOREIGN_KEY_UNSYNCED",
            meaning: "a synced table's foreign key points at a table SyncEngine does not sync.",
            fix: nil, source: syncEngine),
        ErrorMessagePattern(
            origin: .syncEngine, pattern: #"Foreign key "(?<type>[^"]+)"\."(?<field>[^"]+)" action not supported"#,
            names: .captured, rule: "SQL_FOREIGN_KEY_ACTION",
            meaning: "the foreign key's ON DELETE is RESTRICT or NO ACTION (SQLite's default).",
            fix: nil, source: syncEngine),
        ErrorMessagePattern(
            origin: .syncEngine, pattern: #"Table name contains invalid character ':'"#, names: .none,
            rule: "SQL_TABLE_NAME", meaning: "a synced table's name contains ':', which SQLiteData's record names use as separator.",
            fix: nil, source: syncEngine),
    ]

    /// An element a message names: `type` alone, or `type` and `field` (either may be missing).
    public struct Name: Hashable, Sendable {
        public var type: String?
        public var field: String?

        public init(type: String?, field: String?) {
            self.type = type
            self.field = field
        }
    }

    /// One catalog entry recognised in the message, with the names it gives.
    public struct Match: Sendable {
        public var entry: ErrorMessagePattern
        public var names: [Name]
    }

    /// The patterns, compiled once (ErrorCatalogTests checks that every one compiles). Never
    /// mutated; `Regex` is not declared Sendable, hence `nonisolated(unsafe)`.
    nonisolated(unsafe) static let compiled: [(entry: ErrorMessagePattern, regex: Regex<AnyRegexOutput>)] = all.compactMap { entry in
        (try? Regex(entry.pattern)).map { (entry, $0) }
    }

    /// Every catalog entry in `message`, in message order; a log with several errors explains each.
    public static func matches(in message: String) -> [Match] {
        let text = message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var found: [(range: Range<String.Index>, entry: ErrorMessagePattern, match: Regex<AnyRegexOutput>.Match)] = []
        for (entry, regex) in compiled {
            for match in text.matches(of: regex) where !found.contains(where: { $0.range.overlaps(match.range) }) {
                found.append((match.range, entry, match))
            }
        }
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        return found.indices.map { index in
            let (range, entry, match) = found[index]
            switch entry.names {
            case .none:
                return Match(entry: entry, names: [])
            case .captured:
                let name = Name(
                    type: match.output["type"]?.substring.map(String.init), field: match.output["field"]?.substring.map(String.init))
                return Match(entry: entry, names: name.type == nil && name.field == nil ? [] : [name])
            case .entries:
                // `Entity: property` (`Entity: a, b` for a constraint, `Entity:property - Deny`) up to the next message.
                let end = index + 1 < found.count ? found[index + 1].range.lowerBound : text.endIndex
                let entries = text[range.upperBound..<end].matches(of: #/([A-Za-z_]\w*) ?: ?([A-Za-z_]\w*(?:, [A-Za-z_]\w*)*)/#)
                let names = entries.flatMap { entry in
                    entry.2.split(separator: ", ").map { Name(type: String(entry.1), field: String($0)) }
                }
                return Match(entry: entry, names: names)
            }
        }
    }

    /// A schema element a name refers to, where it is declared.
    public struct Element: Sendable {
        public var description: String
        public var range: SourceRange?
    }

    /// The elements of `schema` a name refers to. Core Data prefixes the record types and fields it
    /// mirrors with CD_ ("Reading CloudKit Records for Core Data"), so `CD_Trip` is the model `Trip`.
    public static func elements(_ name: Name, in schema: Schema) -> [Element] {
        func unprefixed(_ text: String?) -> String? { text.map { $0.hasPrefix("CD_") ? String($0.dropFirst(3)) : $0 } }
        let model = unprefixed(name.type)
        let property = unprefixed(name.field)
        var out: [Element] = []
        for record in schema.recordTypes where name.type == nil || record.name == name.type {
            guard let field = name.field else {
                out.append(Element(description: "record type \(record.name)", range: record.spans.name))
                continue
            }
            for member in record.fields where member.key == field || member.name == field {
                out.append(Element(description: "record type \(record.name), field \(member.key)", range: member.spans.name))
            }
        }
        for each in schema.models where model == nil ? name.field?.hasPrefix("CD_") == true : each.name == model {
            guard let property else {
                out.append(Element(description: "model \(each.name)", range: each.spans.name))
                continue
            }
            for member in each.properties where member.name == property {
                out.append(Element(description: "model \(each.name), property \(member.name)", range: member.spans.name))
            }
        }
        for table in schema.sqlite.tables where name.type != nil && table.name == name.type {
            guard let field = name.field else {
                out.append(Element(description: "table \(table.name)", range: table.spans.name))
                continue
            }
            for column in table.columns where column.name == field {
                out.append(Element(description: "table \(table.name), column \(column.name)", range: column.spans.name))
            }
        }
        return out
    }
}
