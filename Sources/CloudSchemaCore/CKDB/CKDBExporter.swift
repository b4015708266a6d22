/// Writes a `Schema` as `.ckdb` in the exact layout `cktool export-schema` produces, so a diff
/// of this output against a committed export is empty when nothing changed. The rules below are
/// read from the shared corpus's 16 cktool exports (91 record types besides `Users`; ckdb-language
/// 2.2 lists the same):
///
/// - `DEFINE SCHEMA`, a blank line, `CREATE ROLE` lines (in declaration order, as exports keep
///   them), a blank line, then record types sorted by the raw bytes of their CloudKit names,
///   indented 4 spaces and separated by blank lines, each closed by `    );`;
/// - fields indented 8 spaces, sorted by the raw bytes of their key (`CD_*` < `"___*"` < lower
///   case), the name column padded to the longest name plus one space; all six system fields
///   are listed, with the indexes the schema gives them;
/// - index options in the order `QUERYABLE SEARCHABLE SORTABLE`;
/// - grants after the fields, one line per grant as the schema has them, sorted by role name
///   bytes, permissions in the order `READ, CREATE, WRITE`; a record type with none gets the three
///   defaults, `GRANT WRITE TO "_creator"`, `GRANT CREATE TO "_icloud"`, `GRANT READ TO "_world"`
///   (every one of the 91 types lists grants, private and Core Data types included, and 66 exactly
///   these; what `import-schema` does with a type that has none is inferred from that, not documented);
/// - the system record type `Users` (`CKRecordTypeUserRecord`) in every export (16 of 16), written
///   as exports have it (`roles LIST<INT64>`, `GRANT WRITE TO "_creator"`, `GRANT READ TO "_world"`)
///   when the schema does not declare it;
/// - names quoted only when they must be (system names, reserved words);
/// - no comments (no export has one); `comments: true` keeps doc comments as `//` lines above
///   the element they document.
///
/// Zones, databases, optionality, defaults, enums (stored as their raw type), `@parent`,
/// `@deleteSelf`, `@merge` and reference targets cannot be said in `.ckdb` and are not written.
/// Each `model` is written as the record type Core Data mirroring creates for it
/// (`CoreDataMirror`), unless a record type of that name is already in the schema, and each
/// synced SQLite table as the record type SQLiteData writes (`SQLiteDataMirror`).
public enum CKDBExporter {
    /// `coreDataMoveReceipt`: give each model's record type the `CD_moveReceipt` fields, which some
    /// containers' Core Data creates (`CoreDataMirror`).
    public static func export(_ schema: Schema, includeModels: Bool = true, comments: Bool = false, coreDataMoveReceipt: Bool = false)
        -> String
    {
        var recordTypes = schema.recordTypes
        if includeModels, !schema.models.isEmpty {
            let names = Set(recordTypes.map(\.cloudKitName))
            recordTypes += CoreDataMirror.recordTypes(for: schema, moveReceipt: coreDataMoveReceipt).filter {
                !names.contains($0.cloudKitName)
            }
        }
        // SQLiteData's tables, as SyncEngine writes their rows (SQLiteDataMirror).
        recordTypes += SQLiteDataMirror.recordTypes(for: schema.sqlite)
        if !recordTypes.contains(where: { $0.cloudKitName == users.cloudKitName }) { recordTypes.append(users) }
        recordTypes.sort { CKDB.byteOrder($0.cloudKitName, $1.cloudKitName) }

        var out = "DEFINE SCHEMA\n"
        if !schema.roles.isEmpty {
            out += "\n"
            for role in schema.roles {
                if comments { out += comment(role.doc, indent: 4) }
                out += "    CREATE ROLE \(CKDB.spelled(role.name));\n"
            }
        }
        for record in recordTypes {
            out += "\n"
            out += recordText(record, comments: comments)
        }
        return out
    }

    /// CloudKit's user record type as every export lists it.
    static let users = RecordType(
        name: "Users", fields: [Field(name: "roles", type: .list(.int64), isOptional: true)],
        grants: [Grant(permissions: .write, grantee: .creator), Grant(permissions: .read, grantee: .world)], format: .ckdb)

    /// One `RECORD TYPE ... ( ... );` block, indented as in an export, ending with a newline.
    public static func recordText(_ record: RecordType, comments: Bool = false) -> String {
        var out = comments ? comment(record.doc, indent: 4) : ""
        out += "    RECORD TYPE \(CKDB.spelled(record.cloudKitName)) (\n"
        let fields = completedFields(record)
        let width = (fields.map { CKDB.spelled($0.key).utf8.count }.max() ?? 0) + 1
        var lines: [(doc: String, text: String)] = []
        for field in fields {
            let name = CKDB.spelled(field.key)
            var text = name + String(repeating: " ", count: max(width - name.utf8.count, 1)) + typeText(field)
            for option in field.indexes.names { text += " " + option.uppercased() }
            lines.append((comments ? comment(field.doc, indent: 8) : "", text))
        }
        for grant in CKDB.deployedGrants(of: record).sorted(by: CKDB.exportOrder) {
            lines.append(
                (
                    "",
                    "GRANT \(grant.permissions.names.map { $0.uppercased() }.joined(separator: ", ")) TO \(CKDB.spelled(grant.grantee.cloudKitName))"
                ))
        }
        for (i, line) in lines.enumerated() {
            out += line.doc + "        " + line.text + (i == lines.count - 1 ? "" : ",") + "\n"
        }
        out += "    );\n"
        return out
    }

    /// The record's fields plus any of the six system fields it does not list, in export order.
    /// Fields whose key is a system name (`___recordID` written in `.cloudschema`) count as system fields.
    public static func completedFields(_ record: RecordType) -> [Field] {
        var fields = record.fields
        for (name, type) in SystemFields.all where !fields.contains(where: { $0.key == name }) {
            fields.append(Field(name: name, type: type, isOptional: true, isSystem: true))
        }
        return fields.sorted { CKDB.byteOrder($0.key, $1.key) }
    }

    /// `STRING`, `ENCRYPTED STRING`, `LIST<ENCRYPTED STRING>`, `NUMBER PREFERRED AS INT64`.
    public static func typeText(_ field: Field) -> String {
        let type = field.type.cloudKitType
        guard field.isEncrypted else { return type.description }
        if case .list(let element) = type { return "LIST<ENCRYPTED \(element)>" }
        return "ENCRYPTED \(type)"
    }

    static func comment(_ doc: String?, indent: Int) -> String {
        guard let doc, !doc.isEmpty else { return "" }
        let pad = String(repeating: " ", count: indent)
        return doc.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let trimmed = CKDBComment.trim(line)
            return trimmed.isEmpty ? pad + "//\n" : pad + "// " + trimmed + "\n"
        }.joined()
    }
}
