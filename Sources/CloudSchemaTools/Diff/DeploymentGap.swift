import CloudSchemaCore

/// What an environment's schema lacks of the schema a build uses: the record types, fields,
/// indexes, grants and roles a diff against that environment finds added.
///
/// A production schema that lacks them fails the release, not the build: "When you deploy to a
/// production environment, the server returns an error if you try to specify an unknown record
/// type or try to save a record that contains unknown keys" (CKRecord), and "Indexes are part of
/// the schema so need to be deployed similar to record type changes" (ckdb-language 4.1). A build
/// tested against development works, since development creates types and fields just in time.
/// The additions are safe to deploy (the breaking-change verdict says so) and still not deployed:
/// this is a gate of its own.
public struct DeploymentGap: Hashable, Sendable {
    /// The changes the environment lacks, in the diff's order.
    public var missing: [SchemaChange]

    public init(_ diff: SchemaDiff) {
        missing = diff.changes.filter { Self.kinds.contains($0.kind) }
    }

    public var isEmpty: Bool { missing.isEmpty }

    /// What an environment's schema holds: record types, fields, indexes, grants and roles
    /// ("Deploying the schema copies its record types, fields, and indexes", and the security
    /// roles; ckdb-language 4.1). A NUMBER's preferred type is part of its field.
    static let kinds: Set<SchemaChange.Kind> = [
        .recordTypeAdded, .modelAdded, .fieldAdded, .modelAttributeAdded, .fieldNumberPreferenceChanged, .indexAdded,
        .grantAdded, .roleAdded,
    ]

    /// What a release job must do about a gap against production.
    public static let releaseAdvice = "deploy these to production before releasing this build"

    /// "3 schema changes are not in production.ckdb".
    public func summary(in environment: String) -> String {
        let n = missing.count
        return "\(n) schema change\(n == 1 ? " is" : "s are") not in \(environment)"
    }
}
