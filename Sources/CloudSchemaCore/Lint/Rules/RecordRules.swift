/// Record type and field names, field counts, sizes, references and `@parent` hierarchies.
enum RecordRules {
    static let all: [LintRule] = [
        nameInvalid, nameReserved, fieldNameInvalid, fieldNameReserved, fieldLimit, bytesLarge, sizeLimit,
        listDeleteSelf, parentMultiple, parentCycle, crossZone, modelCollision,
    ]

    /// `[A-Za-z][A-Za-z0-9_]*`: CloudKit's schema identifiers.
    static func isCloudKitIdentifier(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard let first = bytes.first, isLetter(first) else { return false }
            return bytes.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "_") }
        }
    }

    private static func isLetter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }

    /// Where a CloudKit name was written: `@name("...")` if given, else the declaration's name.
    static func nameRange(_ spans: SourceSpans) -> SourceRange? { spans.attributes["name"] ?? spans.name }

    static let nameInvalid = LintRule(
        "RECORD_NAME_INVALID", .records, .error,
        summary: "A record type or zone name that CloudKit rejects: not [A-Za-z][A-Za-z0-9_]*, longer than 255, or starting with '_'",
        explanation: """
            CloudKit schema identifiers start with a letter and continue with letters, digits and underscores; \
            a leading underscore is reserved for system identifiers ("Integrating a Text-Based Schema into Your \
            Workflow"). Record and zone names must be ASCII and at most 255 characters (CKRecord.ID, CKRecordZone.ID).
            """,
        fix: """
            rename the declaration, or keep the Swift name and give the CloudKit name with @name("ValidName").
            """,
        eachRecordType: { input, record, out in
            // CloudKit's own record types are RECORD_NAME_RESERVED's (in .ckdb, they are as exported).
            guard !record.isCloudKitSystemType else { return }
            if let problem = problem(record.cloudKitName) {
                out.report("record type name '\(record.cloudKitName)' \(problem)", at: nameRange(record.spans))
            }
        },
        check: { input, out in
            for zone in input.schema.zones {
                if let problem = problem(zone.name) {
                    out.report("zone name '\(zone.name)' \(problem)", at: zone.spans.name)
                }
            }
        })

    private static func problem(_ name: String) -> String? {
        if name.utf8.count > 255 { return "is longer than 255 characters; CloudKit rejects it" }
        if startsWithUnderscore(name) { return "starts with '_', which CloudKit reserves for system names; start it with a letter" }
        if !isCloudKitIdentifier(name) { return "is not a CloudKit identifier; use letters, digits and '_', starting with a letter" }
        return nil
    }

    static let nameReserved = LintRule(
        "RECORD_NAME_RESERVED", .records, .error,
        summary: "A record type named like a CloudKit system type: 'Users' or 'cloudkit.share'",
        explanation: """
            CloudKit defines the user record type (CKRecordTypeUserRecord, exported as 'Users') and the share \
            record type (CKRecordTypeShare, exported as "cloudkit.share" with "cloudkit.*" fields) in every \
            container; a record type of your own cannot take those names (ckdb-language reference 4.3), nor any \
            other 'cloudkit.' name.
            """,
        fix: """
            rename the record type, or map it with @name("AppUser"). Exported .ckdb \
            files list these types themselves, so .ckdb input is not checked; `cloudschema import` keeps them with \
            a suppression of this rule.
            """,
        eachRecordType: { input, record, out in
            guard record.format == .cloudschema else { return }
            if record.cloudKitName == "Users" || hasCloudKitPrefix(record.cloudKitName) {
                out.report(
                    "'\(record.cloudKitName)' is a CloudKit system record type; rename this record type or give it another CloudKit name with @name",
                    at: nameRange(record.spans))
            }
        })

    /// Whether `name` starts with "cloudkit." in any case. An ASCII name (almost every name) is
    /// compared byte by byte: `lowercased()` made a new string for every record type.
    static func hasCloudKitPrefix(_ name: String) -> Bool {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return name.lowercased().hasPrefix("cloudkit.") }
        let prefix = "cloudkit.".utf8
        return name.utf8.count >= prefix.count
            && zip(name.utf8, prefix).allSatisfy { (0x41...0x5A).contains($0) ? $0 + 0x20 == $1 : $0 == $1 }
    }

    static let fieldNameInvalid = LintRule(
        "FIELD_NAME_INVALID", .records, .error,
        summary: "A field key that CloudKit rejects: not [A-Za-z][A-Za-z0-9_]*, or longer than 255 (after @name)",
        explanation: """
            "A key must consist of one or more alphanumeric characters and must start with a letter. CloudKit \
            permits the use of underscores, but not spaces" (CKRecord setObject(_:forKey:)); a leading underscore \
            is reserved for system fields.
            """,
        fix: """
            rename the field or give a valid key with @name("key").
            """,
        eachRecordType: { input, record, out in
            // The fields of CloudKit's own record types ("cloudkit.title") are CloudKit's.
            guard !record.isCloudKitSystemType else { return }
            record.fields.forEachInPlace { field in
                guard !field.isSystem else { return }
                let key = field.key
                if key.utf8.count > 255 {
                    out.report("field key '\(key.prefix(40))...' is longer than 255 characters", at: nameRange(field.spans))
                } else if startsWithUnderscore(key) {
                    out.report(
                        "field key '\(key)' starts with '_', which CloudKit reserves for system fields; start it with a letter",
                        at: nameRange(field.spans))
                } else if !isCloudKitIdentifier(key) {
                    out.report(
                        "field key '\(key)' is not a CloudKit key; use letters, digits and '_', starting with a letter",
                        at: nameRange(field.spans))
                }
            }
        })

    /// CKRecord's metadata properties (the CKRecord reference), the keys Apple documents as
    /// colliding: setObject(_:forKey:) says "Avoid using a key that matches the name of any property
    /// of CKRecord", and query predicates use five of them for the metadata (CKRecord.SystemFieldKey).
    /// SQLiteData's longer list (with `etag`, `modifiedByDevice`) is its own, for its tables
    /// (SQLiteDataRules.reservedNames).
    static let recordPropertyKeys: Set<String> = [
        "creationDate", "creatorUserRecordID", "lastModifiedUserRecordID", "modificationDate", "recordChangeTag",
        "recordID", "recordType",
    ]

    /// A field key FIELD_NAME_RESERVED reports in `.cloudschema`: a CKRecord property or a `___` system name.
    /// The first byte rules out most keys without hashing them (no other character is canonically
    /// equivalent to a `c`, `l`, `m`, `r` or `_` that starts one of these).
    static func isReservedKey(_ key: String) -> Bool {
        switch key.utf8.first {
        case UInt8(ascii: "c"), UInt8(ascii: "l"), UInt8(ascii: "m"), UInt8(ascii: "r"): recordPropertyKeys.contains(key)
        case UInt8(ascii: "_"): key.hasPrefix("___")
        default: false
        }
    }

    /// `name.hasPrefix("_")`, without its Unicode work for names that start with another byte.
    static func startsWithUnderscore(_ name: String) -> Bool { name.utf8.first == UInt8(ascii: "_") && name.hasPrefix("_") }

    static let fieldNameReserved = LintRule(
        "FIELD_NAME_RESERVED", .records, .error,
        summary: "A field key that is a CKRecord metadata property (creationDate, recordID, ...) or a '___' system field",
        explanation: """
            Apple's CKRecord reference, setObject(_:forKey:): "Avoid using a key that matches the name of any \
            property of CKRecord". Its metadata properties are recordID, recordType, creationDate, \
            creatorUserRecordID, modificationDate, lastModifiedUserRecordID and recordChangeTag, and all but \
            recordType and recordChangeTag are also the keys query predicates use for the metadata \
            (CKRecord.SystemFieldKey); '___' names are CloudKit's system fields ("Integrating a Text-Based Schema \
            into Your Workflow"). Only these are errors: etag and modifiedByDevice, in SQLiteData's list, are no \
            documented CKRecord property, and its other properties (parent, share, encryptedValues) are not checked \
            (UNSURE whether a field of that key misbehaves).
            """,
        fix: """
            rename the field, or keep the Swift name and store it under another key with @name("createdOn"). \
            A .ckdb lists the fields the server has, so .ckdb input is not checked; `cloudschema import` keeps such \
            a field with a suppression of this rule.
            """,
        eachRecordType: { input, record, out in
            guard record.format == .cloudschema && !record.isCloudKitSystemType else { return }
            record.fields.forEachInPlace { field in
                guard !field.isSystem, isReservedKey(field.key) else { return }
                out.report(
                    "field key '\(field.key)' is a CKRecord metadata property; rename the field or give it another key with @name",
                    at: nameRange(field.spans))
            }
        })

    static let fieldLimit = LintRule(
        "RECORD_FIELD_LIMIT", .records, .error,
        summary: "More than 256 fields in one record type",
        explanation: """
            "The number of record fields in a record type is limited to 256" (TN3164). CloudKit refuses to add \
            the 257th field.
            """,
        fix: """
            move rarely used fields into a related record type (a Reference back to this one).
            """,
        eachRecordType: { input, record, out in
            // Counted in place: `lazy.filter` copied every field it looked at.
            var count = 0
            record.fields.forEachInPlace { field in if !field.isSystem { count += 1 } }
            if count > 256 {
                out.report(
                    "record type '\(record.name)' has \(count) fields; CloudKit allows at most 256 per record type",
                    at: record.spans.name)
            }
        })

    static let bytesLarge = LintRule(
        "FIELD_BYTES_LARGE", .records, .warning,
        summary: "A Data field: BYTES count toward the 1 MB record limit, so use Asset for anything that can grow",
        explanation: """
            "The data that a record stores must not exceed 1 MB. Assets don't count toward this limit" (CKRecord). \
            A Data field is stored as BYTES inside the record, so a large value makes the whole save fail with \
            limitExceeded.
            """,
        fix: """
            use Asset for images, documents and anything unbounded; keep Data for small, \
            bounded values and suppress this warning there. Not reported on the CD_ fields of Core Data mirror \
            types: Core Data chooses their storage, and moves a value too large for the record into a \
            CD_x_ckAsset companion it creates when needed (sync-compat-rules 1.3); nor on CloudKit's own record \
            types.
            """,
        eachRecordType: { input, record, out in
            guard !record.isCloudKitSystemType else { return }
            record.fields.forEachInPlace { field in
                // `listElement`, not `== .list(.data)`: FieldType is indirect, so that literal allocates.
                guard field.type == .data || field.type.listElement == .data else { return }
                if record.isCoreDataMirror, field.key.hasPrefix(CKDB.coreDataPrefix) { return }
                let stored = field.type == .data ? "is stored as BYTES" : "is a list of BYTES, each value stored"
                out.report(
                    "'\(field.name)' \(stored) inside the record, which fails to save past 1 MB; use Asset for data that can grow",
                    at: field.spans.type ?? field.spans.name)
            }
        })

    /// Bytes a field of this type takes when its size is fixed, plus the default's size.
    static func knownSize(_ type: FieldType, default value: DefaultValue?) -> Int {
        var size: Int
        switch type {
        case .int64, .int, .double, .bool, .date, .decimal, .number, .enumeration(_, .int64): size = 8
        case .location: size = 48
        default: size = 0
        }
        if let value { size = max(size, valueSize(value)) }
        return size
    }

    static func valueSize(_ value: DefaultValue) -> Int {
        switch value {
        case .string(let s): s.utf8.count
        case .enumCase(let s): s.utf8.count
        case .int, .double, .bool, .now: 8
        case .newUUID: 36  // stored as its string
        case .initializer: 0  // a Codable value's encoded size is not stated
        case .list(let items): items.reduce(0) { $0 + valueSize($1) }
        }
    }

    static let sizeLimit = LintRule(
        "RECORD_SIZE_LIMIT", .records, .warning,
        summary: "Fields whose known sizes (fixed-size types, declared defaults) add up past 1 MB",
        explanation: """
            A record's data must stay under 1 MB; assets don't count (CKRecord). Only sizes the schema states \
            are counted: 8 bytes per number, date or bool, a location's coordinates, and the bytes of each declared \
            default (new records carry their defaults). Strings and lists without defaults are unbounded and not \
            counted, so a clean result does not prove a record fits.
            """,
        fix: """
            shrink the defaults, or move large \
            values into Assets.
            """,
        eachRecordType: { input, record, out in
            var total = 0
            record.fields.forEachInPlace { field in
                guard !field.isSystem else { return }
                total += knownSize(field.type, default: field.defaultValue) + field.key.utf8.count
            }
            if total > 1_000_000 {
                out.report(
                    "the known field sizes of '\(record.name)' add up to \(total) bytes, past CloudKit's 1 MB record limit; move large values into Assets",
                    at: record.spans.name)
            }
        })

    static let listDeleteSelf = LintRule(
        "LIST_DELETE_SELF", .records, .warning,
        summary: "[Reference<T>] @deleteSelf: CloudKit caps delete-self references to one target at 750",
        explanation: """
            "Maximum number of source references to a single target where the action is delete self: 750" \
            (CloudKit Web Services limits); Core Data's documentation says CKRecord.Reference is "limited to 750". \
            UNSURE: the sources disagree on whether the cap covers all references or delete-self ones only, so this \
            is a warning. A list of delete-self references makes it easy to pass the cap, and saves then fail.
            """,
        fix: """
            point the reference the other way (each child holds one Reference to its owner with @deleteSelf), \
            or drop @deleteSelf and delete children yourself.
            """,
        eachRecordType: { input, record, out in
            record.fields.forEachInPlace { field in
                guard field.type.isList && field.referenceAction == .deleteSelf else { return }
                out.report(
                    "a list of @deleteSelf references can pass CloudKit's cap of 750 delete-self references per target; store one Reference<\(record.name)> in each child instead",
                    at: field.spans.attributes["deleteSelf"] ?? field.spans.name,
                    fixIts: field.spans.attributes["deleteSelf"].map {
                        [input.removeAttribute($0, "remove @deleteSelf")]
                    } ?? [])
            }
        })

    static let parentMultiple = LintRule(
        "PARENT_MULTIPLE", .records, .error,
        summary: "More than one @parent field in a record type (CKRecord.parent is one reference)",
        explanation: """
            A record has one parent (CKRecord.parent is a single reference), which decides the share hierarchy.
            """,
        fix: """
            keep @parent on the field that names the record this one is shared with; other fields stay plain \
            references.
            """,
        eachRecordType: { input, record, out in
            // Counted in place first: `filter` copies every field it looks at.
            var count = 0
            record.fields.forEachInPlace { field in if field.isParent { count += 1 } }
            guard count > 1 else { return }
            let parents = record.fields.filter(\.isParent)
            for extra in parents.dropFirst() {
                let range = extra.spans.attributes["parent"]
                out.report(
                    "'\(record.name)' already has a @parent ('\(parents[0].name)'); a record has one parent, so remove this @parent",
                    at: range ?? extra.spans.name,
                    notes: [.init("first @parent here", at: parents[0].spans.attributes["parent"])],
                    fixIts: range.map { [input.removeAttribute($0, "remove @parent")] } ?? [])
            }
        })

    static let parentCycle = LintRule(
        "PARENT_CYCLE", .records, .error,
        summary: "A cycle of @parent references between two or more record types",
        explanation: """
            CKRecord.parent chains end at a root record, which is what a CKShare shares. When record types name \
            each other as parents (A's parent is a B, B's parent is an A), no type is the root: a share of either \
            pulls in the other's whole hierarchy, and no record can be saved before the one it needs as parent. \
            A type that is its own parent (nested folders) is a tree and is allowed.
            """,
        fix: """
            choose the root type \
            and make the reference back to its children a plain Reference without @parent.
            """,
        eachRecordType: { input, record, out in
            // Kept for `check` while the Linter's walk has the record type in the cache: its @parent
            // type's position (-1: no @parent, or itself; -2: a name that is no record type).
            guard let target = record.parentTarget else {
                out.positions.append(-1)
                return
            }
            out.positions.append(Int32(input.recordTypesByName.position(of: target) ?? -2))
        },
        check: { input, out in
            // Each record type has at most one parent type: follow the chains, colouring visited
            // types. By position in arrays, not by name in dictionaries: dictionaries of every
            // record type cost more per element as the schema outgrew the processor's caches.
            // Record types of one name (an error of their own) are one type, the first's position,
            // whose parent the last of them names.
            let records = input.schema.recordTypes
            let byName = input.recordTypesByName
            let merged = byName.hasDuplicates
            // For each type, its parent type's position and the type whose @parent field names it (-1: none).
            var parent = [Int32](repeating: -1, count: records.count)
            var namedBy = [Int32](repeating: -1, count: records.count)
            for (i, position) in out.positions.enumerated() where position != -1 {
                let node = merged ? byName.position(of: records[i].name) ?? i : i
                // A target that is no record type ends the chain, as a type without a parent does.
                parent[node] = max(position, -1)
                namedBy[node] = Int32(i)
            }
            var state = [UInt8](repeating: 0, count: records.count)  // 1 visiting, 2 done
            var path: [Int] = []
            for start in records.indices {
                let first = merged ? byName.position(of: records[start].name) ?? start : start
                guard state[first] == 0 else { continue }
                path.removeAll(keepingCapacity: true)
                var current = first
                while current >= 0, state[current] == 0 {
                    state[current] = 1
                    path.append(current)
                    current = Int(parent[current])
                }
                if current >= 0, state[current] == 1, let entry = path.firstIndex(of: current),
                    let field = records[Int(namedBy[path[path.count - 1]])].parentField
                {
                    let cycle = (path[entry...] + [current]).map { records[$0].name }
                    out.report(
                        "@parent references form a cycle (\(cycle.joined(separator: " -> "))); make one of these references a plain Reference so the hierarchy has a root",
                        at: field.spans.attributes["parent"] ?? field.spans.name)
                }
                for node in path { state[node] = 2 }
            }
        })

    static let crossZone = LintRule(
        "REFERENCE_CROSS_ZONE", .records, .error,
        summary: "A reference between record types in different zones or databases",
        explanation: """
            CKRecord.Reference works only between records in the same zone of the same database \
            (CKRecord.Reference documentation); a reference to a record elsewhere cannot be saved.
            """,
        fix: """
            move both record types into one zone, or store the target's record name as a String and fetch \
            it yourself. (@parent references that leave their zone are reported as SHARE_CHILD_ZONE.) \
            Record types read from .ckdb carry no zone and are not checked.
            """,
        eachRecordType: { input, record, out in
            guard record.format == .cloudschema else { return }
            record.fields.forEachInPlace { field in
                guard !field.isParent else { return }
                let target: String?
                switch field.type {
                case .reference(let t), .list(.reference(let t)): target = t
                default: target = nil
                }
                guard let target, let position = input.recordTypesByName.position(of: target) else { return }
                // Read in place: a copy of the target type retained everything in it.
                input.schema.recordTypes.inPlace(at: position) { other in
                    guard other.format == .cloudschema, other.placement != record.placement else { return }
                    out.report(
                        "'\(record.name)' is in \(describe(record.placement)) but '\(target)' is in \(describe(other.placement)); CloudKit references work only within one zone",
                        at: field.spans.type ?? field.spans.name,
                        notes: [.init("'\(target)' declared here", at: other.spans.name)])
                }
            }
        })

    static func describe(_ placement: RecordType.Placement) -> String {
        switch placement {
        case .privateDefaultZone: "the private database's default zone"
        case .zone(let name): "zone '\(name)'"
        case .publicDatabase: "the public database"
        }
    }

    static let modelCollision = LintRule(
        "RECORD_MODEL_COLLISION", .records, .error,
        summary: "A record type named CD_<Model> for a model of this schema: it is the record type Core Data mirrors that model into",
        explanation: """
            NSPersistentCloudKitContainer (and so SwiftData) stores each model as the record type CD_<EntityName> \
            ("Reading CloudKit Records for Core Data"). A hand-written record type of that name shares the record \
            type with the mirrored model: each side writes records the other misreads, and fields collide. Checked \
            in .cloudschema files; a .ckdb (an export of the container) lists the CD_ types the mirror writes.
            """,
        fix: """
            rename the record type, or give it another CloudKit name with @name.
            """,
        eachRecordType: { input, record, out in
            // A .ckdb is the container's schema: its CD_ types are where the models' mirror writes.
            guard record.format == .cloudschema, record.cloudKitName.hasPrefix("CD_") else { return }
            let model = String(record.cloudKitName.dropFirst(3))
            if let found = input.modelsByName[model] {
                out.report(
                    "record type '\(record.cloudKitName)' is where Core Data mirrors model '\(model)'; rename it so the two do not share records",
                    at: nameRange(record.spans), notes: [.init("model '\(model)' declared here", at: found.spans.name)])
            }
        })
}
