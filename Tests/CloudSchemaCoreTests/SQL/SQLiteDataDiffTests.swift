import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// `diff --against git:HEAD~1` on a history of SQLiteData migrations: migrations are compared
/// by name, so additions pass and edits, drops and renames fail with their rule.
@Suite struct SQLiteDataDiffTests {
    static let first = """
        CREATE TABLE "lists" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "title" TEXT);
        CREATE TABLE "items" (
          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
          "listID" TEXT NOT NULL REFERENCES "lists"("id") ON DELETE CASCADE,
          "notes" TEXT
        );
        """

    /// Commits `0001-lists.sql`, then `files`, and compares HEAD with HEAD~1:
    /// `"ID or kind line:column"` per change.
    static func changes(after files: [String: String?]) throws -> [String] {
        try diff(after: files).changes.map { change in
            let at = change.location.map { " \($0.start.line):\($0.start.column)" } ?? ""
            return "\(change.rule?.id.rawValue ?? change.kind.rawValue) \(change.subject.displayName)\(at)"
        }
    }

    /// Commits `0001-lists.sql`, then `files`, and compares HEAD with HEAD~1 (the current side's
    /// synced tables as a `SyncEngine` call or cloudschema.json names them, when `synced` is given).
    static func diff(after files: [String: String?], synced: SyncedTables? = nil) throws -> SchemaDiff {
        let repository = try GitSourceTests.Repository()
        defer { repository.remove() }
        try repository.write("Schemas/0001-lists.sql", first)
        try repository.commit("First release")
        for (file, text) in files {
            if let text {
                try repository.write("Schemas/" + file, text)
            } else {
                try FileManager.default.removeItem(atPath: repository.path + "/Schemas/" + file)
            }
        }
        try repository.commit("Next release")
        let deployed = try DiffSourceLoader.load(
            DiffSource(parsing: "git:HEAD~1"), currentPaths: ["Schemas"], workingDirectory: repository.path)
        var current = SchemaLoader.load(paths: [repository.path + "/Schemas"])
        #expect(current.diagnostics.isEmpty && deployed.diagnostics.isEmpty)
        if let synced { current.schema.sqlite.synced = synced }
        return SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
    }

    @Test func addingATableAndANullableColumnPasses() throws {
        let added = """
            CREATE TABLE "tags" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()), "title" TEXT);
            ALTER TABLE "lists" ADD COLUMN "colour" TEXT;
            """
        let changes = try Self.changes(after: ["0002-tags.sql": added])
        #expect(changes == ["migrationAdded 0002-tags 1:1"])
    }

    @Test func droppingAColumnFails() throws {
        #expect(
            try Self.changes(after: ["0002-notes.sql": #"ALTER TABLE "items" DROP COLUMN "notes";"#])
                == ["SQL_MIGRATION_DESTRUCTIVE 0002-notes 1:1"])
    }

    @Test func renamingATableFails() throws {
        #expect(
            try Self.changes(after: ["0002-rename.sql": "\n" + #"ALTER TABLE "lists" RENAME TO "folders";"#])
                == ["SQL_MIGRATION_DESTRUCTIVE 0002-rename 2:1"])
    }

    /// As lint grades it: a table is not known to sync until a `SyncEngine(for:tables:)` call (or
    /// cloudschema.json) names the synced tables, so until then a destructive migration is a warning.
    @Test func aDestructiveMigrationIsAWarningUntilTheSyncedTablesAreKnown() throws {
        let drop = #"ALTER TABLE "items" DROP COLUMN "notes";"#
        #expect(try Self.diff(after: ["0002-notes.sql": drop]).changes.map(\.severity) == [.warning])
        let synced = SyncedTables(tables: ["lists", "items"])
        #expect(try Self.diff(after: ["0002-notes.sql": drop], synced: synced).changes.map(\.severity) == [.error])
    }

    @Test func editingOrRemovingAShippedMigrationFails() throws {
        // Layout and comments are not an edit; a new column is.
        let reformatted = "-- Lists and their items.\n" + Self.first.replacingOccurrences(of: ",\n  ", with: ", ")
        #expect(try Self.changes(after: ["0001-lists.sql": reformatted]) == [])
        let edited = Self.first.replacingOccurrences(of: #""notes" TEXT"#, with: #""notes" TEXT, "done" INTEGER"#)
        let edits = try Self.changes(after: ["0001-lists.sql": edited])
        #expect(edits == ["SQL_MIGRATION_EDITED 0001-lists 1:1"])
        let removal = try Self.changes(after: ["0001-lists.sql": nil, "0001-start.sql": Self.first])
        #expect(removal == ["SQL_MIGRATION_EDITED 0001-lists", "migrationAdded 0001-start 1:1"])
    }

    /// The review comment explains why a migration can't change, not CloudKit's additive rule.
    @Test func aReviewOfAnEditedMigrationTalksAboutMigrations() throws {
        let edited = Self.first.replacingOccurrences(of: #""notes" TEXT"#, with: #""notes" TEXT, "done" INTEGER"#)
        let report = DiffReport.markdown(try Self.diff(after: ["0001-lists.sql": edited]), against: "git:main")
        #expect(
            report.contains(
                "A shipped migration runs once on each device and is never run again, so it can't be edited or removed. "
                    + "Deploying this schema would fail or break app versions already installed."))
        #expect(!report.contains("additive"))
    }
}
