import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Migrations are compared by name. One run may read several migrators (one per app or
/// database, as in a repository of example apps) that register the same name.
@Suite struct MigrationDiffTests {
    static func app(_ table: String, _ columns: String = #""title" TEXT"#) -> String {
        #"""
        func migrate(_ migrator: inout DatabaseMigrator) {
            migrator.registerMigration("Create tables") { db in
                try #sql("""
                    CREATE TABLE "\#(table)" ("id" TEXT PRIMARY KEY NOT NULL, \#(columns))
                    """)
                .execute(db)
            }
        }
        """#
    }

    /// Each change as "ID-or-kind current-file deployed-file".
    static func changes(_ deployed: [(String, String)], _ current: [(String, String)]) -> [String] {
        let (old, new) = (SchemaLoader.load(sources: deployed), SchemaLoader.load(sources: current))
        #expect(old.diagnostics.isEmpty && new.diagnostics.isEmpty)
        let diff = SchemaComparison.compare(deployed: old.schema, current: new.schema)
        return diff.changes.map {
            "\($0.rule?.id.rawValue ?? $0.kind.rawValue) \($0.location?.file ?? "-") \($0.deployedLocation?.file ?? "-")"
        }
    }

    @Test func aNameRegisteredByTwoAppsPairsItsUnchangedCopies() {
        let apps = [("Lists/Schema.swift", Self.app("lists")), ("Notes/Schema.swift", Self.app("notes"))]
        #expect(Self.changes(apps, apps) == [])
        // The edit is the Notes app's: its copy is edited, the Lists app's is unchanged.
        let edited = [apps[0], ("Notes/Schema.swift", Self.app("notes", #""title" TEXT, "body" TEXT"#))]
        #expect(Self.changes(apps, edited) == ["SQL_MIGRATION_EDITED Notes/Schema.swift Notes/Schema.swift"])
        #expect(Self.changes(apps, [apps[1]]) == ["SQL_MIGRATION_EDITED - Lists/Schema.swift"])
    }
}
