/// Subscriptions (`subscription ...`) and sharing: where CloudKit accepts each kind of
/// subscription, what a predicate needs, and which shares can coexist.
///
/// Sources (developer.apple.com, and CloudKit's `CKSubscription.h` header comments as Apple's
/// documentation pages reproduce them): CKQuerySubscription ("not supported in a
/// sharedCloudDatabase"), CKRecordZoneSubscription ("The RecordZone must have the capability
/// CKRecordZoneCapabilityFetchChanges"; "not supported in a sharedCloudDatabase"),
/// CKDatabaseSubscription ("only supported in the Private and Shared databases"),
/// CKRecordZone.default() (the default zone "doesn't have any special capabilities"),
/// CKSyncEngine.Configuration.subscriptionID, CKShare.
enum SubscriptionRules {
    static let all: [LintRule] = [
        predicateIndex, querySharedDatabase, zoneNotCustom, databasePublic, idDuplicate, syncEngine, shareZoneAndHierarchy,
    ]

    static let predicateIndex = LintRule(
        "SUBSCRIPTION_PREDICATE_INDEX", .subscriptions, .error,
        summary: "A subscription predicate on a field without the index its operator needs, or on an encrypted field",
        explanation: """
            A CKQuerySubscription's predicate follows the CKQuery predicate rules: CloudKit rejects a condition on a \
            field that isn't QUERYABLE, and cannot query encrypted fields (CKRecord.encryptedValues). The check is \
            the one typed queries make (a typed query has no such operator there): ranges (<, <=, >, >=, between) \
            need QUERYABLE and SORTABLE, textSearch.contains a SEARCHABLE field. CloudKit reports the mistake only \
            when the subscription is saved.
            """,
        fix:
            "add the index the message names to the field (@queryable, and @sortable for ranges), or drop the condition; an encrypted field cannot be queried.",
        check: { input, out in
            input.schema.subscriptions.forEachInPlace { subscription in
                guard case .query(let name) = subscription.target, let record = input.recordTypesByName[name],
                    let predicate = subscription.predicate
                else { return }
                for condition in predicate.conditions {
                    if condition.operator == .textSearch {
                        if !record.fields.contains(where: { $0.indexes.contains(.searchable) && !$0.isEncrypted }) {
                            out.report(
                                "textSearch.contains needs a @searchable field, and '\(record.name)' has none; typed queries offer no textSearch there",
                                at: condition.fieldSpan)
                        }
                        continue
                    }
                    guard let fieldName = condition.field, let field = record.field(named: fieldName),
                        let problem = condition.operator.indexProblem(on: field)
                    else { continue }
                    out.report(problem, at: condition.fieldSpan, notes: [.init("'\(fieldName)' declared here", at: field.spans.name)])
                }
            }
        })

    static let querySharedDatabase = LintRule(
        "SUBSCRIPTION_QUERY_SHARED", .subscriptions, .warning,
        summary: "A query subscription on a shared record type: participants get nothing (no query subscriptions in the shared database)",
        explanation: """
            A query subscription is saved in the record type's own database, the owner's private database. A \
            participant sees shared records in their shared database, and "CKQuerySubscriptions are not supported \
            in a sharedCloudDatabase" (CKQuerySubscription, CKSubscription.h); so the subscription tells the owner's \
            devices about changes, never a participant's.
            """,
        fix: "for participants, declare 'subscription Name database shared' (a CKDatabaseSubscription) and fetch changes when it fires.",
        check: { input, out in
            // A database subscription in the shared database already tells participants.
            if input.schema.subscriptions.contains(where: { $0.target == .database(.shared) }) { return }
            input.schema.subscriptions.forEachInPlace { subscription in
                guard case .query(let name) = subscription.target, let record = input.recordTypesByName[name],
                    let reason = sharedReason(record, zones: input.zonesByName, records: input.recordTypesByName)
                else { return }
                out.report(
                    "'\(name)' \(reason), so participants see its records in their shared database, where CloudKit has no query subscriptions; this one reaches only the owner. Add 'subscription \(subscription.name)Shared database shared' for participants",
                    at: subscription.targetSpan)
            }
        })

    /// Why records of `record` can be shared, or nil: a @shareable root, a @shareable zone, or a
    /// @parent chain up to one. The chain is walked at most once per record type (cycles end).
    static func sharedReason(_ record: RecordType, zones: FirstByName<Zone>, records: FirstByName<RecordType>) -> String? {
        if record.isShareable { return "is @shareable" }
        if case .zone(let zone) = record.placement, zones[zone]?.isShareable == true { return "is in @shareable zone '\(zone)'" }
        var seen: Set<String> = [record.name]
        var current = record
        while let parent = current.parentField, case .reference(let target?) = parent.type, let next = records[target],
            seen.insert(target).inserted
        {
            if next.isShareable { return "is shared with its @parent root '\(target)'" }
            current = next
        }
        return nil
    }

    static let zoneNotCustom = LintRule(
        "SUBSCRIPTION_ZONE_NOT_CUSTOM", .subscriptions, .error,
        summary: "A zone subscription on a default zone: CloudKit needs a custom zone of the private database",
        explanation: """
            A CKRecordZoneSubscription's zone "must have the capability CKRecordZoneCapabilityFetchChanges" \
            (CKRecordZoneSubscription, CKSubscription.h). Custom zones of the private database have it; the \
            default zone of either database "doesn't have any special capabilities" (CKRecordZone.default()), and \
            the public database has no custom zones (CKRecordZone).
            """,
        fix:
            "subscribe to a custom zone ('subscription Name zone GardenBeds'), a database ('database private'), or records of one type ('on RecordType').",
        check: { input, out in
            input.schema.subscriptions.forEachInPlace { subscription in
                guard case .defaultZone(let database) = subscription.target else { return }
                out.report(
                    "the \(database.rawValue) database's default zone cannot have a zone subscription (it cannot fetch changes); subscribe to a custom zone, or use 'on RecordType' or 'database private'",
                    at: subscription.targetSpan)
            }
        })

    static let databasePublic = LintRule(
        "SUBSCRIPTION_DATABASE_PUBLIC", .subscriptions, .error,
        summary: "A database subscription in the public database (CloudKit supports them only in the private and shared databases)",
        explanation: """
            "CKDatabaseSubscription is only supported in the Private and Shared databases" (CKDatabaseSubscription, \
            CKSubscription.h). In the public database, subscribe to records of one type with a query subscription.
            """,
        fix: "write 'subscription Name on RecordType [where ...]' for public records, or 'database private' / 'database shared'.",
        check: { input, out in
            input.schema.subscriptions.forEachInPlace { subscription in
                guard subscription.target == .database(.public) else { return }
                out.report(
                    "CloudKit has database subscriptions only in the private and shared databases; for public records use 'subscription \(subscription.name) on RecordType'",
                    at: subscription.targetSpan)
            }
        })

    static let idDuplicate = LintRule(
        "SUBSCRIPTION_ID_DUPLICATE", .subscriptions, .error,
        summary: "Two subscriptions with one subscription ID (through @name)",
        explanation: """
            A subscription ID "must be unique in the container" (CKRecordZoneSubscription \
            init(zoneID:subscriptionID:)); saving a second subscription under an existing ID replaces the first.
            """,
        fix: "give one of them another @name (or remove the @name that repeats the other's name).",
        check: { input, out in
            var seen: [String: Subscription] = [:]
            input.schema.subscriptions.forEachInPlace { subscription in
                if let first = seen[subscription.id] {
                    out.report(
                        "subscriptions '\(first.name)' and '\(subscription.name)' both save the subscription ID '\(subscription.id)'; the second would replace the first on the server",
                        at: subscription.spans.attributes["name"] ?? subscription.spans.name,
                        notes: [.init("'\(first.name)' declared here", at: first.spans.name)])
                } else {
                    seen[subscription.id] = subscription.value
                }
            }
        })

    static let syncEngine = LintRule(
        "SUBSCRIPTION_SYNC_ENGINE", .subscriptions, .info,
        summary: "A database subscription in a schema made for CKSyncEngine, which manages its own",
        explanation: """
            Record types in custom zones of the private database are what CKSyncEngine syncs (the generated \
            SyncedRecord registry). A sync engine "attempts to discover an existing subscription for the synced \
            database. If one isn't found, the engine creates an internal CKDatabaseSubscription" \
            (CKSyncEngine.Configuration.subscriptionID). Saving your own as well is needed only when migrating to \
            CKSyncEngine, by naming it in subscriptionID. Information, because the schema cannot tell whether the \
            app uses CKSyncEngine.
            """,
        fix:
            "with CKSyncEngine, remove the database subscription, or set CKSyncEngine.Configuration.subscriptionID to its ID; without it, suppress this note.",
        check: { input, out in
            guard !input.schema.subscriptions.isEmpty,
                input.schema.recordTypes.contains(where: { if case .zone = $0.placement { true } else { false } })
            else { return }
            input.schema.subscriptions.forEachInPlace { subscription in
                guard case .database(let database) = subscription.target, database != .public else { return }
                out.report(
                    "if this app syncs with CKSyncEngine, it creates its own database subscription for the \(database.rawValue) database; remove this one or pass '\(subscription.id)' as CKSyncEngine.Configuration.subscriptionID",
                    at: subscription.spans.name)
            }
        })

    static let shareZoneAndHierarchy = LintRule(
        "SHARE_ZONE_AND_HIERARCHY", .subscriptions, .error,
        summary: "A @shareable zone holding a @shareable record type: a zone and its records take part in only one share",
        explanation: """
            A record zone shared whole (CKShare(recordZoneID:)) includes every record in it. "A record zone, and \
            the records it contains, can take part in only a single share. CloudKit returns an error if you attempt \
            to share an already-shared record zone, or if that record zone contains previously shared records" \
            (CKRecordZone.share; also CKShare init(recordZoneID:)); so a record-hierarchy share \
            (CKShare(rootRecord:)) and a zone share exclude each other.
            """,
        fix:
            "share either the zone (keep @shareable on the zone) or record hierarchies (keep it on the record type, and move the record type to a zone that is not @shareable).",
        eachRecordType: { input, record, out in
            guard record.isShareable else { return }
            guard case .zone(let name) = record.placement, let zone = input.zonesByName[name], zone.isShareable else { return }
            out.report(
                "'\(record.name)' is @shareable in zone '\(name)', which is @shareable too; a zone and its records take part in only one share, so remove one of the two @shareable",
                at: record.spans.attribute("shareable"),
                notes: [.init("zone '\(name)' is @shareable here", at: zone.spans.attribute("shareable"))])
        })
}
