import Testing

@testable import CloudSchemaCore

/// The text form Xcode and SwiftPM parse, and tooling.md's JSON.
struct RendererTests {
    let source = "record Plant {\n    notes: Strng? @encrypted\n}\n"

    @Test func textHasLocationSeverityMessageIDAndACaretUnderline() {
        let loaded = load(source, file: "Schemas/Garden.cloudschema")
        #expect(
            DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources) == """
                Schemas/Garden.cloudschema:2:12: error: unknown type 'Strng'; did you mean 'String'? [TYPE_UNKNOWN]
                    notes: Strng? @encrypted
                           ^~~~~

                """)
    }

    @Test func colorOnlyWhenAsked() {
        let loaded = load(source)
        #expect(!DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources).contains("\u{1B}["))
        #expect(DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources, color: true).contains("\u{1B}[1;31m"))
    }

    @Test func caretsLineUpAfterTabsAndMultibyteCharacters() {
        let loaded = load("record A {\n\tx: String // é\n\ty: Strng\n}\n")
        #expect(
            DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)
                == "a.cloudschema:3:5: error: unknown type 'Strng'; did you mean 'String'? [TYPE_UNKNOWN]\n\ty: Strng\n\t   ^~~~~\n")
    }

    @Test func notesFollowTheirDiagnostic() {
        let loaded = load([("a.cloudschema", "record A {\n    x: String\n}\n"), ("b.cloudschema", "enum A {\n    x\n}\n")])
        let text = DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)
        #expect(text.contains("b.cloudschema:1:6: error: 'A' is already declared as a record type; rename one of them [NAME_DUPLICATE]"))
        #expect(text.contains("a.cloudschema:1:8: note: first declared here\nrecord A {\n       ^\n"))
    }

    @Test func jsonMatchesTheDocumentedFormat() {
        let loaded = load(source, file: "Schemas/Garden.cloudschema")
        #expect(
            DiagnosticRenderer.json(loaded.diagnostics) == """
                {
                  "version": 1,
                  "diagnostics": [
                    {
                      "id": "TYPE_UNKNOWN",
                      "severity": "error",
                      "message": "unknown type 'Strng'; did you mean 'String'?",
                      "file": "Schemas/Garden.cloudschema",
                      "line": 2,
                      "column": 12,
                      "endLine": 2,
                      "endColumn": 17,
                      "notes": [],
                      "fixIts": []
                    }
                  ],
                  "summary": {
                    "errors": 1,
                    "warnings": 0,
                    "infos": 0
                  }
                }

                """)
    }

    @Test func jsonEscapesControlCharactersAndQuotes() {
        let value: JSON = .object([("m", .string("a \"b\" \\ \n \u{1}"))])
        #expect(value.rendered() == #"{"m":"a \"b\" \\ \n \u0001"}"#)
    }

    /// Text between escapes is copied by Unicode scalar, never rounded to whole characters: a
    /// combining accent on a quote, a CRLF (one character) and a C1 or bidi control all survive.
    @Test func jsonCopiesTextBetweenEscapesScalarByScalar() {
        let value: JSON = ["\"\u{301}é", "a\r\nb", "\u{85}x\u{202E}y", "😀 plain", ""]
        #expect(value.rendered() == #"["\"\#u{301}é","a\r\nb","\u0085x\u202ey","😀 plain",""]"#)
    }

    @Test func summaryCountsBySeverity() {
        let d = Diagnostic.error(.syntaxError, "x", at: nil)
        let w = Diagnostic.warning(.nameCaseCollision, "y", at: nil)
        #expect(DiagnosticRenderer.summary([d, d, w]) == "2 errors, 1 warning")
        #expect(DiagnosticRenderer.summary([]) == "no problems")
    }
}

/// Quoting lines is indexed, not a scan per diagnostic: many findings in a large file
/// render in linear time (a count, not a timing).
struct SourceStoreTests {
    @Test func linesOfEveryEndingAndABOM() {
        var store = SourceStore()
        store.add("a", Array("\u{FEFF}one\r\ntwo\rthree\nfour".utf8))
        #expect((1...4).map { store.line($0, in: "a").map { String(decoding: $0, as: UTF8.self) } } == ["one", "two", "three", "four"])
        #expect(store.line(5, in: "a") == nil)
        #expect(store.line(0, in: "a") == nil)
    }

    /// The line index (built eight bytes at a time) against splitting at every LF, CR and CRLF.
    @Test func linesOfRandomTexts() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<2000 {
            // Mostly runs of eight or more bytes without a line break, as the index skips them.
            let alphabet: [UInt8] = [0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0xC3, 0x0A, 0x0D]
            let bytes = (0..<Int.random(in: 0...60, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            var expected: [[UInt8]] = [[]]
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x0A || bytes[i] == 0x0D {
                    if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                    expected.append([])
                } else {
                    expected[expected.count - 1].append(bytes[i])
                }
                i += 1
            }
            var store = SourceStore()
            store.add("a", bytes)
            #expect((1...expected.count).map { store.line($0, in: "a").map(Array.init) } == expected, "\(bytes)")
            #expect(store.line(expected.count + 1, in: "a") == nil)
        }
    }

    @Test func tenThousandFindingsRender() {
        var text = "zone Z\n"
        for i in 0..<10_000 { text += "record R\(i) {\n    name: Strng\n}\n" }
        let loaded = load(text)
        #expect(loaded.diagnostics.count == 10_000)
        let rendered = DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)
        #expect(rendered.components(separatedBy: "\n").count == 30_001)
    }
}
