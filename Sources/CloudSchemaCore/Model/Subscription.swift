/// A push subscription declared in the schema: a `CKQuerySubscription` (`on RecordType`), a
/// `CKRecordZoneSubscription` (`zone ZoneName`) or a `CKDatabaseSubscription` (`database private`).
public struct Subscription: Hashable, Sendable {
    /// The databases a subscription can name (`database public` is parsed so lint can explain it).
    public enum Database: String, Hashable, Sendable {
        case `public`, `private`, shared
    }

    public enum Target: Hashable, Sendable {
        /// `on RecordType`: records of the type matching `predicate`, in the record type's database.
        case query(recordType: String)
        /// `zone ZoneName`: every record of a custom zone of the private database.
        case zone(String)
        /// `zone private` / `zone public`: a database's default zone (lint reports it).
        case defaultZone(Database)
        /// `database private | shared`: every record in the database.
        case database(Database)
    }

    /// `fires create, update, delete` (CKQuerySubscription.Options).
    public enum Event: String, Hashable, Sendable, CaseIterable {
        case create, update, delete
    }

    /// The push CloudKit sends (CKSubscription.NotificationInfo).
    public enum Notification: Hashable, Sendable {
        /// No `@silent` or `@alert`: an empty NotificationInfo.
        case none
        /// `@silent`: `shouldSendContentAvailable`, a background push.
        case silent
        /// `@alert("…")`: `alertBody`, shown to the user.
        case alert(String)
    }

    public var name: String
    /// The subscription ID saved on the server: `@name("…")`, else `name`.
    public var id: String
    public var target: Target
    /// Query subscriptions only; nil matches every record of the type (`TRUEPREDICATE`).
    public var predicate: SubscriptionPredicate?
    /// Query subscriptions only; all three unless `fires` says otherwise.
    public var events: [Event]
    public var notification: Notification
    public var doc: String?
    public var spans: SourceSpans
    /// Where the target (`Bed`, `GardenBeds`, `private`) was written.
    @IgnoredInEquality public var targetSpan: SourceRange?

    public init(
        name: String, id: String? = nil, target: Target, predicate: SubscriptionPredicate? = nil,
        events: [Event] = Event.allCases, notification: Notification = .none, doc: String? = nil,
        spans: SourceSpans = .init(), targetSpan: SourceRange? = nil
    ) {
        self.name = name
        self.id = id ?? name
        self.target = target
        self.predicate = predicate
        self.events = events
        self.notification = notification
        self.doc = doc
        self.spans = spans
        self.targetSpan = targetSpan
    }
}

/// A resolved subscription predicate: conditions on indexed fields, combined with AND and NOT
/// (CloudKit has no OR), as a typed query builds them.
public indirect enum SubscriptionPredicate: Hashable, Sendable {
    /// `field OP value(s)`: the field's Swift name, its CloudKit key and the operator's values.
    case condition(QueryCondition)
    case and([SubscriptionPredicate])
    case not(SubscriptionPredicate)

    /// Every condition, in source order (no recursion deeper than the parser's nesting bound).
    public var conditions: [QueryCondition] {
        switch self {
        case .condition(let c): [c]
        case .and(let terms): terms.flatMap(\.conditions)
        case .not(let inner): inner.conditions
        }
    }
}

/// One condition of a predicate: `name.beginsWith("North")`, `sunHours >= 4`, `textSearch.contains("x")`.
public struct QueryCondition: Hashable, Sendable {
    /// The field (its schema name); nil for `textSearch`.
    public var field: String?
    public var `operator`: QueryOperator
    public var values: [DefaultValue]
    /// The field name as written (for diagnostics about its index).
    @IgnoredInEquality public var fieldSpan: SourceRange?

    public init(field: String?, operator: QueryOperator, values: [DefaultValue], fieldSpan: SourceRange? = nil) {
        self.field = field
        self.operator = `operator`
        self.values = values
        self.fieldSpan = fieldSpan
    }
}
