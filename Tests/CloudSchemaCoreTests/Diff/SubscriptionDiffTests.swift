import Testing

@testable import CloudSchemaCore

/// Subscriptions in `cloudschema diff`: saved per user at run time, so a removed or changed one
/// lingers on devices in the field (warnings); compared by subscription ID.
@Suite("Subscription changes")
struct SubscriptionDiffTests {
    static let records = "zone Z\nrecord Bed in Z { name: String @queryable }\n"

    @Test func aRemovedSubscriptionIsAWarning() {
        let before = Self.records + "subscription Beds on Bed\nsubscription All database private\n"
        let after = Self.records + "subscription Beds on Bed\n"
        #expect(findings(before, after) == ["SUBSCRIPTION_REMOVED (deployed 4:14)"])
        #expect(!compare(before, after).isBreaking)
    }

    @Test func aChangedSubscriptionWithItsOldIDIsAWarning() {
        let before = Self.records + "subscription Beds on Bed fires create\n"
        #expect(
            findings(before, Self.records + "subscription Beds on Bed where name == \"x\" fires create\n") == ["SUBSCRIPTION_CHANGED 3:14"])
        #expect(findings(before, Self.records + "subscription Beds on Bed @silent\n") == ["SUBSCRIPTION_CHANGED 3:14"])
        // A new ID is a new subscription (and the old one a removal).
        #expect(
            findings(before, Self.records + "subscription Beds on Bed where name == \"x\" @name(\"Beds-v2\")\n")
                == ["SUBSCRIPTION_REMOVED (deployed 3:14)"])
    }

    @Test func addingOrRenamingInSwiftIsSafe() {
        let before = Self.records + "subscription Beds on Bed\n"
        #expect(safeKinds(before, Self.records + "subscription Beds on Bed\nsubscription Zone zone Z\n") == [.subscriptionAdded])
        #expect(safeKinds(before, Self.records + "/// Documented now.\nsubscription BedWatch on Bed @name(\"Beds\")\n") == [])
    }
}
