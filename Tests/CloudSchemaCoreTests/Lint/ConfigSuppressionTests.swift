import Foundation
import Testing

@testable import CloudSchemaCore

/// `cloudschema.json` and `// cloudschema:ignore` comments.
@Suite struct ConfigSuppressionTests {
    /// Two findings: RECORD_DEFAULT_ZONE (warning) and FIELD_BYTES_LARGE (warning) on line 2.
    let schema = """
        record Photo {
            pixels: Data?
        }
        """

    func lint(_ config: String, schema: String? = nil, file: String = "/project/Schemas/App.cloudschema") -> [String] {
        let (configuration, problems) = ConfigurationLoader.parse(Array(config.utf8), path: "/project/cloudschema.json")
        #expect(problems.isEmpty, "\(describe(problems)): \(problems.map(\.message))")
        let loaded = SchemaLoader.load(sources: [(file, schema ?? self.schema)])
        return describe(Linter.lint(loaded) { _ in configuration })
    }

    func configProblems(_ config: String) -> [String] {
        let (_, problems) = ConfigurationLoader.parse(Array(config.utf8), path: "cloudschema.json")
        return problems.map { "\(describe([$0])[0]): \($0.message)" }
    }

    @Test func defaultsRunEveryRule() {
        #expect(lint("{}") == ["1:8-1:13 warning RECORD_DEFAULT_ZONE", "2:13-2:18 warning FIELD_BYTES_LARGE"])
    }

    @Test func useSelectsRulesAndCategories() {
        #expect(lint(#"{"lint": {"use": ["FIELD_BYTES_LARGE"]}}"#) == ["2:13-2:18 warning FIELD_BYTES_LARGE"])
        #expect(lint(#"{"lint": {"use": ["databases"]}}"#) == ["1:8-1:13 warning RECORD_DEFAULT_ZONE"])
    }

    @Test func exceptRemovesRules() {
        #expect(lint(#"{"lint": {"except": ["RECORD_DEFAULT_ZONE"]}}"#) == ["2:13-2:18 warning FIELD_BYTES_LARGE"])
        #expect(lint(#"{"lint": {"use": ["records", "databases"], "except": ["records"]}}"#) == ["1:8-1:13 warning RECORD_DEFAULT_ZONE"])
    }

    @Test func severityChangesOrDisables() {
        #expect(
            lint(#"{"lint": {"severity": {"FIELD_BYTES_LARGE": "error", "RECORD_DEFAULT_ZONE": "info"}}}"#)
                == ["1:8-1:13 info RECORD_DEFAULT_ZONE", "2:13-2:18 error FIELD_BYTES_LARGE"])
        #expect(lint(#"{"lint": {"severity": {"FIELD_BYTES_LARGE": "off"}}}"#) == ["1:8-1:13 warning RECORD_DEFAULT_ZONE"])
    }

    @Test func ignoreGlobsAreRelativeToTheConfigFolder() {
        let config = #"{"lint": {"ignore": {"FIELD_BYTES_LARGE": ["Schemas/**/*.cloudschema"], "databases": ["Legacy"]}}}"#
        #expect(lint(config) == ["1:8-1:13 warning RECORD_DEFAULT_ZONE"])
        #expect(lint(config, file: "/project/Legacy/Old/App.cloudschema") == ["2:13-2:18 warning FIELD_BYTES_LARGE"])
        #expect(lint(config, file: "/elsewhere/App.cloudschema").count == 2)
    }

    @Test func globs() {
        #expect(Glob.matches("*.cloudschema", path: "A.cloudschema"))
        #expect(!Glob.matches("*.cloudschema", path: "Sub/A.cloudschema"))
        #expect(Glob.matches("**/*.cloudschema", path: "A.cloudschema"))
        #expect(Glob.matches("**/*.cloudschema", path: "a/b/A.cloudschema"))
        #expect(Glob.matches("Schemas/?.cloudschema", path: "Schemas/A.cloudschema"))
        #expect(Glob.matches("Legacy", path: "Legacy/x/y.cloudschema"))
        #expect(!Glob.matches("Legacy", path: "LegacyNot/y.cloudschema"))
    }

    @Test func generateSectionIsValidated() {
        let (config, problems) = ConfigurationLoader.parse(
            Array(#"{"generate": {"access": "package", "templates": "Templates"}}"#.utf8), path: "/p/cloudschema.json")
        #expect(problems.isEmpty)
        #expect(config.generate == GenerateConfiguration(access: .package, templates: "/p/Templates"))
        #expect(
            configProblems(#"{"generate": {"access": "open", "template": "x"}}"#) == [
                "1:25-1:31 error CONFIG_INVALID: 'access' must be \"public\", \"package\" or \"internal\"",
                "1:33-1:43 error CONFIG_INVALID: unknown key 'template' in 'generate'; expected one of access, templates; did you mean 'templates'?",
            ])
    }

    @Test func unknownKeysAndRulesPointAtTheirLine() {
        let config = """
            {
              "lint": {
                "use": ["ENCRYPTED_INDEXD"],
                "exclude": [],
                "severity": {"SYNTAX_ERROR": "warning", "FIELD_BYTES_LARGE": "loud"}
              },
              "lnt": {}
            }
            """
        #expect(
            configProblems(config) == [
                "3:13-3:31 error CONFIG_INVALID: unknown rule 'ENCRYPTED_INDEXD' or category; did you mean 'ENCRYPTED_INDEXED'?; 'cloudschema lint --list-rules' lists them",
                "4:5-4:14 error CONFIG_INVALID: unknown key 'exclude' in 'lint'; expected one of use, except, severity, ignore, baseline",
                "5:18-5:32 error CONFIG_INVALID: SYNTAX_ERROR is a syntax or resolution check; it is always an error and cannot be configured",
                "5:66-5:72 error CONFIG_INVALID: severity must be \"error\", \"warning\", \"info\" or \"off\"",
                "7:3-7:8 error CONFIG_INVALID: unknown key 'lnt' in cloudschema.json; expected lint, breaking, generate, sqlitedata, swiftdata or schema; did you mean 'lint'?",
            ])
    }

    @Test func invalidJSONIsReportedWithItsPosition() {
        #expect(
            configProblems("{\n  \"lint\": {,}\n}") == [
                "2:12-2:13 error CONFIG_INVALID: cloudschema.json is not valid JSON: expected a key in double quotes"
            ])
    }

    @Test func configIsFoundByWalkingUp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-config-\(UUID().uuidString)")
        let nested = root.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("{}".utf8).write(to: root.appendingPathComponent("cloudschema.json"))
        var cache: [String: String?] = [:]
        let found = ConfigurationLoader.find(for: nested.appendingPathComponent("A.cloudschema").path, cache: &cache)
        #expect(
            found.map { ($0 as NSString).standardizingPath }
                == (root.appendingPathComponent("cloudschema.json").path as NSString).standardizingPath)
    }

    // MARK: Suppression comments

    @Test func suppressionOnTheLineBeforeAnElement() {
        let found = lintFindings(
            """
            // cloudschema:ignore RECORD_DEFAULT_ZONE prototypes only; moves to a zone before release
            /// A photo.
            record Photo {
                // cloudschema:ignore FIELD_BYTES_LARGE thumbnails are under 10 KB
                thumb: Data?
                pixels: Data?
            }
            """)
        #expect(describe(found) == ["6:13-6:18 warning FIELD_BYTES_LARGE"])
    }

    @Test func suppressionAtTheEndOfAnElement() {
        let found = lintFindings(
            """
            record Photo { // cloudschema:ignore RECORD_DEFAULT_ZONE
                thumb: Data? // cloudschema:ignore FIELD_BYTES_LARGE small
            }
            """)
        #expect(describe(found).isEmpty)
    }

    @Test func unusedAndInvalidSuppressionsAreReported() {
        let found = lintFindings(
            """
            zone Z
            // cloudschema:ignore FIELD_BYTES_LARGE
            record Photo in Z {
                title: String? // cloudschema:ignore ENCRYPTED_INDEXED
                // cloudschema:ignore NOT_A_RULE
                a: String?
                // cloudschema:ignore SYNTAX_ERROR
                b: String?
                // cloudschema:ignore
                c: String?
            }
            """)
        #expect(
            describe(found) == [
                "2:1-2:40 warning SUPPRESSION_UNUSED", "4:20-4:59 warning SUPPRESSION_UNUSED",
                "5:5-5:37 warning SUPPRESSION_INVALID", "7:5-7:39 warning SUPPRESSION_INVALID",
                "9:5-9:26 warning SUPPRESSION_INVALID",
            ])
        let unused = found.first { $0.id == "SUPPRESSION_UNUSED" }!
        #expect(unused.fixIts.first?.edits.first?.replacement == "")
    }

    @Test func breakingRulesAreConfiguredNotSuppressed() {
        let found = lintFindings("zone Z\nrecord A in Z {\n    // cloudschema:ignore FIELD_NO_DELETE\n    a: String?\n}")
        #expect(describe(found) == ["3:5-3:42 warning SUPPRESSION_INVALID"])
        #expect(
            found.first?.message
                == "FIELD_NO_DELETE is not a lint rule, so a suppression comment cannot silence it; configure it under 'breaking' in cloudschema.json"
        )
    }

    @Test func suppressionOfADisabledRuleIsNotUnused() {
        #expect(
            lint(
                #"{"lint": {"except": ["FIELD_BYTES_LARGE"]}}"#,
                schema: "zone Z\nrecord A in Z {\n  // cloudschema:ignore FIELD_BYTES_LARGE\n  a: String?\n}"
            ).isEmpty)
    }

    @Test func frontEndDiagnosticsCannotBeDisabled() {
        let found = lint(#"{"lint": {"use": ["FIELD_BYTES_LARGE"]}}"#, schema: "record A in Nowhere { a: Strin }")
        #expect(found.contains { $0.hasSuffix("error ZONE_UNKNOWN") })
        #expect(found.contains { $0.hasSuffix("error TYPE_UNKNOWN") })
    }

    // MARK: Fix-its

    @Test func fixItsAreMechanicalEdits() {
        let text = """
            zone Z
            record N in Z { body: String? @encrypted @queryable }
            model Tag {
                name: String
            }
            """
        let loaded = SchemaLoader.load(sources: [("T.cloudschema", text)])
        let found = Linter.lint(loaded)
        func apply(_ fix: Diagnostic.FixIt) -> String {
            var bytes = Array(text.utf8)
            for edit in fix.edits.sorted(by: { $0.range.start.offset > $1.range.start.offset }) {
                bytes.replaceSubrange(edit.range.start.offset..<edit.range.end.offset, with: Array(edit.replacement.utf8))
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let encrypted = found.first { $0.id == "ENCRYPTED_INDEXED" }!
        #expect(apply(encrypted.fixIts[0]).contains("record N in Z { body: String? @encrypted }"))
        let attribute = found.first { $0.id == "MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT" }!
        #expect(attribute.fixIts.map(\.message) == ["make 'name' optional", "add the default '= \"\"'"])
        #expect(apply(attribute.fixIts[0]).contains("    name: String?\n"))
        #expect(apply(attribute.fixIts[1]).contains("    name: String = \"\"\n"))
        // The JSON output carries them.
        let json = DiagnosticRenderer.json(found)
        #expect(json.contains("\"replacement\": \"?\""))
    }
}
