import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

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

    /// CKRecord.encryptedValues takes every type but assets and references, and CKTool JS
    /// documents encrypted string, double and bytes lists: an encrypted list is no finding.
    @Test func encryptedListsAreAllowed() {
        let found = lintFindings("zone Z\nrecord N in Z {\n    a: [String]? @encrypted\n    b: [Double]? @encrypted\n}\n")
        #expect(describe(found) == [])
    }

    /// INDEX_QUERY_ALL reads .ckdb record types (only they can declare system fields), and only
    /// the ones that grant public reads: READ to _world or _icloud, in grants other than the three
    /// defaults cktool writes on every type (a private Note carries them too); neither a Core Data
    /// mirror nor one of CloudKit's own.
    @Test func indexQueryAllOnPublicCkdbRecordTypes() {
        let source = """
            DEFINE SCHEMA
                RECORD TYPE Recipe (title STRING, GRANT READ TO "_world");
                RECORD TYPE Menu ("___recordID" REFERENCE QUERYABLE, GRANT READ TO "_world");
                RECORD TYPE Draft (title STRING);
                RECORD TYPE Note (title STRING, GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world");
                RECORD TYPE Diary (title STRING, GRANT READ, WRITE TO "_creator");
                RECORD TYPE Board (title STRING, GRANT READ, CREATE, WRITE TO "_icloud");
                RECORD TYPE CD_Recipe (CD_title STRING, GRANT READ TO "_world");
                RECORD TYPE CDMR (CD_entityNames STRING, GRANT READ TO "_world");
                RECORD TYPE Users (roles LIST<INT64>, GRANT READ TO "_world");
                RECORD TYPE "cloudkit.share" ("cloudkit.title" STRING, GRANT READ TO "_world");
            """
        let found = lintFindings(source, file: "schema.ckdb")
        #expect(
            describe(found.filter { $0.id == "INDEX_QUERY_ALL" }) == ["2:17-2:23 info INDEX_QUERY_ALL", "7:17-7:22 info INDEX_QUERY_ALL"])
        // .ckdb record types carry no zone, so zone rules skip them.
        #expect(!found.contains { $0.id == "RECORD_DEFAULT_ZONE" || $0.id == "GRANT_NOT_PUBLIC" })
    }
}
