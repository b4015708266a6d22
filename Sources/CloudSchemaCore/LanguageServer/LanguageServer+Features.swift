import Foundation

/// What the server answers: diagnostics, formatting, hover, definition, symbols, completion.
extension LanguageServer {
    /// One folder's schema as lint reads it, with open documents as edited.
    struct Analysis {
        var loaded: LoadedSchema
        var diagnostics: [Diagnostic]
    }

    static func path(of uri: String) -> String {
        if let url = URL(string: uri), url.isFileURL { return url.path }
        return uri
    }

    /// The URI to show for a file: the open document's own, else a `file:` URL.
    func documentURI(of path: String) -> String {
        documents.keys.first { Self.path(of: $0) == path } ?? URL(fileURLWithPath: path).absoluteString
    }

    /// The schema files directly in a document's folder (the document itself even when it is
    /// not saved yet), or the document alone when it is not a file.
    func analyse(_ uri: String) -> Analysis {
        let path = Self.path(of: uri)
        var sources: [(String, [UInt8])] = []
        if URL(string: uri)?.isFileURL == true {
            let folder = (path as NSString).deletingLastPathComponent
            var paths = Set(
                documents.keys.map(Self.path(of:)).filter { ($0 as NSString).deletingLastPathComponent == folder && Self.isSchema($0) })
            paths.insert(path)
            for name in (try? fileSystem.entries(of: folder)) ?? [] where Self.isSchema(name) && !name.hasPrefix(".") {
                let file = (folder as NSString).appendingPathComponent(name)
                if (try? fileSystem.status(of: file))?.kind == .file { paths.insert(file) }
            }
            for file in paths.sorted() {
                if let bytes = text(of: documentURI(of: file), path: file) { sources.append((file, bytes)) }
            }
        } else {
            sources = [(path, documents[uri] ?? [])]
        }
        let loaded = SchemaLoader.load(bytes: sources)
        let configurations = ConfigurationSet(files: sources.map(\.0), explicitPath: nil)
        return Analysis(loaded: loaded, diagnostics: Linter.lint(loaded, configuration: configurations.configuration(for:)))
    }

    static func isSchema(_ path: String) -> Bool { SchemaLoader.extensions.contains((path as NSString).pathExtension) }

    /// An open document's text, else the file's.
    func text(of uri: String, path: String? = nil) -> [UInt8]? {
        documents[uri] ?? (try? SchemaLoader.read(path ?? Self.path(of: uri), as: path ?? Self.path(of: uri), fileSystem: fileSystem))
    }

    // MARK: Diagnostics

    /// `publishDiagnostics` for every open document of the changed document's folder.
    func publishDiagnostics(around uri: String) -> [JSON] {
        let analysis = analyse(uri)
        let folder = (Self.path(of: uri) as NSString).deletingLastPathComponent
        let affected = documents.keys.filter { $0 == uri || (Self.path(of: $0) as NSString).deletingLastPathComponent == folder }
        return affected.sorted().compactMap { document in
            guard let bytes = documents[document] else { return nil }
            let path = Self.path(of: document)
            let text = LSPText(bytes)
            let diagnostics = analysis.diagnostics.filter { $0.range?.file == path }.map { diagnostic(_: $0, text, analysis) }
            return Self.diagnosticsNotification(document, diagnostics)
        }
    }

    static func diagnosticsNotification(_ uri: String, _ diagnostics: [JSON]) -> JSON {
        .object([
            ("jsonrpc", "2.0"), ("method", "textDocument/publishDiagnostics"),
            ("params", .object([("uri", .string(uri)), ("diagnostics", .array(diagnostics))])),
        ])
    }

    private func diagnostic(_ diagnostic: Diagnostic, _ text: LSPText, _ analysis: Analysis) -> JSON {
        let severity =
            switch diagnostic.severity {
            case .error: 1
            case .warning: 2
            case .info: 3
            }
        var members: [(String, JSON)] = [
            ("range", diagnostic.range.map(text.range) ?? text.wholeRange), ("severity", .int(severity)),
            ("code", .string(diagnostic.id.rawValue)), ("source", "cloudschema"), ("message", .string(diagnostic.message)),
        ]
        let related: [JSON] = diagnostic.notes.compactMap { note in
            guard let range = note.range, let bytes = analysis.loaded.sources.bytes(of: range.file) else { return nil }
            return .object([
                ("location", .object([("uri", .string(documentURI(of: range.file))), ("range", LSPText(bytes).range(range))])),
                ("message", .string(note.message)),
            ])
        }
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        return .object(members)
    }

    // MARK: Formatting

    func formatting(_ uri: String) throws(RequestError) -> JSON {
        let path = Self.path(of: uri)
        guard !path.hasSuffix(".ckdb"), let bytes = text(of: uri) else { return [] }
        guard case .formatted(let formatted) = SchemaFormatter.format(bytes, file: path), Array(formatted.utf8) != bytes else {
            return []  // already formatted, or syntax errors (shown as diagnostics)
        }
        return [.object([("range", LSPText(bytes).wholeRange), ("newText", .string(formatted))])]
    }

    // MARK: Hover

    func hover(_ uri: String, at position: (line: Int, character: Int)) throws(RequestError) -> JSON {
        guard let bytes = text(of: uri) else { return .null }
        let path = Self.path(of: uri)
        let offset = LSPText(bytes).offset(line: position.line, character: position.character)
        let analysis = analyse(uri)
        func contains(_ range: SourceRange?) -> Bool {
            guard let range, range.file == path else { return false }
            return range.start.offset <= offset && offset <= range.end.offset
        }
        var sections: [String] = []
        for diagnostic in analysis.diagnostics where contains(diagnostic.range) {
            if let explanation = DiagnosticRegistry.explanation(of: diagnostic.id) {
                sections.append("**\(diagnostic.id)**: \(diagnostic.message)\n\n```\n\(explanation.trimmingCharacters(in: .newlines))\n```")
            }
        }
        let schema = analysis.loaded.schema
        if let element = Self.describe(schema, where: contains) { sections.insert(element, at: 0) }
        guard !sections.isEmpty else { return .null }
        return .object([("contents", .object([("kind", "markdown"), ("value", .string(sections.joined(separator: "\n\n---\n\n")))]))])
    }

    /// The member (or else the declaration) under the cursor, in Markdown.
    static func describe(_ schema: Schema, where contains: (SourceRange?) -> Bool) -> String? {
        for record in schema.recordTypes {
            for field in record.fields where contains(field.spans.range) {
                var lines = ["**\(field.name)**: `\(field.type)\(field.isOptional ? "?" : "")` in record type `\(record.name)`"]
                lines.append(
                    "CloudKit field `\(field.key)`: `\(field.type.cloudKitType)`"
                        + (field.isEncrypted ? ", encrypted (`encryptedValues`)" : ""))
                let indexes = field.indexes.names.map { "`\($0.uppercased())`" }
                lines.append("Indexes: " + (indexes.isEmpty ? "none" : indexes.joined(separator: ", ")))
                if field.isParent { lines.append("Set as the record's `parent` (shares include it)") }
                if field.referenceAction == .deleteSelf { lines.append("Deleted with the record it references (`DELETE_SELF`)") }
                return lines.joined(separator: "  \n")
            }
            if contains(record.spans.range) {
                let placement =
                    switch record.placement {
                    case .privateDefaultZone: "the private database's default zone"
                    case .zone(let zone): "zone `\(zone)` of the private database"
                    case .publicDatabase: "the public database"
                    }
                return "**record** `\(record.name)` (CloudKit `\(record.cloudKitName)`) in \(placement); \(record.fields.count) fields"
            }
        }
        for model in schema.models {
            for property in model.properties where contains(property.spans.range) {
                return "**\(property.name)**: `\(property.type)\(property.isOptional ? "?" : "")` in model `\(model.name)`  \n"
                    + "Mirrored to CloudKit as `\(property.type.cloudKitType)`" + (property.isUnique ? "; `@unique`" : "")
            }
            if contains(model.spans.range) { return "**model** `\(model.name)` (SwiftData); \(model.properties.count) properties" }
        }
        for store in schema.keyValueStores {
            for key in store.keys where contains(key.spans.range) {
                return "**\(key.name)**: `\(key.type)\(key.isOptional ? "?" : "")`, key `\(key.key)` in `NSUbiquitousKeyValueStore`"
            }
            if contains(store.spans.range) { return "**keyvalue** `\(store.name)`; \(store.keys.count) keys" }
        }
        for type in schema.enums where contains(type.spans.range) {
            return "**enum** `\(type.name)`: `\(type.rawType.rawValue)`, stored as `\(type.storage)`; cases: "
                + type.cases.map { "`\($0.name)`" }.joined(separator: ", ")
        }
        for zone in schema.zones where contains(zone.spans.range) {
            return "**zone** `\(zone.name)`: a custom zone of the private database" + (zone.isShareable ? ", shareable as a whole" : "")
        }
        return nil
    }

    // MARK: Definition

    /// A declaration named by the word under the cursor: a `Reference<T>`'s record type, an
    /// enum or model type, a zone (`in Zone`), a role (`grant ... to Role`).
    func definition(_ uri: String, at position: (line: Int, character: Int)) throws(RequestError) -> JSON {
        guard let bytes = text(of: uri) else { return .null }
        let document = LSPText(bytes)
        guard let word = document.word(at: document.offset(line: position.line, character: position.character))?.text else { return .null }
        let schema = analyse(uri).loaded.schema
        let spans =
            schema.recordType(named: word)?.spans ?? schema.enumType(named: word)?.spans ?? schema.model(named: word)?.spans
            ?? schema.zone(named: word)?.spans ?? schema.roles.first { $0.name == word }?.spans
            ?? schema.keyValueStores.first { $0.name == word }?.spans
        guard let range = spans?.name ?? spans?.range, let target = text(of: documentURI(of: range.file), path: range.file) else {
            return .null
        }
        return .object([("uri", .string(documentURI(of: range.file))), ("range", LSPText(target).range(range))])
    }

    // MARK: Symbols

    func symbols(_ uri: String) throws(RequestError) -> JSON {
        guard let bytes = text(of: uri) else { return [] }
        let path = Self.path(of: uri)
        let text = LSPText(bytes)
        let schema = analyse(uri).loaded.schema
        var symbols: [(offset: Int, symbol: JSON)] = []
        func add(_ name: String, _ detail: String, _ kind: Int, _ spans: SourceSpans, _ children: [(String, String, Int, SourceSpans)]) {
            guard let range = spans.range, range.file == path else { return }
            let childSymbols: [JSON] = children.compactMap { child in
                guard let childRange = child.3.range else { return nil }
                return symbol(child.0, child.1, child.2, childRange, child.3.name ?? childRange, [])
            }
            symbols.append((range.start.offset, symbol(name, detail, kind, range, spans.name ?? range, childSymbols)))
        }
        func symbol(_ name: String, _ detail: String, _ kind: Int, _ range: SourceRange, _ selection: SourceRange, _ children: [JSON])
            -> JSON
        {
            .object([
                ("name", .string(name)), ("detail", .string(detail)), ("kind", .int(kind)), ("range", text.range(range)),
                ("selectionRange", text.range(selection)), ("children", .array(children)),
            ])
        }
        // LSP SymbolKind: Namespace 3, Package 4, Class 5, Property 7, Field 8, Enum 10, Object 19, Key 20, EnumMember 22, Struct 23.
        if let container = schema.container { add(container.identifier, "container", 4, container.spans, []) }
        for role in schema.roles { add(role.name, "role", 20, role.spans, []) }
        for zone in schema.zones { add(zone.name, "zone", 3, zone.spans, []) }
        for record in schema.recordTypes {
            add(record.name, "record", 23, record.spans, record.fields.filter { !$0.isSystem }.map { ($0.name, "\($0.type)", 8, $0.spans) })
        }
        for type in schema.enums { add(type.name, "enum", 10, type.spans, type.cases.map { ($0.name, "\($0.rawValue)", 22, $0.spans) }) }
        for model in schema.models {
            add(model.name, "model", 5, model.spans, model.properties.map { ($0.name, "\($0.type)", 7, $0.spans) })
        }
        for store in schema.keyValueStores {
            add(store.name, "keyvalue", 19, store.spans, store.keys.map { ($0.name, "\($0.type)", 20, $0.spans) })
        }
        return .array(symbols.sorted { $0.offset < $1.offset }.map(\.symbol))
    }

    // MARK: Completion

    /// After `@`, the attributes; elsewhere the built-in types, the declared names and the keywords.
    func completion(_ uri: String, at position: (line: Int, character: Int)) throws(RequestError) -> JSON {
        guard let bytes = text(of: uri) else { return [] }
        let document = LSPText(bytes)
        let offset = document.offset(line: position.line, character: position.character)
        let wordStart = document.word(at: offset)?.start ?? offset
        // CompletionItemKind: Class 7, Module 9, Property 10, Enum 13, Keyword 14, Constant 21, Struct 22.
        func item(_ label: String, _ kind: Int, _ detail: String) -> JSON {
            .object([("label", .string(label)), ("kind", .int(kind)), ("detail", .string(detail))])
        }
        if wordStart > 0, bytes[wordStart - 1] == UInt8(ascii: "@") {
            return .array(LanguageVocabulary.attributes.map { item($0, 10, "attribute") })
        }
        let schema = analyse(uri).loaded.schema
        var items = LanguageVocabulary.builtInTypes.map { item($0, 7, "built-in type") }
        items += schema.recordTypes.map { item($0.name, 22, "record type") }
        items += schema.models.map { item($0.name, 7, "model") }
        items += schema.enums.map { item($0.name, 13, "enum") }
        items += schema.zones.map { item($0.name, 9, "zone") }
        items += schema.roles.map { item($0.name, 21, "role") }
        items += LanguageVocabulary.keywords.map { item($0, 14, "keyword") }
        return .array(items)
    }
}
