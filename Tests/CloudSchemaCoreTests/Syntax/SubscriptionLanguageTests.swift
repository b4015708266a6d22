import Testing

@testable import CloudSchemaCore

/// `subscription` declarations (language.md): the three forms, their predicate (written like a
/// typed query), events and notification, and every mistake with its exact range.
struct SubscriptionLanguageTests {
    static let garden = """
        zone GardenBeds
        record Bed in GardenBeds {
            name: String @queryable @sortable @searchable
            sunHours: Int64 = 6 @queryable @sortable
            tags: [String] = [] @queryable
            status: Status = .open @queryable
            notes: String? @encrypted
            where_: Bool = false @queryable
        }
        enum Status: String { open, closed }

        """

    @Test func theThreeFormsReadAsWritten() throws {
        let loaded = load(
            Self.garden + """
                /// Herb beds in the north.
                subscription HerbBeds on Bed where tags.contains("herb") && name.beginsWith("North") fires create, update @silent
                subscription BedChanges zone GardenBeds @silent
                subscription Everything database private @alert("Your garden changed") @name("everything-v1")
                subscription AllBeds on Bed
                """)
        #expect(loaded.diagnostics.map(\.compact) == [])
        let subscriptions = loaded.schema.subscriptions
        #expect(subscriptions.map(\.name) == ["HerbBeds", "BedChanges", "Everything", "AllBeds"])
        #expect(subscriptions.map(\.id) == ["HerbBeds", "BedChanges", "everything-v1", "AllBeds"])

        let herb = subscriptions[0]
        #expect(herb.doc == "Herb beds in the north.")
        #expect(herb.target == .query(recordType: "Bed"))
        #expect(herb.events == [.create, .update])
        #expect(herb.notification == .silent)
        #expect(
            herb.predicate
                == .and([
                    .condition(QueryCondition(field: "tags", operator: .contains, values: [.string("herb")])),
                    .condition(QueryCondition(field: "name", operator: .beginsWith, values: [.string("North")])),
                ]))
        #expect(herb.predicate?.conditions.map { $0.fieldSpan.map { "\($0.start.line):\($0.start.column)" } } == ["12:36", "12:61"])

        #expect(subscriptions[1].target == .zone("GardenBeds"))
        #expect(subscriptions[1].events == Subscription.Event.allCases)
        #expect(subscriptions[2].target == .database(.private))
        #expect(subscriptions[2].notification == .alert("Your garden changed"))
        #expect(subscriptions[3].predicate == nil && subscriptions[3].notification == Subscription.Notification.none)
    }

    @Test func everyOperatorOfTypedQueries() throws {
        let loaded = load(
            Self.garden + """
                subscription S on Bed where name == "a" && name != "b" && sunHours < 1 && sunHours <= 2 && sunHours > 3 && sunHours >= 4 && !(status.in([.open, .closed]) && sunHours.between(1, 9)) && textSearch.contains("tomato") && where_ == true
                """)
        #expect(loaded.diagnostics.map(\.compact) == [])
        let predicate = try #require(loaded.schema.subscriptions.first?.predicate)
        #expect(
            predicate.conditions.map { "\($0.field ?? "-") \($0.operator.rawValue) \($0.values.map(\.description))" } == [
                #"name == ["\"a\""]"#, #"name != ["\"b\""]"#, "sunHours < [\"1\"]", "sunHours <= [\"2\"]", "sunHours > [\"3\"]",
                "sunHours >= [\"4\"]", "status IN [\"[.open, .closed]\"]", "sunHours BETWEEN [\"1\", \"9\"]",
                #"- self CONTAINS ["\"tomato\""]"#, "where_ == [\"true\"]",
            ])
        guard case .and(let terms) = predicate, case .not(.and(let inner)) = terms[6] else {
            Issue.record("expected !( a && b ) as the seventh term: \(predicate)")
            return
        }
        #expect(inner.count == 2)
    }

    static let mistakes: [(String, [String])] = [
        ("subscription S on Bde", ["TYPE_UNKNOWN 11:19-11:22"]),
        ("subscription S on Status", ["TYPE_MISPLACED 11:19-11:25"]),
        ("subscription S zone Gardenbeds", ["ZONE_UNKNOWN 11:21-11:31"]),
        ("subscription S database everywhere", ["SYNTAX_ERROR 11:25-11:35"]),
        ("subscription S", ["SYNTAX_ERROR 12:1-12:1"]),
        ("subscription S on Bed where nme == \"x\"", ["SUBSCRIPTION_PREDICATE_INVALID 11:29-11:32"]),
        ("subscription S on Bed where name.contains(\"x\")", ["SUBSCRIPTION_PREDICATE_INVALID 11:34-11:42"]),
        ("subscription S on Bed where tags.beginsWith(\"x\")", ["SUBSCRIPTION_PREDICATE_INVALID 11:34-11:44"]),
        ("subscription S on Bed where tags == [\"x\"]", ["SUBSCRIPTION_PREDICATE_INVALID 11:29-11:42"]),
        ("subscription S on Bed where sunHours == \"six\"", ["SUBSCRIPTION_PREDICATE_INVALID 11:41-11:46"]),
        ("subscription S on Bed where status == .opne", ["SUBSCRIPTION_PREDICATE_INVALID 11:39-11:44"]),
        ("subscription S on Bed where sunHours.between(1)", ["SUBSCRIPTION_PREDICATE_INVALID 11:29-11:48"]),
        ("subscription S on Bed where name.sortedBy(\"x\")", ["SUBSCRIPTION_PREDICATE_INVALID 11:34-11:42"]),
        ("subscription S on Bed where name == \"a\" || name == \"b\"", ["SYNTAX_ERROR 11:41-11:43"]),
        ("subscription S on Bed where name = \"a\"", ["SYNTAX_ERROR 11:34-11:35"]),
        ("subscription S on Bed where name == \"a\" & sunHours > 1", ["SYNTAX_ERROR 11:41-11:42"]),
        ("subscription S on Bed where (name == \"a\"", ["SYNTAX_ERROR 12:1-12:1"]),
        ("subscription S zone GardenBeds where name == \"a\"", ["SYNTAX_ERROR 11:32-11:37"]),
        ("subscription S database private fires create", ["SYNTAX_ERROR 11:33-11:38"]),
        ("subscription S on Bed fires create, rename", ["SYNTAX_ERROR 11:37-11:43"]),
        ("subscription S on Bed fires create, create", ["SYNTAX_ERROR 11:37-11:43"]),
        ("subscription S on Bed @silent @alert(\"x\")", ["ATTRIBUTE_MISPLACED 11:31-11:42"]),
        ("subscription S on Bed @queryable", ["ATTRIBUTE_MISPLACED 11:23-11:33"]),
        ("subscription S on Bed\nsubscription S zone GardenBeds", ["NAME_DUPLICATE 12:14-12:15"]),
        // One mistake in a predicate reports one error; the declarations after it still resolve.
        (
            "subscription S on Bed where nme == 1 && tags.contains(2)\nsubscription T on Bde",
            [
                "SUBSCRIPTION_PREDICATE_INVALID 11:29-11:32", "SUBSCRIPTION_PREDICATE_INVALID 11:55-11:56", "TYPE_UNKNOWN 12:19-12:22",
            ]
        ),
    ]

    @Test(arguments: mistakes) func eachMistakeIsOneLocatedError(_ source: String, _ expected: [String]) {
        #expect(findings(Self.garden + source + "\n") == expected)
    }

    @Test func messagesSayWhatToDo() {
        let messages = load(
            Self.garden + """
                subscription A on Bed where name.contains("x")
                subscription B on Bed where nme == "x"
                subscription C on Bed where name == "a" || name == "b"
                """
        ).diagnostics.map(\.message)
        #expect(
            messages == [
                "'contains' does not apply to 'name' of type String; it offers ==, !=, .in(…), .beginsWith(…), <, <=, >, >=, .between(…)",
                "record type 'Bed' has no field 'nme'; did you mean 'name'?",
                "CloudKit predicates have no OR ('||'); declare one subscription per alternative",
            ])
    }

    @Test func subscriptionIsAKeywordThatBackticksTurnIntoAName() {
        #expect(findings("record A {\n    subscription: String\n}\n") == ["SYNTAX_ERROR 2:5-2:17"])
        #expect(findings("record A {\n    `subscription`: String\n}\n") == [])
    }

    @Test func deepNestingIsOneError() {
        let source =
            Self.garden + "subscription S on Bed where " + String(repeating: "!(", count: 40) + "name == \"a\""
            + String(repeating: ")", count: 40)
        #expect(findings(source).count == 1)
    }

    @Test func longAndChainsStayFlat() throws {
        let source = Self.garden + "subscription S on Bed where " + Array(repeating: "sunHours > 1", count: 5_000).joined(separator: " && ")
        let loaded = load(source)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.schema.subscriptions.first?.predicate?.conditions.count == 5_000)
    }

    @Test func formatWritesOneCanonicalLine() {
        let source = """
            /// Doc.
            subscription   HerbBeds on Bed where ( name=="x" /* why */ && !  (sunHours>=4) ) && tags.contains( "herb" )  fires create,update @name("h") @silent
            subscription Z zone `private` @alert( "Hi" )

            """
        #expect(
            formatted(source) == """
                /// Doc.
                subscription HerbBeds on Bed where (name == "x" /* why */ && !(sunHours >= 4)) && tags.contains("herb") fires create, update @silent @name("h")
                subscription Z zone `private` @alert("Hi")

                """)
    }
}
