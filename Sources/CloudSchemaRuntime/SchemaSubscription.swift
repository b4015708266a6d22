import Foundation

// Subscriptions declared in a schema (`subscription ...`), as values: which records they watch,
// their stable ID, their database and the push they send. Generated code lists them in
// `SchemaRegistry.subscriptions`; `saveMissingSubscriptions` saves them idempotently into any
// `SubscriptionStore` (a `CKDatabase` through `CloudKitSubscriptionStore` on Apple platforms,
// `InMemorySubscriptionStore` in tests); `makeCKSubscription()` (CloudKit/) makes the
// `CKQuerySubscription`, `CKRecordZoneSubscription` or `CKDatabaseSubscription`.

/// A subscription of the schema: a value, testable anywhere.
public struct SchemaSubscription: Hashable, Sendable, Identifiable {
    /// The record changes a query subscription fires on (`CKQuerySubscription.Options`).
    public struct Events: OptionSet, Hashable, Sendable {
        /// The events as bits: create 1, update 2, delete 4.
        public let rawValue: UInt8
        /// The events whose bits `rawValue` sets.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// A matching record was created (`firesOnRecordCreation`).
        public static let create = Events(rawValue: 1)
        /// A matching record was changed (`firesOnRecordUpdate`).
        public static let update = Events(rawValue: 2)
        /// A matching record was deleted (`firesOnRecordDeletion`).
        public static let delete = Events(rawValue: 4)
        /// Every change: create, update and delete.
        public static let all: Events = [.create, .update, .delete]
    }

    /// The push CloudKit sends (`CKSubscription.NotificationInfo`).
    public enum Notification: Hashable, Sendable {
        /// An empty `NotificationInfo`.
        case none
        /// `shouldSendContentAvailable`: a background push, to fetch changes.
        case silent
        /// `alertBody`: shown to the user.
        case alert(String)
    }

    /// What the subscription watches: a query, a zone or a whole database.
    public enum Kind: Hashable, Sendable {
        /// Records of `recordType` matching the predicate (`format` with `%K`/`%@` arguments), in
        /// `zoneID` (nil: CloudKit's default scope for query subscriptions).
        case query(recordType: String, format: String, arguments: [QueryArgument], zoneID: RecordZoneID?, firesOn: Events)
        /// Every record of a custom zone.
        case zone(RecordZoneID)
        /// Every record of the database.
        case database
    }

    /// The subscription ID, stable across launches and app versions: saving it again replaces it.
    public let id: String
    /// What it watches.
    public let kind: Kind
    /// The database to save it in.
    public let database: DatabaseScope
    /// The push it sends.
    public let notification: Notification

    /// A subscription. The factories ``query(id:_:firesOn:notification:)`` and ``zone(id:_:notification:)``
    /// also choose its database (the record type's; the private one), and ``database(id:_:notification:)``
    /// its kind.
    public init(id: String, kind: Kind, database: DatabaseScope, notification: Notification) {
        self.id = id
        self.kind = kind
        self.database = database
        self.notification = notification
    }

    /// A query subscription for `query`'s records, in the record type's database and, for a
    /// custom zone, scoped to it (`CKQuerySubscription.zoneID`).
    public static func query<Record: QueryableRecord>(
        id: String, _ query: RecordQuery<Record>, firesOn events: Events = .all, notification: Notification = .none
    ) -> SchemaSubscription {
        let zoneID: RecordZoneID? = Record.databaseScope == .private && Record.zoneID != .default ? Record.zoneID : nil
        return SchemaSubscription(
            id: id,
            kind: .query(
                recordType: Record.recordType, format: query.predicate.format, arguments: query.predicate.arguments,
                zoneID: zoneID, firesOn: events),
            database: Record.databaseScope, notification: notification)
    }

    /// A zone subscription for a custom zone of the private database.
    public static func zone(id: String, _ zoneID: RecordZoneID, notification: Notification = .none) -> SchemaSubscription {
        SchemaSubscription(id: id, kind: .zone(zoneID), database: .private, notification: notification)
    }

    /// A database subscription (private or shared database).
    public static func database(id: String, _ database: DatabaseScope, notification: Notification = .none) -> SchemaSubscription {
        SchemaSubscription(id: id, kind: .database, database: database, notification: notification)
    }
}

/// The subscriptions of one database on the server: what `saveMissingSubscriptions` needs.
public protocol SubscriptionStore: Sendable {
    /// The database this store saves into.
    var scope: DatabaseScope { get }
    /// The IDs of every subscription saved in the database.
    func subscriptionIDs() async throws -> [String]
    /// Saves `saving` (replacing any with the same ID) and deletes `deleting`, in one request.
    func modifySubscriptions(saving: [SchemaSubscription], deleting: [String]) async throws
}

/// What `saveMissingSubscriptions` changed.
public struct SubscriptionChanges: Hashable, Sendable {
    /// The IDs of the subscriptions saved, because the server didn't have them.
    public var saved: [String]
    /// The IDs of the server's subscriptions deleted (only with `deletingUndeclared`).
    public var deleted: [String]

    /// Changes that saved `saved` and deleted `deleted`.
    public init(saved: [String], deleted: [String]) {
        self.saved = saved
        self.deleted = deleted
    }
}

extension SubscriptionStore {
    /// Saves the subscriptions of `subscriptions` that belong in this store's database and are
    /// not on the server yet, by ID; with `deletingUndeclared`, also deletes the server's
    /// subscriptions whose IDs none of them has. Calling it again changes nothing, so apps can
    /// call it on every launch: one fetch, and a save only when something is missing.
    ///
    /// Deleting is opt-in: other code (CKSyncEngine's own database subscription, an older app
    /// version) may have saved subscriptions the schema doesn't declare.
    @discardableResult
    public func saveMissingSubscriptions(
        _ subscriptions: [SchemaSubscription], deletingUndeclared: Bool = false
    ) async throws -> SubscriptionChanges {
        let existing = Set(try await subscriptionIDs())
        let declared = subscriptions.filter { $0.database == scope }
        let missing = declared.filter { !existing.contains($0.id) }
        let declaredIDs = Set(declared.map(\.id))
        let undeclared = deletingUndeclared ? existing.filter { !declaredIDs.contains($0) }.sorted() : []
        if !missing.isEmpty || !undeclared.isEmpty {
            try await modifySubscriptions(saving: missing, deleting: undeclared)
        }
        return SubscriptionChanges(saved: missing.map(\.id), deleted: undeclared)
    }
}

/// A subscription the server refuses, as CloudKit documents it.
public struct SubscriptionRejected: Error, Hashable, Sendable, CustomStringConvertible {
    /// The refused subscription's ID.
    public let id: String
    /// Why the server refuses it.
    public let reason: String

    /// A refusal of `id` for `reason`.
    public init(id: String, reason: String) {
        self.id = id
        self.reason = reason
    }

    /// `subscription 'id' rejected:` and the reason.
    public var description: String { "subscription '\(id)' rejected: \(reason)" }
}

/// One database's subscriptions in memory, refusing what CloudKit refuses: query subscriptions
/// in the shared database, zone subscriptions outside the private database or on its default
/// zone, database subscriptions in the public database (CKSubscription's documentation). Saving
/// an existing ID replaces it; deleting an unknown ID fails, as on the server.
public actor InMemorySubscriptionStore: SubscriptionStore {
    /// The database this store stands in for; it decides what is refused.
    public nonisolated let scope: DatabaseScope
    /// The saved subscriptions by ID.
    public private(set) var subscriptions: [String: SchemaSubscription] = [:]
    /// How many `modifySubscriptions` requests reached the store.
    public private(set) var modifyCount = 0

    /// A store for `scope` already holding `subscriptions` (unchecked), as if saved earlier.
    public init(scope: DatabaseScope, subscriptions: [SchemaSubscription] = []) {
        self.scope = scope
        for subscription in subscriptions { self.subscriptions[subscription.id] = subscription }
    }

    /// The saved IDs, sorted.
    public func subscriptionIDs() -> [String] { subscriptions.keys.sorted() }

    /// Saves and deletes all or nothing: throws ``SubscriptionRejected`` for the first
    /// subscription CloudKit would refuse or unknown ID to delete, changing nothing.
    public func modifySubscriptions(saving: [SchemaSubscription], deleting: [String]) throws {
        modifyCount += 1
        for subscription in saving {
            if let reason = rejection(subscription) { throw SubscriptionRejected(id: subscription.id, reason: reason) }
        }
        for id in deleting where subscriptions[id] == nil {
            throw SubscriptionRejected(id: id, reason: "unknown subscription ID")
        }
        for id in deleting { subscriptions[id] = nil }
        for subscription in saving { subscriptions[subscription.id] = subscription }
    }

    private func rejection(_ subscription: SchemaSubscription) -> String? {
        if subscription.id.isEmpty { return "a subscription ID must not be empty" }
        switch subscription.kind {
        case .query where scope == .shared: return "query subscriptions are not supported in the shared database"
        case .zone(let zone) where scope != .private || zone == .default:
            return "zone subscriptions need a custom zone of the private database"
        case .database where scope == .public: return "database subscriptions are supported only in the private and shared databases"
        default: return nil
        }
    }
}
