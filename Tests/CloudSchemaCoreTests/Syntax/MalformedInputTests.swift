import Testing

@testable import CloudSchemaCore

/// Each malformed or invalid input with exactly the diagnostics it must produce:
/// one per independent mistake, no follow-on errors, exact line:column ranges
/// (columns count UTF-8 bytes).
struct MalformedInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var source: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // Braces
        Case(
            name: "missing '}' does not hide the errors after it",
            source: """
                record A {
                    x: String
                record B {
                    y: Strin
                }
                """,
            expected: ["SYNTAX_ERROR 3:1-3:7", "TYPE_UNKNOWN 4:8-4:13"]),
        Case(
            name: "missing '}' at the end of the file",
            source: "record A {\n    x: String\n",
            expected: ["SYNTAX_ERROR 3:1-3:1"]),
        Case(
            name: "missing '{' before members",
            source: "record A\n    x: String\n}\n",
            expected: ["SYNTAX_ERROR 2:5-2:6"]),
        Case(
            name: "a '}' that closes nothing",
            source: "}\nrecord A {\n    x: String\n}\n",
            expected: ["SYNTAX_ERROR 1:1-1:2"]),
        Case(
            name: "missing '}' of an enum",
            source: "enum E {\n    a\nrecord A {\n    x: E\n}\n",
            expected: ["SYNTAX_ERROR 3:1-3:7"]),
        // Strings and comments
        Case(
            name: "unterminated string; the next line still parses",
            source: "keyvalue P {\n    a: String = \"abc\n    b: Bool = yes\n}\n",
            expected: ["SYNTAX_ERROR 2:17-2:21", "DEFAULT_TYPE_MISMATCH 3:15-3:18"]),
        Case(
            name: "unterminated block comment",
            source: "record A {\n    x: String\n}\n/* open\n",
            expected: ["SYNTAX_ERROR 4:1-4:3"]),
        Case(
            name: "invalid escape",
            source: "keyvalue P {\n    a: String = \"a\\qb\"\n}\n",
            expected: ["SYNTAX_ERROR 2:19-2:21"]),
        Case(
            name: "Unicode escape out of range",
            source: "keyvalue P {\n    a: String = \"\\u{110000}\"\n}\n",
            expected: ["SYNTAX_ERROR 2:18-2:28"]),
        Case(
            name: "stray character",
            source: "record A {\n    x: String $\n}\n",
            expected: ["SYNTAX_ERROR 2:15-2:16"]),
        Case(
            name: "a name starting with a digit is one error",
            source: "record A {\n    1x: String\n}\n",
            expected: ["SYNTAX_ERROR 2:5-2:7"]),
        Case(
            name: "a declaration expected at the top level",
            source: "hello world\nrecord A {\n    x: String\n}\n",
            expected: ["SYNTAX_ERROR 1:1-1:6"]),
        // Members
        Case(
            name: "missing ':'",
            source: "record A {\n    x String\n}\n",
            expected: ["SYNTAX_ERROR 2:7-2:13"]),
        Case(
            name: "missing type; the next member still parses",
            source: "record A {\n    x:\n    y: Strng\n}\n",
            expected: ["SYNTAX_ERROR 2:6-2:7", "TYPE_UNKNOWN 3:8-3:13"]),
        Case(
            name: "two members on one line",
            source: "record A {\n    x: String y: String\n}\n",
            expected: ["SYNTAX_ERROR 2:15-2:16"]),
        Case(
            name: "';' separates members on one line",
            source: "record A {\n    x: String; y: String\n}\n",
            expected: []),
        Case(
            name: "missing default value",
            source: "record A {\n    x: Int64 =\n}\n",
            expected: ["SYNTAX_ERROR 2:14-2:15"]),
        Case(
            name: "unclosed generic argument",
            source: "record A {\n    x: Reference<A\n}\n",
            expected: ["SYNTAX_ERROR 3:1-3:2"]),
        Case(
            name: "'@' without a name",
            source: "record A {\n    x: String @ queryable\n}\n",
            expected: ["SYNTAX_ERROR 2:15-2:16"]),
        // Keywords
        Case(
            name: "keyword as a declaration name",
            source: "record record {\n    x: String\n}\n",
            expected: ["SYNTAX_ERROR 1:8-1:14"]),
        Case(
            name: "keyword as a field name",
            source: "record A {\n    zone: String\n}\n",
            expected: ["SYNTAX_ERROR 2:5-2:9"]),
        Case(
            name: "backticks make a keyword a name",
            source: "record `record` {\n    `zone`: String\n    `grant`: Int64 = 1\n}\n",
            expected: []),
        Case(
            name: "grant without 'to'",
            source: "record A in public {\n    x: String\n    grant read world\n}\n",
            expected: ["SYNTAX_ERROR 3:16-3:21"]),
        Case(
            name: "grant of an unknown permission",
            source: "record A in public {\n    x: String\n    grant delete to world\n}\n",
            expected: ["SYNTAX_ERROR 3:11-3:17"]),
        // Types
        Case(
            name: "unknown type",
            source: "record A {\n    x: Strng\n}\n",
            expected: ["TYPE_UNKNOWN 2:8-2:13"]),
        Case(
            name: "nested list",
            source: "record A {\n    x: [[String]]\n}\n",
            expected: ["LIST_NESTED 2:8-2:18"]),
        Case(
            name: "optional list element",
            source: "record A {\n    x: [String?]\n}\n",
            expected: ["TYPE_MISPLACED 2:9-2:16"]),
        Case(
            name: "double optional",
            source: "record A {\n    x: String??\n}\n",
            expected: ["TYPE_MISPLACED 2:8-2:16"]),
        Case(
            name: "unknown reference target",
            source: "record A {\n    x: Reference<Bee>\n}\nrecord Bed {\n    y: String\n}\n",
            expected: ["REFERENCE_TARGET_UNKNOWN 2:18-2:21"]),
        Case(
            name: "reference to a model",
            source: "record A {\n    x: Reference<M>\n}\nmodel M {\n    y: String = \"\"\n}\n",
            expected: ["REFERENCE_TARGET_UNKNOWN 2:18-2:19"]),
        Case(
            name: "a record type used as a field type",
            source: "record A {\n    b: B\n}\nrecord B {\n    y: String\n}\n",
            expected: ["TYPE_MISPLACED 2:8-2:9"]),
        Case(
            name: "a model used in a record",
            source: "record A {\n    b: M?\n}\nmodel M {\n    y: String = \"\"\n}\n",
            expected: ["TYPE_MISPLACED 2:8-2:9"]),
        Case(
            name: "Number takes Int64 or Double",
            source: "record A {\n    x: Number<String>?\n}\n",
            expected: ["TYPE_MISPLACED 2:8-2:22"]),
        Case(
            name: "Number in a model",
            source: "model M {\n    n: Number?\n}\n",
            expected: ["TYPE_MISPLACED 2:8-2:14"]),
        Case(
            name: "encrypted Number (.ckdb has no ENCRYPTED NUMBER)",
            source: "record A {\n    x: Number<Int64>? @encrypted\n}\n",
            expected: ["ATTRIBUTE_MISPLACED 2:23-2:33"]),
        Case(
            name: "Asset in a model",
            source: "model M {\n    a: Asset?\n}\n",
            expected: ["TYPE_MISPLACED 2:8-2:13"]),
        Case(
            name: "Decimal outside a model",
            source: "record A {\n    d: Decimal\n}\n",
            expected: ["TYPE_MISPLACED 2:8-2:15"]),
        // Defaults
        Case(
            name: "string default for an Int64",
            source: "record A {\n    x: Int64 = \"seven\"\n}\n",
            expected: ["DEFAULT_TYPE_MISMATCH 2:16-2:23"]),
        Case(
            name: "unknown enum case as default",
            source: "enum E: String {\n    a\n}\nrecord A {\n    e: E = .b\n}\n",
            expected: ["DEFAULT_TYPE_MISMATCH 5:12-5:14"]),
        Case(
            name: "nil default for a required field",
            source: "record A {\n    x: String = nil\n}\n",
            expected: ["DEFAULT_TYPE_MISMATCH 2:17-2:20"]),
        Case(
            name: "list default with a wrong element",
            source: "record A {\n    x: [Int64] = [1, \"two\"]\n}\n",
            expected: ["DEFAULT_TYPE_MISMATCH 2:18-2:28"]),
        Case(
            name: "integer overflow in a default",
            source: "record A {\n    x: Int64 = 99999999999999999999\n}\n",
            expected: ["DEFAULT_TYPE_MISMATCH 2:16-2:36"]),
        Case(
            name: "invalid UUID default",
            source: "record A {\n    id: UUID = \"not-a-uuid\"\n}\n",
            expected: ["DEFAULT_TYPE_MISMATCH 2:16-2:28"]),
        // Attributes
        Case(
            name: "unknown attribute",
            source: "record A {\n    x: String @queryabel\n}\n",
            expected: ["ATTRIBUTE_UNKNOWN 2:15-2:25"]),
        Case(
            name: "@deleteSelf on a String",
            source: "record A {\n    x: String @deleteSelf\n}\n",
            expected: ["ATTRIBUTE_MISPLACED 2:15-2:26"]),
        Case(
            name: "@unique on a record field",
            source: "record A {\n    x: String @unique\n}\n",
            expected: ["ATTRIBUTE_MISPLACED 2:15-2:22"]),
        Case(
            name: "an attribute written twice",
            source: "record A {\n    x: String @queryable @queryable\n}\n",
            expected: ["ATTRIBUTE_MISPLACED 2:26-2:36"]),
        Case(
            name: "unknown merge policy",
            source: "record A {\n    x: String @merge(sometimes)\n}\n",
            expected: ["ATTRIBUTE_ARGUMENT_INVALID 2:15-2:32"]),
        Case(
            name: "union merge on a scalar",
            source: "record A {\n    x: String @merge(union)\n}\n",
            expected: ["ATTRIBUTE_ARGUMENT_INVALID 2:15-2:28"]),
        Case(
            name: "arguments where none are taken, and none where one is needed",
            source: "record A @shareable(true) {\n    x: String @name\n}\n",
            expected: ["ATTRIBUTE_ARGUMENT_INVALID 1:10-1:26", "ATTRIBUTE_ARGUMENT_INVALID 2:15-2:20"]),
        Case(
            name: "@inverse naming no property",
            source: "model M {\n    n: [N]? @inverse(ms)\n}\nmodel N {\n    m: M?\n}\n",
            expected: ["ATTRIBUTE_ARGUMENT_INVALID 2:13-2:25"]),
        Case(
            name: "@externalStorage on a String",
            source: "model M {\n    s: String = \"\" @externalStorage\n}\n",
            expected: ["ATTRIBUTE_MISPLACED 2:20-2:36"]),
        // Names
        Case(
            name: "unknown zone",
            source: "record A in Garden {\n    x: String\n}\n",
            expected: ["ZONE_UNKNOWN 1:13-1:19"]),
        Case(
            name: "unknown role",
            source: "record A in public {\n    x: String\n    grant read to Admin\n}\n",
            expected: ["ROLE_UNKNOWN 3:19-3:24"]),
        Case(
            name: "duplicate field",
            source: "record A {\n    x: String\n    x: Int64\n}\n",
            expected: ["NAME_DUPLICATE 3:5-3:6"]),
        Case(
            name: "two fields under one CloudKit key",
            source: "record A {\n    x: String\n    y: String @name(\"x\")\n}\n",
            expected: ["NAME_DUPLICATE 3:15-3:25"]),
        Case(
            name: "names differing only in case",
            source: "record A {\n    x: String\n}\nrecord a {\n    y: String\n}\n",
            expected: ["NAME_CASE_COLLISION 4:8-4:9"]),
        Case(
            name: "two containers",
            source: "container \"iCloud.a\"\ncontainer \"iCloud.b\"\n",
            expected: ["NAME_DUPLICATE 2:1-2:21"]),
        // Enums
        Case(
            name: "empty enum",
            source: "enum E: String {\n}\n",
            expected: ["ENUM_EMPTY 1:6-1:7"]),
        Case(
            name: "duplicate raw values",
            source: "enum E: String {\n    a = \"x\"\n    b = \"x\"\n}\n",
            expected: ["ENUM_RAW_VALUE_DUPLICATE 3:9-3:12"]),
        Case(
            name: "implicit and explicit raw value collide",
            source: "enum E: String {\n    a\n    b = \"a\"\n}\n",
            expected: ["ENUM_RAW_VALUE_DUPLICATE 3:9-3:12"]),
        Case(
            name: "Int64 case without a raw value",
            source: "enum E: Int64 {\n    a = 1\n    b\n}\n",
            expected: ["ENUM_RAW_VALUE_INVALID 3:5-3:6"]),
        Case(
            name: "enum raw type that CloudKit cannot store",
            source: "enum E: Double {\n    a\n}\n",
            expected: ["TYPE_MISPLACED 1:9-1:15"]),
        // Files
        Case(name: "an empty file", source: "", expected: []),
        Case(
            name: "a file of only comments",
            source: "// just a comment\n/* and a block */\n/// and a doc\n",
            expected: []),
        Case(
            name: "columns count UTF-8 bytes: 'café' and '🌱' before the error",
            source: "record A {\n    /* café 🌱 */ x: Strng\n}\n",
            expected: ["TYPE_UNKNOWN 2:25-2:30"]),
        Case(
            name: "CRLF line endings and a BOM",
            source: "\u{FEFF}record A {\r\n    x: Strng\r\n}\r\n",
            expected: ["TYPE_UNKNOWN 2:8-2:13"]),
    ]

    @Test(arguments: cases)
    func reportsExactlyTheExpectedDiagnostics(_ testCase: Case) {
        #expect(findings(testCase.source) == testCase.expected)
    }

    @Test func invalidUTF8IsReportedAtTheFirstBadByte() {
        let bytes: [UInt8] = Array("record A {\n    x: String // ".utf8) + [0xFF, 0xFE] + Array("\n}\n".utf8)
        let loaded = SchemaLoader.load(bytes: [("a.cloudschema", bytes)])
        #expect(loaded.diagnostics.map(\.compact) == ["SYNTAX_ERROR 2:18-2:19"])
        #expect(loaded.diagnostics.first?.message == "file is not valid UTF-8 (byte 0xFF); save it as UTF-8")
    }

    /// ASCII is read eight bytes at a time: a bad byte is found wherever it falls in a word, and a
    /// character cut short at the end is bad where it starts.
    @Test func theFirstInvalidByteIsFoundAtEveryOffset() {
        for length in 1..<24 {
            for bad in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[bad] = 0xFF
                #expect(Lexer.firstInvalidUTF8(bytes) == bad)
            }
        }
        let text = Array("name: String // Süd 🌑 and more ASCII".utf8)
        #expect(Lexer.firstInvalidUTF8(text) == nil)
        let moon = Array("name: String // Süd ".utf8).count
        #expect(Lexer.firstInvalidUTF8(Array(text[..<(moon + 2)])) == moon)
    }

    @Test func duplicateNamesAcrossTwoFilesPointAtBoth() {
        let loaded = load([
            ("Garden.cloudschema", "record Bed {\n    name: String\n}\n"),
            ("More.cloudschema", "zone Z\n\nrecord Bed in Z {\n    size: Int64\n}\n"),
        ])
        #expect(loaded.diagnostics.map(\.compact) == ["NAME_DUPLICATE 3:8-3:11"])
        let diagnostic = loaded.diagnostics[0]
        #expect(diagnostic.range?.file == "More.cloudschema")
        #expect(diagnostic.message == "'Bed' is already declared as a record type; rename one of them")
        #expect(diagnostic.notes.first?.range?.file == "Garden.cloudschema")
        #expect(diagnostic.notes.first?.range?.start.line == 1)
    }

    @Test func messagesSayWhatToDo() {
        let loaded = load("record A {\n    x: Strng @queryabel\n    y: Reference<Bee>\n}\nrecord Bed {\n    z: String\n}\n")
        #expect(
            loaded.diagnostics.map(\.message) == [
                "unknown type 'Strng'; did you mean 'String'?",
                "unknown attribute '@queryabel'; did you mean '@queryable'?",
                "no record type named 'Bee' for this reference; did you mean 'Bed'?",
            ])
    }
}
