import Foundation
import Testing

@testable import CloudSchemaCore

/// The reports for a realistic pull request against the Notes example, checked in as
/// golden files under `Tests/CloudSchemaCoreTests/Golden/diff/`.
///
/// The change set: `Note.title` renamed to `heading` without `@name`, encryption
/// dropped from `Reminder.details`, `Folder.position` lost its SORTABLE index, the
/// `graphite` colour removed, plus additive changes (a record type, fields, an enum
/// case, a key-value key, a deprecation).
///
/// Refresh after an intended change with
///
///     CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter DiffReportGoldenTests
///
/// and review the golden files' diff like code.
@Suite("Diff reports (golden)")
struct DiffReportGoldenTests {
    static let folder = String(#filePath).components(separatedBy: "/Diff/")[0] + "/Golden/diff"

    static func load() throws -> (SchemaDiff, SourceStore) {
        let deployedText = try String(contentsOfFile: "\(folder)/notes.deployed.cloudschema", encoding: .utf8)
        let currentText = try String(contentsOfFile: "\(folder)/notes.current.cloudschema", encoding: .utf8)
        // Named as a pull request would see them: `--against git:main`.
        let deployed = SchemaLoader.load(sources: [("main:Schemas/Notes.cloudschema", deployedText)])
        let current = SchemaLoader.load(sources: [("Schemas/Notes.cloudschema", currentText)])
        #expect(!deployed.diagnostics.hasErrors && !current.diagnostics.hasErrors)
        var sources = current.sources
        sources.add("main:Schemas/Notes.cloudschema", Array(deployedText.utf8))
        return (SchemaComparison.compare(deployed: deployed.schema, current: current.schema), sources)
    }

    func check(_ actual: String, against name: String) throws {
        let path = "\(Self.folder)/\(name)"
        if ProcessInfo.processInfo.environment["CLOUDSCHEMA_UPDATE_GOLDEN"] == "1" {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(actual == expected, "\(name) differs; if intended, run CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter DiffReportGoldenTests")
    }

    @Test func markdownReviewComment() throws {
        let (diff, _) = try Self.load()
        try check(DiffReport.markdown(diff, against: "git:main"), against: "notes.review.md")
    }

    @Test func textReport() throws {
        let (diff, sources) = try Self.load()
        try check(DiffReport.text(diff, against: "git:main", sources: sources), against: "notes.txt")
    }

    @Test func jsonReport() throws {
        let (diff, _) = try Self.load()
        try check(DiffReport.json(diff, against: "git:main"), against: "notes.json")
    }

    @Test func githubAnnotations() throws {
        let (diff, _) = try Self.load()
        try check(DiffReport.github(diff), against: "notes.github.txt")
    }

    @Test func theVerdictIsBreaking() throws {
        let (diff, _) = try Self.load()
        #expect(diff.verdict == .breaking)
        #expect(
            diff.changes.filter(\.isFlagged).map { "\($0.rule!.id) \($0.subject.displayName)" } == [
                "ENUM_CASE_NO_DELETE FolderColour.grey",
                "FIELD_NO_DELETE Note.title",
                // The renamed field is also a new required one.
                "FIELD_NEW_REQUIRED Note.heading",
                "FIELD_NO_ENCRYPTION_CHANGE Reminder.details",
                "INDEX_NO_DELETE Folder.position",
                "FIELD_RENAME_SUSPECTED Note.heading",
            ])
    }
}

@Suite("Report formatting")
struct DiffReportFormattingTests {
    @Test func markdownKeepsAttributesAndNamesInCodeSoGitHubDoesNotMentionUsers() {
        #expect(
            DiffReport.inline(#"keep 'title' marked @deprecated("why") or use `@name("x")`"#)
                == #"keep `title` marked `@deprecated("why")` or use `@name("x")`"#)
    }


    @Test func escapesAsTheActionsToolkitDoes() {
        #expect(DiagnosticRenderer.escapeData("50% done\r\nnext") == "50%25 done%0D%0Anext")
        #expect(DiagnosticRenderer.escapeProperty("a:b,c%") == "a%3Ab%2Cc%25")
    }
}
