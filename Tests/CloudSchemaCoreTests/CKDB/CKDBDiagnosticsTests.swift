import Foundation
import Testing

@testable import CloudSchemaCore

@Suite("CKDB diagnostics")
struct CKDBDiagnosticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var source: String
        var id: DiagnosticID
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { name }
    }

    /// Each malformed input gives exactly one error (no cascade), at this line:column.
    static let cases: [Case] = [
        Case(
            name: "missing ';' after a record type",
            source: "DEFINE SCHEMA\n    RECORD TYPE A (\n        name STRING\n    )\n    RECORD TYPE B (x INT64);\n", id: .syntaxError,
            line: 4, column: 6, message: "expected ';' after record type 'A'"),
        Case(
            name: "ENCRYPTED ASSET", source: "DEFINE SCHEMA\nRECORD TYPE A (\n  photo ENCRYPTED ASSET\n);", id: .typeMisplaced, line: 3,
            column: 9, message: "ENCRYPTED applies to"),
        Case(
            name: "ENCRYPTED REFERENCE", source: "DEFINE SCHEMA\nRECORD TYPE A (owner ENCRYPTED REFERENCE);", id: .typeMisplaced, line: 2,
            column: 22, message: "REFERENCE stays unencrypted"),
        Case(
            name: "nested LIST", source: "DEFINE SCHEMA\nRECORD TYPE A (tags LIST<LIST<STRING>>);", id: .listNested, line: 2, column: 26,
            message: "lists cannot contain lists"),
        Case(
            name: "ENCRYPTED LIST", source: "DEFINE SCHEMA\nRECORD TYPE A (t ENCRYPTED LIST<STRING>);", id: .typeMisplaced, line: 2,
            column: 18, message: "write LIST<ENCRYPTED T>"),
        Case(
            name: "unterminated quoted name", source: "DEFINE SCHEMA\nRECORD TYPE A (\n    \"title STRING,\n    b INT64\n);",
            id: .syntaxError, line: 3, column: 5, message: "unterminated quoted name"),
        Case(
            name: "GRANT without TO", source: "DEFINE SCHEMA\nRECORD TYPE A (\n    name STRING,\n    GRANT READ \"_world\"\n);",
            id: .syntaxError, line: 4, column: 16, message: "expected 'TO' and a role"),
        Case(
            name: "GRANT with an unknown permission", source: "DEFINE SCHEMA\nRECORD TYPE A (GRANT DELETE TO \"_world\");",
            id: .syntaxError, line: 2, column: 22, message: "expected READ, CREATE or WRITE"),
        Case(
            name: "unknown type", source: "DEFINE SCHEMA\nRECORD TYPE A (\n    name TEXT\n);", id: .typeUnknown, line: 3, column: 10,
            message: "unknown type 'TEXT'"),
        Case(
            name: "misspelled type gets a suggestion", source: "DEFINE SCHEMA\nRECORD TYPE A (n STRNG);", id: .typeUnknown, line: 2,
            column: 18, message: "did you mean 'STRING'?"),
        Case(
            name: "missing ',' between fields", source: "DEFINE SCHEMA\nRECORD TYPE A (\n    a STRING\n    b INT64\n);", id: .syntaxError,
            line: 3, column: 13, message: "expected ',' between the items"),
        Case(
            name: "missing DEFINE SCHEMA", source: "RECORD TYPE A (a STRING);", id: .syntaxError, line: 1, column: 1,
            message: "expected 'DEFINE SCHEMA'"),
        Case(
            name: "reserved word as a name", source: "DEFINE SCHEMA\nRECORD TYPE A (\n    sortable INT64\n);", id: .syntaxError, line: 3,
            column: 5, message: "'sortable' is a reserved word"),
        Case(
            name: "grant to an undeclared role", source: "DEFINE SCHEMA\nRECORD TYPE A (\n    GRANT READ TO admin\n);", id: .roleUnknown,
            line: 3, column: 19, message: "no role named 'admin'"),
        Case(
            name: "trailing comma", source: "DEFINE SCHEMA\nRECORD TYPE A (\n    a STRING,\n);", id: .syntaxError, line: 3, column: 13,
            message: "remove the ','"),
        Case(
            name: "missing ')'", source: "DEFINE SCHEMA\nRECORD TYPE A (\n    a STRING;\nRECORD TYPE B (b STRING);", id: .syntaxError,
            line: 3, column: 13, message: "expected ')' to close record type 'A'"),
        Case(
            name: "missing '('", source: "DEFINE SCHEMA\nRECORD TYPE A a STRING);\nRECORD TYPE B (b STRING);", id: .syntaxError, line: 2,
            column: 15, message: "expected '(' to begin"),
        Case(
            name: "unknown field option", source: "DEFINE SCHEMA\nRECORD TYPE A (a STRING INDEXED);", id: .attributeUnknown, line: 2,
            column: 25, message: "unknown field option 'INDEXED'"),
        Case(
            name: "option written twice", source: "DEFINE SCHEMA\nRECORD TYPE A (a STRING SORTABLE SORTABLE);", id: .attributeMisplaced,
            line: 2, column: 34, message: "SORTABLE is written twice"),
        Case(
            name: "field declared twice", source: "DEFINE SCHEMA\nRECORD TYPE A (\n    a STRING,\n    a INT64\n);", id: .nameDuplicate,
            line: 4, column: 5, message: "field 'a' is declared twice"),
        Case(
            name: "record type declared twice", source: "DEFINE SCHEMA\nRECORD TYPE A (a STRING);\nRECORD TYPE A (b STRING);",
            id: .nameDuplicate, line: 3, column: 13, message: "record type 'A' is declared twice"),
        Case(
            name: "PREFERRED AS a non-number", source: "DEFINE SCHEMA\nRECORD TYPE A (n NUMBER PREFERRED AS STRING);", id: .syntaxError,
            line: 2, column: 38, message: "expected INT64 or DOUBLE"),
        Case(
            name: "system field with another type", source: "DEFINE SCHEMA\nRECORD TYPE A (\"___etag\" INT64);", id: .typeMisplaced,
            line: 2, column: 26, message: "system field '___etag' is STRING"),
        Case(
            name: "unknown system field", source: "DEFINE SCHEMA\nRECORD TYPE A (\"___recordId\" REFERENCE);", id: .syntaxError, line: 2,
            column: 16, message: "did you mean '___recordID'?"),
        Case(
            name: "unterminated block comment", source: "DEFINE SCHEMA\n/* oops\nRECORD TYPE A (a STRING);", id: .syntaxError, line: 2,
            column: 1, message: "unterminated block comment"),
        Case(
            name: "stray character", source: "DEFINE SCHEMA\nRECORD TYPE A (a STRING, b: INT64);", id: .syntaxError, line: 2, column: 27,
            message: "unexpected ':'"),
        Case(
            name: "CREATE ROLE without a name", source: "DEFINE SCHEMA\nCREATE ROLE ;\nRECORD TYPE A (a STRING);", id: .syntaxError,
            line: 2, column: 13, message: "expected a role name"),
        Case(
            name: "creating a built-in role", source: "DEFINE SCHEMA\nCREATE ROLE \"_world\";", id: .syntaxError, line: 2, column: 13,
            message: "is a built-in role"),
        Case(
            name: "CRLF, BOM and tab: columns count bytes after the BOM",
            source: "\u{FEFF}DEFINE SCHEMA\r\nRECORD TYPE A (\r\n\tname TEXT\r\n);", id: .typeUnknown, line: 3, column: 7,
            message: "unknown type 'TEXT'"),
        Case(
            name: "unquoted cloudkit.share", source: "DEFINE SCHEMA\nRECORD TYPE cloudkit.share (\"cloudkit.title\" STRING);",
            id: .syntaxError, line: 2, column: 13, message: "write \"cloudkit.share\" in double quotes"),
        Case(
            name: "unquoted cloudkit.title", source: "DEFINE SCHEMA\nRECORD TYPE \"cloudkit.share\" (cloudkit.title STRING);",
            id: .syntaxError, line: 2, column: 31, message: "write \"cloudkit.title\" in double quotes"),
        Case(
            name: "unquoted system name", source: "DEFINE SCHEMA\nRECORD TYPE A (___recordID REFERENCE QUERYABLE);", id: .syntaxError,
            line: 2, column: 16, message: "write system field names in double quotes"),
        Case(
            name: "statement that is neither", source: "DEFINE SCHEMA\nCREATE TABLE A (a STRING);\nRECORD TYPE B (b STRING);",
            id: .syntaxError, line: 2, column: 1, message: "expected 'RECORD TYPE' or 'CREATE ROLE'"),
    ]

    @Test("malformed input: one located error", arguments: cases)
    func malformed(_ c: Case) {
        let (_, diagnostics) = CKDBParser.parse(c.source, file: "bad.ckdb")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors.map { "\($0.range?.start.line ?? 0):\($0.range?.start.column ?? 0) \($0.message)" })")
        guard let error = errors.first else { return }
        #expect(error.id == c.id)
        #expect(error.range?.file == "bad.ckdb")
        #expect(error.range?.start.line == c.line)
        #expect(error.range?.start.column == c.column)
        #expect(error.message.contains(c.message), "\(error.message)")
    }

    /// Apple's grammar has //, -- and /* */ comments; a public schema imported with cktool starts
    /// with '#' lines. They are read as comments, with one warning for the file.
    @Test("'#' lines: one warning, read as comments")
    func hashComments() {
        let source = "# Schema v3\n#\n# Private database.\nDEFINE SCHEMA\n    RECORD TYPE A (a STRING);\n"
        let parsed = CKDBParser.parseFile(Array(source.utf8), file: "schema.ckdb")
        #expect(
            parsed.diagnostics.map { "\($0.severity) \($0.id) \($0.range!.start.line):\($0.range!.start.column)" } == [
                "warning CKDB_HASH_COMMENT 1:1"
            ])
        #expect(parsed.schema.recordTypes.map(\.name) == ["A"])
        #expect(CKDBImporter.importSchema(parsed).hasPrefix("// Schema v3\n// Private database.\nrecord A {\n"))
    }

    /// A production export committed beside the development schema describes one container
    /// twice: lint reads the record types both declare from the first file, with one info on the
    /// second saying how to lint and compare it, and its other record types. Export, diff and
    /// generate cannot know which version to use: each is a duplicate, as in two files without
    /// CloudKit's `Users` type, one schema in parts, where a second declaration is a mistake.
    @Test("a second export of the container is one info in lint, not a duplicate per record type")
    func aSecondExportIsAnotherVersion() {
        let production = "DEFINE SCHEMA\n    RECORD TYPE Note (title STRING);\n    RECORD TYPE Users (roles LIST<INT64>);\n"
        let development = """
            DEFINE SCHEMA
                RECORD TYPE Folder (name STRING);
                RECORD TYPE Note (title STRING, body STRING);
                RECORD TYPE Users (roles LIST<INT64>);

            """
        let files = [("CloudKit/production.ckdb", production), ("CloudKit/schema.ckdb", development)]
        func linted(_ files: [(String, String)]) -> LoadedSchema {  // as lint loads them
            SchemaLoader.load(bytes: files.map { ($0.0, Array($0.1.utf8)) }, exportsAreVersions: true)
        }
        let found = Linter.lint(linted(files))
        #expect(describe(found) == ["3:17-3:21 info INPUT_NOT_CHECKED"])
        #expect(
            found.first?.message
                == "not checked: 2 record types of this file ('Note', 'Users') are also in 'CloudKit/production.ckdb', and one of the two files lists CloudKit's Users type, as every cktool export-schema file does, so they describe one container twice (two versions of its schema, or a schema and its export); they are read from 'CloudKit/production.ckdb' only: lint this file on its own (cloudschema lint CloudKit/schema.ckdb), and compare the two with cloudschema diff CloudKit/schema.ckdb --against CloudKit/production.ckdb"
        )
        #expect(linted(files).schema.recordTypes.map(\.name) == ["Note", "Users", "Folder"])
        #expect(describe(Linter.lint(load(files))) == ["3:17-3:21 error NAME_DUPLICATE", "4:17-4:22 error NAME_DUPLICATE"])
        let parts = files.map { ($0.0, $0.1.replacingOccurrences(of: "    RECORD TYPE Users (roles LIST<INT64>);\n", with: "")) }
        #expect(describe(Linter.lint(linted(parts))) == ["3:17-3:21 error NAME_DUPLICATE"])
    }

    @Test("recovery: independent errors in one file are all reported, and the rest is read")
    func recovery() {
        let source = """
            DEFINE SCHEMA
            RECORD TYPE A (
                a TEXT,
                b STRING,
                c LIST<LIST<INT64>>,
                d INT64
            );
            RECORD TYPE B (x STRING QUERYABLE)
            RECORD TYPE C (GRANT READ TO nobody, y DOUBLE);
            """
        let (schema, diagnostics) = CKDBParser.parse(source, file: "r.ckdb")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id) == [.typeUnknown, .listNested, .syntaxError, .roleUnknown])
        #expect(errors.map { $0.range?.start.line ?? 0 } == [3, 5, 8, 9])
        #expect(schema.recordType(named: "A")?.fields.filter { !$0.isSystem }.map(\.name) == ["b", "d"])
        #expect(schema.recordType(named: "B")?.field(named: "x")?.indexes == .queryable)
        #expect(schema.recordType(named: "C")?.field(named: "y")?.type == .double)
    }

    @Test("a .ckdb that is really Swift source gets one clear error")
    func fakeSwiftFile() {
        let (schema, diagnostics) = CKDBParser.parse(Corpus.fakeSwiftCKDB, file: "CloudKitSchema.ckdb")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.id == .ckdbNotASchema)
        #expect(diagnostics.first?.range?.start.line == 8)
        #expect(diagnostics.first?.range?.start.column == 1)
        #expect(diagnostics.first?.message.contains("looks like Swift source") == true)
        #expect(schema.recordTypes.isEmpty)
    }

    @Test("an empty file is rejected once")
    func emptyFile() {
        let (_, diagnostics) = CKDBParser.parse("", file: "e.ckdb")
        #expect(diagnostics.map(\.id) == [.ckdbNotASchema])
    }

    @Test("the whole grammar in any letter case, with every comment form, CRLF, tabs, a BOM and no final newline")
    func wholeGrammar() throws {
        let source =
            "\u{FEFF}-- header\r\ndefine schema\r\n\tcreate role Editor;\r\n"
            + "\tRecord Type \"grant\" ( /* inline */\r\n"
            + "\t\t\"___createTime\" TIMESTAMP SORTABLE QUERYABLE,\r\n"
            + "\t\tfrom STRING SEARCHABLE SORTABLE QUERYABLE, // trailing\r\n"
            + "\t\tto ENCRYPTED STRING,\r\n\t\ttype LIST<ENCRYPTED INT64>,\r\n\t\tindex number preferred as double,\r\n"
            + "\t\tn NUMBER,\r\n\t\tdate LIST<REFERENCE>,\r\n\t\ta ASSET, b BYTES, l LOCATION, d DOUBLE, t TIMESTAMP, r REFERENCE, e ENCRYPTED LOCATION,\r\n"
            + "\t\tgrant read, write to \"_creator\", Grant Create To Editor,\r\n\t\tGRANT READ TO \"_world\",\r\n"
            + "\t\t\"queryable\" STRING\r\n\t);"
        let (schema, diagnostics) = CKDBParser.parse(source, file: "g.ckdb")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let record = try #require(schema.recordType(named: "grant"))
        #expect(schema.roles.map(\.name) == ["Editor"])
        #expect(record.field(named: "___createTime")?.indexes == [.queryable, .sortable])
        #expect(record.field(named: "___createTime")?.spans.attributes.keys.sorted() == ["queryable", "sortable"])
        #expect(record.field(named: "from")?.indexes == [.queryable, .searchable, .sortable])
        #expect(record.field(named: "from")?.doc == "trailing")
        #expect(record.field(named: "to")?.isEncrypted == true)
        #expect(record.field(named: "type")?.type == .list(.int64))
        #expect(record.field(named: "type")?.isEncrypted == true)
        #expect(record.field(named: "index")?.type == .number(preferred: .double))
        #expect(record.field(named: "n")?.type == .number(preferred: nil))
        #expect(record.field(named: "date")?.type == .list(.reference(target: nil)))
        #expect(record.field(named: "e")?.isEncrypted == true)
        #expect(record.field(named: "queryable")?.type == .string)
        #expect(record.grants.map(\.grantee) == [.role("Editor"), .creator, .world])
        #expect(record.grants.map(\.permissions) == [.create, [.read, .write], .read])
        // The export quotes what needs quotes and writes the grammar back.
        let exported = CKDBExporter.export(schema)
        #expect(exported.contains("    RECORD TYPE \"grant\" (\n"))
        #expect(exported.contains("        \"queryable\"     STRING,\n"))
        #expect(exported.contains("        type            LIST<ENCRYPTED INT64>,\n"))
        #expect(exported.contains("        index           NUMBER PREFERRED AS DOUBLE,\n"))
        #expect(
            exported.contains(
                "        GRANT CREATE TO Editor,\n        GRANT READ, WRITE TO \"_creator\",\n        GRANT READ TO \"_world\"\n    );\n"))
        let (again, _) = CKDBParser.parse(CKDBExporter.export(schema, comments: true), file: "again.ckdb")
        #expect(schema.withoutExportAdditions(again) == schema)
    }

    @Test("no input crashes or nests deeply: 100 000 LIST< and 100 000 '('")
    func pathologicalNesting() {
        let lists =
            "DEFINE SCHEMA\nRECORD TYPE A (x " + String(repeating: "LIST<", count: 100_000) + "STRING"
            + String(repeating: ">", count: 100_000) + ");"
        let (_, d1) = CKDBParser.parse(lists, file: "n.ckdb")
        #expect(d1.filter { $0.severity == .error }.map(\.id) == [.listNested])
        let parens = "DEFINE SCHEMA\nRECORD TYPE A " + String(repeating: "(", count: 100_000)
        let (_, d2) = CKDBParser.parse(parens, file: "p.ckdb")
        #expect(d2.hasErrors)
    }

    @Test("random bytes and corpus mutations never crash")
    func mutations() {
        var generator = SplitMix(seed: 42)
        let seeds = Corpus.fixtures.map(\.bytes)
        for round in 0..<300 {
            var bytes = seeds[round % seeds.count]
            guard !bytes.isEmpty else { continue }
            for _ in 0..<(1 + Int(generator.next() % 8)) {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: at)
                default: bytes.insert(Array("(),;<>\"-/*\r\n".utf8)[Int(generator.next() % 12)], at: at)
                }
                if bytes.isEmpty { break }
            }
            let result = CKDBParser.parseFile(bytes, file: "m.ckdb")
            _ = CKDBExporter.export(result.schema)
            _ = CKDBImporter.importSchema(result)
        }
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            _ = CKDBParser.parse(bytes, file: "r.ckdb")
        }
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
