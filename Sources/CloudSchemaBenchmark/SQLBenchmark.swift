import CloudSchemaCore
import Foundation

/// SQLiteData migrations: reading `.sql` into the table model, and linting it with every rule,
/// for two sizes (a falling rate would show a non-linear step). Each table has a UUID key, five
/// columns, a foreign key to the table before it and an index; every tenth migration adds a column.
func runSQLBenchmark() {
    print("sql (SQLiteData migrations)")
    for tables in [500, 2_000] {
        var sql = ""
        for n in 0..<tables {
            let parent = n == 0 ? "" : #" REFERENCES "t\#(n - 1)"("id") ON DELETE CASCADE"#
            sql += """
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
        }
        let bytes = Array(sql.utf8)
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
