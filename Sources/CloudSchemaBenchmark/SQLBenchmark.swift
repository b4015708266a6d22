import CloudSchemaCore
import Foundation

/// SQLiteData migrations: reading `.sql` into the table model, and linting it with every rule,
/// for two sizes (a falling rate would show a non-linear step).
func runSQLBenchmark() {
    print("sql (SQLiteData migrations)")
    for tables in [500, 2_000] {
        let bytes = Array(BenchmarkSQL.generate(tables: tables).utf8)
        let megabytes = Double(bytes.count) / 1_000_000
        var loaded = SchemaLoader.load(bytes: [("Bench.sql", bytes)])
        let read = bestSeconds(runs: 3) { loaded = SchemaLoader.load(bytes: [("Bench.sql", bytes)]) }
        var findings: [Diagnostic] = []
        let lint = bestSeconds(runs: 3) { findings = Linter.lint(loaded) }
        print(
            String(
                format: "  %6.2f MB, %5d tables: read %7.1f MB/s (%.3f s), lint %7.1f MB/s (%.3f s, %d findings)", megabytes,
                loaded.schema.sqlite.tables.count, megabytes / read, read, megabytes / lint, lint, findings.count))
    }
}

/// Generated SQLiteData migrations. Each table has a UUID key, five columns, a foreign key to
/// the table before it and an index; every tenth table gains a column by ALTER TABLE.
enum BenchmarkSQL {
    static func generate(tables: Int) -> String {
        var sql = ""
        for n in 0..<tables { sql += table(n) }
        return sql
    }

    static func table(_ n: Int) -> String {
        let parent = n == 0 ? "" : #" REFERENCES "t\#(n - 1)"("id") ON DELETE CASCADE"#
        var sql = """
            CREATE TABLE "t\(n)" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "title" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT '',
              "rank" INTEGER NOT NULL ON CONFLICT REPLACE DEFAULT 0,
              "score" REAL, "image" BLOB, -- a comment
              "parentID" TEXT\(parent)
            ) STRICT;
            CREATE INDEX "t\(n)ByParent" ON "t\(n)"("parentID");\n
            """
        if n % 10 == 9 { sql += "ALTER TABLE \"t\(n)\" ADD COLUMN \"note\" TEXT;\n" }
        return sql
    }

    /// The same tables as Swift migrations (GRDB's `DatabaseMigrator`), one
    /// `registerMigration` per table: what an app that adds a table per release ships.
    static func swiftMigrations(tables: Int) -> String {
        var swift = "import GRDB\n\nvar migrator = DatabaseMigrator()\n"
        for n in 0..<tables {
            swift += "migrator.registerMigration(\"Create t\(n)\") { db in\n    try #sql(\n        \"\"\"\n"
            for line in table(n).split(separator: "\n") { swift += "        \(line)\n" }
            swift += "        \"\"\"\n    )\n    .execute(db)\n}\n"
        }
        return swift
    }
}
