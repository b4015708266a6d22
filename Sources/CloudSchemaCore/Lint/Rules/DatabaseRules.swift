/// Databases, zones, grants and sharing.
enum DatabaseRules {
    static let all: [LintRule] = [
        publicNoGrants, grantNotPublic, defaultZone, sharePublic, shareDefaultZone, shareRootParent, shareChildZone,
        zoneLimit,
    ]

    static let publicNoGrants = LintRule(
        "PUBLIC_NO_GRANTS", .databases, .warning,
        summary: "A public record type with no grants: unusable in the public database",
        explanation: """
            In the public database, security roles decide who may read, create and write each record type \
            (CloudKit schema language: GRANT ... TO _world / _icloud / _creator). Without a grant nobody but the \
            developer can use it.
            """,
        fix: """
            add grants, typically grant read to world, grant create to icloud and \
            grant write to creator.
            """,
        eachRecordType: { input, record, out in
            guard record.format == .cloudschema && record.placement.isPublic && record.grants.isEmpty else { return }
            out.report(
                "public record type '\(record.name)' has no grants, so no user can read or create its records; add e.g. 'grant read to world' and 'grant create to icloud'",
                at: record.spans.name)
        })

    static let grantNotPublic = LintRule(
        "GRANT_NOT_PUBLIC", .databases, .warning,
        summary: "Grants on a private record type have no effect",
        explanation: """
            Security roles apply to the public database only; private data is readable by its owner and share \
            participants alone. A grant on a private record type is ignored and suggests the record type was meant \
            to be public.
            """,
        fix: """
            remove the grant, or write 'in public'.
            """,
        eachRecordType: { input, record, out in
            guard record.format == .cloudschema && !record.placement.isPublic else { return }
            record.grants.forEachInPlace { grant in
                out.report(
                    "grants apply to the public database only; '\(record.name)' is private, so this grant has no effect",
                    at: grant.spans.range,
                    fixIts: grant.spans.range.map { [.remove(input.removal(of: $0), "remove the grant")] } ?? [])
            }
        })

    static let defaultZone = LintRule(
        "RECORD_DEFAULT_ZONE", .databases, .warning,
        summary:
            "A private record type in the default zone: no change tokens, no atomic commits, no sharing, invisible to CKSyncEngine fetches",
        explanation: """
            The private database's default zone has none of a custom zone's capabilities: no fetchChanges \
            (change tokens), no atomic batches, no sharing (CKRecordZone.capabilities). Records saved there \
            through CKSyncEngine are uploaded but other devices never receive them \
            (apple/sample-cloudkit-sync-engine#14).
            """,
        fix: """
            declare 'zone Name' and write 'record X in Name'.
            """,
        eachRecordType: { input, record, out in
            guard record.format == .cloudschema && record.placement == .privateDefaultZone else { return }
            out.report(
                "'\(record.name)' lives in the private database's default zone, which has no change tokens, atomic saves or sharing; declare a zone and write 'in ZoneName'",
                at: record.placementSpan ?? record.spans.name)
        })

    static let sharePublic = LintRule(
        "SHARE_PUBLIC", .databases, .error,
        summary: "@shareable on a public record type",
        explanation: """
            CKShare shares private data with chosen participants; public records are already visible to everyone \
            and cannot be shared.
            """,
        fix: """
            remove @shareable, or move the record type to a custom zone of the private \
            database.
            """,
        eachRecordType: { input, record, out in
            guard record.isShareable && record.placement.isPublic else { return }
            let range = record.spans.attributes["shareable"]
            out.report(
                "'\(record.name)' is in the public database, which has no shares; remove @shareable or move it to a private zone",
                at: range ?? record.spans.name,
                fixIts: range.map { [input.removeAttribute($0, "remove @shareable")] } ?? [])
        })

    static let shareDefaultZone = LintRule(
        "SHARE_DEFAULT_ZONE", .databases, .error,
        summary: "@shareable on a record type in the private database's default zone",
        explanation: """
            Sharing is a capability of custom zones only; the default zone cannot hold a CKShare \
            (CKRecordZone.capabilities, default()).
            """,
        fix: """
            declare 'zone Name' and write 'record X in Name @shareable'.
            """,
        eachRecordType: { input, record, out in
            guard record.format == .cloudschema && record.isShareable && record.placement == .privateDefaultZone else { return }
            out.report(
                "'\(record.name)' is in the default zone, which cannot be shared; put it in a custom zone ('in ZoneName')",
                at: record.spans.attributes["shareable"] ?? record.spans.name)
        })

    static let shareRootParent = LintRule(
        "SHARE_ROOT_PARENT", .databases, .error,
        summary: "A @shareable root that itself has a @parent",
        explanation: """
            A CKShare is created for the root of a hierarchy; a record with a parent is shared through its parent's \
            share (SQLiteData: "Only root records are shareable, but parent record(s) detected").
            """,
        fix: """
            remove \
            @shareable here and share the parent, or remove this record type's @parent.
            """,
        eachRecordType: { input, record, out in
            guard record.isShareable else { return }
            guard let parent = record.parentField, case .reference(let target?) = parent.type, target != record.name
            else { return }
            out.report(
                "'\(record.name)' is @shareable but has a @parent, so it is shared through its parent '\(target)'; remove @shareable or @parent",
                at: parent.spans.attributes["parent"] ?? parent.spans.name,
                notes: [.init("@shareable here", at: record.spans.attributes["shareable"])])
        })

    static let shareChildZone = LintRule(
        "SHARE_CHILD_ZONE", .databases, .error,
        summary: "A @parent reference to a record type in another zone or database",
        explanation: """
            A share hierarchy lives in one zone: CKRecord.parent is a reference, and references work only within \
            one zone (CKRecord.Reference); children of a shared record are shared from its zone.
            """,
        fix: """
            put the child record type in its parent's zone.
            """,
        eachRecordType: { input, record, out in
            guard record.format == .cloudschema else { return }
            guard let target = record.parentTarget, let position = input.recordTypesByName.position(of: target) else { return }
            // Read in place: a copy of the parent type retained everything in it.
            input.schema.recordTypes.inPlace(at: position) { other in
                guard other.format == .cloudschema, other.placement != record.placement, let parent = record.parentField else { return }
                out.report(
                    "'\(record.name)' is in \(RecordRules.describe(record.placement)) but its @parent '\(target)' is in \(RecordRules.describe(other.placement)); a parent must be in the same zone",
                    at: parent.spans.type ?? parent.spans.name,
                    notes: [.init("'\(target)' declared here", at: other.spans.name)])
            }
        })

    static let zoneLimit = LintRule(
        "ZONE_LIMIT", .databases, .error,
        summary: "More than 1000 zones declared",
        explanation: """
            "The number of record zones in a CloudKit container is limited to 1000" (TN3164).
            """,
        fix: """
            group record types into fewer zones.
            """,
        check: { input, out in
            if input.schema.zones.count > 1000 {
                out.report(
                    "\(input.schema.zones.count) zones are declared; CloudKit allows at most 1000 per container",
                    at: input.schema.zones[1000].spans.name)
            }
        })
}
