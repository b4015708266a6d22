/// Building the schema from the parsed record types: duplicates, system fields, grants to
/// roles, the canonical order and where each record type lives.
extension CKDBParser {
    /// Sorts and checks the record types parsed, into `schema` (after the last statement).
    mutating func finish() {
        var seenTypes: [String: SourceRange] = [:]
        var lowercased: [String: (String, SourceRange)] = [:]
        var recordTypes: [RecordType] = []
        for pending in records {
            if let first = seenTypes[pending.name] {
                error(
                    .nameDuplicate, "record type '\(pending.name)' is declared twice; remove or rename one", at: pending.nameRange,
                    notes: [.init("first declared here", at: first)])
                continue
            }
            seenTypes[pending.name] = pending.nameRange
            if let (other, range) = lowercased[pending.name.lowercased()] {
                diagnostics.append(
                    .warning(
                        .nameCaseCollision,
                        "'\(pending.name)' differs from '\(other)' only in letter case; generated Swift files and tools on case-insensitive file systems will collide, so rename one",
                        at: pending.nameRange, notes: [.init("'\(other)' declared here", at: range)]))
            } else {
                lowercased[pending.name.lowercased()] = (pending.name, pending.nameRange)
            }
            recordTypes.append(build(pending))
        }
        schema.recordTypes = recordTypes.sorted { CKDB.byteOrder($0.cloudKitName, $1.cloudKitName) }
        for record in schema.recordTypes {
            if let entity = record.coreDataEntityName {
                diagnostics.append(
                    Diagnostic(
                        .ckdbCoreDataMirror, .info,
                        "record type '\(record.name)' is the Core Data / SwiftData mirror of entity '\(entity)'; NSPersistentCloudKitContainer creates and manages it",
                        at: record.spans.name))
            } else if record.isCoreDataMirror {
                diagnostics.append(
                    Diagnostic(
                        .ckdbCoreDataMirror, .info,
                        "record type '\(record.name)' holds Core Data / SwiftData many-to-many relationships; NSPersistentCloudKitContainer creates and manages it",
                        at: record.spans.name))
            }
        }
    }

    private mutating func build(_ pending: PendingRecord) -> RecordType {
        var fields: [Field] = []
        var seen: [String: SourceRange] = [:]
        var lowercased: [String: (String, SourceRange)] = [:]
        for (i, var field) in pending.fields.enumerated() {
            let nameRange = field.spans.name ?? pending.nameRange
            if let first = seen[field.key] {
                error(
                    .nameDuplicate, "field '\(field.key)' is declared twice in record type '\(pending.name)'; remove or rename one",
                    at: nameRange, notes: [.init("first declared here", at: first)])
                continue
            }
            seen[field.key] = nameRange
            if let (other, range) = lowercased[field.key.lowercased()] {
                diagnostics.append(
                    .warning(
                        .nameCaseCollision,
                        "CloudKit key '\(field.key)' differs from '\(other)' only in letter case; readers of the record will confuse them, so rename one",
                        at: nameRange, notes: [.init("'\(other)' declared here", at: range)]))
            } else {
                lowercased[field.key.lowercased()] = (field.key, nameRange)
            }
            field.doc = Self.docText(i < pending.fieldDocs.count ? pending.fieldDocs[i] : [])
            fields.append(field)
        }
        for (name, type) in SystemFields.all where seen[name] == nil {
            fields.append(Field(name: name, type: type, isOptional: true, isSystem: true))
        }
        fields.sort { CKDB.byteOrder($0.key, $1.key) }

        var grants: [Grant] = []
        for grant in pending.grants {
            let grantee: Grant.Grantee
            if let builtIn = CKDB.builtInRoles[grant.role] {
                grantee = builtIn
            } else if roleRanges[grant.role] != nil {
                grantee = .role(grant.role)
            } else {
                error(
                    .roleUnknown,
                    "no role named '\(grant.role)'; declare it with 'CREATE ROLE \(grant.role);' or grant to \"_world\", \"_icloud\" or \"_creator\"\(Spelling.hint(Spelling.closest(to: grant.role, among: Array(roleRanges.keys) + Array(CKDB.builtInRoles.keys))))",
                    at: grant.roleRange)
                continue
            }
            grants.append(
                Grant(permissions: grant.permissions, grantee: grantee, spans: SourceSpans(range: grant.range, name: grant.roleRange)))
        }
        grants.sort(by: CKDB.exportOrder)
        var record = RecordType(
            name: pending.name, fields: fields, grants: grants, doc: Self.docText(pending.doc), format: .ckdb,
            spans: SourceSpans(range: pending.range, name: pending.nameRange))
        // Grants matter only in the public database, but cktool writes the default ones on every
        // record type, private ones included: only grants someone changed say the type is public.
        if record.isCoreDataMirror {
            record.placement = .zone(CoreDataMirror.zoneName)
        } else if !grants.isEmpty && !CKDB.areDefaultGrants(grants) {
            record.placement = .publicDatabase
        }
        return record
    }
}
