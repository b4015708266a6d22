import Testing

@testable import CloudSchemaCore

/// Databases, zones, grants and sharing.
@Suite struct DatabaseRuleTests {
    static let cases: [RuleCase] = [
        RuleCase(
            "PUBLIC_NO_GRANTS",
            """
            record P in public { a: String? }
            """,
            ["1:8-1:9 warning PUBLIC_NO_GRANTS"],
            clean: """
                record P in public { a: String?
                    grant read to world }
                """),
        RuleCase(
            "GRANT_NOT_PUBLIC",
            """
            zone Z
            record N in Z {
                a: String?
                grant read to world
            }
            """,
            ["4:5-4:24 warning GRANT_NOT_PUBLIC"],
            clean: """
                record N in public {
                    a: String?
                    grant read to world
                }
                """),
        RuleCase(
            "RECORD_DEFAULT_ZONE",
            """
            record N { a: String? }
            record M in private { a: String? }
            """,
            ["1:8-1:9 warning RECORD_DEFAULT_ZONE", "2:13-2:20 warning RECORD_DEFAULT_ZONE"],
            clean: """
                zone Z
                record N in Z { a: String? }
                """),
        RuleCase(
            "SHARE_PUBLIC",
            """
            record P in public @shareable { a: String?
                grant read to world }
            """,
            ["1:20-1:30 error SHARE_PUBLIC"],
            clean: """
                zone Z
                record P in Z @shareable { a: String? }
                """),
        RuleCase(
            "SHARE_DEFAULT_ZONE",
            """
            record P @shareable { a: String? }
            """,
            ["1:10-1:20 error SHARE_DEFAULT_ZONE"],
            clean: """
                zone Z
                record P in Z @shareable { a: String? }
                """),
        RuleCase(
            "SHARE_ROOT_PARENT",
            """
            zone Z
            record A in Z { n: String? }
            record B in Z @shareable { a: Reference<A>? @parent }
            """,
            ["3:45-3:52 error SHARE_ROOT_PARENT"],
            clean: """
                zone Z
                record A in Z @shareable { n: String? }
                record B in Z { a: Reference<A>? @parent }
                """),
        RuleCase(
            "SHARE_CHILD_ZONE",
            """
            zone Z
            zone Y
            record A in Z @shareable { n: String? }
            record B in Y { a: Reference<A>? @parent }
            """,
            ["4:20-4:33 error SHARE_CHILD_ZONE"],
            clean: """
                zone Z
                zone Y
                record A in Z @shareable { n: String? }
                record B in Z { a: Reference<A>? @parent }
                """),
        RuleCase(
            "ZONE_LIMIT",
            (1...1001).map { "zone Z\($0)\n" }.joined(),
            ["1001:6-1001:11 error ZONE_LIMIT"],
            clean: (1...1000).map { "zone Z\($0)\n" }.joined()),
    ]

    @Test(arguments: cases) func rule(_ c: RuleCase) { check(c) }
}
