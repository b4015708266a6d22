/// SQLite tables synced by SQLiteData's `SyncEngine` (pointfreeco/sqlite-data). Where
/// `SyncEngine.init` checks a rule itself, the message quotes the `SchemaError` it throws
/// (SyncEngine.swift, `validateSchema()` and `tablesByOrder`, read at 1.11.0); the other rules
/// are what its documentation (CloudKitSync.md) requires and nothing checks.
package enum SQLiteDataRules {
    static let all: [LintRule] = [
        primaryKey, primaryKeyConflict, unique, foreignKeyCycle, foreignKeyUnsynced, foreignKeyAction, notNullReplace,
        nameReserved, tableName, fieldLimit, migrationDestructive, notChecked,
    ]

    /// The synced tables, in creation order.
    static func synced(_ input: LintInput) -> [SQLTable] {
        input.schema.sqlite.tables.filter { input.schema.sqlite.isSynced($0.name) }
    }

    static func thrown(_ reason: String) -> String {
        "SyncEngine.init throws SchemaError: \"\(reason)\""
    }

    static let primaryKey = LintRule(
        "SQL_PRIMARY_KEY", .sqlitedata, .error,
        summary: "A synced table without exactly one single-column primary key, or with an INTEGER/AUTOINCREMENT one",
        explanation: """
            SQLiteData names each CKRecord "<primary key>:<table>", so sqlite-data's CloudKitSync.md requires \
            globally unique primary keys (UUIDs, not AUTOINCREMENT integers) and exactly one non-compound \
            primary key on every synced table, join tables included. Integer keys count up on each device and collide across devices; \
            SyncEngine only accepts a key whose type is IdentifierStringConvertible (UUID, String), which Int \
            is not.
            """,
        fix: """
            give the table one column "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()); \
            an existing app converts integer keys with SyncEngine.migratePrimaryKeys in a new migration.
            """,
        check: { input, out in
            synced(input).forEachInPlace { table in
                guard table.rebuiltBy == nil else { return }
                let keys = table.primaryKeyColumns
                // A key may hide in what was not read (`\(raw: idColumnSQL)`): SQL_NOT_CHECKED says so.
                if keys.isEmpty && table.mayHaveUnreadKey { return }
                guard keys.count == 1 else {
                    out.report(
                        keys.isEmpty
                            ? "table '\(table.name)' has no primary key; SQLiteData syncs a table by its one primary key column, so add \"id\" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())"
                            : "table '\(table.name)' has a compound primary key (\(keys.joined(separator: ", "))); SQLiteData needs exactly one primary key column, so add an \"id\" TEXT key and drop the compound one",
                        at: table.primaryKeyRange ?? table.spans.name)
                    return
                }
                guard let column = table.value.column(named: keys[0]), column.isAutoincrement || !table.value.hasUnreadType(column.name)
                else { return }
                if column.isAutoincrement || column.affinity == .integer {
                    out.report(
                        "primary key '\(table.name).\(column.name)' is an integer\(column.isAutoincrement ? " with AUTOINCREMENT" : ""); devices count integers up on their own and collide, so use a UUID: TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())",
                        at: column.spans.attributes["autoincrement"] ?? column.spans.type ?? column.spans.name)
                }
            }
        })

    /// The one primary-key column of a synced table whose key SQL_PRIMARY_KEY accepts.
    static func textPrimaryKey(_ table: SQLTable) -> SQLColumn? {
        let keys = table.primaryKeyColumns
        guard keys.count == 1, let column = table.column(named: keys[0]), !column.isAutoincrement,
            column.affinity != .integer
        else { return nil }
        return column
    }

    static let primaryKeyConflict = LintRule(
        "SQL_PRIMARY_KEY_CONFLICT", .sqlitedata, .warning,
        summary: "A primary key not written NOT NULL ON CONFLICT REPLACE DEFAULT (…); NOT NULL alone for a key that references its parent",
        explanation: """
            sqlite-data's CloudKitSync.md: primary keys should be "TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE \
            DEFAULT (uuid())", with ON CONFLICT REPLACE directly after NOT NULL, so that an insert without an \
            id, or with NULL, gets a fresh UUID instead of failing. Not checked by SyncEngine. A key that is also \
            the table's foreign key (a one-to-one table) holds its parent's id, which no default can stand for: \
            only NOT NULL is asked of it, as sqlite-data's Reminders example declares its one-to-one table's key \
            (TEXT PRIMARY KEY NOT NULL, then the REFERENCES clause).
            """,
        fix: """
            write the key as "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()) (the fix-its \
            add what is missing).
            """,
        check: { input, out in
            synced(input).forEachInPlace { table in
                guard table.rebuiltBy == nil, let column = textPrimaryKey(table.value), !table.value.hasUnreadConstraint(column.name) else {
                    return
                }
                // A key that references its parent (a one-to-one table) needs NOT NULL only.
                let name = SQLName.key(column.name)
                let parent = table.value.foreignKeys.first { $0.columns.count == 1 && SQLName.key($0.columns[0]) == name }
                var missing: [String] = []
                if parent != nil {
                    if !column.isNotNull { missing.append("NOT NULL") }
                } else if !column.isNotNull {
                    missing.append("NOT NULL ON CONFLICT REPLACE")
                } else if column.notNullConflict != "REPLACE" {
                    missing.append("ON CONFLICT REPLACE")
                }
                if parent == nil && !column.hasDefault { missing.append("DEFAULT (uuid())") }
                guard !missing.isEmpty else { return }
                // What to write after `PRIMARY KEY` (no NOT NULL) or after `NOT NULL` (no other ON CONFLICT).
                var fixIts: [Diagnostic.FixIt] = []
                let after = column.isNotNull ? column.spans.attributes["notNull"] : column.spans.attributes["primaryKey"]
                if let after, column.notNullConflict == nil {
                    let text = " " + missing.joined(separator: " ")
                    fixIts.append(.insert(text, at: after.endOnly, "add\(text)"))
                }
                let documented =
                    parent.map { "it references '\($0.table)', so it holds a parent's id, which no default can stand for" }
                    ?? "SQLiteData documents keys as TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())"
                out.report(
                    "primary key '\(table.name).\(column.name)' lacks \(missing.joined(separator: " and ")); \(documented)",
                    at: column.spans.attributes["primaryKey"] ?? column.spans.name, fixIts: fixIts)
            }
        })

    static let unique = LintRule(
        "SQL_UNIQUE", .sqlitedata, .error,
        summary: "A UNIQUE column or table constraint, or a unique index, on a synced table (partial ones too)",
        explanation: """
            Two devices can write the same value offline, and a uniqueness constraint would make one of them \
            fail to apply the other's record. SyncEngine.init reads PRAGMA index_list and refuses any unique \
            index that is not the primary key (UNIQUE constraints and CREATE UNIQUE INDEX, partial ones \
            included): "Uniqueness constraints are not supported for synchronized tables." (sqlite-data \
            SyncEngine.swift, validateSchema).
            """,
        fix: """
            remove the constraint (the fix-it does) and deduplicate in app code, or make the unique column \
            the table's primary key.
            """,
        check: { input, out in
            let message = thrown("Uniqueness constraints are not supported for synchronized tables.")
            let rebuilt = Set(
                input.schema.sqlite.tables.filter { $0.rebuiltBy?.dropsUniqueConstraints == true }.map { SQLName.key($0.name) })
            synced(input).forEachInPlace { table in
                guard !rebuilt.contains(SQLName.key(table.name)) else { return }
                table.columns.forEachInPlace { column in
                    guard let range = column.spans.attributes["unique"] else { return }
                    out.report(
                        "UNIQUE on '\(table.name).\(column.name)'; \(message)", at: range,
                        fixIts: [input.removeAttribute(range, "remove UNIQUE")])
                }
                for range in table.uniqueConstraints {
                    out.report("UNIQUE constraint on table '\(table.name)'; \(message)", at: range)
                }
            }
            let tables = Set(input.schema.sqlite.tables.map { SQLName.key($0.name) })
            for index in input.schema.sqlite.indexes where index.isUnique && input.schema.sqlite.isSynced(index.table) {
                guard tables.contains(SQLName.key(index.table)), !rebuilt.contains(SQLName.key(index.table)) else { continue }
                let range = index.uniqueRange ?? index.range
                out.report(
                    "unique\(index.isPartial ? " partial" : "") index '\(index.name)' on '\(index.table)'; \(message)", at: range,
                    fixIts: index.uniqueRange.map { [input.removeAttribute($0, "make it a plain index")] } ?? [])
            }
        })

    static let foreignKeyCycle = LintRule(
        "SQL_FOREIGN_KEY_CYCLE", .sqlitedata, .error,
        summary: "A cycle among synced tables' foreign keys, a self-reference included",
        explanation: """
            SyncEngine orders synced tables parents first and cannot order a cycle; SyncEngine.init throws \
            "Cycles are not currently permitted in schemas, e.g. a table that references itself." \
            (sqlite-data SyncEngine.swift, tablesByOrder).
            """,
        fix: """
            break the cycle: move one reference into a join table of its own (with its own UUID key), or \
            drop it.
            """,
        check: { input, out in
            let tables = synced(input)
            var indexByName: [String: Int] = [:]
            for (n, table) in tables.enumerated() { indexByName[SQLName.key(table.name)] = n }
            let edges: [[(to: Int, key: SQLForeignKey)]] = tables.map { table in
                table.foreignKeys.compactMap { key in indexByName[SQLName.key(key.table)].map { ($0, key) } }
            }
            for component in StronglyConnected.components(count: tables.count, edges: { edges[$0].map(\.to) }) {
                let members = Set(component)
                guard component.count > 1 || edges[component[0]].contains(where: { $0.to == component[0] }) else { continue }
                // One finding per cycle, at the first foreign key (in table order) that stays in it.
                guard
                    let first = component.sorted().lazy.compactMap({ n in edges[n].first { members.contains($0.to) }.map { (n, $0.key) } })
                        .first
                else { continue }
                let names = component.sorted().map { "'\(tables[$0].name)'" }.joined(separator: ", ")
                out.report(
                    "\(component.count == 1 ? "table \(names) references itself" : "tables \(names) reference each other in a cycle"); \(thrown("Cycles are not currently permitted in schemas, e.g. a table that references itself."))",
                    at: first.1.range ?? tables[first.0].spans.name)
            }
        })

    static let foreignKeyUnsynced = LintRule(
        "SQL_FOREIGN_KEY_UNSYNCED", .sqlitedata, .error,
        summary: "A foreign key to a table that is not synced",
        explanation: """
            A synced row whose parent row is not synced cannot be applied on another device. SyncEngine.init \
            reads PRAGMA foreign_key_list for every synced table and throws \
            "Foreign key \\"child\\".\\"col\\" references table \\"parent\\" that is not synchronized. Update \
            'SyncEngine.init' to synchronize \\"parent\\"." (sqlite-data SyncEngine.swift, validateSchema).
            """,
        fix: """
            add the parent table to SyncEngine(for:tables:privateTables:) (or to "sqlitedata" in \
            cloudschema.json), or drop the foreign key.
            """,
        check: { input, out in
            let sqlite = input.schema.sqlite
            let tables = Set(sqlite.tables.map { SQLName.key($0.name) })
            synced(input).forEachInPlace { table in
                table.foreignKeys.forEachInPlace { key in
                    guard !sqlite.isSynced(key.table) || !tables.contains(SQLName.key(key.table)) else { return }
                    let column = key.columns.first ?? "?"
                    let known = tables.contains(SQLName.key(key.table))
                    // A statement that was not read may have created it: SQL_NOT_CHECKED says so.
                    guard known || sqlite.unread.isEmpty else { return }
                    let missing =
                        key.writtenTable.map {
                            "this reference to '\($0)' names '\(key.table)' since ALTER TABLE … RENAME TO (SQLite rewrites references to a renamed table), and no table '\(key.table)' is left after the migrations read, so it is not synced; "
                        } ?? "table '\(key.table)' is not created in the SQL read, so it is not synced; "
                    out.report(
                        "\(known ? "" : missing)\(thrown("Foreign key \"\(table.name)\".\"\(column)\" references table \"\(key.table)\" that is not synchronized. Update 'SyncEngine.init' to synchronize \"\(key.table)\"."))",
                        at: key.tableRange ?? key.range)
                }
            }
        })

    static let foreignKeyAction = LintRule(
        "SQL_FOREIGN_KEY_ACTION", .sqlitedata, .error,
        summary: "ON DELETE RESTRICT / NO ACTION (the default) on a table's only foreign key; a warning when it has several",
        explanation: """
            A delete synced from another device must be applied, so the child rows must follow it. For a table \
            with exactly one foreign key, SyncEngine.init throws "Foreign key \\"child\\".\\"col\\" action not \
            supported. Must be 'CASCADE', 'SET DEFAULT' or 'SET NULL'." when its ON DELETE is RESTRICT or NO \
            ACTION, SQLite's default (sqlite-data SyncEngine.swift, validateSchema). Tables with several \
            foreign keys are not checked there, but the documentation says these actions are not supported \
            at all, so they are warnings.
            """,
        fix: """
            write ON DELETE CASCADE, ON DELETE SET NULL or ON DELETE SET DEFAULT (the fix-its offer them).
            """,
        check: { input, out in
            synced(input).forEachInPlace { table in
                table.foreignKeys.forEachInPlace { key in
                    let action = key.onDelete ?? "NO ACTION"
                    let column = key.columns.first ?? "?"
                    guard action == "RESTRICT" || action == "NO ACTION", !table.value.hasUnreadConstraint(column) else { return }
                    var fixIts: [Diagnostic.FixIt] = []
                    let nullable = table.value.column(named: column).map { !$0.isNotNull } ?? false
                    for replacement in ["CASCADE"] + (nullable ? ["SET NULL"] : []) {
                        if let range = key.onDeleteRange {
                            fixIts.append(.replace(range, with: replacement, "use ON DELETE \(replacement)"))
                        } else if let range = key.range {
                            fixIts.append(.insert(" ON DELETE \(replacement)", at: range.endOnly, "add ON DELETE \(replacement)"))
                        }
                    }
                    // Another foreign key may be in what was not read.
                    let only = table.foreignKeys.count == 1 && table.unread.isEmpty
                    out.report(
                        "\(key.onDelete == nil ? "no ON DELETE action (SQLite's default is NO ACTION)" : "ON DELETE \(action)") on '\(table.name).\(column)'; \(only ? thrown("Foreign key \"\(table.name)\".\"\(column)\" action not supported. Must be 'CASCADE', 'SET DEFAULT' or 'SET NULL'.") : "SQLiteData does not support RESTRICT or NO ACTION (SyncEngine only checks tables with one foreign key)")",
                        at: key.onDeleteRange ?? key.range, severity: only ? .error : .warning, fixIts: fixIts)
                }
            }
        })

    static let notNullReplace = LintRule(
        "SQL_NOT_NULL_REPLACE", .sqlitedata, .warning,
        summary: "A NOT NULL column without ON CONFLICT REPLACE and a default; an error for a column added by ALTER TABLE",
        explanation: """
            Records from app versions that predate a column lack it, and SyncEngine upserts them with NULL for \
            it (SyncEngine.swift, updateQuery). sqlite-data's CloudKitSync.md: added columns must be nullable or \
            "NOT NULL ON CONFLICT REPLACE DEFAULT …", so NULL becomes the default instead of failing the write. \
            SyncEngine declares nonNullColumnsWithoutDefault but never checks it, so nothing stops this at \
            runtime. A column added by ALTER TABLE is certain to be missing from older records: an error. \
            Foreign key columns a table was created with are not reported: they have no sensible default, \
            and the guide's own join tables declare them NOT NULL.
            """,
        fix: """
            write NOT NULL ON CONFLICT REPLACE DEFAULT <value> (the fix-it adds ON CONFLICT REPLACE when a \
            default is there), or make the column nullable.
            """,
        check: { input, out in
            synced(input).forEachInPlace { borrowed in
                let table = borrowed.value
                let key = textPrimaryKey(table)?.name ?? table.primaryKeyColumns.first
                let references = Set(table.foreignKeys.flatMap(\.columns).map(SQLName.key))
                table.columns.forEachInPlace { column in
                    guard column.isNotNull && column.name != key && !table.hasUnreadConstraint(column.name) else { return }
                    // A foreign key has no sensible default, and the guide's own join tables write
                    // them NOT NULL; only a foreign key added later is missing from older records.
                    if references.contains(SQLName.key(column.name)) && !column.isAdded { return }
                    guard column.notNullConflict != "REPLACE" || !column.hasDefault else { return }
                    let notNull = column.spans.attributes["notNull"]
                    var fixIts: [Diagnostic.FixIt] = []
                    if column.hasDefault, column.notNullConflict == nil, let notNull {
                        fixIts.append(.insert(" ON CONFLICT REPLACE", at: notNull.endOnly, "add ON CONFLICT REPLACE"))
                    }
                    let lacks =
                        column.notNullConflict != "REPLACE" && !column.hasDefault
                        ? "ON CONFLICT REPLACE and a DEFAULT" : column.hasDefault ? "ON CONFLICT REPLACE" : "a DEFAULT"
                    out.report(
                        "NOT NULL column '\(table.name).\(column.name)'\(column.isAdded ? ", added by ALTER TABLE," : "") lacks \(lacks); records from app versions without it arrive with NULL and fail to apply",
                        at: notNull ?? column.spans.name, severity: column.isAdded ? .error : nil, fixIts: fixIts)
                }
            }
        })

    /// CKRecord's own keys, which a field cannot be named (sqlite-data CloudKitSync.md, "not exhaustive").
    static let reservedNames: Set<String> = [
        "creationDate", "creatorUserRecordID", "etag", "lastModifiedUserRecordID", "modificationDate",
        "modifiedByDevice", "recordChangeTag", "recordID", "recordType",
    ]
    static let libraryPrefix = "sqlitedata_icloud_"

    static let nameReserved = LintRule(
        "SQL_NAME_RESERVED", .sqlitedata, .warning,
        summary: "A column named like a CloudKit system field, <blob>_hash, or sqlitedata_icloud_…",
        explanation: """
            SQLiteData writes each column as the CKRecord key of the same name. sqlite-data's CloudKitSync.md \
            lists CKRecord's system keys (creationDate, creatorUserRecordID, etag, lastModifiedUserRecordID, \
            modificationDate, modifiedByDevice, recordChangeTag, recordID, recordType) as names to avoid, "not \
            exhaustive". SQLiteData also writes its own keys: <column>_hash beside each BLOB column (its \
            asset's SHA-256) and sqlitedata_icloud_userModificationTime… (CloudKit+StructuredQueries.swift); \
            a column of such a name collides with them.
            """,
        fix: """
            rename the column (in a new table or before the first release: renaming a synced column later is \
            SQL_MIGRATION_DESTRUCTIVE).
            """,
        check: { input, out in
            synced(input).forEachInPlace { table in
                let blobs = Set(table.columns.filter { $0.affinity == .blob }.map { SQLName.key($0.name) })
                table.columns.forEachInPlace { column in
                    let why: String
                    if reservedNames.contains(column.name) {
                        why = "CKRecord's system key '\(column.name)'"
                    } else if column.name.hasPrefix(libraryPrefix) {
                        why = "SQLiteData's own '\(libraryPrefix)…' keys"
                    } else if column.name.hasSuffix("_hash"), blobs.contains(SQLName.key(String(column.name.dropLast(5)))) {
                        why = "the '\(column.name)' key SQLiteData writes for BLOB column '\(column.name.dropLast(5))'"
                    } else {
                        return
                    }
                    out.report("column '\(table.name).\(column.name)' collides with \(why); rename it", at: column.spans.name)
                }
            }
        })

    /// A UUID key as SQLiteData writes it (lower-case, 36 characters) plus the ':' before the table name.
    static let recordNamePrefix = 37
    static let recordNameLimit = 255

    static let tableName = LintRule(
        "SQL_TABLE_NAME", .sqlitedata, .error,
        summary: "A table name containing ':', or one that leaves too little of the 255-byte ASCII record name",
        explanation: """
            SQLiteData names each record "<primary key>:<table>" and reads the table back after the last ':', \
            so SyncEngine.init throws "Table name contains invalid character ':'" (SyncEngine.swift, \
            validateSchema). Its triggers then refuse a record name longer than 255 bytes or not ASCII \
            (co.pointfree.SQLiteData.CloudKit.invalid-record-name-error, Triggers.swift), as CloudKit's \
            CKRecord.ID does. With a UUID key (36 characters) and the ':', a table name has 218 ASCII bytes.
            """,
        fix: """
            rename the table to at most 218 ASCII characters without ':' (before its first release: renaming \
            a synced table later is SQL_MIGRATION_DESTRUCTIVE).
            """,
        check: { input, out in
            synced(input).forEachInPlace { table in
                let range = table.spans.name
                if table.name.contains(":") {
                    out.report("table '\(table.name)' contains ':'; \(thrown("Table name contains invalid character ':'"))", at: range)
                } else if table.name.utf8.contains(where: { $0 >= 0x80 }) {
                    out.report(
                        "table '\(table.name)' is not ASCII; SQLiteData's record names \"<id>:\(table.name)\" must be ASCII, so its triggers refuse every write",
                        at: range)
                } else if table.name.utf8.count > recordNameLimit - recordNamePrefix {
                    out.report(
                        "table name '\(table.name)' is \(table.name.utf8.count) bytes; with a UUID key the record name \"<id>:<table>\" passes CloudKit's 255 bytes, so shorten it to \(recordNameLimit - recordNamePrefix)",
                        at: range)
                }
            }
        })

    /// CloudKit keys SQLiteData writes for a column: the value and its modification time, plus a
    /// hash beside a BLOB's asset (sync-compat-rules §2.2).
    static func fieldCount(_ column: SQLColumn) -> Int { column.affinity == .blob ? 3 : 2 }
    static let fieldBudget = 256

    static let fieldLimit = LintRule(
        "SQL_FIELD_LIMIT", .sqlitedata, .warning,
        summary: "A table that maps past CloudKit's field budget per record type",
        explanation: """
            CloudKit allows 256 fields per record type (TN3164). SQLiteData writes, for each column, the \
            value and sqlitedata_icloud_userModificationTime_<column>, plus <column>_hash for a BLOB, and one \
            sqlitedata_icloud_userModificationTime per record (CloudKit+StructuredQueries.swift), so a table \
            uses about 2 fields per column and 3 per BLOB column, plus 1. The count is an estimate from \
            sqlite-data's source, hence a warning.
            """,
        fix: """
            split the table: move rarely used columns into a table of their own keyed by this table's id.
            """,
        check: { input, out in
            synced(input).forEachInPlace { table in
                var total = 1
                table.columns.forEachInPlace { column in
                    let before = total
                    total += fieldCount(column.value)
                    if before <= fieldBudget && total > fieldBudget {
                        out.report(
                            "with column '\(column.name)', table '\(table.name)' maps to \(total) CloudKit fields (value and modification time per column), past CloudKit's 256 per record type",
                            at: column.spans.name)
                    }
                }
            }
        })

    package static let migrationDestructive = LintRule(
        "SQL_MIGRATION_DESTRUCTIVE", .sqlitedata, .error,
        summary: "A migration that drops or renames a column or table of a synced table",
        explanation: """
            CloudKit schemas are additive once in production, and devices on older app versions keep sending \
            records with the old table and column names. sqlite-data's CloudKitSync.md, "Backwards \
            compatible migrations": removing columns, renaming columns and renaming tables are disallowed; \
            adding tables and columns is safe. SQLite's own way to change a table (create new_X, copy, drop X, \
            rename new_X to X in one migration, lang_altertable.html) keeps the name and is not reported by \
            itself; a column of X that new_X lacks is dropped all the same, and is reported at the DROP TABLE.
            """,
        fix: """
            keep the old table or column (stop using it in app code) and add a new one; silence a step that \
            ran before the app synced with -- cloudschema:ignore SQL_MIGRATION_DESTRUCTIVE <reason>.
            """,
        check: { input, out in
            let sqlite = input.schema.sqlite
            for migration in sqlite.migrations {
                for step in migration.destructiveSteps where sqlite.isSynced(step.table) {
                    out.report(
                        "migration '\(migration.name)' \(step.kind.rawValue) '\(step.table)\(step.column.map { ".\($0)" } ?? "")' of a synced table; devices on older versions keep syncing the old name, so add new columns or tables instead",
                        at: step.range ?? migration.range)
                }
            }
        })

    static let notChecked = LintRule(
        .sqlNotChecked, .sqlitedata, .warning,
        summary: "Part of a synced table's SQL, or a migration, the reader cannot see into; the rules that depend on it are not checked",
        explanation: """
            CloudSchema reads SQL text, not the Swift around it. A Swift interpolation in the SQL (\\(raw: sql), \
            \\(Table.self), \\(bind: value)) stands for text known only when the app runs, so where what it holds \
            matters (a whole column or constraint, a table or column name, a primary key's type, a foreign key's \
            parent or action) it is not guessed: the rules that depend on it stay silent (no SQL_PRIMARY_KEY for \
            a table whose key may be in it), and this warning says what was not checked. As a DEFAULT, in a CHECK \
            or as a COLLATE it matters to no rule and is not reported. The same goes for a statement the reader \
            does not know, CREATE TABLE … AS SELECT (columns from a query), a generated column (sqlite-data \
            documents no handling of them), GRDB's table builder (db.create(table:) has no SQL text; one that only \
            creates tables SyncEngine does not sync hides nothing a rule reads, and is not reported), \
            migrations whose SQL is not in the file read, and SyncEngine.migratePrimaryKeys, which rebuilds \
            the tables it names with UUID keys (sqlite-data's CloudKit guide), so the tables created before it \
            are not judged by the keys, or with dropUniqueConstraints the UNIQUE constraints, their SQL wrote. Skipped as changing nothing SyncEngine syncs or checks: \
            statements on data or the connection (INSERT, UPDATE, DELETE, PRAGMA…), views and triggers, virtual \
            tables, TEMP tables (in the connection's temp schema, lang_createtable.html), CHECK and COLLATE, and \
            table options (STRICT, WITHOUT ROWID).
            """,
        fix: """
            write the SQL out in the literal (the column definition, the table name) so it can be checked, or \
            check by hand what the message names; silence one with -- cloudschema:ignore SQL_NOT_CHECKED <reason>.
            """,
        check: { input, out in
            // A builder that only creates tables SyncEngine does not sync hides nothing a rule reads.
            for unread in input.schema.sqlite.unread
            where !unread.onlyCreatesTables || unread.createsTables.contains(where: input.schema.sqlite.isSynced) {
                out.report("\(unread.what); not checked: \(unread.unchecked)", at: unread.range)
            }
            synced(input).forEachInPlace { table in
                let keys = Set(table.primaryKeyColumns.map(SQLName.key))
                for unread in table.unread where !unread.isType || keys.contains(SQLName.key(unread.column ?? "")) {
                    out.report("\(unread.what); not checked: \(unread.unchecked)", at: unread.range)
                }
            }
        })

    /// `cloudschema diff`: migrations are compared by name with the baseline's.
    package static let migrationEdited = DiagnosticRule(
        "SQL_MIGRATION_EDITED", .breaking, .sqlitedata, .error,
        summary: "A migration that existed in the baseline whose text changed, or that was removed.",
        explanation: """
            A migrator (GRDB's DatabaseMigrator, which SQLiteData apps use) runs each named migration once and \
            records its name; an installed app never runs an edited migration again, so devices that ran the \
            old text and new installs that run the new one end up with different schemas, and sync between \
            them. sqlite-data's CloudKit guide: always add new migrations instead of editing deployed ones. \
            Comments and layout are not compared.
            """,
        fix: "Restore the shipped migration's text (or the migration) and make the change in a new migration.")

    /// Strongly connected components (Tarjan), iteratively so no input can exhaust the stack.
    enum StronglyConnected {
        static func components(count: Int, edges: (Int) -> [Int]) -> [[Int]] {
            var index = [Int](repeating: -1, count: count)
            var low = [Int](repeating: 0, count: count)
            var onStack = [Bool](repeating: false, count: count)
            var stack: [Int] = []
            var result: [[Int]] = []
            var next = 0
            for root in 0..<count where index[root] < 0 {
                var work: [(node: Int, edge: Int)] = [(root, 0)]
                index[root] = next
                low[root] = next
                next += 1
                stack.append(root)
                onStack[root] = true
                while let (node, edge) = work.last {
                    let targets = edges(node)
                    if edge < targets.count {
                        work[work.count - 1].edge += 1
                        let target = targets[edge]
                        if index[target] < 0 {
                            index[target] = next
                            low[target] = next
                            next += 1
                            stack.append(target)
                            onStack[target] = true
                            work.append((target, 0))
                        } else if onStack[target] {
                            low[node] = min(low[node], index[target])
                        }
                        continue
                    }
                    work.removeLast()
                    if let parent = work.last { low[parent.node] = min(low[parent.node], low[node]) }
                    if low[node] == index[node] {
                        var component: [Int] = []
                        while let top = stack.popLast() {
                            onStack[top] = false
                            component.append(top)
                            if top == node { break }
                        }
                        result.append(component)
                    }
                }
            }
            return result
        }
    }
}
