import Testing

@testable import CloudSchemaCore

/// SQLiteData migrations written in Swift: findings point at the SQL inside the literal.
@Suite struct SwiftMigrationTests {
    static let source = #"""
        import SQLiteData

        func appDatabase() throws -> any DatabaseWriter {
            var migrator = DatabaseMigrator()
            migrator.registerMigration("Create lists") { db in
                try #sql("""
                    CREATE TABLE "lists" (
                      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
                      "title" TEXT NOT NULL DEFAULT ''
                    ) STRICT
                    """)
                .execute(db)
            }
            migrator.registerMigration("Drop title") { db in
                // cloudschema:ignore SQL_MIGRATION_DESTRUCTIVE the column never synced
                try db.execute(sql: "ALTER TABLE \"lists\" DROP COLUMN \"title\"")
                try db.execute(sql: "CREATE UNIQUE INDEX \"byID\" ON \"lists\"(\"id\")")
            }
            return try migrator.migrate(database)
        }
        """#

    /// The suppression comment silences the DROP COLUMN; the other findings are at the SQL's own
    /// line and column (warnings: no SyncEngine call says the table syncs).
    @Test func findingsPointIntoTheLiteral() {
        let loaded = SchemaLoader.load(sources: [("App/Database.swift", Self.source)])
        #expect(loaded.schema.sqlite.migrations.map(\.name) == ["Create lists", "Drop title"])
        #expect(
            describe(Linter.lint(loaded)) == [
                "8:40-8:53 warning SQL_PRIMARY_KEY",  // AUTOINCREMENT, inside the multi-line literal
                "17:37-17:43 warning SQL_UNIQUE",  // UNIQUE, after the escaped quotes' line start
            ])
    }

    /// GRDB's `DatabaseMigrator` is SQLiteData's only in an app that uses SQLiteData (imports it,
    /// or its former name SharingGRDB, or writes `#sql`, `@Table`, `SyncEngine(for:)`). A GRDB app
    /// that syncs with its own CKSyncEngine is not held to SQLiteData's rules: one info says so.
    @Test func grdbMigrationsOfAnAppWithoutSQLiteDataAreNotItsMigrations() {
        let source = Self.source.replacingOccurrences(of: "import SQLiteData", with: "import GRDB")
            .replacingOccurrences(of: "try #sql(\"\"\"", with: "try db.execute(sql: \"\"\"")
            .replacingOccurrences(of: "\"\"\")\n            .execute(db)", with: "\"\"\")")
        let loaded = SchemaLoader.load(sources: [("App/Database.swift", source)])
        #expect(loaded.schema.sqlite.migrations.isEmpty)
        #expect(loaded.diagnostics.map(\.compact) == ["INPUT_UNREADABLE", "INPUT_NOT_CHECKED 5:32-5:46"])
        #expect(loaded.diagnostics[1].message.hasPrefix("not checked: these GRDB migrations are not SQLiteData's"))
        let sqliteData = SchemaLoader.load(sources: [("App/Database.swift", source), ("App/Sync.swift", "import SQLiteData\n")])
        #expect(sqliteData.schema.sqlite.migrations.map(\.name) == ["Create lists", "Drop title"])
    }

    /// SQL in a string that no migration runs is not read: the file holds neither migrations
    /// nor models, which is the one thing said of it.
    @Test func aSwiftFileWithoutMigrationsIsNoInput() {
        let loaded = SchemaLoader.load(sources: [("App/View.swift", "struct V { let s = \"CREATE TABLE x (id INTEGER PRIMARY KEY)\" }")])
        #expect(loaded.schema.sqlite.isEmpty)
        #expect(describe(Linter.lint(loaded)) == ["error INPUT_UNREADABLE"])
    }

    /// A `-- cloudschema:ignore` inside the #sql literal is the SQL's own suppression: it silences
    /// the finding it covers, and one that silences nothing is reported as unused, as in a .sql file.
    @Test func suppressionsInsideTheLiteral() {
        let source = #"""
            migrator.registerMigration("Create lists") { db in
                try #sql("""
                    CREATE TABLE "lists" (
                      -- cloudschema:ignore SQL_PRIMARY_KEY the key never syncs
                      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
                      "title" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT '' -- cloudschema:ignore SQL_NOT_NULL_REPLACE
                    ) STRICT
                    """)
                .execute(db)
            }
            """#
        #expect(
            describe(Linter.lint(SchemaLoader.load(sources: [("App/Database.swift", source)]))) == ["6:64-6:106 warning SUPPRESSION_UNUSED"]
        )
    }
}
