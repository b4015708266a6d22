import CloudSchemaCore
import Foundation

/// What the server answers: diagnostics, formatting, hover, definition, symbols, completion.
extension LanguageServer {
    /// One folder's schema as lint reads it, with open documents as edited.
    struct Analysis {
        var loaded: LoadedSchema
        /// The front end's diagnostics and lint's: nil until a request needs them (lint is a
        /// quarter of an analysis; definitions, symbols and completion only need the schema).
        var diagnostics: [Diagnostic]?
        var configurations: ConfigurationSet
        /// Each source's text, for positions.
        var texts: [String: LSPText]
        /// Every name the sources write (`references(_:)`): nil until a request needs them.
        var references: [Reference]? = nil
        /// The schema's names as `references(_:)` looks them up, once a lookup needs them.
        var walk: ReferenceWalk? = nil
        /// `symbols(_:)`'s answer for each file, once asked.
        var symbols: [String: JSON] = [:]
    }

    static func path(of uri: String) -> String {
        if let url = URL(string: uri), url.isFileURL { return url.path }
        return uri
    }

    /// What one analysis covers: a file's folder, or a document that is not a file by itself.
    static func scope(of uri: String) -> String {
        URL(string: uri)?.isFileURL == true ? (path(of: uri) as NSString).deletingLastPathComponent : uri
    }

    /// The URI to show for a file: the open document's own, else a `file:` URL.
    func documentURI(of path: String) -> String {
        documents.keys.first { Self.path(of: $0) == path } ?? URL(fileURLWithPath: path).absoluteString
    }

    /// The document's analysis: the last one while nothing in its folder changed; `linted`
    /// when the request needs the diagnostics.
    mutating func analysis(_ uri: String, linted: Bool = false) -> Analysis {
        let scope = Self.scope(of: uri)
        var analysis = analyses[scope] ?? analyse(uri)
        if linted, analysis.diagnostics == nil {
            analysis.diagnostics = Linter.lint(analysis.loaded, configuration: analysis.configurations.configuration(for:))
        }
        analyses[scope] = analysis
        return analysis
    }

    /// The schema files directly in a document's folder (the document itself even when it is
    /// not saved yet), or the document alone when it is not a file.
    private mutating func analyse(_ uri: String) -> Analysis {
        analysisCount += 1
        let sources = sources(uri)
        let loaded = SchemaLoader.load(bytes: sources, parses: parses, exportsAreVersions: true)
        let configurations = ConfigurationSet(files: sources.map(\.0), explicitPath: nil)
        var texts: [String: LSPText] = [:]
        for (file, bytes) in sources where texts[file] == nil {
            let open = lineIndexes[documentURI(of: file)]
            texts[file] = open?.bytes == bytes ? open : LSPText(bytes, encoding: client.encoding)
        }
        return Analysis(loaded: loaded, diagnostics: nil, configurations: configurations, texts: texts)
    }

    /// The texts an analysis of `uri` reads, by path: open documents as edited, the rest from disk.
    func sources(_ uri: String) -> [(String, [UInt8])] {
        let path = Self.path(of: uri)
        guard URL(string: uri)?.isFileURL == true else { return [(path, documents[uri] ?? [])] }
        let folder = Self.scope(of: uri)
        var paths = Set(
            documents.keys.map(Self.path(of:)).filter { ($0 as NSString).deletingLastPathComponent == folder && Self.isSchema($0) })
        paths.insert(path)
        for name in (try? fileSystem.entries(of: folder)) ?? [] where Self.isSchema(name) && !name.hasPrefix(".") {
            let file = (folder as NSString).appendingPathComponent(name)
            if (try? fileSystem.status(of: file))?.kind == .file { paths.insert(file) }
        }
        return paths.sorted().compactMap { file in text(of: documentURI(of: file), path: file).map { (file, $0) } }
    }

    static func isSchema(_ path: String) -> Bool { SchemaLoader.extensions.contains((path as NSString).pathExtension) }

    /// An open document's text, else the file's.
    func text(of uri: String, path: String? = nil) -> [UInt8]? {
        documents[uri] ?? (try? SchemaLoader.read(path ?? Self.path(of: uri), as: path ?? Self.path(of: uri), fileSystem: fileSystem))
    }

    /// A document's text as positions are counted in this session.
    func lspText(_ uri: String) -> LSPText? { lineIndexes[uri] ?? text(of: uri).map { LSPText($0, encoding: client.encoding) } }

    // MARK: Diagnostics

    /// `publishDiagnostics` for every open document of each folder changed since the last
    /// call: one analysis per folder, of its latest text.
    public mutating func publishStaleDiagnostics() -> [JSON] {
        let scopes = Set(unpublished.map(Self.scope(of:)))
        unpublished = []
        var notifications: [JSON] = []
        for scope in scopes.sorted() {
            let open = documents.keys.filter { Self.scope(of: $0) == scope }.sorted()
            guard let first = open.first else { continue }
            let analysis = analysis(first, linted: true)
            for document in open {
                let path = Self.path(of: document)
                guard let text = analysis.texts[path] else { continue }
                let shown = (analysis.diagnostics ?? []).filter { $0.range?.file == path }
                published[document] = shown.compactMap { diagnostic in
                    diagnostic.range.map {
                        PublishedDiagnostic(start: $0.start.offset, end: $0.end.offset, id: diagnostic.id, message: diagnostic.message)
                    }
                }
                notifications.append(Self.diagnosticsNotification(document, shown.map { diagnostic(_: $0, text, analysis) }))
            }
        }
        return notifications
    }

    static func diagnosticsNotification(_ uri: String, _ diagnostics: [JSON]) -> JSON {
        .object([
            ("jsonrpc", "2.0"), ("method", "textDocument/publishDiagnostics"),
            ("params", .object([("uri", .string(uri)), ("diagnostics", .array(diagnostics))])),
        ])
    }

    func diagnostic(_ diagnostic: Diagnostic, _ text: LSPText, _ analysis: Analysis) -> JSON {
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
            guard let range = note.range, let text = analysis.texts[range.file] else { return nil }
            return .object([
                ("location", .object([("uri", .string(documentURI(of: range.file))), ("range", text.range(range))])),
                ("message", .string(note.message)),
            ])
        }
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        return .object(members)
    }

    // MARK: Formatting

    /// One edit replacing the whole text; none when it is formatted already; an error response
    /// when it cannot be formatted (syntax errors), so the editor says why nothing happened.
    func formatting(_ uri: String) throws(RequestError) -> JSON {
        let path = Self.path(of: uri)
        // As `cloudschema format`: `.ckdb` is what CloudKit deploys, `.sql` the app's migrations.
        if path.hasSuffix(".ckdb") || path.hasSuffix(".sql") {
            throw RequestError(
                code: .requestFailed,
                message: "not formatted: format rewrites .cloudschema files only; a .\((path as NSString).pathExtension) file is read"
                    + " as it is" + (path.hasSuffix(".ckdb") ? " ('cloudschema import' turns it into .cloudschema)" : ""))
        }
        guard let text = lspText(uri) else { return [] }
        switch SchemaFormatter.format(text.bytes, file: path) {
        case .formatted(let formatted):
            guard Array(formatted.utf8) != text.bytes else { return [] }
            return [.object([("range", text.wholeRange), ("newText", .string(formatted))])]
        case .syntaxErrors(let errors):
            let first = errors.first.map { error in " (line \(error.range.map { String($0.start.line) } ?? "?"): \(error.message))" }
            throw RequestError(
                code: .requestFailed,
                message: "not formatted: the file has \(errors.count) syntax error\(errors.count == 1 ? "" : "s")\(first ?? "")")
        case .failed(let reason):
            throw RequestError(code: .requestFailed, message: "cannot format: \(reason)")
        }
    }

    // MARK: Hover

    /// Markdown, or plain text when the client did not list `markdown` in `hover.contentFormat`:
    /// the element at the cursor (`describe`; on a name used there, its declaration), then the
    /// explanation of each diagnostic whose range holds the cursor. Those are the diagnostics the
    /// client shows: the folder's analysis's while it is current; right after a change, until the
    /// folder is analysed again, those last published for the document, moved with the edits since
    /// (`PublishedDiagnostic`: one the edits overlap is not explained). The new ones are published
    /// as soon as no message waits (`publishStaleDiagnostics`), and the next hover explains them.
    /// Right after a change in a folder of `.cloudschema` files only, the element is described
    /// from the parses (`ParsedFolder`), but for a role, whose hover lists its grants.
    mutating func hover(_ uri: String, at position: (line: Int, character: Int)) throws(RequestError) -> JSON {
        let path = Self.path(of: uri)
        let explained: [(id: DiagnosticID, message: String)]
        var element: (schema: Schema, target: SourceRange)?
        if analyses[Self.scope(of: uri)] == nil, let shown = published[uri], let text = lineIndexes[uri] {
            let offset = text.offset(line: position.line, character: position.character)
            explained = shown.filter { $0.start <= offset && offset <= $0.end }.map { ($0.id, $0.message) }
            if var folder = parsedFolder(uri) {
                let target = Self.hoverTarget(path, offset, folder.lookUp(path, offset))
                element = folder.elements(around: target).map { ($0, target) }
            }
        } else {
            let analysis = analysis(uri, linted: true)
            guard let text = analysis.texts[path] else { return .null }
            let cursor = Self.cursor(path, text.offset(line: position.line, character: position.character))
            explained = (analysis.diagnostics ?? []).filter { $0.range?.holds(cursor) == true }.map { ($0.id, $0.message) }
        }
        if element == nil {
            let lookedUp = lookUpDeclaration(uri, position)
            let analysis = lookedUp?.analysis ?? analysis(uri)
            if let text = analysis.texts[path] {
                let target = Self.hoverTarget(
                    path, text.offset(line: position.line, character: position.character), lookedUp.map { ($0.found, $0.declaration) })
                element = (analysis.loaded.schema, target)
            }
        }
        var sections: [String] = explained.compactMap { id, message in
            DiagnosticRegistry.explanation(of: id).map { "**\(id)**: \(message)\n\n```\n\($0.trimmingCharacters(in: .newlines))\n```" }
        }
        if let (schema, target) = element, let described = Self.describe(schema, where: { $0?.holds(target) == true }) {
            sections.insert(described, at: 0)
        }
        guard !sections.isEmpty else { return .null }
        let markdown = sections.joined(separator: "\n\n---\n\n")
        let contents: (String, String) = client.markdown ? ("markdown", markdown) : ("plaintext", Self.plainText(markdown))
        return .object([("contents", .object([("kind", .string(contents.0)), ("value", .string(contents.1))]))])
    }

    /// What hover describes: the element that holds the cursor or, on a name used there, the one
    /// that holds the name's declaration (`lookedUp`).
    static func hoverTarget(_ path: String, _ offset: Int, _ lookedUp: (found: Reference, declaration: SourceRange?)?) -> SourceRange {
        if let (found, declaration) = lookedUp, !found.isDeclaration, let declaration { return declaration }
        return cursor(path, offset)
    }

    /// An empty range at byte `offset` of `path`, for `SourceRange.holds` (which reads offsets only).
    static func cursor(_ path: String, _ offset: Int) -> SourceRange {
        let position = SourcePosition(line: 0, column: 0, offset: offset)
        return SourceRange(file: path, start: position, end: position)
    }

    /// The hover's Markdown without its markup (bold, code spans and fences, hard breaks, rules).
    static func plainText(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: "```\n", with: "").replacingOccurrences(of: "\n```", with: "")
            .replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: "")
            .replacingOccurrences(of: "  \n", with: "\n").replacingOccurrences(of: "\n---\n", with: "\n")
    }

    /// The member (or else the declaration) at the place `contains` accepts, in Markdown.
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
        for role in schema.roles where contains(role.spans.range) {
            let granted = schema.recordTypes.filter { $0.grants.contains { $0.grantee == .role(role.name) } }.map { "`\($0.name)`" }
            return "**role** `\(role.name)`: a security role" + (granted.isEmpty ? "" : "; granted on " + granted.joined(separator: ", "))
        }
        for zone in schema.zones where contains(zone.spans.range) {
            return "**zone** `\(zone.name)`: a custom zone of the private database" + (zone.isShareable ? ", shareable as a whole" : "")
        }
        return nil
    }

    // MARK: Definition

    /// The declaration of the name under the cursor: a type, a zone (`in Zone`), a role
    /// (`grant ... to Role`), a field in a subscription's predicate, a property in `@inverse(p)`...
    mutating func definition(_ uri: String, at position: (line: Int, character: Int)) throws(RequestError) -> JSON {
        guard let (range, text) = declaration(uri, at: position) else { return .null }
        return .object([("uri", .string(documentURI(of: range.file))), ("range", text.range(range))])
    }

    // MARK: Symbols

    /// `DocumentSymbol`s with their members, or flat `SymbolInformation`s (members named with
    /// their container) when the client lacks `hierarchicalDocumentSymbolSupport`. Made once
    /// per analysis: editors ask again whenever the document is shown.
    mutating func symbols(_ uri: String) throws(RequestError) -> JSON {
        let path = Self.path(of: uri)
        let scope = Self.scope(of: uri)
        if let symbols = analyses[scope]?.symbols[path] { return symbols }
        let symbols: JSON
        if path.hasSuffix(".cloudschema") {
            guard let bytes = text(of: uri, path: path) else { return [] }
            symbols = writtenSymbols(uri, path, bytes)
        } else {
            symbols = resolvedSymbols(uri, path, analysis(uri))
        }
        analyses[scope]?.symbols[path] = symbols
        return symbols
    }

    /// A `.cloudschema` document's outline from its parse, as written: no analysis needed, so it
    /// is quick right after a change, and a member whose type does not resolve is still there.
    private func writtenSymbols(_ uri: String, _ path: String, _ bytes: [UInt8]) -> JSON {
        // As `SchemaLoader.load` reads it: a file that is not text is not parsed.
        guard SchemaLoader.notTextDiagnostic(bytes, file: path) == nil else { return [] }
        let open = lineIndexes[uri]
        let text = open?.bytes == bytes ? open! : LSPText(bytes, encoding: client.encoding)
        var list = SymbolList(uri: uri, path: path, text: text, hierarchical: client.hierarchicalSymbols)
        func written(_ range: SourceRange) -> String {
            String(decoding: bytes[range.start.offset..<range.end.offset], as: UTF8.self)
        }
        func members(_ fields: [FieldSyntax], kind: Int) -> [(String, String, Int, SourceSpans)] {
            fields.map { ($0.name.name, written($0.type.range), kind, SourceSpans(range: $0.range, name: $0.name.range)) }
        }
        // LSP SymbolKind: Namespace 3, Package 4, Class 5, Property 7, Field 8, Enum 10, Object 19, Key 20, EnumMember 22, Struct 23.
        for declaration in parses.parse(bytes, file: path).syntax.declarations {
            switch declaration {
            case .container(let container):
                list.add(container.identifier, "container", 4, SourceSpans(range: container.range, name: container.identifierRange))
            case .role(let role): list.add(role.name.name, "role", 20, SourceSpans(range: role.range, name: role.name.range))
            case .zone(let zone): list.add(zone.name.name, "zone", 3, SourceSpans(range: zone.range, name: zone.name.range))
            case .record(let record):
                list.add(
                    record.name.name, "record", 23, SourceSpans(range: record.range, name: record.name.range),
                    members(record.fields, kind: 8))
            case .enumeration(let type):
                // A case without a raw value has its name as one (String enums; Int64 cases need one).
                let named = type.rawType.map { $0.name == "String" } ?? true
                list.add(
                    type.name.name, "enum", 10, SourceSpans(range: type.range, name: type.name.range),
                    type.cases.map { item in
                        let raw = item.rawValue.map { written($0.range) } ?? (named ? "\"\(item.name.name)\"" : "")
                        return (item.name.name, raw, 22, SourceSpans(range: item.range, name: item.name.range))
                    })
            case .model(let model):
                list.add(
                    model.name.name, "model", 5, SourceSpans(range: model.range, name: model.name.range),
                    members(model.properties, kind: 7))
            case .keyValue(let store):
                list.add(
                    store.name.name, "keyvalue", 19, SourceSpans(range: store.range, name: store.name.range),
                    members(store.keys, kind: 20))
            case .subscription: break
            }
        }
        return JSON.array(list.symbols.map(\.symbol))
    }

    /// The outline of a document read by another reader (`.ckdb`, Swift models), from the folder's analysis.
    private func resolvedSymbols(_ uri: String, _ path: String, _ analysis: Analysis) -> JSON {
        guard let text = analysis.texts[path] else { return [] }
        var list = SymbolList(uri: uri, path: path, text: text, hierarchical: client.hierarchicalSymbols)
        let schema = analysis.loaded.schema
        if let container = schema.container { list.add(container.identifier, "container", 4, container.spans) }
        for role in schema.roles { list.add(role.name, "role", 20, role.spans) }
        for zone in schema.zones { list.add(zone.name, "zone", 3, zone.spans) }
        for record in schema.recordTypes {
            let fields = record.fields.filter { !$0.isSystem }
            list.add(record.name, "record", 23, record.spans, fields.map { ($0.name, "\($0.type)", 8, $0.spans) })
        }
        for type in schema.enums {
            list.add(type.name, "enum", 10, type.spans, type.cases.lazy.map { ($0.name, "\($0.rawValue)", 22, $0.spans) })
        }
        for model in schema.models {
            list.add(model.name, "model", 5, model.spans, model.properties.map { ($0.name, "\($0.type)", 7, $0.spans) })
        }
        for store in schema.keyValueStores {
            list.add(store.name, "keyvalue", 19, store.spans, store.keys.map { ($0.name, "\($0.type)", 20, $0.spans) })
        }
        return JSON.array(list.symbols.sorted { $0.offset < $1.offset }.map(\.symbol))
    }
}

/// One document's symbols as `symbols(_:)` collects them, each with where it starts.
private struct SymbolList {
    let uri: String
    let path: String
    let text: LSPText
    let hierarchical: Bool
    var symbols: [(offset: Int, symbol: JSON)] = []

    /// A declaration and its members (name, detail, kind, spans), when it is in this document.
    mutating func add(
        _ name: String, _ detail: String, _ kind: Int, _ spans: SourceSpans,
        _ members: some Sequence<(String, String, Int, SourceSpans)> = EmptyCollection()
    ) {
        guard let range = spans.range, range.file == path else { return }
        // In source order: a `.ckdb` record type's fields are read sorted by name.
        let members = members.compactMap { member in member.3.range.map { (member, $0) } }.sorted {
            $0.1.start.offset < $1.1.start.offset
        }
        guard hierarchical else {
            symbols.append((range.start.offset, information(name, kind, range, container: nil)))
            for ((member, _, memberKind, _), memberRange) in members {
                symbols.append((memberRange.start.offset, information(member, memberKind, memberRange, container: name)))
            }
            return
        }
        let children: [JSON] = members.map { member, memberRange in
            symbol(member.0, member.1, member.2, memberRange, member.3.name ?? memberRange, [])
        }
        symbols.append((range.start.offset, symbol(name, detail, kind, range, spans.name ?? range, children)))
    }

    func information(_ name: String, _ kind: Int, _ range: SourceRange, container: String?) -> JSON {
        var members: [(String, JSON)] = [
            ("name", .string(name)), ("kind", .int(kind)), ("location", .object([("uri", .string(uri)), ("range", text.range(range))])),
        ]
        if let container { members.append(("containerName", .string(container))) }
        return .object(members)
    }

    func symbol(_ name: String, _ detail: String, _ kind: Int, _ range: SourceRange, _ selection: SourceRange, _ children: [JSON]) -> JSON {
        .object([
            ("name", .string(name)), ("detail", .string(detail)), ("kind", .int(kind)), ("range", text.range(range)),
            ("selectionRange", text.range(selection)), ("children", .array(children)),
        ])
    }
}
