import Foundation
import Testing

@testable import CloudSchemaCore

/// What GitHub code scanning reads from the SARIF log beyond the 2.1.0 schema (which
/// Tests/SARIF/run.sh checks in `.ci/run`): fingerprints that survive moved lines, rule text within
/// its limits, precision and severity, documentation links, and paths relative to the repository.
struct SARIFTests {
    static let paths = SARIFPaths(root: "/repo", workingDirectory: "/repo")

    /// Two findings of one rule (INDEX_ASSET), on two record types.
    static let schema = """
        zone Garden
        record Plant in Garden {
            photo: Asset @queryable
        }
        record Bed in Garden {
            picture: Asset @queryable
        }

        """

    static func log(_ text: String, file: String = "Schemas/Garden.cloudschema", paths: SARIFPaths = paths) throws -> [String: Any] {
        let loaded = load(text, file: file)
        let sarif = DiagnosticRenderer.sarif(
            Linter.lint(loaded), rules: DiagnosticRegistry.lintMetadata, sources: loaded.sources, toolVersion: "test", paths: paths)
        return try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    }

    static func run(_ log: [String: Any]) throws -> [String: Any] {
        try #require((log["runs"] as? [[String: Any]])?.first)
    }

    static func results(_ log: [String: Any]) throws -> [[String: Any]] {
        try #require(try run(log)["results"] as? [[String: Any]])
    }

    static func rules(_ log: [String: Any]) throws -> [[String: Any]] {
        try #require((((try run(log)["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]))
    }

    static func fingerprints(_ log: [String: Any]) throws -> [String] {
        try results(log).map { try #require(($0["partialFingerprints"] as? [String: String])?["cloudschemaSubject/v1"]) }
    }

    static func artifact(_ log: [String: Any]) throws -> [String: String] {
        let location = try #require((try results(log).first?["locations"] as? [[String: Any]])?.first)
        return try #require((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String])
    }

    @Test func fingerprintsSurviveMovedLinesAndTellFindingsApart() throws {
        let before = try Self.fingerprints(try Self.log(Self.schema))
        let moved = try Self.fingerprints(try Self.log("// A comment and a blank line move every finding down.\n\n" + Self.schema))
        #expect(before.count == 2)
        #expect(moved == before)
        #expect(Set(before).count == 2, "one per finding")
        let otherFile = try Self.fingerprints(try Self.log(Self.schema, file: "Schemas/Other.cloudschema"))
        #expect(Set(otherFile).isDisjoint(with: before), "the file is part of the subject")
    }

    /// The same message on a field of the same name in two record types: the element (`field
    /// Plant.data`) tells them apart, so a record type added above neither renumbers nor swaps them.
    @Test func theElementTellsEqualMessagesApart() throws {
        let twice = """
            zone Garden
            record Plant in Garden {
                data: Asset @queryable
            }
            record Bed in Garden {
                data: Asset @queryable
            }

            """
        let before = try Self.fingerprints(try Self.log(twice))
        #expect(before.count == 2 && Set(before).count == 2)
        #expect(before.allSatisfy { $0.hasSuffix(":1") }, "distinct subjects, no numbering needed")
        let inserted = "zone Garden\nrecord Tray in Garden {\n    data: Asset @queryable\n}\n" + twice.dropFirst("zone Garden\n".count)
        let after = try Self.fingerprints(try Self.log(inserted))
        #expect(Array(after.dropFirst()) == before)
    }

    @Test func findingsWithTheSameSubjectAreNumberedInOrder() throws {
        let same = Diagnostic.warning("SOME_RULE", "the same message", at: nil)
        let sarif = DiagnosticRenderer.sarif([same, same], rules: [], sources: SourceStore(), toolVersion: "test", paths: Self.paths)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let prints = try Self.fingerprints(log)
        #expect(prints.map { $0.split(separator: ":").last } == ["1", "2"])
        #expect(Set(prints.map { $0.split(separator: ":").first }).count == 1)
    }

    /// GitHub shows at most 1,024 characters of `fullDescription`; `help` keeps the whole text.
    @Test(arguments: DiagnosticRegistry.all)
    func everyFullDescriptionFitsGitHub(_ rule: DiagnosticRule) {
        let full = DiagnosticRenderer.fullDescription(rule.help)
        #expect(full.count <= 1024, "\(rule.id): \(full.count) characters")
        #expect(full.count >= 40 && rule.help.hasPrefix(full.hasSuffix("…") ? String(full.dropLast()) : full), "\(rule.id)")
    }

    @Test func aLongHelpIsCutAtTheLastWholeSentence() {
        let help = String(repeating: "A fact. ", count: 200)
        let full = DiagnosticRenderer.fullDescription(help)
        #expect(full.count == 1023 && full.hasSuffix("fact."))
        #expect(DiagnosticRenderer.fullDescription(String(repeating: "word ", count: 300)).hasSuffix("word…"))
    }

    @Test func everyRuleHasPrecisionSeverityAndItsDocumentationPage() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("Documentation/Rules.md"), encoding: .utf8)
        let anchors = Set(
            page.components(separatedBy: "<a id=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
        let rules = try Self.rules(try Self.log(Self.schema))
        #expect(rules.count == DiagnosticRegistry.lintMetadata.count)
        for rule in rules {
            let id = rule["id"] as? String ?? "?"
            let level = (rule["defaultConfiguration"] as? [String: String])?["level"]
            let properties = try #require(rule["properties"] as? [String: Any])
            let severity = try #require(properties["problem.severity"] as? String)
            #expect(["error": "error", "warning": "warning", "note": "recommendation"][level ?? ""] == severity, "\(id)")
            #expect(["very-high", "high", "medium"].contains(properties["precision"] as? String ?? ""), "\(id)")
            let uri = try #require(rule["helpUri"] as? String, "\(id)")
            let anchor = try #require(uri.split(separator: "#").last.map(String.init))
            #expect(uri == DiagnosticRenderer.documentationURL + "#" + anchor)
            #expect(anchor == id && anchors.contains(anchor), "\(id): Documentation/Rules.md has no anchor #\(anchor)")
        }
        #expect(
            rules.first { $0["id"] as? String == "INDEX_ASSET" }?["helpUri"] as? String
                == "https://github.com/cloudschema/cloudschema/blob/main/Documentation/Rules.md#INDEX_ASSET")
    }

    @Test func pathsAreRelativeToTheRepositoryRoot() throws {
        let log = try Self.log(Self.schema)
        #expect(try Self.artifact(log) == ["uri": "Schemas/Garden.cloudschema", "uriBaseId": "%SRCROOT%"])
        let run = try Self.run(log)
        #expect((run["originalUriBaseIds"] as? [String: [String: String]]) == ["%SRCROOT%": ["uri": "file:///repo/"]])
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        #expect((invocation["workingDirectory"] as? [String: String]) == ["uri": "file:///repo/"])
    }

    @Test func relativeInputsFromASubdirectoryAndAbsoluteInputsInsideTheRepositoryAreRepositoryRelative() throws {
        let app = SARIFPaths(root: "/repo", workingDirectory: "/repo/App")
        #expect(
            try Self.artifact(try Self.log(Self.schema, file: "Schemas/A.cloudschema", paths: app))["uri"] == "App/Schemas/A.cloudschema")
        #expect(try Self.artifact(try Self.log(Self.schema, file: "../Shared/A.cloudschema", paths: app))["uri"] == "Shared/A.cloudschema")
        #expect(try Self.artifact(try Self.log(Self.schema, file: "/repo/./Schemas/A b.cloudschema"))["uri"] == "Schemas/A%20b.cloudschema")
        #expect(
            try Self.artifact(try Self.log(Self.schema, file: "/elsewhere/A.cloudschema")) == ["uri": "file:///elsewhere/A.cloudschema"])
        #expect(try Self.artifact(try Self.log(Self.schema, file: "../A.cloudschema")) == ["uri": "file:///A.cloudschema"])
    }

    @Test func theRootIsTheNearestDirectoryWithGit() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("sarif-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/App/Sources", withIntermediateDirectories: true)
        #expect(SARIFPaths.from(base + "/App").root == SARIFPaths.normalized(base + "/App"), "no .git: the directory itself")
        _ = FileManager.default.createFile(atPath: base + "/.git", contents: Data("gitdir: elsewhere\n".utf8))  // a worktree's .git file
        let paths = SARIFPaths.from(base + "/App/Sources")
        #expect(paths.root == SARIFPaths.normalized(base))
        #expect(paths.workingDirectory == SARIFPaths.normalized(base + "/App/Sources"))
    }
}
