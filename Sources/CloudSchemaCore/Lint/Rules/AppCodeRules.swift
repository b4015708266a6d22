/// CloudKit calls in the app's Swift code (`CloudKitCallReader`) checked against the schema.
/// A finding is an error only where the schema states the fact (a `.cloudschema` or `.ckdb` file
/// that lists the record type's fields); on record types derived from SwiftData models or SQLite
/// tables, or a type a `.ckdb` lists without fields, it is a warning.
enum AppCodeRules {
    static let all: [LintRule] = [
        unknownRecordType, unknownKey, encryptionMismatch, valueType, notQueryable, notSearchable, notSortable, queryAll,
        predicateUnsupported, predicateEncrypted,
    ]

    private static let schemaNote =
        "the schema read does not list every field of this record type (a SwiftData or SQLiteData mirror, a Core Data CD_ type, or a .ckdb type without fields), so this is a warning"

    private static func grade(_ isSure: Bool) -> Diagnostic.Severity { isSure ? .error : .warning }

    /// Why a finding on a field is a warning: the schema does not state it, or the code does not
    /// say the record's type (the key is then the field of the one record type that has it).
    private static func notes(_ entry: AppCodeSchema.Entry, isTypeKnown: Bool, key: String, at range: SourceRange) -> [Diagnostic.Note] {
        if !isTypeKnown {
            return [
                .init(
                    "the code does not say this record's type; '\(key)' is a field of record type '\(entry.record.cloudKitName)' alone",
                    at: range)
            ]
        }
        return entry.isStated ? [] : [.init(schemaNote, at: range)]
    }

    static let unknownRecordType = LintRule(
        "APPCODE_UNKNOWN_RECORD_TYPE", .appcode, .error,
        summary: "CKRecord(recordType:), CKQuery or CKQuerySubscription naming a record type the schema lacks",
        explanation: """
            A record type the production schema lacks cannot be saved or queried there: "During development, you can \
            add new keys and values at any time" (Apple, CKRecord), and deploying to production is how types get \
            there (Apple, "Deploying an iCloud Container's Schema"). Checked when a .cloudschema or .ckdb file lists the \
            container's record types (cloudschema.json "schema" names one for an app target); CloudKit's own types \
            (Users, cloudkit.share) are not checked. An error when the schema is known to list every record type: a \
            .cloudschema, or a .ckdb with CloudKit's Users type, which every cktool export-schema file lists; a warning \
            for a hand-written .ckdb without it, which may list only the types it adds, and in an app whose code names \
            more than one container (CKContainer(identifier:)), one the .cloudschema's `container` is not, or one beside \
            "the app's default container" (Apple, CKContainer.default()) when the schema states none (a .ckdb): a schema \
            describes one container. A record, query or subscription given to a database whose container the code \
            says (CKContainer.default().privateCloudDatabase, or a let of the container or database in scope) is that \
            container's: on the schema's container (the default one, for a .ckdb) it keeps the error, and on another \
            it is not checked at all.
            """,
        fix: """
            correct the name, or add the record type to the schema and deploy it.
            """,
        check: { input, out in
            let schema = input.appCodeSchema
            guard schema.listsTypes else { return }
            let others = otherContainers(input)
            for use in input.appCode.recordTypeUses where schema.types[use.name] == nil && !CKDB.isSystemRecordType(use.name) {
                guard !isOnAnotherContainer(use, input) else { continue }
                let containerNotes = isOnSchemaContainer(use, input) ? [] : others
                let suggestion = Spelling.closest(to: use.name, among: schema.types.keys.sorted())
                out.report(
                    "no record type '\(use.name)' in the schema\(Spelling.hint(suggestion))", at: use.range,
                    severity: grade(schema.listsEveryType && containerNotes.isEmpty),
                    notes: partialNotes(schema, at: use.range) + containerNotes)
            }
        })

    /// CloudKit calls on record types the schema read cannot check: no `.cloudschema` or `.ckdb`
    /// file lists the container's record types, only SwiftData models' and SQLiteData tables'
    /// mirrors, so `unknownRecordType` stays silent on a type they lack (it may be the app's own,
    /// saved beside the mirror's zone). One info at the first such call says so, instead of nothing.
    /// (Without models or tables the loader already says the calls have no schema.)
    static func uncheckedRecordTypes(_ input: LintInput) -> Diagnostic? {
        let schema = input.appCodeSchema
        guard !schema.listsTypes, !input.schema.models.isEmpty || !input.schema.sqlite.tables.isEmpty else { return nil }
        var names: [String] = []
        var first: SourceRange?
        for use in input.appCode.recordTypeUses where schema.types[use.name] == nil && !CKDB.isSystemRecordType(use.name) {
            if !names.contains(use.name) { names.append(use.name) }
            if first == nil { first = use.range }
        }
        guard let first else { return nil }
        let shown = names.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
        return Diagnostic(
            .inputNotChecked, .info,
            "not checked: the CloudKit calls on record type\(names.count == 1 ? "" : "s") \(shown): no .cloudschema or .ckdb file read lists the container's record types, and the SwiftData and SQLiteData mirrors read are not \(names.count == 1 ? "it" : "them"); lint the code with the container's schema (xcrun cktool export-schema), or name it with \"schema\" in cloudschema.json",
            at: first)
    }

    /// Why a record type may be another container's, for a call whose container the code does not
    /// say: the code names several containers, or one the schema's `container` is not, or uses the
    /// default container beside one it names (none when it names one and the schema says no other).
    private static func otherContainers(_ input: LintInput) -> [Diagnostic.Note] {
        let named = input.appCode.containers
        let declared = input.schema.container?.identifier
        if declared == nil, named.count == 1, input.appCode.defaultContainer != nil {
            return [
                .init(
                    "the app's code also uses the container '\(named[0].name)', whose schema was not read, so this record type may be that container's and this is a warning; lint those calls against its schema (xcrun cktool export-schema), or give the record or query to a database of its container (CKContainer.default().privateCloudDatabase, or a let of one) to have calls on the default container checked and those on '\(named[0].name)' left alone",
                    at: named[0].range)
            ]
        }
        guard named.count > 1 || named.contains(where: { declared != nil && $0.name != declared }) else { return [] }
        let names = named.map { "'\($0.name)'" }.joined(separator: ", ")
        return [
            .init(
                "the app's code names the container\(named.count == 1 ? "" : "s") \(names)\(declared.map { " and the schema is '\($0)'" } ?? ""); a record may be saved to another container than the one this schema describes, so this is a warning",
                at: named.first?.range)
        ]
    }

    /// Whether a call is known to be on a container other than the schema's, whose schema was not
    /// read: one named apart from the schema's `container`, or, when the schema states none (a
    /// `.ckdb`), apart from the default container the code also uses.
    private static func isOnAnotherContainer(_ use: AppCode.RecordTypeUse, _ input: LintInput) -> Bool {
        guard case .identifier(let identifier) = use.container else { return false }
        guard let declared = input.schema.container?.identifier else { return input.appCode.defaultContainer != nil }
        return identifier != declared
    }

    /// Whether a call is known to be on the schema's container: the one its `container` names, or
    /// the default one when it states none.
    private static func isOnSchemaContainer(_ use: AppCode.RecordTypeUse, _ input: LintInput) -> Bool {
        switch use.container {
        case .identifier(let identifier): identifier == input.schema.container?.identifier
        case .default: input.schema.container == nil
        case nil: false
        }
    }

    /// The queries and subscriptions checked against the schema: not those known to be on another
    /// container.
    private static func checkedQueries(_ input: LintInput) -> [AppCode.Query] {
        input.appCode.queries.filter { !isOnAnotherContainer($0.recordType, input) }
    }

    /// Why a finding that a record type or key is missing is a warning: the `.ckdb` files read may
    /// list only some of the container's record types, and how to make it an error.
    private static func partialNotes(_ schema: AppCodeSchema, at range: SourceRange) -> [Diagnostic.Note] {
        guard !schema.partialFiles.isEmpty else { return [] }
        let files = schema.partialFiles.map { "'\($0)'" }.joined(separator: ", ")
        return [
            .init(
                "\(files) does not list CloudKit's \(AppCodeSchema.usersType) record type, which every cktool export-schema file has, so it may list only some of the container's record types and this is a warning; lint against the container's exported schema (xcrun cktool export-schema), or add RECORD TYPE \(AppCodeSchema.usersType) to a file that lists every record type, to make it an error",
                at: range)
        ]
    }

    static let unknownKey = LintRule(
        "APPCODE_UNKNOWN_KEY", .appcode, .error,
        summary: "A literal key on a CKRecord, in a predicate or a sort, that its record type lacks",
        explanation: """
            CKRecord does no local validation ("The CKRecord class doesn't impose these type constraints or do any \
            local validation", Apple, CKRecord): a misspelled key reads nil and writes a field production does not \
            have, which fails to save there, and a predicate or sort on it fails at run time. An error when the record \
            type is known (created with CKRecord(recordType:), or checked with recordType ==) and the schema lists all \
            its fields; a warning on a record whose type the code does not say, when no record type has the key.
            """,
        fix: """
            correct the key (the message suggests the closest), or add the field to the schema and deploy it.
            """,
        check: { input, out in
            for access in input.appCode.fieldAccesses {
                reportUnknown(access.key, in: access.recordType, metadata: false, input, &out)
            }
            for query in checkedQueries(input) {
                for condition in query.predicate?.parsed.conditions ?? [] {
                    guard let key = condition.key, let predicate = query.predicate else { continue }
                    reportUnknown(
                        .init(name: key, range: predicate.keyRange(condition)), in: query.recordType.name, metadata: true, input, &out)
                }
                for sort in query.sorts { reportUnknown(sort, in: query.recordType.name, metadata: true, input, &out) }
            }
        })

    private static func reportUnknown(
        _ key: AppCode.NameUse, in type: String?, metadata: Bool, _ input: LintInput, _ out: inout LintReporter
    ) {
        guard case .unknown(let isSure, let suggestion) = input.appCodeSchema.lookup(key.name, in: type, metadata: metadata) else { return }
        let place = type.map { "record type '\($0)'" } ?? "any record type of the schema"
        out.report(
            "no field '\(key.name)' in \(place)\(Spelling.hint(suggestion))", at: key.range, severity: grade(isSure && type != nil),
            notes: isSure
                ? []
                : [.init(type == nil ? "the code does not say this record's type" : schemaNote, at: key.range)]
                    + (type == nil ? partialNotes(input.appCodeSchema, at: key.range) : []))
    }

    static let encryptionMismatch = LintRule(
        "APPCODE_ENCRYPTION_MISMATCH", .appcode, .error,
        summary: "An encrypted field read or written without encryptedValues, or a plain field through it",
        explanation: """
            encryptedValues is how "to read and write encrypted key-value pairs that you store on the record", and \
            "CloudKit doesn't allow encryption on fields that already exist in your app's schema" (Apple, \
            CKRecord.encryptedValues): a field the schema declares ENCRYPTED is read and written there, and \
            record[key] is the record's other, plain set of pairs (it reads nil for the encrypted field, and a value \
            written there is not the encrypted field's); a plain field cannot be written encrypted.
            """,
        fix: """
            use record.encryptedValues[key] for @encrypted (ENCRYPTED) fields and record[key] for the others.
            """,
        check: { input, out in
            for access in input.appCode.fieldAccesses {
                guard
                    case .field(let field, let entry, let isTypeKnown) = input.appCodeSchema.lookup(
                        access.key.name, in: access.recordType, metadata: false),
                    field.isEncrypted != access.isEncrypted
                else { continue }
                let message =
                    field.isEncrypted
                    ? "'\(field.key)' is encrypted; read and write it through encryptedValues[\"\(field.key)\"]"
                    : "'\(field.key)' is not encrypted; read and write it as record[\"\(field.key)\"], not through encryptedValues"
                out.report(
                    message, at: access.key.range, severity: grade(entry.isStated && isTypeKnown),
                    notes: notes(entry, isTypeKnown: isTypeKnown, key: field.key, at: access.key.range))
            }
        })

    static let valueType = LintRule(
        "APPCODE_VALUE_TYPE", .appcode, .error,
        summary: "A literal or CloudKit value of another type assigned to a field",
        explanation: """
            "The first time you set a value for a key and save the record, the server associates that type with the \
            key for all records of the same type" (Apple, CKRecord): a string saved to an INT64 field, or a number to a \
            STRING, TIMESTAMP, REFERENCE, ASSET, LOCATION, BYTES or LIST field, is rejected when the record is saved, \
            and so is a CKRecord.Reference, CKAsset or CLLocation (made in place or by a local let) saved to a field \
            of another type, such as the STRING in which Core Data keeps a SwiftData to-one relationship (it does \
            not use CKRecord.Reference). An integer literal for a DOUBLE field and a fractional one for INT64 are not \
            reported (NSNumber conversions CloudKit may accept), nor is a value saved to a LIST field.
            """,
        fix: """
            assign a value of the field's type, or correct the key.
            """,
        check: { input, out in
            for access in input.appCode.fieldAccesses {
                guard let assigned = access.assigned,
                    case .field(let field, let entry, let isTypeKnown) = input.appCodeSchema.lookup(
                        access.key.name, in: access.recordType, metadata: false)
                else { continue }
                let stored = field.type.cloudKitType
                let fits: Bool
                switch (assigned.kind, stored) {
                case (.string, .string), (.reference, .reference), (.asset, .asset), (.location, .location): fits = true
                case (.integer, .int64), (.integer, .double), (.integer, .number), (.bool, .int64), (.bool, .number), (.float, .double),
                    (.float, .int64), (.float, .number):
                    fits = true
                case (.reference, .list), (.asset, .list), (.location, .list): fits = true
                default: fits = false
                }
                guard !fits else { continue }
                out.report(
                    "'\(field.key)' is \(stored), and this \(assigned.kind.spelling) is not; CloudKit rejects the save",
                    at: assigned.range, severity: grade(entry.isStated && isTypeKnown),
                    notes: notes(entry, isTypeKnown: isTypeKnown, key: field.key, at: assigned.range))
            }
        })

    static let notQueryable = LintRule(
        "APPCODE_NOT_QUERYABLE", .appcode, .error,
        summary: "A query or subscription predicate on a field without QUERYABLE",
        explanation: """
            CloudKit answers a predicate on a field only through its QUERYABLE index and otherwise fails with "Field \
            '…' is not marked queryable" (Apple, CKQuery, "Predicate Rules for Query Objects"; indexes are set in the \
            schema, "Indexing Fields"). System fields (creationDate, recordID) count only when a .ckdb lists their index.
            """,
        fix: """
            add @queryable to the field (QUERYABLE in .ckdb) and deploy the schema, or query another field.
            """,
        check: { input, out in indexFindings(input, &out, index: .queryable) })

    static let notSearchable = LintRule(
        "APPCODE_NOT_SEARCHABLE", .appcode, .error,
        summary: "A full-text search (self CONTAINS) on a record type without a SEARCHABLE field",
        explanation: """
            "self CONTAINS" searches the record's SEARCHABLE string fields (Apple, CKQuery, full-text search); a record \
            type without one has nothing to search, and CloudKit rejects the query.
            """,
        fix: """
            add @searchable to the String fields to search and deploy the schema.
            """,
        check: { input, out in
            for query in checkedQueries(input) {
                guard let predicate = query.predicate, let entry = input.appCodeSchema.types[query.recordType.name] else { continue }
                for condition in predicate.parsed.conditions where condition.key == nil && condition.indexes.contains(.searchable) {
                    guard !entry.record.fields.contains(where: { $0.indexes.contains(.searchable) }) else { continue }
                    let range = predicate.sourceRange(condition.range)
                    out.report(
                        "record type '\(query.recordType.name)' has no @searchable field, so 'self CONTAINS' searches nothing",
                        at: range, severity: grade(entry.isStated), notes: entry.isStated ? [] : [.init(schemaNote, at: range)])
                }
            }
        })

    static let notSortable = LintRule(
        "APPCODE_NOT_SORTABLE", .appcode, .error,
        summary: "An NSSortDescriptor on a query's field without SORTABLE",
        explanation: """
            A query sorts by a field's SORTABLE index and otherwise fails with "Field '…' is not marked sortable" \
            (Apple, CKQuery sortDescriptors; "Indexing Fields"). System fields (creationDate, modificationDate) count \
            only when a .ckdb lists their index.
            """,
        fix: """
            add @sortable to the field (SORTABLE in .ckdb) and deploy the schema, or sort on the device.
            """,
        check: { input, out in
            for query in checkedQueries(input) {
                for sort in query.sorts {
                    reportMissingIndex(CloudKitPredicate.sortIndexes, key: sort, in: query.recordType.name, input, &out)
                }
            }
        })

    /// Predicate conditions whose field lacks `index` (encrypted fields are APPCODE_PREDICATE_ENCRYPTED's).
    private static func indexFindings(_ input: LintInput, _ out: inout LintReporter, index: Indexes) {
        for query in checkedQueries(input) {
            guard let predicate = query.predicate else { continue }
            for condition in predicate.parsed.conditions where condition.indexes.contains(index) {
                guard let key = condition.key else { continue }
                reportMissingIndex(
                    index, key: .init(name: key, range: predicate.keyRange(condition)), in: query.recordType.name, input, &out)
            }
        }
    }

    private static func reportMissingIndex(
        _ index: Indexes, key: AppCode.NameUse, in type: String, _ input: LintInput, _ out: inout LintReporter
    ) {
        guard case .field(let field, let entry, _) = input.appCodeSchema.lookup(key.name, in: type, metadata: true), !field.isEncrypted,
            !field.indexes.contains(index)
        else { return }
        let name = index.names.first ?? ""
        let isSure = AppCodeSchema.statesIndexes(of: field, in: entry)
        let note =
            field.isCloudKitSystemField
            ? "only a .ckdb file that lists the system field '\(field.key)' states its indexes, so this is a warning" : schemaNote
        out.report(
            "'\(key.name)' of record type '\(type)' is not @\(name) (\(name.uppercased())), so CloudKit rejects this \(index == .sortable ? "sort" : "query")",
            at: key.range, severity: grade(isSure), notes: isSure ? [] : [.init(note, at: key.range)])
    }

    static let queryAll = LintRule(
        "APPCODE_QUERY_ALL", .appcode, .error,
        summary: "A CKQuery of every record (NSPredicate(value: true), TRUEPREDICATE) on a type without a QUERYABLE record name",
        explanation: """
            "Queries without filters require the ___recordID to have a Queryable index applied" (Apple, "Using \
            cktool"); without it CloudKit fails with "Field 'recordName' is not marked queryable". An error when a \
            .ckdb lists "___recordID" without QUERYABLE; a warning when the schema does not state it (a .cloudschema \
            cannot declare system fields' indexes; set it in the CloudKit Console).
            """,
        fix: """
            add "___recordID" REFERENCE QUERYABLE to the record type (the Console's recordName index) and deploy it, \
            or query on an indexed field.
            """,
        check: { input, out in
            for query in checkedQueries(input) where !query.isSubscription {
                guard let predicate = query.predicate, predicate.parsed.isAllRecords,
                    let entry = input.appCodeSchema.types[query.recordType.name]
                else { continue }
                let field = entry.fields["___recordID"]
                guard field.map({ !$0.indexes.contains(.queryable) }) ?? true else { continue }
                let isSure = field.map { AppCodeSchema.statesIndexes(of: $0, in: entry) } ?? false
                out.report(
                    "this query lists every '\(query.recordType.name)' record, which needs a QUERYABLE ___recordID (recordName) index",
                    at: predicate.range, severity: grade(isSure),
                    notes: isSure
                        ? [] : [.init("the schema read does not state the ___recordID index, so this is a warning", at: predicate.range)])
            }
        })

    static let predicateUnsupported = LintRule(
        "APPCODE_PREDICATE_UNSUPPORTED", .appcode, .error,
        summary: "A predicate operator or form CloudKit does not support (OR, key paths, …)",
        explanation: """
            CKQuery takes a subset of NSPredicate: the operators "Supported Predicate Operators" lists, AND but not OR \
            ("Only AND compound predicates are allowed", CKQuery.h), and keys of the record itself ("You can't use \
            key paths to specify fields in related records", Apple, CKQuery). Anything else raises an exception when \
            the query is created. What Apple documents is an error; a form its lists leave out is a warning.
            """,
        fix: """
            rewrite the predicate with the supported operators (several queries for an OR), or filter on the device.
            """,
        check: { input, out in
            for query in input.appCode.queries {
                guard let predicate = query.predicate else { continue }
                for problem in predicate.parsed.problems {
                    out.report(problem.message, at: predicate.sourceRange(problem.range), severity: grade(problem.isDocumented))
                }
                for sort in query.sorts {
                    if let problem = CloudKitPredicate.keyProblem(sort.name) { out.report(problem, at: sort.range) }
                }
            }
        })

    static let predicateEncrypted = LintRule(
        "APPCODE_PREDICATE_ENCRYPTED", .appcode, .error,
        summary: "A predicate or sort on an encrypted field",
        explanation: """
            "CloudKit doesn't support indexes on encrypted fields. Don't include encrypted fields in your predicate or \
            sort descriptors when fetching records" (Apple, CKRecord.encryptedValues).
            """,
        fix: """
            query on a plain, indexed field, or filter on the device after fetching.
            """,
        check: { input, out in
            for query in checkedQueries(input) {
                var keys = query.sorts
                if let predicate = query.predicate {
                    keys += predicate.parsed.conditions.compactMap { c in c.key.map { .init(name: $0, range: predicate.keyRange(c)) } }
                }
                for key in keys {
                    guard
                        case .field(let field, let entry, _) = input.appCodeSchema.lookup(
                            key.name, in: query.recordType.name, metadata: true),
                        field.isEncrypted
                    else { continue }
                    out.report(
                        "'\(key.name)' of record type '\(query.recordType.name)' is encrypted, and CloudKit cannot query or sort encrypted fields",
                        at: key.range, severity: grade(entry.isStated), notes: entry.isStated ? [] : [.init(schemaNote, at: key.range)])
                }
            }
        })
}
