/// SQLiteData migrations written in Swift (GRDB's `DatabaseMigrator`): each
/// `registerMigration("name") { db in … }` whose body runs SQL through `#sql("…")`,
/// `execute(sql: "…")` or `execute(literal: "…")` (or `registerMigration("name", migrate: f)`),
/// directly or in a function of the same file
/// that it calls (`try createTables(db)` or `Self.…`, when one function of the file has that name). The SQL is read from the string literals' content,
/// with positions in the Swift file, so findings point at the SQL's line and column inside the
/// literal; each interpolation `\(…)` in it is one expression the SQL reader cannot see into.
///
/// What it cannot read is an `SQLUnread` (`SQL_NOT_CHECKED`) at its place: SQL that is not a
/// string literal, GRDB's table builder (`db.create(table:) { t in … }`, no SQL text at all),
/// and, once per file, the migrations in which it finds no SQL.
enum SwiftMigrationReader {
    struct Migration: Sendable {
        var name: String
        var script: SQLScript
    }

    /// GRDB `Database` methods that change the schema without SQL text, by their first label
    /// (GRDB's Database+Schema.swift, Database+SchemaDefinition.swift).
    static let schemaBuilders: Set<String> = ["create", "alter", "drop", "rename"]
    static let schemaBuilderLabels: Set<String> = ["table", "index", "virtualTable", "view"]
    /// One migration's GRDB table builder calls: no SQL text, so nothing of what they build is
    /// checked, but a table `create(table: "name")` names is known to exist.
    static func builderUnread(_ calls: [(call: String, creates: String?)], at range: SourceRange) -> SQLUnread {
        var counts: [(String, Int)] = []
        for call in calls {
            if let n = counts.firstIndex(where: { $0.0 == call.call }) { counts[n].1 += 1 } else { counts.append((call.call, 1)) }
        }
        let list = counts.map { $0.1 == 1 ? $0.0 : "\($0.0) ×\($0.1)" }.joined(separator: ", ")
        var unread = SQLUnread(
            "GRDB's table builder (\(list)) has no SQL text to read",
            unchecked: calls.count == 1 ? "what it creates or changes" : "what they create or change",
            at: range)
        unread.createsTables = calls.compactMap(\.creates)
        unread.onlyCreatesTables = unread.createsTables.count == calls.count
        return unread
    }

    /// StructuredQueries statements that change data or build temporary triggers and views
    /// (`Reminder.insert { … }.execute(db)`), and SQLiteData's `db.seed { … }`: nothing
    /// SyncEngine syncs or checks.
    static let dataBuilders: Set<String> = [
        "insert", "upsert", "update", "delete", "createTemporaryTrigger", "createTemporaryView", "seed",
    ]

    /// The migrations in source order and the file's `SyncEngine` calls and `@Table`
    /// declarations, read from the file's tokens (lexed once for every reader).
    static func read(_ lexer: SwiftLexer, file: String) -> (migrations: [Migration], syncEngine: SyncEngineReader.FileScan) {
        let t = lexer.tokens
        // Most files register no migration: their brackets and functions are not looked at.
        guard t.contains(where: { $0.isWord("registerMigration") }) else { return ([], SyncEngineReader.scan(t)) }
        let closing = matchingBrackets(t)
        let functions = functionBodies(t, closing: closing)
        var migrations: [Migration] = []
        var withoutSQL: [Int] = []  // indexes in `migrations`
        func isPunctuation(_ k: Int, _ p: String) -> Bool { k < t.count && t[k].isPunctuation(p) }
        var i = 0
        while i < t.count {
            guard t[i].isWord("registerMigration"), isPunctuation(i + 1, "("), i + 2 < t.count, i == 0 || !t[i - 1].isKeyword("func")
            else {
                i += 1
                continue
            }
            // The body: a closure among the arguments (`migrate: { db in … }`) or after them
            // (a trailing closure); the arguments themselves otherwise (`migrate: Self.v1`).
            let argumentsEnd = closing[i + 1] ?? t.count
            // A name that is not a plain literal (`"v\(n)"`, `Self.last`) is kept as written.
            let nameEnd = (i + 2..<argumentsEnd).first { t[$0].isPunctuation(",") || t[$0].isPunctuation("{") } ?? argumentsEnd
            let name = t[i + 2].literal?.content ?? t[i + 2..<max(nameEnd, i + 3)].map(\.text).joined()
            var body = i + 1..<argumentsEnd
            let trailing = argumentsEnd + 1 < t.count && t[argumentsEnd + 1].isPunctuation("{") ? argumentsEnd + 1 : nil
            // `registerMigration()` has no name argument: its arguments end before `i + 3`.
            if let open = (i + 3..<max(argumentsEnd, i + 3)).first(where: { t[$0].isPunctuation("{") }) ?? trailing,
                let close = closing[open]
            {
                body = open..<close
            }
            var script = SQLScript()
            script.firstStatement = t[i + 2].range
            var sawStatements = false
            // GRDB's table builder calls, said once per migration: (`create(table:)`, the table it creates).
            var builderCalls: [(call: String, creates: String?)] = []
            var builderRange: SourceRange?
            // The body's tokens and those of the functions it calls, each function once (a call
            // cycle ends), read with a stack of frames so no input can exhaust the call stack.
            var frames = [body.lowerBound + 1..<body.upperBound]
            var expanded: Set<Int> = []
            // `migrate: Self.v1` (or `v1`): the function named is the body.
            if t[body.lowerBound].isPunctuation("("), let last = body.last, last > i + 2, t[last].kind == .identifier,
                isOwnCall(last, in: t), let candidates = functions[t[last].text], candidates.count == 1, let called = candidates.first
            {
                frames = [called.lowerBound + 1..<called.upperBound]
                expanded.insert(called.lowerBound)
            }
            while var frame = frames.popLast() {
                while let j = frame.first {
                    frame = j + 1..<frame.upperBound
                    if t[j].isKeyword("func"), j + 1 < t.count, let declared = functions[t[j + 1].text]?.first(where: { $0.lowerBound > j })
                    {
                        frame = min(declared.upperBound + 1, frame.upperBound)..<frame.upperBound  // declared here, read where called
                    } else if let k = sqlArgument(at: j, in: t) {
                        sawStatements = true  // read or not: SQL the file shows, said here when it is not read
                        guard let literal = t[k].literal, t[k].kind == .string, !literal.isUnterminated else {
                            script.statements.append(
                                .unread(
                                    SQLUnread(
                                        "SQL that is not a string literal is not read", unchecked: "what it creates or changes",
                                        at: t[k].range),
                                    table: nil))
                            continue
                        }
                        let part = SQLParser.parse(
                            Array(literal.content.utf8), file: file, map: { literal.sourcePosition(atContentOffset: $0) },
                            interpolations: literal.interpolations.map(\.content))
                        script.statements += part.statements
                        script.comments += part.comments
                        script.elementRanges += part.elementRanges
                        script.diagnostics += part.diagnostics
                        script.text += (script.text.isEmpty ? "" : " ") + part.text
                        frame = k + 1..<frame.upperBound
                    } else if t[j].kind == .identifier, schemaBuilders.contains(t[j].text), j > 0, t[j - 1].isPunctuation("."),
                        isPunctuation(j + 1, "("), j + 3 < t.count, schemaBuilderLabels.contains(t[j + 2].text), isPunctuation(j + 3, ":")
                    {
                        sawStatements = true
                        let literal = j + 4 < t.count && t[j + 4].kind == .string ? t[j + 4].literal : nil
                        let name = literal.flatMap { $0.interpolations.isEmpty && !$0.isUnterminated ? $0.content : nil }
                        builderCalls.append(
                            (t[j].text + "(" + t[j + 2].text + ":)", t[j].text == "create" && t[j + 2].text == "table" ? name : nil))
                        builderRange = builderRange ?? t[j].range.union(t[j + 2].range)
                    } else if t[j].isWord("migratePrimaryKeys"), isPunctuation(j + 1, "(") {
                        sawStatements = true
                        script.statements.append(.unread(primaryKeyMigration(at: j, in: t, closing: closing), table: nil))
                    } else if t[j].kind == .identifier, dataBuilders.contains(t[j].text), j > 0, t[j - 1].isPunctuation("."),
                        isPunctuation(j + 1, "(") || isPunctuation(j + 1, "{")
                    {
                        sawStatements = true
                    } else if t[j].kind == .identifier, isPunctuation(j + 1, "("), isOwnCall(j, in: t),
                        let candidates = functions[t[j].text], candidates.count == 1, let called = candidates.first,
                        !called.contains(i), expanded.insert(called.lowerBound).inserted
                    {
                        frames.append(frame)
                        frame = called.lowerBound + 1..<called.upperBound
                    }
                }
            }
            if let builderRange { script.statements.append(.unread(builderUnread(builderCalls, at: builderRange), table: nil)) }
            if !sawStatements { withoutSQL.append(migrations.count) }
            migrations.append(Migration(name: name, script: script))
            i = max(body.upperBound, i + 1)
        }
        // Said once per file: migrations whose SQL is built elsewhere leave nothing to check.
        if let n = withoutSQL.first, let range = migrations[n].script.firstStatement {
            let names = withoutSQL.prefix(3).map { "'\(migrations[$0].name)'" }.joined(separator: ", ")
            let which =
                withoutSQL.count == 1
                ? "migration \(names) runs" : "\(withoutSQL.count) migrations \(names)\(withoutSQL.count > 3 ? ", …" : "") run"
            let what = which + " no SQL this file shows (#sql, execute(sql:), or a function of this file that runs it)"
            migrations[n].script.statements.append(
                .unread(
                    SQLUnread(
                        what, unchecked: withoutSQL.count == 1 ? "what it creates or changes" : "what they create or change", at: range),
                    table: nil))
        }
        return (migrations, SyncEngineReader.scan(t))
    }

    /// `SyncEngine.migratePrimaryKeys(db, tables: A.self, …, dropUniqueConstraints: true)` at `j`
    /// (sqlite-data's CloudKit guide and 1.1 release notes): it rebuilds the tables it names with
    /// UUID keys in SQLite's 12 steps, so their keys as the SQL wrote them are gone.
    private static func primaryKeyMigration(at j: Int, in t: [SwiftToken], closing: [Int: Int]) -> SQLUnread {
        let arguments = j + 2..<(closing[j + 1] ?? t.count)
        let dropsUnique = arguments.contains { k in
            t[k].isWord("dropUniqueConstraints") && k + 2 < t.count && t[k + 1].isPunctuation(":") && t[k + 2].isKeyword("true")
        }
        var migration = SQLUnread(
            "SyncEngine.migratePrimaryKeys, which rebuilds the tables it names with UUID keys, is not read",
            unchecked: "the primary keys\(dropsUnique ? " and UNIQUE constraints" : "") of the tables created before it",
            at: t[j].range)
        migration.rebuildsPrimaryKeys = true
        migration.dropsUniqueConstraints = dropsUnique
        return migration
    }

    /// A call of a function this file may declare: bare (`createTables(db)`) or on `self`/`Self`,
    /// not a declaration and not a method of another value (`Item.migrate(db:)`).
    private static func isOwnCall(_ j: Int, in t: [SwiftToken]) -> Bool {
        guard j > 0 else { return true }
        if t[j - 1].isKeyword("func") { return false }
        guard t[j - 1].isPunctuation(".") else { return true }
        return j > 1 && (t[j - 2].isKeyword("self") || t[j - 2].isKeyword("Self"))
    }

    /// The index of the SQL argument of `#sql(…)`, `execute(sql: …)` or `execute(literal: …)` at `j`.
    private static func sqlArgument(at j: Int, in t: [SwiftToken]) -> Int? {
        guard j + 2 < t.count, t[j + 1].isPunctuation("(") else { return nil }
        if t[j].kind == .pound, t[j].text == "sql" { return j + 2 }
        if t[j].isWord("execute"), j + 4 < t.count, t[j + 2].isWord("sql") || t[j + 2].isWord("literal"), t[j + 3].isPunctuation(":") {
            return j + 4
        }
        return nil
    }

    /// Each bracket's partner: `(`, `[` and `{` by the index of the one that closes it.
    static func matchingBrackets(_ t: [SwiftToken]) -> [Int: Int] {
        var closing: [Int: Int] = [:]
        var open: [Int] = []
        for (k, token) in t.enumerated() where token.kind == .punctuation {
            switch token.text {
            case "(", "[", "{": open.append(k)
            case ")", "]", "}":
                // A stray closer (in broken input) closes nothing.
                let partner = ["(": ")", "[": "]", "{": "}"]
                if let top = open.last, partner[t[top].text] == token.text {
                    closing[top] = k
                    open.removeLast()
                }
            default: break
            }
        }
        return closing
    }

    /// Every `func name(…) … { … }` of the file: the range from its body's `{` to its `}`, by name.
    private static func functionBodies(_ t: [SwiftToken], closing: [Int: Int]) -> [String: [Range<Int>]] {
        var bodies: [String: [Range<Int>]] = [:]
        for k in t.indices where t[k].isKeyword("func") && k + 1 < t.count {
            // The body is the first `{` outside the parameters; a declaration without one ends first.
            var j = k + 2
            while j < t.count {
                if let close = closing[j], t[j].isPunctuation("(") || t[j].isPunctuation("[") {
                    j = close + 1
                } else if t[j].isPunctuation("{"), let close = closing[j] {
                    bodies[t[k + 1].text, default: []].append(j..<close)
                    break
                } else if t[j].isPunctuation("}") || t[j].isKeyword("func") || t[j].isKeyword("var") || t[j].isKeyword("let")
                    || t[j].kind == .endOfFile
                {
                    break
                } else {
                    j += 1
                }
            }
        }
        return bodies
    }
}
