/// What tells a `.sql` file is PostgreSQL (a server's schema beside the app, such as Supabase's),
/// not the SQLite of a SQLiteData migration: statements and syntax SQLite does not have
/// (https://www.sqlite.org/lang.html), never a type name or function, which SQLite accepts
/// (`jsonb` is one of its JSON functions). A false match would skip a real migration.
enum PostgreSQLMarker {
    /// The first marker among `tokens`, as written in capitals, and where it is.
    static func first(in tokens: [SQLToken]) -> (text: String, range: SourceRange)? {
        for (i, token) in tokens.enumerated() {
            func words(_ keywords: String...) -> Bool {
                i + keywords.count <= tokens.count && keywords.indices.allSatisfy { tokens[i + $0].isWord(keywords[$0]) }
            }
            func found(_ count: Int, _ text: String) -> (String, SourceRange) {
                let last = tokens[i + count - 1].range
                return (text, SourceRange(file: last.file, start: token.range.start, end: last.end))
            }
            // `$$`: a dollar-quoted function body.
            if token.isPunctuation("$"), i + 1 < tokens.count, tokens[i + 1].isPunctuation("$"),
                tokens[i + 1].range.start.offset == token.range.end.offset
            {
                return found(2, "$$")
            }
            guard token.kind == .word else { continue }
            if words("CREATE", "EXTENSION") { return found(2, "CREATE EXTENSION") }
            if words("CREATE", "POLICY") { return found(2, "CREATE POLICY") }
            if words("CREATE", "FUNCTION") { return found(2, "CREATE FUNCTION") }
            if words("CREATE", "OR", "REPLACE") { return found(3, "CREATE OR REPLACE") }
            if words("ROW", "LEVEL", "SECURITY") { return found(3, "ROW LEVEL SECURITY") }
        }
        return nil
    }
}
