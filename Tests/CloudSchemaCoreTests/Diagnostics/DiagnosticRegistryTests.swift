import Foundation
import Testing

@testable import CloudSchemaCore

/// Every diagnostic ID the tool can report is documented once, in `DiagnosticRegistry`.
@Suite struct DiagnosticRegistryTests {
    static let sources = packageRoot.appendingPathComponent("Sources")

    /// The text of every Swift file under Sources.
    static func sourceTexts() throws -> [(path: String, text: String)] {
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { ($0.path, try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// Walks every place an ID is written in Sources: declared constants (`static let x:
    /// DiagnosticID = "X"`), literal IDs given to `Diagnostic(...)`, `.error(...)`,
    /// `.warning(...)` or `DiagnosticID(...)`, and the constants passed to them. Rule objects
    /// (`LintRule`, `BreakingRules`) are in the registry by construction.
    @Test func everyIDWrittenInSourcesIsRegistered() throws {
        var constants: [String: String] = [:]
        var literals: [(String, String)] = []
        var uses: [(String, String)] = []
        for (path, text) in try Self.sourceTexts() {
            for match in text.matches(of: #/static let (\w+): DiagnosticID = "([^"]*)"/#) {
                constants[String(match.1)] = String(match.2)
            }
            for match in text.matches(of: #/(?:Diagnostic|DiagnosticID|\.error|\.warning|\berror)\(\s*"([A-Z][A-Z0-9_]*)"/#) {
                literals.append((path, String(match.1)))
            }
            for match in text.matches(of: #/(?:Diagnostic|\.error|\.warning|\berror)\(\s*\.([a-z]\w*)\s*,/#) {
                uses.append((path, String(match.1)))
            }
        }
        #expect(constants.count >= 20)
        for (name, id) in constants {
            #expect(DiagnosticRegistry.rule(DiagnosticID(id)) != nil, "\(name) = \(id) has no registry entry")
        }
        for (path, id) in literals {
            #expect(DiagnosticRegistry.rule(DiagnosticID(id)) != nil, "\(id) in \(path) has no registry entry")
        }
        #expect(uses.count >= 20)
        for (path, name) in uses where name != "init" {
            #expect(constants[name] != nil, ".\(name) in \(path) is not a declared DiagnosticID")
        }
    }

    @Test func everyIDIsDocumentedOnce() {
        let ids = DiagnosticRegistry.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate IDs")
        for rule in DiagnosticRegistry.all {
            #expect(rule.id.rawValue.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" }, "\(rule.id)")
            #expect(!rule.summary.isEmpty && rule.explanation.count > 40 && !rule.fix.isEmpty, "\(rule.id)")
            #expect(!rule.explanation.contains("Fix:"), "\(rule.id): the fix belongs in `fix`")
            #expect(DiagnosticRegistry.explanation(of: rule.id)?.contains(rule.help) == true, "\(rule.id)")
        }
        #expect(DiagnosticRegistry.configurable.map(\.id) == LintRegistry.rules.map(\.id) + BreakingRules.all.map(\.id))
        #expect(Set(DiagnosticID.frontEnd).isSubset(of: Set(ids)))
    }

    /// Every `[ID]` (text), `"id"`/`"ruleId"` (JSON, SARIF) and `title=ID` (GitHub) in the
    /// files under Tests, and every `[ID]` the Swift tests expect, is explained.
    @Test func everyIDInExpectedOutputsIsExplained() throws {
        let tests = packageRoot.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        var found: Set<String> = []
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for match in text.matches(of: #/\[([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\]/#) { found.insert(String(match.1)) }
            guard file.pathExtension != "swift" else { continue }
            for match in text.matches(of: #/"(?:id|ruleId)": "([A-Z][A-Z0-9_]*)"|title=([A-Z][A-Z0-9_]*)::/#) {
                found.insert(String(match.1 ?? match.2 ?? ""))
            }
        }
        #expect(found.count >= 40)
        for id in found.sorted() {
            #expect(DiagnosticRegistry.explanation(of: DiagnosticID(id)) != nil, "explain \(id) fails")
        }
    }

    /// A lint run's SARIF describes every ID lint can report, lint rules first.
    @Test func sarifMetadataCoversEveryIDLintReports() {
        let ids = DiagnosticRegistry.lintMetadata.map(\.id)
        #expect(Array(ids.prefix(LintRegistry.rules.count)) == LintRegistry.rules.map(\.id))
        let reportable = DiagnosticRegistry.all.filter { $0.kind != .breaking && $0.kind != .diff }.map(\.id)
        #expect(Set(ids) == Set(reportable) && ids.count == reportable.count)
    }

    @Test func listingsShowConfigurableRulesOrEveryIDWithItsKind() {
        let text = DiagnosticRegistry.textList()
        #expect(text.contains("Breaking changes (cloudschema diff) [breaking]\n  RECORD_TYPE_NO_DELETE "))
        #expect(!text.contains("SYNTAX_ERROR"))
        let all = DiagnosticRegistry.textList(all: true)
        #expect(all.contains("  CKDB_NOT_A_SCHEMA                    error    ckdb     A file read as .ckdb"))
        #expect(all.contains("  FIELD_NO_DELETE                      error    breaking A deployed field is gone."))
        for rule in DiagnosticRegistry.all { #expect(all.contains("  \(rule.id) "), "\(rule.id)") }
        #expect(DiagnosticRegistry.markdown().contains("| `FIELD_TYPE_NARROWED` | error |"))
        #expect(DiagnosticRegistry.markdown(all: true).contains("| `CONFIG_INVALID` | config | error |"))
    }

    @Test func breakingRulesExplainHowToConfigureThem() throws {
        let text = try #require(DiagnosticRegistry.explanation(of: "FIELD_NO_DELETE"))
        #expect(
            text.hasPrefix(
                """
                FIELD_NO_DELETE: A deployed field is gone.
                category: breaking    default severity: error

                Fields in production exist for all time
                """))
        #expect(text.contains(#"{"breaking": {"except": ["FIELD_NO_DELETE"]}}"#))
        let alwaysOn = try #require(DiagnosticRegistry.explanation(of: "CKDB_CORE_DATA_MIRROR"))
        #expect(alwaysOn.contains("category: syntax    severity: info (always on, not configurable)"))
    }
}
