import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Input written to break the tool: nesting deep enough to exhaust the stack, files that are
/// not UTF-8 text, control characters that would drive a terminal, lines of megabytes. Each
/// gives a few located diagnostics and never a crash.
struct HostileInputTests {
    // MARK: Nesting

    struct Nesting: CustomTestStringConvertible, Sendable {
        var name: String
        var source: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let nestings: [Nesting] = [
        Nesting(
            name: "a million '?'", source: "record A {\n  x: String" + String(repeating: "?", count: 1_000_000) + "\n}\n",
            expected: ["SYNTAX_ERROR 2:43-2:44"]),
        Nesting(
            name: "100,000 '['", source: "record A {\n  x: " + String(repeating: "[", count: 100_000) + "String\n}\n",
            expected: ["SYNTAX_ERROR 2:38-2:39"]),
        Nesting(
            name: "100,000 'Reference<'",
            source: "record A {\n  x: " + String(repeating: "Reference<", count: 100_000) + "A\n}\n",
            expected: ["SYNTAX_ERROR 2:326-2:335"]),
        Nesting(
            name: "100,000 '[' in a default value",
            source: "record A {\n  x: [String] = " + String(repeating: "[", count: 100_000) + "\n}\n",
            expected: ["SYNTAX_ERROR 2:49-2:50"]),
        Nesting(
            name: "100,000 '[' in attribute arguments",
            source: "record A {\n  x: String @x(" + String(repeating: "[", count: 100_000) + ")\n}\n",
            expected: ["SYNTAX_ERROR 2:48-2:49"]),
    ]

    @Test(arguments: nestings)
    func deepNestingIsOneLocatedError(_ nesting: Nesting) {
        let loaded = load(nesting.source)
        #expect(loaded.diagnostics.map(\.compact) == nesting.expected)
        #expect(loaded.diagnostics.first?.message.contains("nested more than 32 levels deep") == true)
    }

    @Test func nestingUpToTheBoundStillParses() {
        let type = String(repeating: "[", count: 31) + "String" + String(repeating: "]", count: 31)
        let syntax = Parser.parse("record A {\n  x: \(type)\n}\n", file: "a.cloudschema")
        #expect(syntax.diagnostics.isEmpty)
    }

    @Test func templateNestingIsBounded() {
        let nots = "{% if " + String(repeating: "not ", count: 100_000) + "x %}{% endif %}"
        #expect(
            renderError(nots)?.hasSuffix("expression has more than 256 operators; split it with an include or a simpler condition") == true)
        let members = "{{ x" + String(repeating: ".y", count: 100_000) + " }}"
        #expect(renderError(members)?.contains("more than 256 operators") == true)
        let parentheses = "{{ " + String(repeating: "(", count: 100_000) + "x }}"
        #expect(renderError(parentheses)?.contains("more than 256 operators") == true)
        let blocks = String(repeating: "{% if x %}", count: 100_000) + String(repeating: "{% endif %}", count: 100_000)
        #expect(renderError(blocks, ["x": true]) == "test.template:1:641: error: blocks nested more than 64 deep")
    }

    // MARK: Encodings

    struct Encoded: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var expected: String
        /// The same mistake in a `.ckdb` file, when the bytes above are not one.
        var ckdb: (bytes: [UInt8], expected: String)? = nil
        var testDescription: String { name }
    }

    static let schema = "record A {\n  x: String\n}\n"
    static let utf16LE = Array(schema.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    static let utf16BE = Array(schema.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    static let utf32LE = schema.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }
    static let utf32BE = schema.unicodeScalars.flatMap { [0, 0, 0, UInt8($0.value & 0xFF)] }
    static let binary: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + Array(repeating: 0x0A, count: 40) + [0x00, 0xFF, 0x1B]

    static let encodings: [Encoded] = [
        Encoded(
            name: "UTF-16 LE with BOM", bytes: [0xFF, 0xFE] + utf16LE,
            expected: "INPUT_UNREADABLE 1:1-1:3 file is UTF-16 (little-endian) text; save it as UTF-8"),
        Encoded(
            name: "UTF-16 BE with BOM", bytes: [0xFE, 0xFF] + utf16BE,
            expected: "INPUT_UNREADABLE 1:1-1:3 file is UTF-16 (big-endian) text; save it as UTF-8"),
        Encoded(
            name: "UTF-16 LE", bytes: utf16LE, expected: "INPUT_UNREADABLE 1:1-1:3 file is UTF-16 (little-endian) text; save it as UTF-8"),
        Encoded(name: "UTF-16 BE", bytes: utf16BE, expected: "INPUT_UNREADABLE 1:1-1:3 file is UTF-16 (big-endian) text; save it as UTF-8"),
        Encoded(
            name: "UTF-32 LE with BOM", bytes: [0xFF, 0xFE, 0, 0] + utf32LE,
            expected: "INPUT_UNREADABLE 1:1-1:5 file is UTF-32 (little-endian) text; save it as UTF-8"),
        Encoded(
            name: "UTF-32 BE with BOM", bytes: [0, 0, 0xFE, 0xFF] + utf32BE,
            expected: "INPUT_UNREADABLE 1:1-1:5 file is UTF-32 (big-endian) text; save it as UTF-8"),
        Encoded(
            name: "UTF-32 LE", bytes: utf32LE, expected: "INPUT_UNREADABLE 1:1-1:5 file is UTF-32 (little-endian) text; save it as UTF-8"),
        Encoded(name: "UTF-32 BE", bytes: utf32BE, expected: "INPUT_UNREADABLE 1:1-1:5 file is UTF-32 (big-endian) text; save it as UTF-8"),
        Encoded(
            name: "binary", bytes: binary,
            expected: "INPUT_UNREADABLE 1:8-1:9 not a text file (it has a NUL byte); a schema file is UTF-8 text"),
        // A git-crypt file checked out without its key: a NUL beside one ASCII character is not UTF-16.
        Encoded(
            name: "git-crypt", bytes: [0x00] + Array("GITCRYPT".utf8) + [0x00, 0xDC, 0x73],
            expected: "INPUT_UNREADABLE 1:1-1:2 not a text file (it has a NUL byte); a schema file is UTF-8 text"),
        Encoded(
            name: "one invalid byte among names", bytes: Array("record A {\n  x: String ".utf8) + [0xFF] + Array("\n}\n".utf8),
            expected: "SYNTAX_ERROR 2:13-2:14 file is not valid UTF-8 (byte 0xFF); save it as UTF-8",
            ckdb: (
                Array("DEFINE SCHEMA\nRECORD TYPE A (x STRING ".utf8) + [0xFF] + Array(");\n".utf8),
                "SYNTAX_ERROR 2:25-2:26 file is not valid UTF-8 (byte 0xFF); save it as UTF-8"
            )),
        Encoded(
            name: "Latin-1 in a name's line",
            bytes: Array("record A {\n  x: String ".utf8) + [0xE9, 0xE8, 0x20, 0xE0] + Array("\n}\n".utf8),
            expected: "SYNTAX_ERROR 2:13-2:14 file is not valid UTF-8 (byte 0xE9); save it as UTF-8",
            ckdb: (
                Array("DEFINE SCHEMA\nRECORD TYPE A (x STRING ".utf8) + [0xE9, 0xE8, 0x20, 0xE0] + Array(");\n".utf8),
                "SYNTAX_ERROR 2:25-2:26 file is not valid UTF-8 (byte 0xE9); save it as UTF-8"
            )),
    ]

    @Test(arguments: encodings)
    func aFileThatIsNotUTF8IsOneDiagnostic(_ encoded: Encoded) {
        for (file, bytes, expected) in [
            ("a.cloudschema", encoded.bytes, encoded.expected),
            ("a.ckdb", encoded.ckdb?.bytes ?? encoded.bytes, encoded.ckdb?.expected ?? encoded.expected),
        ] {
            let loaded = SchemaLoader.load(bytes: [(file, bytes)])
            #expect(loaded.diagnostics.map { "\($0.compact) \($0.message)" } == [expected], "\(file)")
        }
    }

    @Test func utf8WithABOMIsText() {
        #expect(findings("\u{FEFF}" + Self.schema).isEmpty)
    }

    // MARK: Control characters

    /// A comment, a string and a stray character carrying ESC sequences and a bidi override.
    let hostile = "record A {\n  x: String = \"\u{1B}]0;pwned\u{07}\" // \u{1B}[2J\u{202E}\n  \u{1B}[31m\n}\n"

    @Test func textShowsControlCharactersEscapedWithTheCaretInPlace() {
        let loaded = load(hostile, file: "a\u{1B}[1m.cloudschema")
        let text = DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)
        #expect(!text.unicodeScalars.contains { DiagnosticRenderer.isControl($0) && $0 != "\n" })
        #expect(
            text == """
                a\\u{1B}[1m.cloudschema:3:3: error: unexpected '\\u{1B}'; names use ASCII letters, digits and '_' [SYNTAX_ERROR]
                  \\u{1B}[31m
                  ^~~~~~
                a\\u{1B}[1m.cloudschema:3:4: error: expected a member name, found '[' [SYNTAX_ERROR]
                  \\u{1B}[31m
                        ^
                a\\u{1B}[1m.cloudschema:3:5: error: '31m' is not a valid name; a name cannot start with a digit [SYNTAX_ERROR]
                  \\u{1B}[31m
                         ^~~

                """)
    }

    @Test func everyFormatEscapesControlCharacters() {
        let string = "\u{1B}]0;pwned\u{07}\n\u{9B}2J\u{202E}"
        let diagnostic = Diagnostic.error(
            .syntaxError, "bad value '\(string)'",
            at: SourceRange(
                file: "b\u{1B}.cloudschema", start: .init(line: 1, column: 1, offset: 0), end: .init(line: 1, column: 2, offset: 1)),
            notes: [.init("note '\(string)'")])
        var sources = SourceStore()
        sources.add("b\u{1B}.cloudschema", Array("x\u{1B}[2J\n".utf8))
        let outputs = [
            "text": DiagnosticRenderer.text([diagnostic], sources: sources),
            "json": DiagnosticRenderer.json([diagnostic]),
            "sarif": DiagnosticRenderer.sarif(
                [diagnostic], rules: [], sources: sources, toolVersion: "1", paths: SARIFPaths(root: "/", workingDirectory: "/")),
            "github": DiagnosticRenderer.github([diagnostic]),
        ]
        for (format, output) in outputs {
            #expect(!output.unicodeScalars.contains { DiagnosticRenderer.isControl($0) && $0 != "\n" }, "\(format)")
        }
        #expect(
            outputs["github"]
                == "::error file=b\\u{1B}.cloudschema,line=1,col=1,endLine=1,endColumn=2,title=SYNTAX_ERROR::bad value '\\u{1B}]0;pwned\\u{7}%0A\\u{9B}2J\\u{202E}'%0Anote: note '\\u{1B}]0;pwned\\u{7}%0A\\u{9B}2J\\u{202E}'\n"
        )
        #expect(outputs["json"]?.contains(#""message": "bad value '\u001b]0;pwned\u0007\n\u009b2J\u202e'""#) == true)
    }

    @Test func diffReportsEscapeControlCharacters() {
        let old = load("record A in public {\n  x: String\n  grant read to world\n}\n", file: "old.cloudschema")
        let new = load(
            "record A in public {\n  x: String\n  grant read to world\n}\nrecord `B` in public {\n  y: String\n  grant read to world\n}\n",
            file: "new\u{1B}[2J.cloudschema")
        let diff = SchemaComparison.compare(deployed: old.schema, current: new.schema)
        for output in [
            DiffReport.text(diff, against: "git:\u{1B}]0;x\u{07}", sources: new.sources),
            DiffReport.markdown(diff, against: "git:\u{1B}]0;x\u{07}"),
        ] {
            #expect(!output.unicodeScalars.contains { DiagnosticRenderer.isControl($0) && $0 != "\n" })
            #expect(output.contains("git:\\u{1B}]0;x\\u{7}"))
        }
    }

    // MARK: Long lines

    @Test func aLongLineIsQuotedAroundTheRange() {
        let padding = String(repeating: "a", count: 10_000_000)
        let loaded = load("record A {\n  x: String // \(padding)\n  y: Strng /* \(padding) */ @queryable\n}\n")
        let text = DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)
        #expect(
            text == """
                a.cloudschema:3:6: error: unknown type 'Strng'; did you mean 'String'? [TYPE_UNKNOWN]
                  y: Strng /* \(String(repeating: "a", count: 56))...
                     ^~~~~

                """)
        let far = load("record A {\n  x: String /* \(padding) */ @queryabel\n}\n")
        #expect(
            DiagnosticRenderer.text(far.diagnostics, sources: far.sources) == """
                a.cloudschema:2:10000020: error: unknown attribute '@queryabel'; did you mean '@queryable'? [ATTRIBUTE_UNKNOWN]
                ...\(String(repeating: "a", count: 56)) */ @queryabel
                \(String(repeating: " ", count: 63))^~~~~~~~~~

                """)
    }

    @Test func aWindowNeverSplitsACharacter() {
        let line = "record A {\n  x: String /* " + String(repeating: "é", count: 1000) + " */ @queryabel\n}\n"
        let loaded = load(line)
        let text = DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)
        #expect(!text.contains("\u{FFFD}"))
        #expect(text.contains("...éé"))
    }
}
