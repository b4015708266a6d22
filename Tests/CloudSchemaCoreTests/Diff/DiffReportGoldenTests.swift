import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// The reports for a realistic pull request against the Notes example, checked in as
/// golden files under `Tests/CloudSchemaCoreTests/Golden/diff/`.
///
/// The change set: `Note.title` renamed to `heading` without `@name`, encryption
/// dropped from `Reminder.details`, `Folder.position` lost its SORTABLE index, the
/// `graphite` colour removed, `Note.sourceLink` narrowed from String to URL, plus
/// additive changes (a record type, fields, an enum case, a key-value key, a
/// deprecation), each with what older app versions see of it.
///
/// The same change set against `notes.production.ckdb` (`cloudschema export` of the
/// deployed schema) goes in `notes.ckdb.*`: what a `.ckdb` cannot state is listed as
/// not checked.
///
/// Refresh after an intended change with
///
///     CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter DiffReportGoldenTests
///
/// and review the golden files' diff like code.
@Suite("Diff reports (golden)")
struct DiffReportGoldenTests {
    static let folder = packageRoot.appendingPathComponent("Tests/CloudSchemaCoreTests/Golden/diff").path

    /// Named as a pull request would see them: `--against git:main` (the deployed
    /// `.cloudschema`), or `--against CloudKit/production.ckdb`.
    static func load(against: String = "git:main") throws -> (SchemaDiff, SourceStore) {
        let (diff, sources, _) = try loadWithDiagram(against: against)
        return (diff, sources)
    }

    /// Also the diagram of the record types changed, as `diff --format markdown` draws it.
    static func loadWithDiagram(against: String = "git:main") throws -> (SchemaDiff, SourceStore, SchemaGraph?) {
        let (deployedFile, deployedPath) =
            against == "git:main"
            ? ("notes.deployed.cloudschema", "main:Schemas/Notes.cloudschema") : ("notes.production.ckdb", against)
        let deployedText = try String(contentsOfFile: "\(folder)/\(deployedFile)", encoding: .utf8)
        let currentText = try String(contentsOfFile: "\(folder)/notes.current.cloudschema", encoding: .utf8)
        let deployed = SchemaLoader.load(sources: [(deployedPath, deployedText)])
        let current = SchemaLoader.load(sources: [("Schemas/Notes.cloudschema", currentText)])
        #expect(!deployed.diagnostics.hasErrors && !current.diagnostics.hasErrors)
        var sources = current.sources
        sources.add(deployedPath, Array(deployedText.utf8))
        let diff = SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
        return (diff, sources, SchemaGraph.changes(diff, deployed: deployed.schema, current: current.schema))
    }

    static let production = "CloudKit/production.ckdb"

    func check(_ actual: String, against name: String) throws {
        try expectGolden(actual, file: "Tests/CloudSchemaCoreTests/Golden/diff/\(name)", suite: "DiffReportGoldenTests")
    }

    @Test func markdownReviewComment() throws {
        let (diff, _, diagram) = try Self.loadWithDiagram()
        try check(DiffReport.markdown(diff, against: "git:main", diagram: diagram), against: "notes.review.md")
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

    @Test func markdownAgainstACKDBExport() throws {
        let (diff, _, diagram) = try Self.loadWithDiagram(against: Self.production)
        try check(DiffReport.markdown(diff, against: Self.production, diagram: diagram), against: "notes.ckdb.review.md")
    }

    @Test func textAgainstACKDBExport() throws {
        let (diff, sources) = try Self.load(against: Self.production)
        try check(DiffReport.text(diff, against: Self.production, sources: sources), against: "notes.ckdb.txt")
    }

    @Test func jsonAgainstACKDBExport() throws {
        let (diff, _) = try Self.load(against: Self.production)
        try check(DiffReport.json(diff, against: Self.production), against: "notes.ckdb.json")
    }

    @Test func githubAgainstACKDBExport() throws {
        let (diff, _) = try Self.load(against: Self.production)
        try check(DiffReport.github(diff), against: "notes.ckdb.github.txt")
    }

    /// Every addition says what older app versions see of it, in every format.
    @Test func additionsSayWhatOlderAppVersionsSee() throws {
        let (diff, sources) = try Self.load()
        let older = Dictionary(
            uniqueKeysWithValues: diff.changes.compactMap { change in
                change.olderVersions.map { ("\(change.kind) \(change.subject.displayName)", $0) }
            })
        #expect(
            older == [
                "recordTypeAdded Checklist": "older app versions see its records as an unknown record type and skip or keep them",
                "fieldAdded Folder.emoji":
                    "older app versions don't read it and keep it unchanged when they save a record; records they create lack it, and newer versions read nil",
                "fieldAdded Note.wordCount":
                    "older app versions don't read it and keep it unchanged when they save a record; records they create lack it, and newer versions read the default, 0",
                "fieldAdded Note.heading":
                    "older app versions don't read it and keep it unchanged when they save a record; records they create lack it, and newer versions fail to decode them",
                "enumCaseAdded Priority.3": "older app versions decode 3 as an unknown case and write it back unchanged",
                "keyValueKeyAdded NoteSettings.compactList":
                    "older app versions neither read nor write it; until a newer version sets it, newer versions read the default, false",
            ])
        let text = DiffReport.text(diff, against: "git:main", sources: sources)
        let json = DiffReport.json(diff, against: "git:main")
        let markdown = DiffReport.markdown(diff, against: "git:main")
        let github = DiffReport.github(diff)
        for note in older.values {
            #expect(text.contains("    note: \(note)\n"))
            #expect(json.contains("\"olderVersions\": \"\(note)\""))
            #expect(markdown.contains("<br>O\(note.dropFirst())"))
            #expect(github.contains("%0AO\(note.dropFirst())."))
        }
    }

    /// Against a `.ckdb`, every format lists what it could not check and how to check it.
    @Test func aCKDBBaselineSaysWhatItCouldNotCheck() throws {
        let (diff, sources) = try Self.load(against: Self.production)
        // No models in the Notes schema, so nothing about them went unchecked.
        #expect(diff.unchecked == [.zonesAndDatabases, .optionality, .enums, .swiftTypes, .referenceTargets, .keyValueStores])
        // Unseen against the export: the removed enum case and the narrowed sourceLink.
        #expect(!diff.changes.contains { $0.rule == BreakingRules.enumCaseNoDelete || $0.rule == BreakingRules.fieldTypeNarrowed })
        let reports = [
            DiffReport.text(diff, against: Self.production, sources: sources), DiffReport.json(diff, against: Self.production),
            DiffReport.markdown(diff, against: Self.production), DiffReport.github(diff),
        ]
        for report in reports {
            #expect(report.contains("Swift types stored as one CloudKit type"))
        }
        for report in reports where !report.hasPrefix("{") {
            #expect(report.contains(".ckdb cannot state these kinds of change"))
            #expect(report.contains("`--against git:REV[:PATH]`"))
        }
        #expect(reports[1].contains(#""kind": "swiftTypes""#))
        // The git baseline checks everything.
        #expect(try Self.load().0.unchecked.isEmpty)
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
                "FIELD_TYPE_NARROWED Note.sourceLink",
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
