import Testing

@testable import CloudSchemaCore

/// Subscriptions and sharing.
@Suite struct SubscriptionRuleTests {
    static let cases: [RuleCase] = [
        RuleCase(
            "SUBSCRIPTION_PREDICATE_INDEX",
            """
            zone Z
            record Bed in Z {
                name: String @queryable
                sunHours: Int64 @queryable
                notes: String? @encrypted
            }
            subscription S on Bed where name == "a" && sunHours > 3 && notes == "x" && textSearch.contains("t")
            """,
            [
                "7:44-7:52 error SUBSCRIPTION_PREDICATE_INDEX", "7:60-7:65 error SUBSCRIPTION_PREDICATE_INDEX",
                "7:76-7:86 error SUBSCRIPTION_PREDICATE_INDEX",
            ],
            clean: """
                zone Z
                record Bed in Z {
                    name: String @queryable @searchable
                    sunHours: Int64 @queryable @sortable
                    notes: String? @encrypted
                }
                subscription S on Bed where name == "a" && sunHours > 3 && textSearch.contains("t")
                """),
        RuleCase(
            "SUBSCRIPTION_QUERY_SHARED",
            """
            zone Z
            record Bed in Z @shareable { name: String @queryable }
            record Plant in Z { bed: Reference<Bed> @parent }
            subscription Beds on Bed
            subscription Plants on Plant
            """,
            ["4:22-4:25 warning SUBSCRIPTION_QUERY_SHARED", "5:24-5:29 warning SUBSCRIPTION_QUERY_SHARED"],
            clean: """
                zone Z
                record Bed in Z @shareable { name: String @queryable }
                record Plant in Z { bed: Reference<Bed> @parent }
                subscription Beds on Bed
                subscription Plants on Plant
                subscription Participants database shared
                """),
        RuleCase(
            "SUBSCRIPTION_ZONE_NOT_CUSTOM",
            """
            subscription A zone private
            subscription B zone public
            """,
            ["1:21-1:28 error SUBSCRIPTION_ZONE_NOT_CUSTOM", "2:21-2:27 error SUBSCRIPTION_ZONE_NOT_CUSTOM"],
            clean: """
                zone Z
                subscription A zone Z
                """),
        RuleCase(
            "SUBSCRIPTION_DATABASE_PUBLIC",
            """
            subscription A database public
            """,
            ["1:25-1:31 error SUBSCRIPTION_DATABASE_PUBLIC"],
            clean: """
                subscription A database shared
                """),
        RuleCase(
            "SUBSCRIPTION_ID_DUPLICATE",
            """
            subscription A database private
            subscription B database shared @name("A")
            """,
            ["2:32-2:42 error SUBSCRIPTION_ID_DUPLICATE"],
            clean: """
                subscription A database private
                subscription B database shared @name("B-v2")
                """),
        RuleCase(
            "SUBSCRIPTION_SYNC_ENGINE",
            """
            zone Z
            record Bed in Z { name: String? }
            subscription Everything database private
            """,
            ["3:14-3:24 info SUBSCRIPTION_SYNC_ENGINE"],
            clean: """
                zone Z
                record Bed in Z { name: String? }
                subscription BedChanges zone Z
                """),
        RuleCase(
            "SHARE_ZONE_AND_HIERARCHY",
            """
            zone Z @shareable
            record Bed in Z @shareable { name: String? }
            """,
            ["2:17-2:27 error SHARE_ZONE_AND_HIERARCHY"],
            clean: """
                zone Z @shareable
                record Bed in Z { name: String? }
                """),
    ]

    @Test(arguments: cases) func rule(_ c: RuleCase) { check(c) }

    /// The index message is the typed-query table's (`QueryOperator.indexProblem`).
    @Test func indexMessagesNameTheMissingIndex() {
        let found = lintFindings(
            """
            zone Z
            record Bed in Z {
                name: String @queryable
                sunHours: Int64 @sortable
                notes: String? @encrypted
            }
            subscription S on Bed where name > "a" && sunHours == 3 && notes == "x"
            """
        ).filter { $0.id == "SUBSCRIPTION_PREDICATE_INDEX" }.map(\.message)
        #expect(
            found == [
                "'>' on 'name' needs @queryable and @sortable, which 'name' lacks; typed queries offer no '>' there",
                "'==' on 'sunHours' needs @queryable, which 'sunHours' lacks; typed queries offer no '==' there",
                "'notes' is @encrypted, and CloudKit cannot query encrypted fields; typed queries have no handle for it",
            ])
    }
}
