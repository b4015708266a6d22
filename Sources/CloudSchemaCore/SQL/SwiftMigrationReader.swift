/// SQLiteData migrations written in Swift (GRDB's `DatabaseMigrator`): each
/// `registerMigration("name") { db in … }` whose body runs SQL through `#sql("…")` or
/// `execute(sql: "…")`. The SQL is read from the string literals' content, with positions in the
/// Swift file, so findings point at the SQL's line and column inside the literal.
enum SwiftMigrationReader {
    struct Migration: Sendable {
        var name: String
        var script: SQLScript
    }

    /// The migrations in source order, the file's comments (for suppressions), and its
    /// `SyncEngine` calls and `@Table` declarations (read from the same tokens).
    static func read(_ bytes: [UInt8], file: String) -> (
        migrations: [Migration], comments: [Comment], syncEngine: SyncEngineReader.FileScan
    ) {
        let lexer = SwiftLexer.tokenize(bytes, file: file)
        let t = lexer.tokens
        var migrations: [Migration] = []
        func isString(_ k: Int) -> Bool { k < t.count && t[k].kind == .string && t[k].literal != nil }
        func isPunctuation(_ k: Int, _ p: String) -> Bool { k < t.count && t[k].isPunctuation(p) }
        var i = 0
        while i < t.count {
            guard t[i].isWord("registerMigration"), isPunctuation(i + 1, "("), isString(i + 2),
                let name = t[i + 2].literal?.content
            else {
                i += 1
                continue
            }
            // The body: the first `{` after the name (trailing closure or `migrate: {`), to its `}`.
            var open = i + 3
            while open < t.count, !t[open].isPunctuation("{"), !t[open].isWord("registerMigration") { open += 1 }
            var close = open
            var depth = 0
            while close < t.count {
                if t[close].isPunctuation("{") { depth += 1 }
                if t[close].isPunctuation("}") {
                    depth -= 1
                    if depth == 0 { break }
                }
                close += 1
            }
            var script = SQLScript()
            script.firstStatement = t[i + 2].range
            var j = open
            while j < min(close, t.count) {
                var literalIndex: Int?
                if t[j].kind == .pound, t[j].text == "sql", isPunctuation(j + 1, "("), isString(j + 2) {
                    literalIndex = j + 2
                } else if t[j].isWord("execute"), isPunctuation(j + 1, "("), j + 4 < t.count, t[j + 2].isWord("sql"),
                    isPunctuation(j + 3, ":"), isString(j + 4)
                {
                    literalIndex = j + 4
                }
                if let k = literalIndex, let literal = t[k].literal {
                    let part = SQLParser.parse(Array(literal.content.utf8), file: file) { literal.sourcePosition(atContentOffset: $0) }
                    script.statements += part.statements
                    script.comments += part.comments
                    script.elementRanges += part.elementRanges
                    script.diagnostics += part.diagnostics
                    script.text += (script.text.isEmpty ? "" : " ") + part.text
                    j = k
                }
                j += 1
            }
            migrations.append(Migration(name: name, script: script))
            i = max(close, i + 1)
        }
        return (migrations, lexer.comments, SyncEngineReader.scan(t))
    }
}
