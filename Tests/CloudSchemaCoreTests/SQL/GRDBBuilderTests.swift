import Testing

@testable import CloudSchemaCore

/// GRDB's table builder (`db.create(table: "homes") { t in … }`) has no SQL text: what it builds
/// is not checked, said once per migration, but a table it names exists, so SyncEngine's list
/// can name it.
@Suite struct GRDBBuilderTests {
    static let app = #"""
        let syncEngine = try SyncEngine(for: database, tables: Home.self, Recipe.self)

        @Table("homes") struct Home { let id: UUID }
        @Table("recipes") struct Recipe { let id: UUID }

        func migrate(_ migrator: inout DatabaseMigrator) {
            migrator.registerMigration("Create tables") { db in
                try db.create(table: "homes") { t in t.primaryKey("id", .text) }
                try db.create(table: "recipes") { t in
                    t.primaryKey("id", .text)
                    t.column("homeID", .text).references("homes", onDelete: .cascade)
                }
                try db.alter(table: "recipes") { t in t.add(column: "title", .text) }
            }
        }
        """#

    static func findings(_ swift: String) -> [Diagnostic] {
        Linter.lint(SchemaLoader.load(sources: [("App/Schema.swift", swift)]))
    }

    @Test func aMigrationsBuilderCallsAreOneWarningAndTheirTablesExist() {
        let found = Self.findings(Self.app)
        #expect(describe(found) == ["8:16-8:28 warning SQL_NOT_CHECKED"])
        #expect(
            found.first?.message
                == "GRDB's table builder (create(table:) ×2, alter(table:)) has no SQL text to read; not checked: what they create or change"
        )
    }

    /// A migration whose builder only creates tables SyncEngine does not sync hides nothing a rule
    /// reads: no warning. Unknown synced tables (no SyncEngine call read) keep it.
    @Test func aBuilderThatOnlyCreatesUnsyncedTablesIsNotReported() {
        let app = #"""
            let syncEngine = try SyncEngine(for: database, tables: Home.self)

            @Table("homes") struct Home { let id: UUID }

            func migrate(_ migrator: inout DatabaseMigrator) {
                migrator.registerMigration("Homes") { db in
                    try #sql("CREATE TABLE homes (id TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()))").execute(db)
                }
                migrator.registerMigration("Settings") { db in
                    try db.create(table: "settings") { t in t.primaryKey("key", .text) }
                }
            }
            """#
        #expect(describe(Self.findings(app)) == [])
        let unknown = app.replacingOccurrences(of: "let syncEngine = try SyncEngine(for: database, tables: Home.self)", with: "")
        #expect(describe(Self.findings(unknown)) == ["10:16-10:28 warning SQL_NOT_CHECKED"])
    }

    /// A table neither SQL nor the builder creates is still worth a word.
    @Test func aSyncedTableNothingCreatesIsStillReported() {
        let misspelt = Self.app.replacingOccurrences(of: #"@Table("recipes")"#, with: #"@Table("recipe")"#)
        #expect(describe(Self.findings(misspelt)) == ["1:67-1:78 warning SWIFT_UNREADABLE", "8:16-8:28 warning SQL_NOT_CHECKED"])
    }
}
