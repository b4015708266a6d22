/// `@queryable`, `@sortable`, `@searchable`: CloudKit indexes.
enum IndexRules {
    static let all: [LintRule] = [asset, searchableType, sortableList, queryAll]

    static let asset = LintRule(
        "INDEX_ASSET", .indexes, .error,
        summary: "Any index on an Asset",
        explanation: """
            An asset's contents live outside the record, so CloudKit cannot index them; the schema language and \
            real exports never carry an index on ASSET.
            """,
        fix: """
            remove the index; to find records by their asset, \
            index a separate field (a file name, a content hash).
            """,
        eachRecordType: { input, record, out in
            record.fields.forEachInPlace { field in
                guard field.type == .asset || field.type.listElement == .asset else { return }
                for (index, _) in AttributeCatalog.indexes {
                    guard let range = field.spans.attributes[index] else { continue }
                    out.report(
                        "'\(field.name)' is an Asset, which CloudKit cannot index; remove @\(index)",
                        at: range, fixIts: [input.removeAttribute(range, "remove @\(index)")])
                }
            }
        })

    static let searchableType = LintRule(
        "INDEX_SEARCHABLE_TYPE", .indexes, .error,
        summary: "@searchable on anything but a String or [String]",
        explanation: """
            SEARCHABLE is a tokenized full-text index over STRING values (and lists of them); BYTES are "not \
            searchable" and numbers, dates and references have no text to tokenize.
            """,
        fix: """
            remove @searchable, or \
            use @queryable for equality and @sortable for ranges.
            """,
        eachRecordType: { input, record, out in
            record.fields.forEachInPlace { field in
                // The index first: it is stored in the field, the attribute's range in an array of its own.
                guard field.indexes.contains(.searchable), let range = field.spans.attributes["searchable"] else { return }
                let storage = field.type.cloudKitType
                if storage == .string || storage == .list(.string) { return }
                out.report(
                    "@searchable is a full-text index for String fields; '\(field.name)' is \(field.type) (\(storage)), so use @queryable or @sortable",
                    at: range, fixIts: [input.removeAttribute(range, "remove @searchable")])
            }
        })

    static let sortableList = LintRule(
        "INDEX_SORTABLE_LIST", .indexes, .warning,
        summary: "@sortable on a list (UNSURE whether CloudKit accepts it)",
        explanation: """
            A list has no single value to sort by. Whether CloudKit rejects SORTABLE on a LIST when the schema is \
            deployed is not documented (ckdb-language open question 5), so this is a warning.
            """,
        fix: """
            remove @sortable, or sort on a separate single-valued field.
            """,
        eachRecordType: { input, record, out in
            record.fields.forEachInPlace { field in
                guard field.type.isList else { return }
                guard let range = field.spans.attributes["sortable"] else { return }
                out.report(
                    "'\(field.name)' is a list, which has no single value to sort by; remove @sortable",
                    at: range, fixIts: [input.removeAttribute(range, "remove @sortable")])
            }
        })

    static let queryAll = LintRule(
        "INDEX_QUERY_ALL", .indexes, .info,
        summary: "A .ckdb record type granting public reads without a queryable ___recordID: queries without filters need it",
        explanation: """
            A CKQuery with no filter (TRUEPREDICATE) needs a QUERYABLE index on the system field ___recordID, set \
            in the dashboard or the .ckdb file (TN3164; the public database is read by queries). In .cloudschema, \
            @queryable on the record type declares it. Lint cannot see which types the app queries for all records, \
            so only .ckdb record types that grant public reads are checked: READ to \
            _world or _icloud, in grants (which matter only in the public database) other than exactly the three \
            defaults cktool writes on every record type, private ones included (WRITE to _creator, CREATE to \
            _icloud, READ to _world: observed in every export, ckdb-language 2.2). Core Data mirrors (CD_*, CDMR: \
            private, in Core Data's zone) and CloudKit's own record types (Users, cloudkit.share) are not checked.
            """,
        fix: """
            add "___recordID" REFERENCE QUERYABLE to the record type in the .ckdb file; in .cloudschema, write \
            @queryable on the record type (record Post in public @queryable { ... }).
            """,
        eachRecordType: { input, record, out in
            guard record.format == .ckdb && record.placement.isPublic && !record.isCloudKitSystemType,
                record.grants.contains(where: { $0.permissions.contains(.read) && ($0.grantee == .world || $0.grantee == .icloud) })
            else { return }
            let indexed = record.fields.contains { $0.key == "___recordID" && $0.indexes.contains(.queryable) }
            if !indexed {
                out.report(
                    "record type '\(record.name)' has no QUERYABLE ___recordID; queries that list all its records will fail",
                    at: record.spans.name)
            }
        })
}
