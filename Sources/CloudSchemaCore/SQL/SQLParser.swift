/// What one SQL text says: the statements CloudSchema models, in order, and what
/// suppression comments need (the comments, and the ranges of statements and column definitions).
struct SQLScript: Sendable {
    enum Statement: Sendable {
        case createTable(SQLTable, ifNotExists: Bool)
        case createIndex(SQLIndex)
        case addColumn(table: String, SQLColumn, [SQLForeignKey])
        case renameColumn(table: String, from: String, to: String, SourceRange)
        case renameTable(from: String, to: String, SourceRange)
        case dropColumn(table: String, column: String, SourceRange)
        case dropTable(String, SourceRange)
        case dropIndex(String)
        /// Something the reader cannot see into: in the named table (kept with it), or anywhere.
        case unread(SQLUnread, table: String?)
    }

    var statements: [Statement] = []
    var comments: [Comment] = []
    var elementRanges: [SourceRange] = []
    /// The first statement's range: where a finding about the whole migration points.
    var firstStatement: SourceRange?
    /// Every token's text joined by single spaces: the SQL without comments or layout.
    var text = ""
    var diagnostics: [Diagnostic] = []
    /// The first statement only PostgreSQL has: the file is not SQLite (`PostgreSQLMarker`).
    var postgreSQL: (text: String, range: SourceRange)?
}

/// Reads the SQLite DDL that SQLiteData apps write (https://www.sqlite.org/lang_createtable.html,
/// lang_altertable.html, lang_createindex.html): `CREATE TABLE`, `CREATE [UNIQUE] INDEX`,
/// `ALTER TABLE … ADD/RENAME/DROP`, `DROP TABLE/INDEX`. It skips only what no sync rule depends
/// on: statements that change data or the connection (`notSchema`), views, triggers, virtual
/// and temporary tables, `CHECK`, `COLLATE` and table options. Anything else it cannot read,
/// a Swift interpolation above all, is one `SQLUnread` at its place, never a guess.
///
/// One pass over the tokens with no recursion: parentheses are skipped by counting depth, so
/// any nesting is bounded by the input's length. Every loop advances at least one token, and
/// never past the last: a step over a word a clause expects first checks that one is there.
struct SQLParser {
    private let tokens: [SQLToken]
    private var i = 0
    private var script = SQLScript()

    static func parse(
        _ bytes: [UInt8], file: String, map: (@Sendable (Int) -> SourcePosition)? = nil, interpolations: [Range<Int>] = []
    ) -> SQLScript {
        let lexer = SQLLexer(bytes, file: file, map: map, interpolations: interpolations)
        var parser = SQLParser(tokens: lexer.tokens)
        parser.script.comments = lexer.comments
        parser.script.diagnostics = lexer.diagnostics
        parser.script.postgreSQL = PostgreSQLMarker.first(in: lexer.tokens)
        parser.script.text = lexer.tokens.map { $0.kind == .string ? "'\($0.text)'" : $0.text }.joined(separator: " ")
        parser.run()
        return parser.script
    }

    private init(tokens: [SQLToken]) { self.tokens = tokens }

    /// Statements that change data or the connection, not the schema SyncEngine reads
    /// (lang.html): no rule depends on them.
    static let notSchema: Set<String> = [
        "ANALYZE", "ATTACH", "BEGIN", "COMMIT", "DELETE", "DETACH", "END", "EXPLAIN", "INSERT", "PRAGMA", "REINDEX", "RELEASE",
        "REPLACE", "ROLLBACK", "SAVEPOINT", "SELECT", "UPDATE", "VACUUM", "VALUES", "WITH",
    ]

    /// What the statement being read could not be seen into, kept with its table.
    private var pending: [SQLUnread] = []

    private mutating func note(_ what: String, _ unchecked: String, column: String? = nil, isType: Bool = false, at range: SourceRange) {
        pending.append(SQLUnread(what + " is not read", unchecked: unchecked, column: column, isType: isType, at: range))
    }

    /// The pending notes as statements about `table` (nil: about any table).
    private mutating func flush(table: String?) {
        script.statements += pending.map { .unread($0, table: table) }
        pending = []
    }

    // MARK: Tokens

    private var current: SQLToken? { i < tokens.count ? tokens[i] : nil }
    private var atEnd: Bool { i >= tokens.count }
    /// The statement ends here: `;` or the end of input.
    private var atStatementEnd: Bool { current.map { $0.isPunctuation(";") } ?? true }

    private func peek(_ keyword: String, _ ahead: Int = 0) -> Bool {
        i + ahead < tokens.count && tokens[i + ahead].isWord(keyword)
    }

    /// Takes the keyword if it is next.
    private mutating func take(_ keyword: String) -> Bool {
        guard peek(keyword) else { return false }
        i += 1
        return true
    }

    private mutating func take(punctuation character: Character) -> Bool {
        guard let current, current.isPunctuation(character) else { return false }
        i += 1
        return true
    }

    /// A name, possibly `schema.name` (the schema is dropped).
    private mutating func name() -> SQLToken? {
        guard let first = current, first.isName else { return nil }
        i += 1
        if let dot = current, dot.isPunctuation("."), i + 1 < tokens.count, tokens[i + 1].isName {
            i += 2
            return tokens[i - 1]
        }
        return first
    }

    /// Skips a balanced `( … )` starting at the current `(`; returns its range.
    @discardableResult
    private mutating func skipParentheses() -> SourceRange? {
        guard let open = current, open.isPunctuation("(") else { return nil }
        var depth = 0
        while let token = current {
            if token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation(")") { depth -= 1 }
            if token.isPunctuation(";") { break }
            i += 1
            if depth == 0 { return open.range.union(token.range) }
        }
        return open.range.union(tokens[max(i - 1, 0)].range)
    }

    /// Skips to the end of the statement (the `;` stays).
    private mutating func skipStatement() {
        while let token = current, !token.isPunctuation(";") {
            if token.isPunctuation("(") { skipParentheses() } else { i += 1 }
        }
    }

    /// The names in `( a, b COLLATE x DESC, … )`: the first name of each item, and the first
    /// interpolation among them (names not known).
    private mutating func nameList() -> (names: [String], unknown: SQLToken?) {
        guard take(punctuation: "(") else { return ([], nil) }
        var names: [String] = []
        var unknown: SQLToken?
        var expectName = true
        while let token = current, !token.isPunctuation(")"), !token.isPunctuation(";") {
            if token.isPunctuation("(") {
                skipParentheses()
                continue
            }
            if token.isPunctuation(",") {
                expectName = true
            } else if token.kind == .interpolation {
                unknown = unknown ?? token
            } else if expectName && token.isName {
                names.append(token.text)
                expectName = false
            }
            i += 1
        }
        _ = take(punctuation: ")")
        return (names, unknown)
    }

    private func range(from start: SourceRange) -> SourceRange { start.union(tokens[max(i - 1, 0)].range) }

    // MARK: Statements

    private mutating func run() {
        while !atEnd {
            guard let first = current else { break }
            if first.isPunctuation(";") {
                i += 1
                continue
            }
            let before = i
            if take("CREATE") {
                createStatement(start: first.range)
            } else if take("ALTER") {
                alterTable(start: first.range)
            } else if take("DROP") {
                dropStatement(start: first.range)
            } else if first.kind != .word || !Self.notSchema.contains(first.text.uppercased()) {
                i += 1
                unreadStatement(first)
            }
            skipStatement()
            flush(table: nil)
            if i > before {
                script.elementRanges.append(range(from: first.range))
                if script.firstStatement == nil { script.firstStatement = range(from: first.range) }
            }
            if i == before { i += 1 }
        }
    }

    /// A statement it cannot read (an interpolation, an unknown word) may create or change any table.
    private mutating func unreadStatement(_ token: SQLToken) {
        let what = token.kind == .interpolation ? "the statement `\(token.text)`" : "the statement starting '\(token.text)'"
        note(what, "what it creates or changes", at: range(from: token.range))
    }

    private mutating func createStatement(start: SourceRange) {
        // A temporary table, view or trigger lives in the connection's temp schema, which is not synced.
        let temporary = take("TEMP") || take("TEMPORARY")
        let unique = current?.isWord("UNIQUE") == true ? current?.range : nil
        if unique != nil { i += 1 }
        if take("TABLE") {
            if !temporary { createTable(start: start) }
        } else if take("INDEX") {
            createIndex(start: start, unique: unique)
        } else if take("TRIGGER") {
            skipTrigger()
        } else if !(take("VIEW") || take("VIRTUAL")) {
            // Views and virtual tables are left out of the model: one a SyncEngine call names is
            // the warning that no migration read creates it (SyncEngineReader).
            if let token = current { unreadStatement(token) }
        }
    }

    /// `CREATE TRIGGER … BEGIN …; …; END`: its body holds `;`, so skip to its `END`
    /// (an `END` closing a `CASE` does not count).
    private mutating func skipTrigger() {
        while !atEnd, !peek("BEGIN") { i += 1 }
        var cases = 0
        while let token = current {
            i += 1
            if token.isWord("CASE") { cases += 1 }
            if token.isWord("END") {
                if cases == 0 { return }
                cases -= 1
            }
        }
    }

    private mutating func ifExists() -> Bool {
        guard peek("IF") else { return false }
        if peek("NOT", 1) && peek("EXISTS", 2) {
            i += 3
            return true
        }
        if peek("EXISTS", 1) {
            i += 2
            return true
        }
        return false
    }

    /// Skips to the end of the column or table constraint (its `,` or `)`); true if it skipped anything.
    private mutating func skipDefinition() -> Bool {
        let before = i
        while let next = current, !next.isPunctuation(","), !next.isPunctuation(")"), !next.isPunctuation(";") {
            if next.isPunctuation("(") { skipParentheses() } else { i += 1 }
        }
        return i > before
    }

    private mutating func createTable(start: SourceRange) {
        let ifNotExists = ifExists()
        if let token = current, token.kind == .interpolation {
            return note(
                "the table name `\(token.text)`", "this table (which one it is, so whether it is synced, is not known)", at: token.range)
        }
        guard let nameToken = name() else {
            return fail("expected the table's name after CREATE TABLE")
        }
        var table = SQLTable(name: nameToken.text, spans: SourceSpans(name: nameToken.range))
        if take(punctuation: "(") {
            while let token = current, !token.isPunctuation(";") {
                if take(punctuation: ")") { break }
                if take(punctuation: ",") { continue }
                let definitionStart = token.range
                let before = i
                if token.kind == .interpolation {
                    // `\(raw: idColumnSQL)`: a column or constraint of any kind, the primary key included.
                    _ = skipDefinition()
                    note(
                        "the column or constraint `\(token.text)`", "table '\(table.name)''s primary key, columns and constraints",
                        at: range(from: definitionStart))
                } else if ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"].contains(where: { token.isWord($0) }) {
                    tableConstraint(into: &table)
                } else if let (column, foreignKeys) = columnDefinition() {
                    table.columns.append(column)
                    table.foreignKeys += foreignKeys
                } else {
                    _ = skipDefinition()  // a SYNTAX_ERROR already
                }
                let rest = current
                if skipDefinition(), let rest {
                    note("'\(rest.text)…' in table '\(table.name)'", "table '\(table.name)''s constraints", at: range(from: rest.range))
                }
                if i > before { script.elementRanges.append(range(from: definitionStart)) }
            }
            // Table options (STRICT, WITHOUT ROWID) change no synced fact.
        } else if let token = current, !token.isPunctuation(";") {
            // CREATE TABLE … AS SELECT: the columns come from the query.
            skipStatement()
            note(
                "CREATE TABLE '\(table.name)' … AS SELECT", "table '\(table.name)''s columns and primary key", at: range(from: token.range))
        }
        table.unread = pending
        pending = []
        table.spans.range = range(from: start)
        script.statements.append(.createTable(table, ifNotExists: ifNotExists))
    }

    /// `name [type] [constraints]`, with the foreign keys its `REFERENCES` clauses declare.
    private mutating func columnDefinition() -> (SQLColumn, [SQLForeignKey])? {
        guard let nameToken = name() else {
            if let token = current { fail("expected a column name, found '\(token.text)'", at: token.range) }
            return nil
        }
        var column = SQLColumn(name: nameToken.text, spans: SourceSpans(name: nameToken.range))
        let constraintWords = [
            "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES", "GENERATED", "AS",
        ]
        // The type: words up to a constraint keyword, then an optional `(n)` or `(n, m)`.
        var typeWords: [String] = []
        var typeRange: SourceRange?
        var unknownType = false
        while let token = current, token.kind == .word || token.kind == .quoted || token.kind == .interpolation,
            !constraintWords.contains(where: { token.isWord($0) })
        {
            unknownType = unknownType || token.kind == .interpolation
            typeWords.append(token.text)
            typeRange = typeRange.map { $0.union(token.range) } ?? token.range
            i += 1
        }
        if typeRange != nil, let size = skipParentheses() { typeRange = typeRange?.union(size) }
        column.type = typeWords.joined(separator: " ")
        column.spans.type = typeRange
        if unknownType, let typeRange {
            note(
                "the type `\(column.type)` of primary key '\(column.name)'", "whether it is an integer key", column: column.name,
                isType: true, at: typeRange)
        }
        var foreignKeys: [SQLForeignKey] = []
        while let token = current, !token.isPunctuation(","), !token.isPunctuation(")"), !token.isPunctuation(";") {
            let start = token.range
            if take("CONSTRAINT") {
                if !atStatementEnd { i += 1 }  // its name, whatever it is
            } else if token.kind == .interpolation {
                i += 1
                note(
                    "`\(token.text)` in column '\(column.name)'", "its constraints (PRIMARY KEY, NOT NULL, ON CONFLICT, REFERENCES)",
                    column: column.name, at: token.range)
            } else if take("PRIMARY") {
                _ = take("KEY")
                _ = take("ASC") || take("DESC")
                _ = conflictClause()
                column.isPrimaryKey = true
                column.spans.attributes["primaryKey"] = range(from: start)
                if let auto = current, auto.isWord("AUTOINCREMENT") {  // an integer key: SQL_PRIMARY_KEY either way
                    i += 1
                    column.isAutoincrement = true
                    column.spans.attributes["autoincrement"] = auto.range
                }
            } else if take("NOT") {
                guard take("NULL") else { continue }
                column.isNotNull = true
                column.notNullConflict = conflictClause()
                column.spans.attributes["notNull"] = range(from: start)
            } else if take("NULL") {
                _ = conflictClause()
            } else if take("UNIQUE") {
                _ = conflictClause()
                column.spans.attributes["unique"] = range(from: start)
            } else if take("CHECK") {
                skipParentheses()
            } else if take("DEFAULT") {
                if skipParentheses() == nil {
                    if current?.isPunctuation("-") == true || current?.isPunctuation("+") == true { i += 1 }
                    if !atStatementEnd { i += 1 }
                }
                column.hasDefault = true
                column.spans.defaultValue = range(from: start)
            } else if take("COLLATE") {
                _ = name()
            } else if take("REFERENCES") {
                if var key = foreignKeyClause(start: start, column: column.name) {
                    key.columns = [column.name]
                    foreignKeys.append(key)
                }
            } else if take("GENERATED") || take("AS") {
                _ = take("ALWAYS") || take("AS")
                _ = take("AS")
                skipParentheses()
                _ = take("STORED") || take("VIRTUAL")
                // sqlite-data documents no handling of generated columns (they cannot be written).
                note(
                    "generated column '\(column.name)'", "whether SyncEngine syncs it, and its NOT NULL rule", column: column.name,
                    at: range(from: start))
            } else {
                // SQLite accepts nothing else here: what it stands for is not guessed.
                i += 1
                note("'\(token.text)' in column '\(column.name)'", "its constraints", column: column.name, at: token.range)
            }
        }
        column.spans.range = range(from: nameToken.range)  // the element a finding in it is about (a baseline's key)
        return (column, foreignKeys)
    }

    /// `ON CONFLICT ROLLBACK|ABORT|FAIL|IGNORE|REPLACE`: the resolution, upper-cased.
    private mutating func conflictClause() -> String? {
        guard peek("ON"), peek("CONFLICT", 1) else { return nil }
        i += 2
        guard let word = current, word.kind == .word else { return nil }
        i += 1
        return word.text.uppercased()
    }

    /// After `REFERENCES`: `parent [(cols)] [ON DELETE|UPDATE action] [MATCH x] [[NOT] DEFERRABLE …]`,
    /// a foreign key of `column` (for a note when the parent or action is an interpolation).
    private mutating func foreignKeyClause(start: SourceRange, column: String?) -> SQLForeignKey? {
        let unknownParent = current?.kind == .interpolation
        if unknownParent, let token = current {
            i += 1
            note("the referenced table `\(token.text)`", "this foreign key (its parent's sync, cycles)", column: column, at: token.range)
        }
        guard let target = unknownParent ? tokens[i - 1] : name() else {
            fail("expected the referenced table's name after REFERENCES")
            return nil
        }
        _ = nameList()
        var key = SQLForeignKey(columns: [], table: target.text)
        key.tableRange = target.range
        while !atEnd {
            if peek("ON") && (peek("DELETE", 1) || peek("UPDATE", 1)) {
                let isDelete = peek("DELETE", 1)
                i += 2
                let actionStart = current?.range
                var words: [String] = []
                if take("SET") {
                    words = ["SET", current?.text.uppercased() ?? ""]
                    if !atStatementEnd { i += 1 }
                } else if take("NO") {
                    _ = take("ACTION")
                    words = ["NO", "ACTION"]
                } else if let word = current, word.kind == .word {
                    words = [word.text.uppercased()]
                    i += 1
                } else if let token = current, token.kind == .interpolation {
                    i += 1
                    note("the action `\(token.text)`", "this foreign key's action", column: column, at: token.range)
                    continue
                }
                if isDelete, let actionStart {
                    key.onDelete = words.joined(separator: " ")
                    key.onDeleteRange = range(from: actionStart)
                }
            } else if take("MATCH") {
                _ = name()
            } else if peek("NOT") && peek("DEFERRABLE", 1) {
                i += 2
            } else if take("DEFERRABLE") {
                if take("INITIALLY"), !atStatementEnd { i += 1 }
            } else {
                break
            }
        }
        key.range = range(from: start)
        return unknownParent ? nil : key
    }

    private mutating func tableConstraint(into table: inout SQLTable) {
        guard let start = current?.range else { return }
        if take("CONSTRAINT"), !atStatementEnd { i += 1 }  // its name, whatever it is
        if take("PRIMARY") {
            _ = take("KEY")
            let (columns, unknown) = nameList()
            if let unknown {
                note("`\(unknown.text)` in table '\(table.name)''s primary key", "table '\(table.name)''s primary key", at: unknown.range)
            } else {
                table.primaryKeyConstraint = columns
            }
            _ = conflictClause()
            table.primaryKeyRange = range(from: start)
        } else if take("UNIQUE") {
            _ = nameList()
            _ = conflictClause()
            table.uniqueConstraints.append(range(from: start))
        } else if take("CHECK") {
            skipParentheses()  // checked by SQLite on each write; nothing CloudKit or SyncEngine reads
        } else if take("FOREIGN") {
            _ = take("KEY")
            let (columns, unknown) = nameList()
            if let unknown { note("`\(unknown.text)` in a foreign key of '\(table.name)'", "this foreign key", at: unknown.range) }
            guard take("REFERENCES"), var key = foreignKeyClause(start: start, column: columns.first) else { return }
            key.columns = columns
            if unknown == nil { table.foreignKeys.append(key) }
        }
    }

    private mutating func createIndex(start: SourceRange, unique: SourceRange?) {
        _ = ifExists()
        // An index's name matters only to a later DROP INDEX, which names it the same way.
        let interpolatedName = current?.kind == .interpolation
        if interpolatedName { i += 1 }
        guard let nameToken = interpolatedName ? tokens[i - 1] : name(), take("ON") else { return }
        if let token = current, token.kind == .interpolation {
            i += 1
            if unique != nil {
                note("the table `\(token.text)` of unique index '\(nameToken.text)'", "which table it makes unique", at: token.range)
            }
            return
        }
        guard let tableToken = name() else { return }
        _ = nameList()
        let partial = take("WHERE")
        skipStatement()
        var index = SQLIndex(name: nameToken.text, table: tableToken.text, isUnique: unique != nil, isPartial: partial)
        index.uniqueRange = unique
        index.range = range(from: start)
        script.statements.append(.createIndex(index))
    }

    /// A name, or an interpolation standing for one: its text as written, and a note of what is
    /// not known. A rename or drop is destructive whichever name it is, so it is kept.
    private mutating func name(orUnread what: String, _ unchecked: String) -> SQLToken? {
        guard let token = current, token.kind == .interpolation else { return name() }
        i += 1
        note("\(what) `\(token.text)`", unchecked, at: token.range)
        return token
    }

    private mutating func alterTable(start: SourceRange) {
        guard take("TABLE") else { return }
        if let token = current, token.kind == .interpolation {
            return note("the table `\(token.text)` of ALTER TABLE", "what it adds, renames or drops", at: token.range)
        }
        guard let tableToken = name() else { return }
        let table = tableToken.text
        defer { flush(table: table) }
        if take("ADD") {
            _ = take("COLUMN")
            let definitionStart = current?.range ?? start
            if let token = current, token.kind == .interpolation {
                // An added column is never a primary key or UNIQUE (lang_altertable.html), so it is its own column.
                _ = skipDefinition()
                return note(
                    "the added column `\(token.text)`", "its NOT NULL rule and foreign keys", column: token.text,
                    at: range(from: definitionStart))
            }
            guard let (column, foreignKeys) = columnDefinition() else { return }
            var added = column
            added.isAdded = true
            script.elementRanges.append(range(from: definitionStart))
            script.statements.append(.addColumn(table: table, added, foreignKeys))
        } else if take("RENAME") {
            if take("TO") {
                guard let new = name(orUnread: "the new name", "what table '\(table)' is called from here on") else {
                    return fail("expected the table's new name after RENAME TO")
                }
                script.statements.append(.renameTable(from: table, to: new.text, range(from: start)))
                flush(table: nil)  // the table no longer has its old name to keep the note with
            } else {
                _ = take("COLUMN")
                let unchecked = "which column of '\(table)' is renamed"
                guard let old = name(orUnread: "the column", unchecked), take("TO"), let new = name(orUnread: "the new name", unchecked)
                else {
                    return fail("expected RENAME [COLUMN] old TO new")
                }
                script.statements.append(.renameColumn(table: table, from: old.text, to: new.text, range(from: start)))
            }
        } else if take("DROP") {
            _ = take("COLUMN")
            guard let column = name(orUnread: "the column", "which column of '\(table)' is dropped") else {
                return fail("expected the column's name after DROP COLUMN")
            }
            script.statements.append(.dropColumn(table: table, column: column.text, range(from: start)))
        } else if let token = current {
            note("ALTER TABLE '\(table)' \(token.text)", "what it changes", at: token.range)
        }
    }

    private mutating func dropStatement(start: SourceRange) {
        if take("TABLE") {
            _ = ifExists()
            if let token = current, token.kind == .interpolation {
                return note("the dropped table `\(token.text)`", "which table is dropped", at: token.range)
            }
            guard let table = name() else { return fail("expected the table's name after DROP TABLE") }
            script.statements.append(.dropTable(table.text, range(from: start)))
        } else if take("INDEX") {
            _ = ifExists()
            guard let index = name(orUnread: "the dropped index", "which index is dropped (a unique one may still be there)") else {
                return
            }
            script.statements.append(.dropIndex(index.text))
        }
        // DROP VIEW and DROP TRIGGER remove nothing SyncEngine syncs.
    }

    /// A `SYNTAX_ERROR` at `range`, or at the current token (or the last one at the end).
    private mutating func fail(_ message: String, at range: SourceRange? = nil) {
        guard let at = range ?? current?.range ?? tokens.last?.range.endOnly else { return }
        script.diagnostics.append(.error(.syntaxError, message, at: at))
    }
}
