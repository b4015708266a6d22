import CloudSchemaConsumerQueries
import CloudSchemaRuntime
import Foundation
import Testing

/// The subscriptions `Queries.cloudschema` declares, as the generated code makes them, and the
/// idempotent save against an in-memory store that refuses what CloudKit refuses.
struct SubscriptionTests {
    @Test func queryPredicatesAreBuiltByTheTypedQueryRuntime() throws {
        // subscription LargeSamples on Sample where kind == .large && size >= 10 && title.beginsWith("A")
        //     && !(flag == true) && tags.contains("x") && level.in([.low, .high]) fires create, update @silent
        let large = SchemaRegistry.Subscriptions.largeSamples
        #expect(large.id == "LargeSamples" && large.database == .private && large.notification == .silent)
        guard case .query(let recordType, let format, let arguments, let zoneID, let events) = large.kind else {
            Issue.record("not a query subscription: \(large.kind)")
            return
        }
        #expect(recordType == "Sample" && zoneID == RecordZoneID(zoneName: "Fixtures") && events == [.create, .update])
        #expect(
            format
                == "(((((%K == %@) AND (%K >= %@)) AND (%K BEGINSWITH %@)) AND (NOT (%K == %@))) AND (%K CONTAINS %@)) AND (%K IN %@)")
        #expect(
            arguments == [
                .key("kind"), .value(.string("large")), .key("size"), .value(.int64(10)), .key("title"), .value(.string("A")),
                .key("flag"), .value(.int64(1)), .key("tags"), .value(.string("x")), .key("level"), .value(.list([.int64(1), .int64(2)])),
            ])

        // subscription Searches on Sample where textSearch.contains("tomato") && count.between(1, 9) && score < 2.5
        //     && uuid == "6E4C3B1A-…" fires create @alert("A new sample")
        let searches = SchemaRegistry.Subscriptions.searches
        #expect(searches.notification == .alert("A new sample"))
        guard case .query(_, let searchFormat, let searchArguments, _, let searchEvents) = searches.kind else {
            Issue.record("not a query subscription: \(searches.kind)")
            return
        }
        #expect(searchEvents == [.create])
        #expect(searchFormat == "(((self CONTAINS %@) AND (%K BETWEEN %@)) AND (%K < %@)) AND (%K == %@)")
        #expect(
            searchArguments == [
                .value(.string("tomato")), .key("count"), .value(.list([.int64(1), .int64(9)])), .key("score"), .value(.double(2.5)),
                .key("uuid"), .value(.string("6E4C3B1A-0000-4000-8000-000000000001")),
            ])
    }

    @Test func everyKindWithItsDatabase() {
        #expect(
            SchemaRegistry.subscriptions.map(\.id) == [
                "LargeSamples", "Searches", "AllOwners", "FixtureChanges", "everything-v1", "Participants",
            ])
        #expect(
            SchemaRegistry.Subscriptions.allOwners.kind
                == .query(
                    recordType: "Owner", format: "TRUEPREDICATE", arguments: [], zoneID: RecordZoneID(zoneName: "Fixtures"), firesOn: .all))
        #expect(
            SchemaRegistry.Subscriptions.fixtureChanges
                == .zone(id: "FixtureChanges", RecordZoneID(zoneName: "Fixtures"), notification: .silent))
        #expect(
            SchemaRegistry.Subscriptions.everything
                == SchemaSubscription(id: "everything-v1", kind: .database, database: .private, notification: .none))
        #expect(SchemaRegistry.Subscriptions.participants.database == .shared)
    }

    @Test func savingMissingSubscriptionsIsIdempotent() async throws {
        let store = InMemorySubscriptionStore(scope: .private)
        let first = try await store.saveMissingSubscriptions(SchemaRegistry.subscriptions)
        // The private database's five; the shared database's one is left for its own store.
        #expect(
            first == SubscriptionChanges(saved: ["LargeSamples", "Searches", "AllOwners", "FixtureChanges", "everything-v1"], deleted: []))
        let second = try await store.saveMissingSubscriptions(SchemaRegistry.subscriptions)
        #expect(second == SubscriptionChanges(saved: [], deleted: []))
        #expect(await store.modifyCount == 1)  // the second call only fetched
        #expect(await store.subscriptionIDs() == ["AllOwners", "FixtureChanges", "LargeSamples", "Searches", "everything-v1"])
    }

    @Test func undeclaredSubscriptionsAreDeletedOnlyWhenAsked() async throws {
        let old = SchemaSubscription.database(id: "old-v0", .private)
        let store = InMemorySubscriptionStore(scope: .private, subscriptions: [old, SchemaRegistry.Subscriptions.searches])
        let kept = try await store.saveMissingSubscriptions(SchemaRegistry.subscriptions)
        #expect(kept.saved == ["LargeSamples", "AllOwners", "FixtureChanges", "everything-v1"] && kept.deleted == [])
        #expect(await store.subscriptions["old-v0"] == old)
        let pruned = try await store.saveMissingSubscriptions(SchemaRegistry.subscriptions, deletingUndeclared: true)
        #expect(pruned == SubscriptionChanges(saved: [], deleted: ["old-v0"]))
        #expect(await store.subscriptions["old-v0"] == nil)
    }

    @Test func theSharedDatabaseGetsOnlyItsDatabaseSubscription() async throws {
        let store = InMemorySubscriptionStore(scope: .shared)
        let changes = try await store.saveMissingSubscriptions(SchemaRegistry.subscriptions)
        #expect(changes.saved == ["Participants"])
    }

    @Test func theStoreRefusesWhatCloudKitRefuses() async {
        let shared = InMemorySubscriptionStore(scope: .shared)
        await #expect(
            throws: SubscriptionRejected(id: "LargeSamples", reason: "query subscriptions are not supported in the shared database")
        ) {
            try await shared.modifySubscriptions(saving: [SchemaRegistry.Subscriptions.largeSamples], deleting: [])
        }
        let publicStore = InMemorySubscriptionStore(scope: .public)
        await #expect(
            throws: SubscriptionRejected(id: "all", reason: "database subscriptions are supported only in the private and shared databases")
        ) {
            try await publicStore.modifySubscriptions(saving: [.database(id: "all", .public)], deleting: [])
        }
        let privateStore = InMemorySubscriptionStore(scope: .private)
        await #expect(throws: SubscriptionRejected(id: "default", reason: "zone subscriptions need a custom zone of the private database"))
        {
            try await privateStore.modifySubscriptions(saving: [.zone(id: "default", .default)], deleting: [])
        }
        await #expect(throws: SubscriptionRejected(id: "nope", reason: "unknown subscription ID")) {
            try await privateStore.modifySubscriptions(saving: [], deleting: ["nope"])
        }
    }
}
