import Foundation
import Testing

@testable import CloudSchemaCore

/// The example schemas lint clean, and `Schemas/Mistakes` produces exactly the checked-in
/// output in every format. Refresh the golden files after an intended change with:
///
///     CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter GoldenTests
@Suite struct GoldenTests {

    /// Loads a schema folder with paths relative to the package root, as `cloudschema lint Schemas/X` would.
    static func load(_ folder: String) throws -> LoadedSchema {
        let directory = packageRoot.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".cloudschema") }.sorted()
        return SchemaLoader.load(
            sources: try names.map { name in
                ("\(folder)/\(name)", try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
            })
    }

    @Test(arguments: ["Schemas/Garden", "Schemas/Notes", "Schemas/Catalogue"])
    func examplesLintClean(_ folder: String) throws {
        let found = Linter.lint(try Self.load(folder))
        #expect(found.isEmpty, "\(describe(found)) \(found.map(\.message))")
    }

    static func rendered(_ format: String) throws -> String {
        let loaded = try load("Schemas/Mistakes")
        let found = Linter.lint(loaded)
        switch format {
        case "txt": return DiagnosticRenderer.text(found, sources: loaded.sources) + DiagnosticRenderer.summary(found) + "\n"
        case "json": return DiagnosticRenderer.json(found)
        case "sarif":
            return DiagnosticRenderer.sarif(
                found, rules: DiagnosticRegistry.lintMetadata, sources: loaded.sources, toolVersion: "golden",
                paths: SARIFPaths(root: "/repo", workingDirectory: "/repo"))
        default: return DiagnosticRenderer.github(found)
        }
    }

    @Test(arguments: ["txt", "json", "sarif", "github"])
    func mistakesMatchGolden(_ format: String) throws {
        let output = try Self.rendered(format)
        try expectGolden(output, file: "Tests/CloudSchemaCoreTests/Golden/Mistakes.\(format)", suite: "GoldenTests")
    }

    @Test func mistakesShowAtLeastTenDifferentRules() throws {
        let found = Linter.lint(try Self.load("Schemas/Mistakes"))
        #expect(Set(found.map(\.id)).count >= 10)
        #expect(!found.contains { DiagnosticID.frontEnd.contains($0.id) })
        // Its suppressions: one used, one reported as unused.
        #expect(!found.contains { $0.id == "FIELD_BYTES_LARGE" && $0.range?.start.line == 21 })
        #expect(found.filter { $0.id == "SUPPRESSION_UNUSED" }.count == 1)
    }

    /// SARIF 2.1.0's required structure: version, runs[].tool.driver.name, results with
    /// message.text, rule indices that point at the rule with the same id, levels from the enum,
    /// 1-based regions.
    @Test func sarifIsStructurallyValid() throws {
        let data = Data(try Self.rendered("sarif").utf8)
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "cloudschema")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids.count == rules.count && Set(ids).count == ids.count, "rule ids present and unique")
        for rule in rules {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect((rule["help"] as? [String: Any])?["text"] is String)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["none", "note", "warning", "error"].contains(level ?? ""))
        }
        #expect(Set(LintRegistry.rules.map(\.id.rawValue)).isSubset(of: Set(ids)), "every lint rule has metadata")
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        for result in results {
            let id = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(index >= 0 && index < rules.count && ids[index] == id, "ruleIndex of \(id)")
            #expect((result["message"] as? [String: Any])?["text"] is String)
            #expect(["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""))
            let locations = try #require(result["locations"] as? [[String: Any]])
            for location in locations {
                let physical = try #require(location["physicalLocation"] as? [String: Any])
                #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Schemas/Mistakes/Mistakes.cloudschema")
                let region = try #require(physical["region"] as? [String: Any])
                for key in ["startLine", "startColumn", "endLine", "endColumn"] {
                    #expect((region[key] as? Int ?? 0) >= 1, "\(key) is 1-based")
                }
            }
        }
    }

    @Test func githubAnnotationsEscapeDataAndProperties() {
        let range = SourceRange(
            file: "a,b:c.cloudschema", start: SourcePosition(line: 1, column: 2, offset: 1),
            end: SourcePosition(line: 1, column: 5, offset: 4))
        let output = DiagnosticRenderer.github([.warning("SOME_RULE", "100% sure\nsecond: line, yes", at: range)])
        #expect(
            output
                == "::warning file=a%2Cb%3Ac.cloudschema,line=1,col=2,endLine=1,endColumn=5,title=SOME_RULE::100%25 sure%0Asecond: line, yes\n"
        )
    }

    /// Documentation/Rules.md's rule table lists every diagnostic ID, each with the anchor SARIF's
    /// `helpUri` links to, generated by `swift run cloudschema lint --list-rules --all --format markdown`.
    @Test func rulesTableMatchesRegistry() throws {
        let rules = try String(contentsOf: packageRoot.appendingPathComponent("Documentation/Rules.md"), encoding: .utf8)
        let begin = try #require(rules.range(of: "<!-- rules:begin -->\n"))
        let end = try #require(rules.range(of: "<!-- rules:end -->"))
        let table = String(rules[begin.upperBound..<end.lowerBound])
        for rule in DiagnosticRegistry.all {
            #expect(
                table.contains("| `\(rule.id)` | \(rule.kind.rawValue) | \(rule.defaultSeverity.rawValue) |"),
                "\(rule.id) is missing from Documentation/Rules.md's rule table")
            #expect(table.components(separatedBy: "<a id=\"\(rule.id)\"></a> |").count == 2, "\(rule.id) has no anchor, or two")
        }
        #expect(
            table == DiagnosticRegistry.markdown(all: true),
            "regenerate: swift run cloudschema lint --list-rules --all --format markdown, and paste between the rules markers")
    }
}
