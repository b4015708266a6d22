import CloudSchemaCore
import Foundation

/// App code: a synthetic app of 1,000 and 5,000 Swift files, each mapping one record type by hand
/// (creation, keys through constants and literals, a query with a sort) against a `.ckdb` of 100
/// record types; read (lexed once) and linted. A 5,000-file app should take seconds, and the rate
/// should not fall with size (one linear pass).
func runAppCodeBenchmark() {
    print("appcode (CloudKit calls in Swift)")
    let types = 100
    let ckdb = ("CloudKit/production.ckdb", Array(BenchmarkApp.ckdb(types: types).utf8))
    for files in [1_000, 5_000] {
        let sources = [ckdb] + (0..<files).map { ("App/File\($0).swift", Array(BenchmarkApp.swiftFile($0, types: types).utf8)) }
        let megabytes = Double(sources.reduce(0) { $0 + $1.1.count }) / 1_000_000
        var loaded = SchemaLoader.load(bytes: sources)
        let read = bestSeconds(runs: 3) { loaded = SchemaLoader.load(bytes: sources) }
        var findings: [Diagnostic] = []
        let lint = bestSeconds(runs: 3) { findings = Linter.lint(loaded) }
        let calls = loaded.appCode.fieldAccesses.count + loaded.appCode.queries.count
        print(
            String(
                format: "  %5d files, %6.2f MB: read %7.1f MB/s (%.3f s), lint %.3f s (%d calls, %d findings)", files, megabytes,
                megabytes / read, read, lint, calls, findings.count))
    }
}

/// A generated app in the style of Apple's CKSyncEngine sample: each file extends a model with
/// its record type and keys as constants and maps it by hand; every 50th file misspells a key.
enum BenchmarkApp {
    static func ckdb(types: Int) -> String {
        var text = "DEFINE SCHEMA\n"
        for n in 0..<types {
            text += """
                    RECORD TYPE Item\(n) (
                        "___recordID" REFERENCE QUERYABLE,
                        title         STRING QUERYABLE SORTABLE,
                        count         INT64 QUERYABLE,
                        notes         ENCRYPTED STRING
                    );\n
                """
        }
        return text
    }

    static func swiftFile(_ n: Int, types: Int) -> String {
        let type = "Item\(n % types)"
        return """
            import CloudKit

            extension CKRecord.FieldKey {
                static let model\(n)_notes = "notes"
            }

            struct Model\(n) {
                static let recordType: CKRecord.RecordType = "\(type)"
                enum Keys: String { case title, count }
                var title = ""
                var count = 0

                func populate(_ record: CKRecord) {
                    record[Keys.title.rawValue] = title
                    record[\(n % 50 == 49 ? "\"cuont\"" : "Keys.count.rawValue")] = count
                    record.encryptedValues[.model\(n)_notes] = "n"
                }

                func makeRecord() -> CKRecord {
                    let record = CKRecord(recordType: Self.recordType)
                    populate(record)
                    return record
                }

                static func query(after count: Int) -> CKQuery {
                    let query = CKQuery(recordType: recordType, predicate: NSPredicate(format: "count > %@", count))
                    query.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
                    return query
                }
            }

            """
    }
}
