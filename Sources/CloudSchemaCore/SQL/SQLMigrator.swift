/// Applies migrations in order to an `SQLiteSchema`, as SQLite would run them, and notes
/// each one's destructive steps. Statements about tables it never saw are skipped: the
/// model holds what the SQL it read says, nothing more.
///
/// One migrator reads every migration of a load: its table positions and index names carry
/// from one migration to the next, so applying M migrations over T tables stays linear
/// (rebuilding them per migration cost M × T, issue 17).
struct SQLMigrator {
    private(set) var schema = SQLiteSchema()
    /// Each table's position in `schema.tables` by its key, rebuilt only after a drop or rename (rare).
    private var positions: [String: Int] = [:]
    /// The keys of `schema.indexes`' names.
    private var indexNames: Set<String> = []

    private mutating func reindex() {
        positions = [:]
        for (n, table) in schema.tables.enumerated() where positions[SQLName.key(table.name)] == nil {
            positions[SQLName.key(table.name)] = n
        }
    }

    private func index(of table: String) -> Int? { positions[SQLName.key(table)] }

    mutating func apply(_ script: SQLScript, as name: String, range: SourceRange?) {
        var steps: [SQLMigration.DestructiveStep] = []
        // Each table this migration drops, with its columns then, by key: a rebuild below must keep them.
        var droppedColumns: [String: [String]] = [:]
        for statement in script.statements {
            switch statement {
            case .createTable(let table, let ifNotExists):
                if let existing = index(of: table.name) {
                    if !ifNotExists { schema.tables[existing] = table }
                } else {
                    positions[SQLName.key(table.name)] = schema.tables.count
                    schema.tables.append(table)
                }
            case .createIndex(let index):
                if !indexNames.insert(SQLName.key(index.name)).inserted {
                    schema.indexes.removeAll { SQLName.key($0.name) == SQLName.key(index.name) }
                }
                schema.indexes.append(index)
            case .addColumn(let table, let column, let foreignKeys):
                guard let t = index(of: table) else { continue }
                schema.tables[t].columns.append(column)
                schema.tables[t].foreignKeys += foreignKeys
            case .renameColumn(let table, let old, let new, let range):
                steps.append(.init(.renameColumn, table: table, column: old, range: range))
                guard let t = index(of: table),
                    let c = schema.tables[t].columns.firstIndex(where: { SQLName.key($0.name) == SQLName.key(old) })
                else { continue }
                schema.tables[t].columns[c].name = new
            case .renameTable(let old, let new, let range):
                steps.append(.init(.renameTable, table: old, range: range))
                guard let t = index(of: old) else { continue }
                schema.tables[t].name = new
                reindex()
                // SQLite rewrites references to the renamed table (ALTER TABLE, "compatibility notes").
                for other in schema.tables.indices {
                    for k in schema.tables[other].foreignKeys.indices
                    where SQLName.key(schema.tables[other].foreignKeys[k].table) == SQLName.key(old) {
                        if schema.tables[other].foreignKeys[k].writtenTable == nil {
                            schema.tables[other].foreignKeys[k].writtenTable = old
                        }
                        schema.tables[other].foreignKeys[k].table = new
                    }
                }
                for k in schema.indexes.indices where SQLName.key(schema.indexes[k].table) == SQLName.key(old) {
                    schema.indexes[k].table = new
                }
            case .dropColumn(let table, let column, let range):
                steps.append(.init(.dropColumn, table: table, column: column, range: range))
                guard let t = index(of: table) else { continue }
                schema.tables[t].columns.removeAll { SQLName.key($0.name) == SQLName.key(column) }
            case .dropTable(let table, let range):
                steps.append(.init(.dropTable, table: table, range: range))
                guard let t = index(of: table) else { continue }
                droppedColumns[SQLName.key(table)] = schema.tables[t].columns.map(\.name)
                schema.tables.remove(at: t)
                reindex()
                schema.indexes.removeAll { SQLName.key($0.table) == SQLName.key(table) }
                indexNames = Set(schema.indexes.map { SQLName.key($0.name) })
            case .dropIndex(let name):
                guard indexNames.remove(SQLName.key(name)) != nil else { continue }
                schema.indexes.removeAll { SQLName.key($0.name) == SQLName.key(name) }
            case .unread(let unread, let table):
                // About a table not created in the SQL read: nothing of it is checked anyway.
                if let table {
                    if let t = index(of: table) { schema.tables[t].unread.append(unread) }
                } else {
                    schema.unread.append(unread)
                    // Which tables it names is not read: any table there so far may be rebuilt.
                    for t in schema.tables.indices where unread.rebuildsPrimaryKeys { schema.tables[t].rebuiltBy = unread }
                }
            }
        }
        // SQLite's way to change a table (lang_altertable.html, "Making Other Kinds Of Table Schema
        // Changes"): create new_X, copy, DROP TABLE X, ALTER TABLE new_X RENAME TO X. The table
        // keeps its name, so neither step is destructive by itself; a column the new table lacks
        // is dropped all the same, at the DROP TABLE.
        let dropped = Set(steps.filter { $0.kind == .dropTable }.map { SQLName.key($0.table) })
        var renamedBack: Set<String> = []
        for statement in script.statements {
            if case .renameTable(_, let new, _) = statement, dropped.contains(SQLName.key(new)) { renamedBack.insert(SQLName.key(new)) }
        }
        for (n, step) in steps.enumerated().reversed() where step.kind == .dropTable && renamedBack.contains(SQLName.key(step.table)) {
            guard let t = index(of: step.table), !schema.tables[t].unread.contains(where: { $0.column == nil && !$0.isType }),
                let old = droppedColumns[SQLName.key(step.table)]
            else { continue }
            let kept = Set(schema.tables[t].columns.map { SQLName.key($0.name) })
            let lost = old.filter { !kept.contains(SQLName.key($0)) }
            steps.insert(contentsOf: lost.map { .init(.dropColumn, table: step.table, column: $0, range: step.range) }, at: n + 1)
        }
        steps.removeAll { step in
            switch step.kind {
            case .dropTable: renamedBack.contains(SQLName.key(step.table))
            case .renameTable:
                script.statements.contains {
                    if case .renameTable(let old, let new, _) = $0 {
                        return SQLName.key(old) == SQLName.key(step.table) && renamedBack.contains(SQLName.key(new))
                    }
                    return false
                }
            default: false
            }
        }
        schema.migrations.append(SQLMigration(name: name, text: script.text, destructiveSteps: steps, range: range))
    }
}
