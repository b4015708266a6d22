import Testing

@testable import CloudSchemaCore

/// SQLite changes a table by rebuilding it (lang_altertable.html): create `X_new`, copy, drop
/// `X`, rename `X_new` to `X`. The table keeps its name, so the rebuild itself is no
/// `SQL_MIGRATION_DESTRUCTIVE`; a column the new table lacks is dropped all the same.
@Suite struct SQLRebuildTests {
    static func app(newColumns: String) -> String {
        #"""
        let syncEngine = try SyncEngine(for: database, tables: Tag.self, ItemTag.self)

        @Table struct Tag { let id: UUID }
        @Table struct ItemTag { let id: UUID }

        func migrate(_ migrator: inout DatabaseMigrator) {
            migrator.registerMigration("Create tables") { db in
                try #sql("""
                    CREATE TABLE "tags" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()))
                    """).execute(db)
                try #sql("""
                    CREATE TABLE "itemTags" (
                      "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                      "itemID" TEXT,
                      "tagID" TEXT REFERENCES "tags"("id") ON DELETE CASCADE,
                      UNIQUE("itemID", "tagID")
                    )
                    """).execute(db)
            }
            migrator.registerMigration("Rebuild itemTags") { db in
                try #sql("""
                    CREATE TABLE "itemTags_new" (
                      "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
        \#(newColumns)
                    )
                    """).execute(db)
                try #sql(#"INSERT INTO "itemTags_new" SELECT * FROM "itemTags""#).execute(db)
                try #sql(#"DROP TABLE "itemTags""#).execute(db)
                try #sql(#"ALTER TABLE "itemTags_new" RENAME TO "itemTags""#).execute(db)
            }
        }
        """#
    }

    static func findings(_ swift: String) -> [String] {
        describe(Linter.lint(SchemaLoader.load(sources: [("App/Schema.swift", swift)])))
    }

    /// Dropping the UNIQUE constraint SyncEngine refuses, every column kept: nothing to report.
    @Test func aRebuildKeepingEveryColumnIsNotDestructive() {
        let kept = Self.app(
            newColumns: """
                          "itemID" TEXT,
                          "tagID" TEXT REFERENCES "tags"("id") ON DELETE CASCADE
                """)
        #expect(Self.findings(kept) == [])
    }

    /// The new table renames `tagID` to `labelID`: older devices keep sending `tagID`.
    @Test func aRebuildLosingAColumnDropsIt() {
        let renamed = Self.app(
            newColumns: """
                          "itemID" TEXT,
                          "labelID" TEXT REFERENCES "tags"("id") ON DELETE CASCADE
                """)
        #expect(Self.findings(renamed) == ["29:20-29:41 error SQL_MIGRATION_DESTRUCTIVE"])
        let message = Linter.lint(SchemaLoader.load(sources: [("App/Schema.swift", renamed)])).first?.message ?? ""
        #expect(message.contains("drops column 'itemTags.tagID'"), "\(message)")
    }

    /// Rebuilt the other way round (rename `X` to `X_old`, create `X`, copy, drop `X_old`), the
    /// tables that reference `X` follow the rename, as SQLite rewrites them, and are left on a
    /// table that is gone: SyncEngine.init throws, and the message says why the name changed.
    @Test func aRebuildRenamingTheOldTableAwayLeavesItsReferencesBehind() {
        let swift = #"""
            let syncEngine = try SyncEngine(for: database, tables: Tag.self, ItemTag.self)

            @Table struct Tag { let id: UUID }
            @Table struct ItemTag { let id: UUID }

            func migrate(_ migrator: inout DatabaseMigrator) {
                migrator.registerMigration("Create tables") { db in
                    try #sql("""
                        CREATE TABLE "tags" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()))
                        """).execute(db)
                    try #sql("""
                        CREATE TABLE "itemTags" (
                          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
                          "tagID" TEXT REFERENCES "tags"("id") ON DELETE CASCADE
                        )
                        """).execute(db)
                }
                migrator.registerMigration("Rebuild tags") { db in
                    try #sql(#"ALTER TABLE "tags" RENAME TO "tags_old""#).execute(db)
                    try #sql("""
                        CREATE TABLE "tags" ("id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()))
                        """).execute(db)
                    try #sql(#"INSERT INTO "tags" SELECT "id" FROM "tags_old""#).execute(db)
                    try #sql(#"DROP TABLE "tags_old""#).execute(db)
                }
            }
            """#
        let found = Linter.lint(SchemaLoader.load(sources: [("App/Schema.swift", swift)]))
        #expect(describe(found) == ["14:39-14:45 error SQL_FOREIGN_KEY_UNSYNCED"])
        #expect(
            found.first?.message
                == #"this reference to 'tags' names 'tags_old' since ALTER TABLE … RENAME TO (SQLite rewrites references to a renamed table), and no table 'tags_old' is left after the migrations read, so it is not synced; SyncEngine.init throws SchemaError: "Foreign key "itemTags"."tagID" references table "tags_old" that is not synchronized. Update 'SyncEngine.init' to synchronize "tags_old".""#
        )
    }
}
