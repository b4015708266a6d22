import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Idempotence and meaning preservation (`expectFormatInvariants`) on every schema the
/// repository holds: the examples, the front-end and lint fixtures, the fuzz regressions.
@Suite struct FormatCorpusTests {
    static let exampleFolders: [String] = {
        let root = packageRoot.appendingPathComponent("Schemas").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }()

    @Test func thereAreExamples() {
        #expect(Self.exampleFolders.count >= 3)
    }

    @Test(arguments: exampleFolders)
    func exampleSchema(_ folder: String) {
        let files = schemaFiles(in: packageRoot.appendingPathComponent("Schemas/\(folder)"))
        #expect(!files.isEmpty)
        expectFormatInvariants(files, folder)
    }

    /// The front-end fixtures without syntax errors (resolution errors included).
    static let frontEndFixtures: [MalformedInputTests.Case] = MalformedInputTests.cases.filter {
        Parser.parse($0.source, file: "a.cloudschema").diagnostics.isEmpty
    }

    @Test func frontEndFixturesWithoutSyntaxErrors() {
        #expect(Self.frontEndFixtures.count >= 10)
        for fixture in Self.frontEndFixtures { expectFormatInvariants(fixture.source, fixture.name) }
    }

    @Test func frontEndFixturesWithSyntaxErrorsAreRefused() {
        for fixture in MalformedInputTests.cases where !Self.frontEndFixtures.contains(where: { $0.name == fixture.name }) {
            guard case .syntaxErrors(let diagnostics) = SchemaFormatter.format(fixture.source, file: "a.cloudschema") else {
                Issue.record("\(fixture.name): formatted despite syntax errors")
                continue
            }
            #expect(diagnostics.contains { $0.id == .syntaxError }, "\(fixture.name)")
        }
    }

    static let lintFixtures: [RuleCase] =
        DatabaseRuleTests.cases + EncryptionIndexRuleTests.cases + ModelKeyValueRuleTests.cases + RecordRuleTests.cases

    @Test func lintRuleFixtures() {
        #expect(!Self.lintFixtures.isEmpty)
        for fixture in Self.lintFixtures {
            expectFormatInvariants(fixture.triggers, "\(fixture.rule) triggers")
            expectFormatInvariants(fixture.clean, "\(fixture.rule) clean")
        }
    }

    @Test func fuzzRegressionsFormatOrAreRefused() throws {
        let folder = packageRoot.appendingPathComponent("Tests/Fuzz/Regressions")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            switch SchemaFormatter.format(bytes, file: name) {
            case .syntaxErrors: break
            case .formatted: expectFormatInvariants(String(decoding: bytes, as: UTF8.self), name)
            case .failed(let reason): Issue.record("\(name): \(reason)")
            }
        }
    }

    /// The constructs of LanguageTests and language.md.
    static let languageFixtures: [String] = [
        #"""
        record `class` @name("Class") {
            `default`: String = "quote \" backslash \\ tab \t newline \n emoji \u{1F331} interpolation \\(x)"
            `record`: Int64 = -7
            ratio: Double = 1e3
            half: Double = 3.5
        }
        """#,
        "enum Priority: Int64 { low = 0, normal = 1; high = 2 }\nenum Mood { happy, sad }\n",
        """
        /// Not attached: a blank line follows.

        /// A bed.
        /// Second line.
        record Bed {
            /// The name.
            name: String
            // A plain comment is not documentation.
            size: Int64 = 1
        }
        """,
        "record A { // trailing\n    x: String @queryable\n}\n",
        "record A {\n    x: String\n}\nrecord B in private {\n    x: String\n}\n",
        "\n\n   record A {   x: String   }\n",
        "zone Z\nrecord R in Z { a: [Int64] = [1, 2, 3,] @queryable; b: String = \"\\u{7}\\0\\r\" }\n",
        "zone public\nrecord R in `public` {\n    on: Bool = `true`\n}\nrecord S in public {\n    grant read, write to world\n}\n",
        "model M @unique(a, b) @deprecated {\n    a: String = \"\"\n    b: Int = 0 @unique\n    c: Decimal = 0.5\n}\n",
        "enum E: String {\n    case one\n    case `case`\n    case two = \"2\"\n}\n",
        "record A { x: String?? }\nrecord B { `grant`: String; y: Reference }\n",
        "\u{FEFF}record A {\r\n    x: String // crlf\r\n}\r\n",
    ]

    @Test func languageFixtures() {
        for (i, fixture) in Self.languageFixtures.enumerated() { expectFormatInvariants(fixture, "language fixture \(i)") }
    }

    @Test func aLargeSchemaFormatsAndKeepsItsMeaning() {
        var text = "zone Z\n"
        for i in 0..<300 {
            text += "record R\(i) in Z { name: String @sortable @queryable // r\(i)\n count: Int64 = \(i); "
            text += "next: Reference<R\((i + 1) % 300)>?\n tags: [String] = [] }\n"
        }
        expectFormatInvariants(text, "large")
    }
}
