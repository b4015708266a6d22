/// `@encrypted` fields: `CKRecord.encryptedValues` and what it cannot hold.
enum EncryptionRules {
    static let all: [LintRule] = [indexed, reference, asset, publicDatabase]

    static let indexed = LintRule(
        "ENCRYPTED_INDEXED", .encryption, .error,
        summary: "An @encrypted field with @queryable, @sortable or @searchable",
        explanation: """
            "CloudKit doesn't support indexes on encrypted fields" (CKRecord.encryptedValues): the server cannot \
            read the value, so it cannot index, filter or sort on it, and the schema is rejected.
            """,
        fix: """
            remove the index attribute (the fix-it does), or store an unencrypted, less sensitive copy \
            (a category, a hash) in a separate indexed field.
            """,
        eachRecordType: { input, record, out in
            record.fields.forEachInPlace { field in
                guard field.isEncrypted else { return }
                for (index, _) in AttributeCatalog.indexes {
                    guard let range = field.spans.attributes[index] else { continue }
                    out.report(
                        "encrypted field '\(field.name)' cannot be \(index); CloudKit does not index encrypted fields",
                        at: range, fixIts: [input.removeAttribute(range, "remove @\(index)")])
                }
            }
        })

    static let reference = LintRule(
        "ENCRYPTED_REFERENCE", .encryption, .error,
        summary: "@encrypted on a Reference (the server needs references)",
        explanation: """
            "You can encrypt values of any data type that CloudKit supports, except CKAsset [...] and \
            CKRecord.Reference, which isn't encrypted so it remains available for server-side use" \
            (CKRecord.encryptedValues): the server follows references for delete-self, parents and sharing. \
            Lists of the other types may be encrypted: CKTool JS documents encrypted list values \
            (CKDBRecordFieldEncryptedStringListValue, ...DoubleListValue, ...BytesListValue), and the schema \
            grammar allows LIST<ENCRYPTED T>.
            """,
        fix: """
            remove @encrypted.
            """,
        eachRecordType: { input, record, out in
            record.fields.forEachInPlace { field in
                guard field.isEncrypted && field.type.isReferenceOrList else { return }
                let range = field.spans.attributes["encrypted"]
                out.report(
                    "'\(field.name)' is a reference, which CloudKit never encrypts (the server follows references); remove @encrypted",
                    at: range ?? field.spans.name,
                    fixIts: range.map { [input.removeAttribute($0, "remove @encrypted")] } ?? [])
            }
        })

    static let asset = LintRule(
        "ENCRYPTED_ASSET", .encryption, .error,
        summary: "@encrypted on an Asset (assets are always encrypted; .ckdb has no ENCRYPTED ASSET)",
        explanation: """
            CKAsset is "encrypted by default" and cannot be put in encryptedValues (CKRecord.encryptedValues); the \
            schema language has no ENCRYPTED ASSET type, so the export would fail.
            """,
        fix: """
            remove @encrypted; the \
            asset's contents are already encrypted.
            """,
        eachRecordType: { input, record, out in
            record.fields.forEachInPlace { field in
                guard field.isEncrypted && (field.type == .asset || field.type.listElement == .asset) else { return }
                let range = field.spans.attributes["encrypted"]
                out.report(
                    "'\(field.name)' is an Asset, which CloudKit always encrypts; remove @encrypted",
                    at: range ?? field.spans.name,
                    fixIts: range.map { [input.removeAttribute($0, "remove @encrypted")] } ?? [])
            }
        })

    static let publicDatabase = LintRule(
        "ENCRYPTED_PUBLIC", .encryption, .error,
        summary: "An encrypted field in a record type that lives in the public database",
        explanation: """
            "CloudKit doesn't allow encryption on fields that already exist in your app's schema, or on records \
            that you store in the public database" (CKRecord.encryptedValues): public data is readable by \
            everyone, so there is no key to encrypt it with.
            """,
        fix: """
            move the record type to the private database \
            (a custom zone), or remove @encrypted.
            """,
        eachRecordType: { input, record, out in
            guard record.placement.isPublic && record.format == .cloudschema else { return }
            record.fields.forEachInPlace { field in
                guard field.isEncrypted else { return }
                out.report(
                    "'\(record.name)' is in the public database, where CloudKit does not allow encrypted fields; remove @encrypted or move the record type to a private zone",
                    at: field.spans.attributes["encrypted"] ?? field.spans.name,
                    notes: [.init("placed in the public database here", at: record.placementSpan)])
            }
        })
}
