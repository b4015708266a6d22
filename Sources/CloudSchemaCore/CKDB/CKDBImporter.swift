/// Writes an idiomatic `.cloudschema` for a `.ckdb` schema, good enough to commit as the new
/// source of truth: exporting the result gives back the same `.ckdb` export.
///
/// - Roles become `role X`, record types `record X { ... }`, fields `name: Type?` (`.ckdb` cannot
///   say required, so every field is optional), indexes `@queryable @sortable @searchable`,
///   `ENCRYPTED` `@encrypted`, grants `grant read, create to world | icloud | creator | Role`, one
///   per `GRANT` clause (two to one role stay two), after the fields. The output is formatted as
///   `cloudschema format` would write it.
/// - No record type is placed in public: `.ckdb` states no database, and exports list default
///   grants on every record type, so a comment at the top asks the user to decide.
/// - CloudKit's own record types (`Users`, `cloudkit.share`) are kept, with a suppression of
///   `RECORD_NAME_RESERVED`, so exporting the import gives back the export; so is a field whose
///   key is a CKRecord metadata property (`recordID`), with one of `FIELD_NAME_RESERVED`.
/// - Core Data's record types (`CD_<Entity>`, `CDMR`) get a comment saying Core Data owns them.
/// - The six system fields are written (as `___createTime: Date? @sortable`) only when they
///   carry an index or a comment: the others are implicit, and export lists them anyway. The
///   record name's index alone (`"___recordID" REFERENCE QUERYABLE`) is `@queryable` on the record type.
/// - A `REFERENCE` becomes `Reference<T>` when exactly one record type fits the field name
///   (`bed` → `Bed`, `bedRef`/`bedID` → `Bed`, `beds` → `Bed` for a list); otherwise an untyped
///   `Reference` with a comment asking the user to choose.
/// - `NUMBER` becomes `Number`, `NUMBER PREFERRED AS INT64` `Number<Int64>` (and `DOUBLE`
///   `Number<Double>`), which export writes back as they were.
/// - Elements are written in source order when they came from a file (their spans), with the
///   detached comments put back between them; doc comments become `///`.
/// - Keywords used as names get backticks; names that are not identifiers get `@name("...")`.
public enum CKDBImporter {
    public static func importSchema(_ result: CKDBParseResult, source: String? = nil) -> String {
        importSchema(result.schema, comments: result.detachedComments, source: source)
    }

    public static func importSchema(_ schema: Schema, comments: [CKDBComment] = [], source: String? = nil) -> String {
        var writer = Writer(schema: schema, comments: comments)
        return writer.write(source: source)
    }

    private struct Writer {
        let schema: Schema
        let comments: [CKDBComment]
        var cursor = 0
        var out = ""

        init(schema: Schema, comments: [CKDBComment]) {
            self.schema = schema
            self.comments = comments.sorted { $0.range.start.offset < $1.range.start.offset }
        }

        mutating func write(source: String?) -> String {
            if let source { out += "// Imported from \(source) by `cloudschema import`.\n" }
            if schema.recordTypes.contains(where: { $0.fields.contains { $0.isCloudKitSystemField && Self.isWritten($0) } }) {
                out += "// Fields named ___* are CloudKit system fields, listed for their indexes; export writes all six.\n"
            }
            if schema.recordTypes.contains(where: { !$0.grants.isEmpty }) {
                out += """
                    // Decide where each record type lives: .ckdb does not say, and exports list grants on every type.
                    // Grants apply only in the public database. Write 'in public' on the record types stored there;
                    // for the others, remove the grants (lint reports them as GRANT_NOT_PUBLIC) and choose a zone.

                    """
            }
            if !out.isEmpty { out += "\n" }
            for role in schema.roles.sorted(by: sourceOrder(\.spans)) {
                putComments(before: role.spans, indent: "")
                out += doc(role.doc, indent: "")
                out += "role \(swiftName(role.name))\n"
            }
            for record in schema.recordTypes.sorted(by: sourceOrder(\.spans)) {
                if !out.isEmpty, !out.hasSuffix("\n\n") { out += "\n" }
                putComments(before: record.spans, indent: "")
                writeRecord(record)
            }
            putComments(before: nil, indent: "")
            return out
        }

        private func sourceOrder<T>(_ spans: KeyPath<T, SourceSpans>) -> (T, T) -> Bool {
            { a, b in (a[keyPath: spans].range?.start.offset ?? Int.max) < (b[keyPath: spans].range?.start.offset ?? Int.max) }
        }

        /// Detached comments that come before `spans` (all remaining ones when nil).
        private mutating func putComments(before spans: SourceSpans?, indent: String) {
            putComments(before: spans.map { $0.range?.start.offset ?? -1 } ?? Int.max, indent: indent)
        }

        private mutating func putComments(before limit: Int, indent: String) {
            while cursor < comments.count, comments[cursor].range.start.offset < limit {
                for line in comments[cursor].lines.dropLastEmpty() {
                    out += line.isEmpty ? indent + "//\n" : indent + "// " + line + "\n"
                }
                cursor += 1
            }
        }

        private mutating func writeRecord(_ record: RecordType) {
            if let entity = record.coreDataEntityName {
                out +=
                    "// Core Data / SwiftData mirror of entity '\(entity)': NSPersistentCloudKitContainer creates and manages this record type.\n"
            } else if record.isCoreDataMirror {
                out +=
                    "// Core Data / SwiftData many-to-many relationships: NSPersistentCloudKitContainer creates and manages this record type.\n"
            }
            if record.isCloudKitSystemType {
                // CloudKit's own record type (Users, cloudkit.share): exports list it, and apps may add fields to Users.
                out += "// cloudschema:ignore RECORD_NAME_RESERVED CloudKit's own \(record.cloudKitName) record type, as exported\n"
            }
            out += doc(record.doc, indent: "")
            var header = "record \(swiftName(record.name))"
            if record.fields.contains(where: Self.isRecordNameIndex) { header += " @queryable" }
            if !isIdentifier(record.name) { header += " @name(\(SchemaText.stringLiteral(record.cloudKitName)))" }
            out += header + " {\n"
            // Fields in source order, then grants in source order, as `cloudschema format` lays them out.
            let sourceOrder = { (spans: SourceSpans) in spans.range?.start.offset ?? Int.max }
            let fields = record.fields.filter { !SystemFields.contains($0.key) || Self.isWritten($0) }
            for field in fields.sorted(by: { sourceOrder($0.spans) < sourceOrder($1.spans) }) {  // a stable sort
                putComments(before: field.spans, indent: "    ")
                writeField(field, in: record)
            }
            for grant in record.grants.sorted(by: { sourceOrder($0.spans) < sourceOrder($1.spans) }) {
                putComments(before: grant.spans, indent: "    ")
                let permissions = grant.permissions.names.joined(separator: ", ")
                let grantee = grant.grantee.schemaName
                out += "    grant \(permissions) to \(grant.grantee.isBuiltIn ? grantee : swiftName(grantee))\n"
            }
            if let end = record.spans.range?.end.offset {
                putComments(before: end, indent: "    ")
            }
            out += "}\n"
        }

        /// The record name's index alone, `"___recordID" REFERENCE QUERYABLE`: `@queryable` on the record type.
        static func isRecordNameIndex(_ field: Field) -> Bool {
            field.key == SystemFields.recordID && field.indexes == .queryable && field.doc == nil
        }

        /// A system field written as a field: one with an index or a comment `@queryable` cannot say.
        static func isWritten(_ systemField: Field) -> Bool {
            (!systemField.indexes.isEmpty || systemField.doc != nil) && !isRecordNameIndex(systemField)
        }

        private mutating func writeField(_ field: Field, in record: RecordType) {
            out += doc(field.doc, indent: "    ")
            if !record.isCloudKitSystemType, !SystemFields.contains(field.key), RecordRules.isReservedKey(field.key) {
                // The server's field keeps its key: a deployed field cannot be renamed or deleted.
                out += "    // cloudschema:ignore FIELD_NAME_RESERVED a field of the .ckdb, kept under its CloudKit key\n"
            }
            let (type, note) = typeText(field, in: record)
            var attributes = field.indexes.names.map { "@\($0)" }
            if field.isEncrypted { attributes.append("@encrypted") }
            if !isIdentifier(field.key) { attributes.append("@name(\(SchemaText.stringLiteral(field.key)))") }
            // In the order `cloudschema format` writes them.
            attributes.sort { AttributeCatalog.rank(attributeName($0)) < AttributeCatalog.rank(attributeName($1)) }
            let line = (["    \(swiftName(field.name)): \(type)?"] + attributes).joined(separator: " ")
            out += line + (note.map { " // \($0)" } ?? "") + "\n"
        }

        private func attributeName(_ attribute: String) -> String {
            String(attribute.dropFirst().prefix { $0 != "(" })
        }

        private func typeText(_ field: Field, in record: RecordType) -> (String, String?) {
            var type = field.type
            var note: String?
            let isList = type.isList
            let element = type.listElement ?? type
            switch element {
            case .reference(target: nil) where !field.isCloudKitSystemField:
                if let target = referenceTarget(for: field.key, isList: isList) {
                    type = isList ? .list(.reference(target: target)) : .reference(target: target)
                } else {
                    note = ".ckdb references name no record type: write Reference<RecordType> if it always points at one"
                }
            default: break
            }
            return (typeName(type), note)
        }

        private func typeName(_ type: FieldType) -> String {
            switch type {
            case .reference(let target?): "Reference<\(swiftName(target))>"
            case .list(let element): "[\(typeName(element))]"
            default: type.description
            }
        }

        /// The one record type the field name points at, if exactly one fits.
        private func referenceTarget(for key: String, isList: Bool) -> String? {
            var stems = [key]
            for suffix in ["RecordID", "RecordName", "Reference", "Ref", "ID", "Id"] where key.hasSuffix(suffix) && key.count > suffix.count
            {
                stems.append(String(key.dropLast(suffix.count)))
            }
            if isList {
                for stem in stems where stem.hasSuffix("s") && stem.count > 1 {
                    stems.append(String(stem.dropLast()))
                    if stem.hasSuffix("es") && stem.count > 2 { stems.append(String(stem.dropLast(2))) }
                }
            }
            let wanted = Set(stems.map { $0.lowercased() })
            let matches = schema.recordTypes.filter { wanted.contains($0.name.lowercased()) }
            return matches.count == 1 ? matches.first?.name : nil
        }

        private func doc(_ text: String?, indent: String) -> String {
            guard let text, !text.isEmpty else { return "" }
            return text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.isEmpty ? indent + "///\n" : indent + "/// " + $0 + "\n"
            }.joined()
        }

        private func isIdentifier(_ name: String) -> Bool {
            guard let first = name.utf8.first, CKDB.isLetter(first) || first == 0x5F else { return false }
            return name.utf8.allSatisfy { CKDB.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
        }

        /// A `.cloudschema` name: backticks for keywords; an identifier made from the name otherwise.
        private func swiftName(_ name: String) -> String {
            if isIdentifier(name) { return SchemaText.name(name) }
            var result = String(
                name.unicodeScalars.map {
                    $0.isASCII && (CKDB.isLetter(UInt8($0.value)) || ("0"..."9").contains($0) || $0 == "_") ? Character($0) : "_"
                })
            if result.isEmpty || !isIdentifier(result) { result = "_" + result }
            return SchemaText.name(result)
        }
    }
}

extension Grant.Grantee {
    var isBuiltIn: Bool { if case .role = self { false } else { true } }
}

extension Array where Element == String {
    fileprivate func dropLastEmpty() -> [String] {
        var lines = self
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
