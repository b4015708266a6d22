import CloudSchemaCore

/// Completion by where the cursor is: declaration keywords on a blank top-level line, types
/// after `name:`, the attributes valid at that site after `@`, and the declared names (or the
/// language's words) a header or grant expects at that point; nothing where a new name goes.
extension LanguageServer {
    /// What the text before the cursor expects.
    enum CompletionContext: Equatable {
        case declaration
        /// A blank line in a body: `grant` in a record type, else a new member's name (nothing to offer).
        case member(inRecord: Bool)
        case attribute(AttributeCatalog.Site?)
        case type(inModel: Bool)
        case enumRawType
        case recordType
        case placement
        case zone
        case subscriptionDatabase
        case subscriptionEvent
        case permission
        case grantee
        case enumCase(typeName: String)
        case nothing
    }

    mutating func completion(_ uri: String, at position: (line: Int, character: Int)) throws(RequestError) -> JSON {
        guard let text = lspText(uri) else { return [] }
        let offset = text.offset(line: position.line, character: position.character)
        let context = Self.completionContext(text, before: text.word(at: offset)?.start ?? offset)
        // CompletionItemKind: Class 7, Module 9, Property 10, Enum 13, Keyword 14, Constant 21, Struct 22, EnumMember 20.
        func item(_ label: String, _ kind: Int, _ detail: String) -> JSON {
            .object([("label", .string(label)), ("kind", .int(kind)), ("detail", .string(detail))])
        }
        func words(_ words: [String], _ detail: String) -> [JSON] { words.map { item($0, 14, detail) } }
        switch context {
        case .nothing, .member(inRecord: false): return []
        case .declaration: return .array(words(LanguageVocabulary.keywords.filter { $0 != "grant" }, "declaration"))
        case .member(inRecord: true): return .array(words(["grant"], "grant"))
        case .attribute(let site):
            let valid = AttributeCatalog.all.filter { row in site.map(row.sites.contains) ?? true }
            return .array(valid.map { item($0.name, 10, $0.doc) })
        case .enumRawType: return .array(["String", "Int64"].map { item($0, 7, "raw type") })
        case .permission: return .array(words(LanguageVocabulary.permissions, "permission"))
        case .subscriptionDatabase: return .array(words(LanguageVocabulary.subscriptionDatabases, "database"))
        case .subscriptionEvent: return .array(words(LanguageVocabulary.subscriptionEvents, "event"))
        default: break
        }
        let names = declaredNames(uri)
        switch context {
        case .type(let inModel):
            var items = TypeCatalog.names.map { item($0, 7, "built-in type") } + names.enums.map { item($0.name, 13, "enum") }
            if inModel { items += names.models.map { item($0, 7, "model") } }
            return .array(items)
        case .recordType: return .array(names.recordTypes.map { item($0, 22, "record type") })
        case .placement: return .array(words(LanguageVocabulary.databases, "database") + names.zones.map { item($0, 9, "zone") })
        case .zone: return .array(names.zones.map { item($0, 9, "zone") })
        case .grantee: return .array(words(LanguageVocabulary.grantees, "grantee") + names.roles.map { item($0, 21, "role") })
        case .enumCase(let name):
            return .array((names.enums.first { $0.name == name }?.cases ?? []).map { item($0, 20, "case of \(name)") })
        default: return []
        }
    }

    /// Reads the text before `start` (where the word being typed begins): the enclosing body's
    /// keyword (braces outside strings and comments) and the current line so far.
    static func completionContext(_ text: LSPText, before start: Int) -> CompletionContext {
        let bytes = text.bytes
        var openers: [Int] = []  // offsets of the `{` still open
        var i = 0
        while i < start {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                while i < start, bytes[i] != UInt8(ascii: "\""), bytes[i] != 10 { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            case UInt8(ascii: "/") where i + 1 < start && bytes[i + 1] == UInt8(ascii: "/"):
                while i < start, bytes[i] != 10 { i += 1 }
                if i >= start { return .nothing }  // inside a comment
            case UInt8(ascii: "/") where i + 1 < start && bytes[i + 1] == UInt8(ascii: "*"):
                i += 2
                while i + 1 < start, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                if i + 1 >= start { return .nothing }
                i += 1
            case UInt8(ascii: "{"): openers.append(i)
            case UInt8(ascii: "}"): _ = openers.popLast()
            default: break
            }
            i += 1
        }
        let lineStart = text.lineStarts[text.lineAndCharacter(start).line]
        let line = String(decoding: bytes[lineStart..<start], as: UTF8.self)
        let words = line.split { $0 == " " || $0 == "\t" || $0 == "," }.map(String.init)
        let body = openers.last.flatMap { opener in
            String(decoding: bytes[text.lineStarts[text.lineAndCharacter(opener).line]..<opener], as: UTF8.self)
                .split(separator: " ").first.map(String.init)
        }
        let previous = start > 0 ? bytes[start - 1] : 10
        if previous == UInt8(ascii: "@") {
            let keyword = body ?? words.first ?? ""
            let site: AttributeCatalog.Site? =
                switch (body != nil, keyword) {
                case (false, "record"): .record
                case (false, "zone"): .zone
                case (false, "enum"): .enumeration
                case (false, "model"): .model
                case (false, "keyvalue"): .keyValue
                case (false, "subscription"): .subscription
                case (true, "record"): .recordField
                case (true, "model"): .modelProperty
                case (true, "keyvalue"): .keyValueKey
                default: nil
                }
            return site.map { .attribute($0) } ?? .nothing
        }
        if previous == UInt8(ascii: "."), let equals = line.lastIndex(of: "="), let colon = line.firstIndex(of: ":"), colon < equals,
            line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces) == "."
        {
            let type = line[line.index(after: colon)..<equals].filter { $0.isLetter || $0.isNumber || $0 == "_" }
            return .enumCase(typeName: String(type))
        }
        if line.hasSuffix("Reference<") { return .recordType }
        guard let first = words.first else { return body.map { .member(inRecord: $0 == "record") } ?? .declaration }
        let last = words.last ?? ""
        switch (body, first) {
        case (nil, "enum") where line.contains(":"): return .enumRawType
        case (nil, "record") where last == "in": return .placement
        case (nil, "subscription"):
            switch last {
            case "on": return .recordType
            case "zone": return .zone
            case "database": return .subscriptionDatabase
            default: return words.contains("fires") && last != "@" ? .subscriptionEvent : .nothing
            }
        case (.some, "grant"): return last == "to" ? .grantee : words.contains("to") ? .nothing : .permission
        case (.some(let keyword), _) where line.contains(":") && !line.contains("="):
            return keyword == "enum" ? .nothing : .type(inModel: keyword == "model")
        default: return .nothing
        }
    }
}
