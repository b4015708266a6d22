import Testing

@testable import CloudSchemaCore

/// Encryption and indexes.
@Suite struct EncryptionIndexRuleTests {
    static let cases: [RuleCase] = [
        RuleCase(
            "ENCRYPTED_INDEXED",
            """
            zone Z
            record N in Z { body: String? @encrypted @queryable }
            """,
            ["2:42-2:52 error ENCRYPTED_INDEXED"],
            clean: """
                zone Z
                record N in Z { body: String? @encrypted
                    title: String? @queryable }
                """),
        RuleCase(
            "ENCRYPTED_REFERENCE",
            """
            zone Z
            record N in Z { a: Reference<N>? @encrypted }
            """,
            ["2:34-2:44 error ENCRYPTED_REFERENCE"],
            clean: """
                zone Z
                record N in Z { a: Reference<N>? }
                """),
        RuleCase(
            "ENCRYPTED_ASSET",
            """
            zone Z
            record N in Z { a: Asset? @encrypted }
            """,
            ["2:27-2:37 error ENCRYPTED_ASSET"],
            clean: """
                zone Z
                record N in Z { a: Asset? }
                """),
        RuleCase(
            "ENCRYPTED_PUBLIC",
            """
            record P in public {
                a: String? @encrypted
                grant read to world
            }
            """,
            ["2:16-2:26 error ENCRYPTED_PUBLIC"],
            clean: """
                zone Z
                record P in Z {
                    a: String? @encrypted
                }
                """),
        RuleCase(
            "ENCRYPTED_LIST",
            """
            zone Z
            record N in Z { a: [String]? @encrypted }
            """,
            ["2:30-2:40 warning ENCRYPTED_LIST"],
            clean: """
                zone Z
                record N in Z { a: String? @encrypted }
                """),
        RuleCase(
            "INDEX_ASSET",
            """
            zone Z
            record N in Z { a: Asset? @queryable }
            """,
            ["2:27-2:37 error INDEX_ASSET"],
            clean: """
                zone Z
                record N in Z { a: Asset? }
                """),
        RuleCase(
            "INDEX_SEARCHABLE_TYPE",
            """
            zone Z
            record N in Z { a: Int64? @searchable }
            """,
            ["2:27-2:38 error INDEX_SEARCHABLE_TYPE"],
            clean: """
                zone Z
                record N in Z { a: [String]? @searchable }
                """),
        RuleCase(
            "INDEX_SORTABLE_LIST",
            """
            zone Z
            record N in Z { a: [Int64]? @sortable }
            """,
            ["2:29-2:38 warning INDEX_SORTABLE_LIST"],
            clean: """
                zone Z
                record N in Z { a: Int64? @sortable }
                """),
    ]

    @Test(arguments: cases) func rule(_ c: RuleCase) { check(c) }

    /// INDEX_QUERY_ALL reads .ckdb record types (only they can declare system fields), so the
    /// schema is built directly, as the .ckdb importer would produce it.
    @Test func indexQueryAllOnCkdbRecordTypes() {
        let name = SourceRange(
            file: "schema.ckdb", start: SourcePosition(line: 3, column: 20, offset: 40),
            end: SourcePosition(line: 3, column: 26, offset: 46))
        func record(queryableRecordID: Bool) -> RecordType {
            RecordType(
                name: "Recipe",
                fields: [
                    Field(name: "___recordID", type: .reference(target: nil), indexes: queryableRecordID ? [.queryable] : [], isSystem: true),
                    Field(name: "title", type: .string),
                ],
                grants: [Grant(permissions: .read, grantee: .world)], format: .ckdb, spans: SourceSpans(name: name))
        }
        let found = Linter.findings(LintInput(schema: Schema(recordTypes: [record(queryableRecordID: false)])))
        #expect(describe(found.filter { $0.id == "INDEX_QUERY_ALL" }) == ["3:20-3:26 info INDEX_QUERY_ALL"])
        let clean = Linter.findings(LintInput(schema: Schema(recordTypes: [record(queryableRecordID: true)])))
        #expect(!clean.contains { $0.id == "INDEX_QUERY_ALL" })
        // .ckdb record types carry no zone, so zone rules skip them.
        #expect(!found.contains { $0.id == "RECORD_DEFAULT_ZONE" || $0.id == "GRANT_NOT_PUBLIC" })
    }
}
