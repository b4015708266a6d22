/// Every rule of the breaking-change checker (rules.md, "Breaking changes").
///
/// Production CloudKit schemas are additive only: record types and fields can be
/// added, never removed, renamed or retyped, and encryption can never be switched on
/// or off for an existing field. Each rule below is one way a change breaks that
/// promise or the app versions already installed.
public enum BreakingRules {
    public static let recordTypeNoDelete = breaking(
        "RECORD_TYPE_NO_DELETE", .error,
        summary: "A deployed record type is gone.",
        explanation: """
            CloudKit cannot delete a record type once it is in production ("you can't delete record types \
            or fields that are already in production"), and a schema import that drops one is rejected. \
            Shipped app versions also keep reading and writing it.
            """,
        fix: "Keep the record type declared and mark it @deprecated(\"why\"); generated code flags its uses.")

    public static let fieldNoDelete = breaking(
        "FIELD_NO_DELETE", .error,
        summary: "A deployed field is gone.",
        explanation: """
            Fields in production exist for all time: CloudKit refuses a deploy that removes one, and \
            records written by shipped app versions still carry it.
            """,
        fix:
            "Keep the field declared and mark it @deprecated(\"why\"); to rename it, use @name(\"oldKey\") so the new Swift name keeps the CloudKit key."
    )

    public static let fieldSameType = breaking(
        "FIELD_SAME_TYPE", .error,
        summary: "A field's CloudKit type changed (list element types and enum raw types included).",
        explanation: """
            A deployed field's type cannot change: stored records hold values of the old type and \
            shipped app versions keep writing them. Swift types stored as the same CloudKit type \
            (Int and Int64, String and UUID) are not a CloudKit type change; FIELD_TYPE_NARROWED \
            checks whether the new one reads the stored values.
            """,
        fix: "Add a new field with the new type, keep the old one @deprecated, and copy values across in app code.")

    public static let fieldNoEncryptionChange = breaking(
        "FIELD_NO_ENCRYPTION_CHANGE", .error,
        summary: "Encryption switched on or off for a deployed field.",
        explanation: """
            Apple: "The encrypted fields also have to be newly introduced to an existing record or a new \
            record. You can't convert existing unencrypted fields in the CloudKit schema." and, for Core \
            Data, "Attributes can't change their encryption state after you promote them to your \
            production CloudKit schema."
            """,
        fix: "Add a new field with the encryption you want, keep the old one @deprecated, and migrate values in app code.")

    public static let fieldNewRequired = breaking(
        "FIELD_NEW_REQUIRED", .error,
        summary: "A new non-optional field without a default (or a deployed field made required).",
        explanation: """
            Records written by older app versions (and every record saved before the change) lack the \
            field, so decoding them fails with a missing-field error. This applies to record fields and \
            SwiftData model attributes alike.
            """,
        fix: "Make the field optional (Type?) or give it a default value (= ...).")

    public static let fieldRenameSuspected = breaking(
        "FIELD_RENAME_SUSPECTED", .warning,
        summary: "One field removed and one of the same type added: probably a rename.",
        explanation: """
            CloudKit cannot rename a field: the new name is a new field, old records keep their values \
            under the old key, and shipped app versions keep writing the old key.
            """,
        fix: "Keep the old CloudKit key with @name(\"oldKey\") on the renamed field; the Swift name can change freely.")

    public static let indexNoDelete = breaking(
        "INDEX_NO_DELETE", .warning,
        summary: "A deployed index removed: shipped app versions' queries may fail.",
        explanation: """
            Queries that filter or sort on a field need its QUERYABLE or SORTABLE index and fail without \
            it. Whether CloudKit can drop an index from production at all is undocumented (UNSURE), so \
            this is a warning.
            """,
        fix: "Keep the index (@queryable, @sortable or @searchable) while any shipped version may query on it.")

    public static let enumCaseNoDelete = breaking(
        "ENUM_CASE_NO_DELETE", .error,
        summary: "An enum case (raw value) removed: stored records still hold it.",
        explanation: """
            Records store the raw value. Once no case has it, decoding a stored record fails with an \
            unknown-raw-value error.
            """,
        fix: "Keep the case (mark its uses deprecated in app code); add new cases instead of replacing old ones.")

    public static let enumCaseSameValue = breaking(
        "ENUM_CASE_SAME_VALUE", .error,
        summary: "An enum case's raw value changed.",
        explanation: """
            Stored records and shipped app versions use the old raw value, which no case decodes any more. \
            Renaming a case is safe when its raw value stays (write `newName = \"oldRaw\"`).
            """,
        fix: "Keep the old raw value: `caseName = \"oldRawValue\"`.")

    public static let referenceTargetChanged = breaking(
        "REFERENCE_TARGET_CHANGED", .warning,
        summary: "`Reference<T>` now points at another record type.",
        explanation: """
            CloudKit stores only the target's record ID, so the schema accepts the change, but stored \
            references still point at records of the old type and decoding them as the new type fails.
            """,
        fix: "Add a new reference field for the new target and keep the old one @deprecated.")

    public static let recordDatabaseChanged = breaking(
        "RECORD_DATABASE_CHANGED", .error,
        summary: "A record type moved between public and private databases or zones.",
        explanation: """
            Records do not move: existing ones stay where they were saved, shipped app versions keep \
            saving and fetching there, and public and private databases have different rules (grants, \
            no encryption in public, sharing only in custom private zones).
            """,
        fix: "Keep the placement; to store records elsewhere, declare a new record type and migrate records in app code.")

    public static let numberPreferredChanged = breaking(
        "NUMBER_PREFERRED_CHANGED", .error,
        summary: "A `.ckdb` `NUMBER PREFERRED AS` type changed.",
        explanation: """
            Apple: "Once you assign NUMBER as a PREFERRED AS type, future definitions must not change that \
            type." Assigning a preference to a plain NUMBER is allowed.
            """,
        fix: "Keep the deployed PREFERRED AS type.")

    public static let modelNoDelete = breaking(
        "MODEL_NO_DELETE", .error,
        summary: "A deployed SwiftData model is gone.",
        explanation: """
            Core Data's CloudKit mirroring stores each model as record type CD_<Model>, which cannot be \
            deleted from production; shipped app versions keep syncing it, and the local store needs a \
            lightweight migration, which cannot drop an entity that still has data.
            """,
        fix: "Keep the model declared and mark it @deprecated(\"why\").")

    public static let modelAttributeNoDelete = breaking(
        "MODEL_ATTRIBUTE_NO_DELETE", .error,
        summary: "A deployed model attribute (or relationship) is gone.",
        explanation: """
            Each attribute is field CD_<name> of the mirrored record type and exists for all time. \
            Renaming is removal too: SwiftData's originalName (@name) renames the local column, but \
            mirroring writes CD_<newName> while shipped versions keep writing CD_<oldName>.
            """,
        fix: "Keep the attribute declared and mark it @deprecated(\"why\"); add new attributes instead of renaming.")

    public static let modelAttributeSameType = breaking(
        "MODEL_ATTRIBUTE_SAME_TYPE", .error,
        summary: "A model attribute's type changed.",
        explanation: """
            The mirrored CD_ field keeps its CloudKit type forever, and Core Data's lightweight migration \
            (the only kind a synced store supports) cannot convert values.
            """,
        fix: "Add a new attribute with the new type, keep the old one @deprecated, and copy values in app code.")

    public static let keyValueKeySameType = breaking(
        "KV_KEY_SAME_TYPE", .error,
        summary: "A key-value key's type changed.",
        explanation: """
            NSUbiquitousKeyValueStore keeps the value shipped versions wrote; reading it as the new type \
            yields nil or the default, and older versions read the new value wrongly.
            """,
        fix: "Use a new key for the new type (a new name, or @name(\"newKey\")) and keep the old one.")

    /// Not in rules.md's table; added here because it breaks shipped apps at runtime.
    public static let grantNoDelete = breaking(
        "GRANT_NO_DELETE", .warning,
        summary: "A deployed permission was withdrawn from a role.",
        explanation: """
            Shipped app versions that read, create or write these records as that role start failing \
            with permission errors. Sometimes that is the point (closing a hole), so this is a warning.
            """,
        fix: "Keep the grant unless withdrawing it is intended; say so in the pull request.")

    /// rules.md, "Added in the second round": forward compatibility.
    public static let fieldTypeNarrowed = breaking(
        "FIELD_TYPE_NARROWED", .error,
        summary:
            "A field's Swift type changed within its CloudKit type to one that reads fewer values (Int64 to Bool, String to UUID, URL or an enum).",
        explanation: """
            The CloudKit type stays, so CloudKit accepts the schema, but stored records and shipped app \
            versions keep the old type's values: an Int64 of 2 reads as Bool true and is written back as \
            1, a String that is not a UUID fails to decode as one, a String that is not a valid URL fails \
            to decode (or, in apps linked on iOS 17 and later, reads back percent-encoded), and a value \
            that is none of an enum's raw values matches no case. The other direction (Bool to Int64, \
            UUID to String, an enum to its raw type) reads every stored value and is safe.
            """,
        fix:
            "Keep the deployed type; add a new field of the new type (marking the old one @deprecated) and copy the values that convert in app code."
    )

    /// rules.md, "Sharing and subscriptions": subscriptions live on the server, saved by the app.
    public static let subscriptionRemoved = breaking(
        "SUBSCRIPTION_REMOVED", .warning,
        summary: "A subscription is no longer declared.",
        explanation: """
            Subscriptions are saved by the app at run time, per user, and stay on the server until deleted: \
            devices with shipped app versions keep receiving its pushes, and a saveMissingSubscriptions \
            without deletingUndeclared leaves it in place.
            """,
        fix:
            "Keep it declared while shipped versions rely on it, or delete it from the server (saveMissingSubscriptions(_:deletingUndeclared: true)) once none do."
    )

    public static let subscriptionChanged = breaking(
        "SUBSCRIPTION_CHANGED", .warning,
        summary: "A subscription changed (its target, predicate, events or notification) but kept its ID.",
        explanation: """
            saveMissingSubscriptions saves only subscriptions whose ID is missing on the server, so users \
            who already have the old one keep it, and devices in the field receive the old pushes until the \
            app resaves it.
            """,
        fix:
            "Give the changed subscription a new ID (@name(\"id-v2\")) so it is saved alongside the old one, and delete the old one when no shipped version needs it."
    )

    /// Every rule, in rules.md's order (additions last).
    public static let all: [DiagnosticRule] = [
        recordTypeNoDelete, fieldNoDelete, fieldSameType, fieldNoEncryptionChange, fieldNewRequired,
        fieldRenameSuspected, indexNoDelete, enumCaseNoDelete, enumCaseSameValue, referenceTargetChanged,
        recordDatabaseChanged, numberPreferredChanged, modelNoDelete, modelAttributeNoDelete,
        modelAttributeSameType, keyValueKeySameType, grantNoDelete, fieldTypeNarrowed, subscriptionRemoved,
        subscriptionChanged, SQLiteDataRules.migrationEdited,
    ]

    private static let byID: [DiagnosticID: DiagnosticRule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The rule with this ID, if it is a breaking-change rule.
    public static func rule(_ id: DiagnosticID) -> DiagnosticRule? { byID[id] }

    /// Severities are defaults. `error` means the change cannot be deployed to a production
    /// CloudKit schema (or loses data); `warning` means it may break shipped app versions and
    /// needs a reviewer's judgement.
    private static func breaking(
        _ id: DiagnosticID, _ severity: Diagnostic.Severity, summary: String, explanation: String, fix: String
    ) -> DiagnosticRule {
        DiagnosticRule(id, .breaking, .breaking, severity, summary: summary, explanation: explanation, fix: fix)
    }
}
