/// Which tables SQLiteData's `SyncEngine` syncs, read from the Swift that starts it:
///
///     SyncEngine(for: database, tables: RemindersList.self, Reminder.self, privateTables: Settings.self)
///
/// (sqlite-data SyncEngine.swift, `convenience init(for:tables:privateTables:…)`, commit f6bd67aa:
/// two variadic lists of `PrimaryKeyedTable` types, either one may be left out). Each `Type.self`
/// names the table of the type's `@Table` declaration in the Swift files read: `@Table("name")`
/// as written, a bare `@Table` (or no declaration read) by StructuredQueries' default rule.
///
/// What it cannot read (an argument that is not `Type.self`, an unterminated call, a `@Table`
/// name that is not a string literal, two calls naming different tables) is one located
/// `SWIFT_UNREADABLE` warning, and the synced tables then come from cloudschema.json, or without
/// it every table is checked with its errors as warnings: never a guess.
enum SyncEngineReader {
    /// A `Type.self` argument: the type's own name (`Inner` of `Outer.Inner.self`).
    struct TypeReference: Sendable {
        var name: String
        var range: SourceRange
    }

    /// One `SyncEngine(for:…)` call, or why it cannot be read.
    struct Call: Sendable {
        var tables: [TypeReference] = []
        var privateTables: [TypeReference] = []
        var range: SourceRange
        var problem: Diagnostic?
    }

    /// A `@Table` struct or enum: its explicit table name, nil for a bare `@Table`.
    struct TableDeclaration: Sendable {
        enum Name: Hashable, Sendable {
            case byDefault
            case explicit(String)
            /// An argument that is not a plain string literal (a constant, an interpolation).
            case unreadable
        }
        var typeName: String
        var name: Name
        var range: SourceRange
    }

    /// What one Swift file says: its `SyncEngine` calls and `@Table` declarations.
    struct FileScan: Sendable {
        var calls: [Call] = []
        var declarations: [TableDeclaration] = []
        /// `import SQLiteData` (or its former name SharingGRDB, or StructuredQueries), or its `#sql`.
        var importsSQLiteData = false

        /// Whether the file uses SQLiteData: without it, GRDB's migrations are no SQLiteData's.
        var usesSQLiteData: Bool { importsSQLiteData || !calls.isEmpty || !declarations.isEmpty }
    }

    private static let sqliteDataModules: Set<String> = ["SQLiteData", "SharingGRDB", "StructuredQueries", "StructuredQueriesSQLite"]

    static let fallback =
        "the synced tables come from cloudschema.json's \"sqlitedata\" section instead, or without one every table is checked with its errors as warnings"

    // MARK: Reading one file

    /// Each call and declaration is read once, from where the one before ended, so reading stays
    /// linear; an unclosed `(` ends the reading (everything after it is inside it).
    static func scan(_ t: [SwiftToken]) -> FileScan {
        var scan = FileScan()
        var i = 0
        while i < t.count {
            if t[i].isWord("SyncEngine"), let open = initializerParenthesis(after: i, in: t) {
                let (call, resume) = call(at: i, open: open, in: t)
                scan.calls.append(call)
                guard let resume else { break }
                i = resume
            } else if t[i].kind == .attribute, t[i].text == "Table" {
                let (declaration, resume) = declaration(at: i, in: t)
                if let declaration { scan.declarations.append(declaration) }
                guard let resume else { break }
                i = resume
            } else {
                if (t[i].isKeyword("import") && i + 1 < t.count && sqliteDataModules.contains(t[i + 1].text))
                    || (t[i].kind == .pound && t[i].text == "sql")
                {
                    scan.importsSQLiteData = true
                }
                i += 1
            }
        }
        return scan
    }

    /// The `(` of `SyncEngine(for: …` or `SyncEngine.init(for: …` (the public initializer's first label).
    private static func initializerParenthesis(after i: Int, in t: [SwiftToken]) -> Int? {
        var open = i + 1
        if open + 2 < t.count, t[open].isPunctuation("."), t[open + 1].isWord("init") { open += 2 }
        guard open + 2 < t.count, t[open].isPunctuation("("), t[open + 1].isWord("for"), t[open + 2].isPunctuation(":") else {
            return nil
        }
        return open
    }

    /// The arguments between the `(` at `open` and its `)`, split at top-level commas (token
    /// index ranges, empty ones left out), and the `)`'s index; nil `close` when unterminated.
    private static func arguments(from open: Int, in t: [SwiftToken]) -> (arguments: [Range<Int>], close: Int?) {
        var arguments: [Range<Int>] = []
        var depth = 0
        var start = open + 1
        var k = open + 1
        while k < t.count, t[k].kind != .endOfFile {
            if t[k].kind == .punctuation {
                switch t[k].text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    if depth == 0 {
                        if start < k { arguments.append(start..<k) }
                        return (arguments, t[k].text == ")" ? k : nil)
                    }
                    depth -= 1
                case "," where depth == 0:
                    if start < k { arguments.append(start..<k) }
                    start = k + 1
                default: break
                }
            }
            k += 1
        }
        return (arguments, nil)
    }

    /// The call at `i`, and the index after its `)` (nil: it has none).
    private static func call(at i: Int, open: Int, in t: [SwiftToken]) -> (Call, resume: Int?) {
        var call = Call(range: t[i].range)
        let (arguments, close) = arguments(from: open, in: t)
        guard let close else {
            call.problem = unreadable("this SyncEngine(for:…) call has no closing ')'; \(fallback)", at: t[i].range)
            return (call, nil)
        }
        call.range = t[i].range.union(t[close].range)
        // Unlabeled arguments after `tables:` or `privateTables:` belong to its variadic list.
        var list: WritableKeyPath<Call, [TypeReference]>?
        for argument in arguments {
            var value = argument
            if t[argument.lowerBound].kind == .identifier || t[argument.lowerBound].kind == .keyword,
                argument.count > 1, t[argument.lowerBound + 1].isPunctuation(":")
            {
                switch t[argument.lowerBound].text {
                case "tables": list = \.tables
                case "privateTables": list = \.privateTables
                default: list = nil
                }
                value = argument.lowerBound + 2..<argument.upperBound
            }
            guard let list else { continue }
            guard let reference = typeReference(value, in: t) else {
                let range = value.isEmpty ? t[argument.lowerBound].range : t[value.lowerBound].range.union(t[value.upperBound - 1].range)
                call.problem = unreadable(
                    "cannot read '\(text(value, in: t))' in this SyncEngine(for:tables:privateTables:) call: only 'Type.self' is read; \(fallback)",
                    at: range)
                return (call, close + 1)
            }
            call[keyPath: list].append(reference)
        }
        return (call, close + 1)
    }

    /// `Name.self` or `Outer.Name.self`.
    private static func typeReference(_ tokens: Range<Int>, in t: [SwiftToken]) -> TypeReference? {
        guard tokens.count >= 3, tokens.count % 2 == 1, t[tokens.upperBound - 1].isKeyword("self") else { return nil }
        for k in tokens.dropLast() {
            let isName = (k - tokens.lowerBound) % 2 == 0
            guard isName ? t[k].kind == .identifier : t[k].isPunctuation(".") else { return nil }
        }
        let name = t[tokens.upperBound - 3]
        return TypeReference(name: name.text, range: t[tokens.lowerBound].range.union(t[tokens.upperBound - 1].range))
    }

    /// `@Table`, `@Table("name")` or `@Table(schema: …)`, then other attributes and modifiers,
    /// then `struct Name` or `enum Name` (nil when the attribute is on anything else), and the
    /// index after the attributes and modifiers (nil: an argument list is not closed).
    private static func declaration(at i: Int, in t: [SwiftToken]) -> (TableDeclaration?, resume: Int?) {
        var name = TableDeclaration.Name.byDefault
        var j = i + 1
        if j < t.count, t[j].isPunctuation("(") {
            let (arguments, close) = arguments(from: j, in: t)
            guard let close else { return (nil, nil) }
            // The macro's one unlabeled argument is the name (TableMacro.swift, `case nil:`).
            if let first = arguments.first, !(first.count > 1 && t[first.lowerBound + 1].isPunctuation(":")) {
                let token = t[first.lowerBound]
                if first.count == 1, token.kind == .string, let literal = token.literal, literal.interpolations.isEmpty,
                    !literal.isUnterminated
                {
                    name = .explicit(literal.content)
                } else {
                    name = .unreadable
                }
            }
            j = close + 1
        }
        while j < t.count {
            if t[j].kind == .attribute {
                j += 1
                if j < t.count, t[j].isPunctuation("(") {
                    guard let close = arguments(from: j, in: t).close else { return (nil, nil) }
                    j = close + 1
                }
            } else if t[j].kind == .identifier || t[j].kind == .keyword, modifiers.contains(t[j].text) {
                j += 1
            } else {
                break
            }
        }
        guard j + 1 < t.count, t[j].isKeyword("struct") || t[j].isKeyword("enum"), t[j + 1].kind == .identifier else {
            return (nil, max(j, i + 1))
        }
        return (TableDeclaration(typeName: t[j + 1].text, name: name, range: t[i].range.union(t[j + 1].range)), j + 2)
    }

    private static let modifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "open", "nonisolated", "final", "indirect",
    ]

    private static func text(_ tokens: Range<Int>, in t: [SwiftToken]) -> String {
        var out = ""
        for k in tokens {
            if k > tokens.lowerBound, t[k].hasSpaceBefore { out += " " }
            out += t[k].text
        }
        return out.count > 60 ? String(out.prefix(57)) + "..." : out
    }

    private static func unreadable(_ message: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.swiftUnreadable, .warning, message, at: range)
    }

    // MARK: Every file together

    /// The tables the `SyncEngine` calls of every file name, nil when there is no call or one
    /// cannot be read (with its warning). A synced name no table of `sqlite` has is a warning too:
    /// the type's `@Table` declaration was probably not among the files read.
    static func syncedTables(_ scans: [FileScan], sqlite: SQLiteSchema) -> (synced: SyncedTables?, diagnostics: [Diagnostic]) {
        let calls = scans.flatMap(\.calls)
        guard !calls.isEmpty else { return (nil, []) }
        var declarations: [String: [TableDeclaration]] = [:]
        for scan in scans { for d in scan.declarations { declarations[d.typeName, default: []].append(d) } }
        var diagnostics: [Diagnostic] = []
        func tableName(_ reference: TypeReference) -> String? {
            let found = declarations[reference.name] ?? []
            if let bad = found.first(where: { $0.name == .unreadable }) {
                diagnostics.append(
                    unreadable(
                        "the table name of '\(reference.name)', which SyncEngine(for:tables:privateTables:) syncs, is not a string literal; \(fallback)",
                        at: bad.range))
                return nil
            }
            let names = found.map { declaration in
                if case .explicit(let name) = declaration.name { name } else { defaultTableName(declaration.typeName) }
            }
            if Set(names).count > 1 {
                diagnostics.append(
                    unreadable(
                        "more than one @Table type is named '\(reference.name)' (tables \(names.map { "'\($0)'" }.joined(separator: ", "))); \(fallback)",
                        at: reference.range))
                return nil
            }
            return names.first ?? defaultTableName(reference.name)
        }
        var read: [(tables: SyncedTables, call: Call, names: [(TypeReference, String)])] = []
        for call in calls {
            if let problem = call.problem {
                diagnostics.append(problem)
                continue
            }
            let tables = call.tables.compactMap { reference in tableName(reference).map { (reference, $0) } }
            let privateTables = call.privateTables.compactMap { reference in tableName(reference).map { (reference, $0) } }
            guard tables.count == call.tables.count, privateTables.count == call.privateTables.count else { continue }
            read.append((SyncedTables(tables: tables.map(\.1), privateTables: privateTables.map(\.1)), call, tables + privateTables))
        }
        guard diagnostics.isEmpty, let (first, firstCall, names) = read.first else { return (nil, diagnostics) }
        let key = { (tables: SyncedTables) in (Set(tables.tables.map(SQLName.key)), Set(tables.privateTables.map(SQLName.key))) }
        if let (_, other, _) = read.dropFirst().first(where: { key($0.tables) != key(first) }) {
            let firstPlace = "\(firstCall.range.file):\(firstCall.range.start.line)"
            return (
                nil, [unreadable("this SyncEngine call syncs other tables than the one at \(firstPlace); \(fallback)", at: other.range)]
            )
        }
        let built = sqlite.unread.flatMap(\.createsTables)
        if !sqlite.tables.isEmpty || !built.isEmpty {
            let created = Set((sqlite.tables.map(\.name) + built).map(SQLName.key))
            for (reference, name) in names where !created.contains(SQLName.key(name)) {
                diagnostics.append(
                    unreadable(
                        "SyncEngine syncs '\(reference.name)' as table '\(name)', which no migration read creates; name it with @Table(\"…\") in a file read, or check the type",
                        at: reference.range))
            }
        }
        return (first, diagnostics)
    }

    // MARK: StructuredQueries' default table name

    /// The table name a bare `@Table` gives a type: the name lower-camel-cased (a leading run of
    /// capitals lowered except its last, so `URLItem` is `urlItem`), then pluralized by a minimal
    /// English rule (`-s`; `-es` after s, x, z, ch, sh; `-ies` for a `y` after a consonant).
    /// Ported from pointfreeco/swift-structured-queries, Sources/StructuredQueriesSupport/Inflection.swift
    /// (`lowerCamelCased()`, `pluralized()`, as TableMacro.swift's `tableName` applies them) at
    /// commit 7cdc5c4514e24b1b828fd39f5b97badb7ffeaeae.
    static func defaultTableName(_ typeName: String) -> String {
        var prefix = typeName.prefix(while: \.isUppercase)
        if prefix.count > 1 { prefix = prefix.dropLast() }
        let name = prefix.lowercased() + typeName.dropFirst(prefix.count)
        var bytes = Array(name.utf8)
        guard let last = bytes.popLast() else { return name }
        let before = bytes.last
        switch last {
        case UInt8(ascii: "h") where before == UInt8(ascii: "c") || before == UInt8(ascii: "s"): return name + "es"
        case UInt8(ascii: "s"), UInt8(ascii: "x"), UInt8(ascii: "z"): return name + "es"
        case UInt8(ascii: "y") where !(before.map { Array("aeiouy".utf8).contains($0) } ?? false): return name.dropLast() + "ies"
        default: return name + "s"
        }
    }
}
