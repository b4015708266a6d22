extension CKDBParser {
    /// Adds `.ckdb` schemas to a schema read from other files (`SchemaLoader`): roles by name,
    /// record types, reporting a record type declared in two files as `NAME_DUPLICATE`.
    ///
    /// Two `.ckdb` files of which one lists CloudKit's `Users` type, as every `cktool export-schema`
    /// file does (ckdb-language.md §2.2), describe one container twice (a production export kept
    /// beside the development schema, a schema and its export), not one schema in two parts. With
    /// `exportsAreVersions` (lint) the record types both declare are read from the first file, and
    /// the second gets one `INPUT_NOT_CHECKED` info saying how to lint and compare it, instead of an
    /// error for each; without (export, diff, generate, push), which version to use is not known.
    static func merge(_ schemas: [Schema], into schema: inout Schema, exportsAreVersions: Bool) -> [Diagnostic] {
        guard !schemas.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        // Where each name was first declared (not a copy of each record type: those are large).
        var names: [String: SourceRange?] = [:]
        for record in schema.recordTypes { names.updateValue(record.spans.name, forKey: record.cloudKitName) }
        var ckdbFiles: Set<String> = []
        var exports: Set<String> = []  // the .ckdb files read so far that list `Users`
        for other in schemas {
            for role in other.roles where !schema.roles.contains(where: { $0.name == role.name }) {
                schema.roles.append(role)
            }
            let isExport = other.recordTypes.contains { $0.cloudKitName == AppCodeSchema.usersType }
            var versions: [(name: String, first: String, at: SourceRange?)] = []  // declared again by this file
            for record in other.recordTypes {
                if let first = names[record.cloudKitName] {
                    if exportsAreVersions, let firstFile = first?.file, ckdbFiles.contains(firstFile),
                        isExport || exports.contains(firstFile)
                    {
                        versions.append((record.cloudKitName, firstFile, record.spans.name))
                        continue
                    }
                    diagnostics.append(
                        .error(
                            .nameDuplicate, "record type '\(record.cloudKitName)' is declared in two files; remove one",
                            at: record.spans.name, notes: [.init("first declared here", at: first)]))
                    continue
                }
                names.updateValue(record.spans.name, forKey: record.cloudKitName)
                schema.recordTypes.append(record)
            }
            guard let file = other.recordTypes.first?.spans.name?.file else { continue }
            ckdbFiles.insert(file)
            if isExport { exports.insert(file) }
            if let version = versions.first {
                diagnostics.append(Self.secondVersion(of: file, versions.map(\.name), first: version.first, at: version.at))
            }
        }
        return diagnostics
    }

    /// The record types a second description of a container declares again are not checked.
    private static func secondVersion(of file: String, _ names: [String], first: String, at range: SourceRange?) -> Diagnostic {
        let listed = names.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        let count = names.count == 1 ? "record type \(listed) of this file is" : "\(names.count) record types of this file (\(listed)) are"
        return Diagnostic(
            .inputNotChecked, .info,
            "not checked: \(count) also in '\(first)', and one of the two files lists CloudKit's \(AppCodeSchema.usersType) type, as every cktool export-schema file does, so they describe one container twice (two versions of its schema, or a schema and its export); they are read from '\(first)' only: lint this file on its own (cloudschema lint \(file)), and compare the two with cloudschema diff \(file) --against \(first)",
            at: range)
    }
}
