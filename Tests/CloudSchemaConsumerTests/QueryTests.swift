import CloudSchemaConsumerGarden
import CloudSchemaConsumerQueries
import CloudSchemaRuntime
import Foundation
import Testing

/// One predicate built through the generated `QueryFields` and the format and arguments it must have.
struct PredicateCase: Sendable, CustomTestStringConvertible {
    var label: String
    var predicate: QueryPredicate<Sample>
    var format: String
    var arguments: [QueryArgument]

    var testDescription: String { label }
}

private let day = Date(timeIntervalSince1970: 1_700_000_000)
private let later = Date(timeIntervalSince1970: 1_800_000_000)
private let someUUID = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
private let ownerRef = Reference<Owner>(recordID: id("owner-1"))
private let untypedRef = RecordReference(recordID: id("any-1"))
private let here = Location(latitude: 51.5, longitude: -0.12)
private let f = Sample.queryFields

private func p(
    _ label: String, _ predicate: QueryPredicate<Sample>, _ format: String, _ arguments: [QueryArgument]
) -> PredicateCase {
    PredicateCase(label: label, predicate: predicate, format: format, arguments: arguments)
}

/// Sample (Queries.cloudschema) has every index and type combination the generator makes a handle for.
@Suite struct QueryPredicateTests {
    static let cases: [PredicateCase] = [
        // String, QUERYABLE + SORTABLE (+ SEARCHABLE): equality, IN, BEGINSWITH, ranges.
        p("String queryable ==", f.title == "Basil", "%K == %@", [.key("title"), .value("Basil")]),
        p("String queryable !=", f.title != "Basil", "%K != %@", [.key("title"), .value("Basil")]),
        p("String queryable IN", f.title.in(["a", "b"]), "%K IN %@", [.key("title"), .value(["a", "b"])]),
        p("String queryable BEGINSWITH", f.title.beginsWith("Ba"), "%K BEGINSWITH %@", [.key("title"), .value("Ba")]),
        p("String sortable <", f.title < "m", "%K < %@", [.key("title"), .value("m")]),
        p("String sortable <=", f.title <= "m", "%K <= %@", [.key("title"), .value("m")]),
        p("String sortable >", f.title > "m", "%K > %@", [.key("title"), .value("m")]),
        p("String sortable >=", f.title >= "m", "%K >= %@", [.key("title"), .value("m")]),
        p("String sortable BETWEEN", f.title.between("a", "m"), "%K BETWEEN %@", [.key("title"), .value(["a", "m"])]),
        // Optional String, QUERYABLE only: the handle takes the wrapped type.
        p("String? queryable ==", f.subtitle == "x", "%K == %@", [.key("subtitle"), .value("x")]),
        p("String? queryable !=", f.subtitle != "x", "%K != %@", [.key("subtitle"), .value("x")]),
        p("String? queryable IN", f.subtitle.in(["x"]), "%K IN %@", [.key("subtitle"), .value(["x"])]),
        p("String? queryable BEGINSWITH", f.subtitle.beginsWith("x"), "%K BEGINSWITH %@", [.key("subtitle"), .value("x")]),
        // Int64, QUERYABLE + SORTABLE (ranges need both; a SORTABLE-only field only sorts).
        p("Int64 queryable ==", f.size == 3, "%K == %@", [.key("size"), .value(3)]),
        p("Int64 queryable !=", f.size != 3, "%K != %@", [.key("size"), .value(3)]),
        p("Int64 queryable IN", f.size.in([3, 4]), "%K IN %@", [.key("size"), .value([3, 4])]),
        p("Int64 sortable <", f.size < 3, "%K < %@", [.key("size"), .value(3)]),
        p("Int64 sortable <=", f.size <= 3, "%K <= %@", [.key("size"), .value(3)]),
        p("Int64 sortable >", f.size > 3, "%K > %@", [.key("size"), .value(3)]),
        p("Int64 sortable >=", f.size >= 3, "%K >= %@", [.key("size"), .value(3)]),
        p("Int64 sortable BETWEEN", f.size.between(1, 9), "%K BETWEEN %@", [.key("size"), .value([1, 9])]),
        // Int, QUERYABLE + SORTABLE: stored as INT64.
        p("Int queryable ==", f.count == 2, "%K == %@", [.key("count"), .value(.int64(2))]),
        p("Int queryable !=", f.count != 2, "%K != %@", [.key("count"), .value(.int64(2))]),
        p("Int queryable IN", f.count.in([1, 2]), "%K IN %@", [.key("count"), .value([1, 2])]),
        p("Int sortable <", f.count < 2, "%K < %@", [.key("count"), .value(2)]),
        p("Int sortable <=", f.count <= 2, "%K <= %@", [.key("count"), .value(2)]),
        p("Int sortable >", f.count > 2, "%K > %@", [.key("count"), .value(2)]),
        p("Int sortable >=", f.count >= 2, "%K >= %@", [.key("count"), .value(2)]),
        p("Int sortable BETWEEN", f.count.between(1, 3), "%K BETWEEN %@", [.key("count"), .value([1, 3])]),
        // Double?, QUERYABLE + SORTABLE.
        p("Double queryable ==", f.score == 1.5, "%K == %@", [.key("score"), .value(1.5)]),
        p("Double queryable !=", f.score != 1.5, "%K != %@", [.key("score"), .value(1.5)]),
        p("Double queryable IN", f.score.in([1.5]), "%K IN %@", [.key("score"), .value([1.5])]),
        p("Double sortable <", f.score < 1.5, "%K < %@", [.key("score"), .value(1.5)]),
        p("Double sortable <=", f.score <= 1.5, "%K <= %@", [.key("score"), .value(1.5)]),
        p("Double sortable >", f.score > 1.5, "%K > %@", [.key("score"), .value(1.5)]),
        p("Double sortable >=", f.score >= 1.5, "%K >= %@", [.key("score"), .value(1.5)]),
        p("Double sortable BETWEEN", f.score.between(0.5, 2.5), "%K BETWEEN %@", [.key("score"), .value([0.5, 2.5])]),
        // Date, QUERYABLE + SORTABLE.
        p("Date queryable ==", f.seen == day, "%K == %@", [.key("seen"), .value(.date(day))]),
        p("Date queryable !=", f.seen != day, "%K != %@", [.key("seen"), .value(.date(day))]),
        p("Date queryable IN", f.seen.in([day]), "%K IN %@", [.key("seen"), .value(.list([.date(day)]))]),
        p("Date sortable <", f.seen < day, "%K < %@", [.key("seen"), .value(.date(day))]),
        p("Date sortable <=", f.seen <= day, "%K <= %@", [.key("seen"), .value(.date(day))]),
        p("Date sortable >", f.seen > day, "%K > %@", [.key("seen"), .value(.date(day))]),
        p("Date sortable >=", f.seen >= day, "%K >= %@", [.key("seen"), .value(.date(day))]),
        p(
            "Date sortable BETWEEN", f.seen.between(day, later), "%K BETWEEN %@",
            [.key("seen"), .value(.list([.date(day), .date(later)]))]),
        // Bool, UUID, URL: QUERYABLE equality only, stored as INT64 / STRING.
        p("Bool queryable ==", f.flag == true, "%K == %@", [.key("flag"), .value(1)]),
        p("Bool queryable !=", f.flag != true, "%K != %@", [.key("flag"), .value(1)]),
        p("Bool queryable IN", f.flag.in([false]), "%K IN %@", [.key("flag"), .value([0])]),
        p("UUID queryable ==", f.uuid == someUUID, "%K == %@", [.key("uuid"), .value(.string(someUUID.uuidString))]),
        p("UUID queryable !=", f.uuid != someUUID, "%K != %@", [.key("uuid"), .value(.string(someUUID.uuidString))]),
        p("UUID queryable IN", f.uuid.in([someUUID]), "%K IN %@", [.key("uuid"), .value(.list([.string(someUUID.uuidString)]))]),
        p(
            "URL queryable ==", f.link == URL(string: "https://example.com")!, "%K == %@",
            [.key("link"), .value("https://example.com")]),
        p(
            "URL queryable !=", f.link != URL(string: "https://example.com")!, "%K != %@",
            [.key("link"), .value("https://example.com")]),
        p(
            "URL queryable IN", f.link.in([URL(string: "https://example.com")!]), "%K IN %@",
            [.key("link"), .value(["https://example.com"])]),
        // Enums: by raw value.
        p("String enum queryable ==", f.kind == .small, "%K == %@", [.key("kind"), .value("small")]),
        p("String enum queryable !=", f.kind != .small, "%K != %@", [.key("kind"), .value("small")]),
        p("String enum queryable IN", f.kind.in([.small, .large]), "%K IN %@", [.key("kind"), .value(["small", "large"])]),
        p("Int64 enum queryable ==", f.level == .high, "%K == %@", [.key("level"), .value(2)]),
        p("Int64 enum queryable !=", f.level != .high, "%K != %@", [.key("level"), .value(2)]),
        p("Int64 enum queryable IN", f.level.in([.low]), "%K IN %@", [.key("level"), .value([1])]),
        // References, typed and untyped.
        p("Reference<T> queryable ==", f.owner == ownerRef, "%K == %@", [.key("owner"), .value(.reference(ownerRef.untyped))]),
        p("Reference<T> queryable !=", f.owner != ownerRef, "%K != %@", [.key("owner"), .value(.reference(ownerRef.untyped))]),
        p(
            "Reference<T> queryable IN", f.owner.in([ownerRef]), "%K IN %@",
            [.key("owner"), .value(.list([.reference(ownerRef.untyped)]))]),
        p("Reference queryable ==", f.anything == untypedRef, "%K == %@", [.key("anything"), .value(.reference(untypedRef))]),
        p("Reference queryable !=", f.anything != untypedRef, "%K != %@", [.key("anything"), .value(.reference(untypedRef))]),
        p(
            "Reference queryable IN", f.anything.in([untypedRef]), "%K IN %@",
            [.key("anything"), .value(.list([.reference(untypedRef)]))]),
        // Location: distance, radius in kilometers.
        p(
            "Location queryable distanceToLocation", f.place.isWithin(kilometers: 5, of: here),
            "distanceToLocation:fromLocation:(%K, %@) < %@", [.key("place"), .value(.location(here)), .value(5.0)]),
        // Lists: CONTAINS an element.
        p("[String] queryable CONTAINS", f.tags.contains("herb"), "%K CONTAINS %@", [.key("tags"), .value("herb")]),
        p("[Int64] queryable CONTAINS", f.numbers.contains(7), "%K CONTAINS %@", [.key("numbers"), .value(7)]),
        p(
            "[Reference<T>] queryable CONTAINS", f.owners.contains(ownerRef), "%K CONTAINS %@",
            [.key("owners"), .value(.reference(ownerRef.untyped))]),
        // SEARCHABLE: tokenized full text over the record.
        p("searchable self CONTAINS", f.textSearch.contains("tomato basil"), "self CONTAINS %@", [.value("tomato basil")]),
        // AND and NOT (there is no OR).
        p(
            "AND", f.title == "a" && f.size < 3, "(%K == %@) AND (%K < %@)",
            [.key("title"), .value("a"), .key("size"), .value(3)]),
        p("NOT", !(f.tags.contains("x")), "NOT (%K CONTAINS %@)", [.key("tags"), .value("x")]),
        p(
            "NOT of AND", !(f.count == 1 && f.flag == false), "NOT ((%K == %@) AND (%K == %@))",
            [.key("count"), .value(1), .key("flag"), .value(0)]),
        p(
            "AND of three", f.title == "a" && f.size < 3 && !(f.score == 1), "((%K == %@) AND (%K < %@)) AND (NOT (%K == %@))",
            [.key("title"), .value("a"), .key("size"), .value(3), .key("score"), .value(1.0)]),
        p("all AND x is x", .all && f.title == "a", "%K == %@", [.key("title"), .value("a")]),
    ]

    @Test(arguments: cases)
    func predicateFormatAndArguments(_ item: PredicateCase) {
        #expect(item.predicate.format == item.format)
        #expect(item.predicate.arguments == item.arguments)
    }

    @Test func sortsOnlyOnSortableFields() {
        let sorts: [QuerySort<Sample>] = [
            f.title.ascending, f.rank.descending, f.size.ascending, f.count.ascending, f.score.descending,
            f.seen.ascending, f.kind.descending,
        ]
        #expect(sorts.map(\.key) == ["title", "rank", "size", "count", "score", "seen", "kind"])
        #expect(sorts.map(\.ascending) == [true, false, true, true, false, true, false])
    }

    @Test func aQueryHasTheRecordTypePredicateAndSortsInOrder() {
        let query = Sample.query { $0.title.beginsWith("To") && $0.count >= 2 }
            .filter { !($0.flag == true) }
            .sorted { $0.seen.descending }
            .sorted { $0.title.ascending }
        #expect(query.recordType == "Sample")
        #expect(query.predicate.format == "((%K BEGINSWITH %@) AND (%K >= %@)) AND (NOT (%K == %@))")
        #expect(query.predicate.arguments == [.key("title"), .value("To"), .key("count"), .value(2), .key("flag"), .value(1)])
        #expect(query.sorts == [f.seen.descending, f.title.ascending])
    }

    @Test func everyRecordTypeCanQueryAllItsRecords() {
        let all = Bare.query()
        #expect(all.recordType == "Bare")
        #expect(all.predicate.format == "TRUEPREDICATE" && all.predicate.arguments.isEmpty)
        #expect(all.sorts.isEmpty)
        #expect(Sample.query().filter { $0.size > 1 }.predicate.format == "%K > %@")
    }

    @Test func gardenExample() {
        let query = Bed.query { $0.name.beginsWith("North") && $0.tags.contains("herb") }.sorted { $0.name.ascending }
        #expect(query.recordType == "Bed")
        #expect(query.predicate.format == "(%K BEGINSWITH %@) AND (%K CONTAINS %@)")
        #expect(query.predicate.arguments == [.key("name"), .value("North"), .key("tags"), .value("herb")])
        #expect(Bed.query { $0.textSearch.contains("raised") }.predicate.format == "self CONTAINS %@")
        // plantedOn is SORTABLE only: it sorts, it doesn't filter.
        #expect(Plant.query { $0.name == "Basil" }.sorted { $0.plantedOn.descending }.sorts.map(\.key) == ["plantedOn"])
    }
}
