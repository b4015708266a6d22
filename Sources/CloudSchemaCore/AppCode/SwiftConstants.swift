/// The string constants an app's Swift files declare with a literal, which CloudKit code names
/// record types and keys through (Apple's CKSyncEngine sample: `static let recordType:
/// CKRecord.RecordType = "Contact"`, `extension CKRecord.FieldKey { static let contact_name =
/// "name" }`, and enums of keys with raw values). Anything computed is not a constant here, and a
/// name declared with two different literals is ambiguous, so it resolves to nothing.
struct SwiftConstants {
    /// `static let` members, and instance `let`s given a literal, by `Type.name` (and by each
    /// shorter suffix of a nested type's path).
    private var members: [String: String?] = [:]
    /// `static let` members of `String` and its aliases, used as `.name` where a key is expected.
    private var stringMembers: [String: String?] = [:]
    /// Top-level `let`s.
    private var globals: [String: String?] = [:]
    /// The cases of `String` enums by `Enum.case`, used as `Enum.case.rawValue`.
    private var rawValues: [String: String?] = [:]
    /// The `String` enums declaring each case name, with the case's raw value.
    private var casesByName: [String: [(enumName: String, value: String)]] = [:]
    /// `extension CKRecord { subscript(key: Keys) -> … { self[key.rawValue] } }`: the key enums
    /// a record takes directly (`record[Keys.name]`, `record[.name]`), a common way to name keys.
    private var keySubscripts: [KeySubscript] = []

    /// `static var name = "literal"` members, kept when no file assigns the name.
    private var staticVars: [(name: String, value: String, type: [String])] = []
    /// Every name some statement assigns (`name = …`, `Type.name = …`, `name += …`).
    private var assigned: Set<String> = []

    /// A `CKRecord` subscript that forwards an enum key's raw value to the record.
    private struct KeySubscript {
        /// The key's enum; nil for a generic `RawRepresentable` key (any `String` enum, written `Keys.name`).
        var enumName: String?
        /// It forwards to `encryptedValues[key.rawValue]`.
        var isEncrypted: Bool
        /// The raw value is the key (a subscript that builds another key from it is kept, as it
        /// is the one Swift picks for its enum, to say so).
        var forwards: Bool
        /// The file it is `private` or `fileprivate` to.
        var file: Int?
    }

    /// The types whose static members a `CKRecord` subscript or initializer takes as `.name`
    /// (`CKRecord.FieldKey` and `CKRecord.RecordType` are `typealias`es of `String`).
    static let stringTypes: Set<String> = ["String", "Swift.String", "CKRecord.FieldKey", "CKRecord.RecordType"]

    init(_ files: [[SwiftToken]]) {
        for (file, tokens) in files.enumerated() { read(tokens, file: file) }
        // A `static var` no file assigns is a constant too (`extension CKRecord.RecordType {
        // static var group = "Group" }`); one assigned anywhere, even a local of its name, is not.
        for constant in staticVars where !assigned.contains(constant.name) { addMember(constant.value, constant.name, of: constant.type) }
    }

    /// A `static let` member `name` of the type path `type` (`["Contact"]`, `["A", "Keys"]`).
    func member(_ name: String, of type: [String]) -> String? {
        for start in type.indices {
            if let value = members[(type[start...] + [name]).joined(separator: ".")] { return value }
        }
        return nil
    }

    func stringMember(_ name: String) -> String? { stringMembers[name] ?? nil }
    func global(_ name: String) -> String? { globals[name] ?? nil }
    func rawValue(_ enumName: String, _ caseName: String) -> String? { rawValues[enumName + "." + caseName] ?? nil }

    /// The key `Enum.case` (or `.case`, `enumName` nil) names as the argument of a record's
    /// subscript, through a key subscript visible in `file`, and whether it reaches
    /// `encryptedValues`; nil when no such subscript takes it or the candidates disagree.
    func subscriptKey(enumName: String?, caseName: String, file: Int) -> (key: String, isEncrypted: Bool)? {
        let visible = keySubscripts.filter { $0.file == nil || $0.file == file }
        var found: [(key: String?, isEncrypted: Bool)] = []
        if let enumName {
            guard let value = rawValue(enumName, caseName) else { return nil }
            // Swift picks a subscript of the enum itself over a generic one.
            let own = visible.filter { $0.enumName == enumName }
            for key in own.isEmpty ? visible.filter({ $0.enumName == nil }) : own {
                found.append((key.forwards ? value : nil, key.isEncrypted))
            }
        } else {
            // `.case` picks the subscript by the enum that has the case; a generic one can't be inferred.
            for (enumName, value) in casesByName[caseName] ?? [] {
                for key in visible where key.enumName == enumName { found.append((key.forwards ? value : nil, key.isEncrypted)) }
            }
            if !found.isEmpty, let member = stringMembers[caseName] { found.append((member, false)) }
        }
        guard let first = found.first, let key = first.key, found.allSatisfy({ $0 == first }) else { return nil }
        return (key, first.isEncrypted)
    }

    private static func add(_ value: String, as key: String, to table: inout [String: String?]) {
        if let old = table[key], old != value { table[key] = .some(nil) } else { table[key] = value }
    }

    /// One file: a stack of the braces open at each token, each a type body (with the type's path)
    /// or another block, so a `let` is known to be top-level, a static member or a local.
    private mutating func read(_ t: [SwiftToken], file: Int) {
        var blocks: [(type: [String]?, isStringEnum: Bool, isPrivate: Bool)] = []
        var pendingType: (path: [String], isStringEnum: Bool, isPrivate: Bool)?
        var i = 0
        while i < t.count {
            let token = t[i]
            if token.isPunctuation("{") {
                blocks.append(pendingType.map { ($0.path, $0.isStringEnum, $0.isPrivate) } ?? (nil, false, false))
                pendingType = nil
            } else if token.isPunctuation("}") {
                _ = blocks.popLast()
            } else if token.kind == .keyword || token.isWord("actor"),
                ["struct", "class", "enum", "extension", "protocol", "actor"].contains(token.text), i + 1 < t.count,
                t[i + 1].kind == .identifier
            {
                // `class func` and `class var` are members, not types: a name must follow.
                var path = [t[i + 1].text]
                var j = i + 2
                while j + 1 < t.count, t[j].isPunctuation("."), t[j + 1].kind == .identifier {
                    path.append(t[j + 1].text)
                    j += 2
                }
                let outer = blocks.last?.type ?? []
                let isStringEnum = token.text == "enum" && j + 1 < t.count && t[j].isPunctuation(":") && t[j + 1].isWord("String")
                pendingType = (token.text == "extension" ? path : outer + path, isStringEnum, Self.isPrivate(t, before: i))
                i = j
                continue
            } else if token.isKeyword("subscript"), let block = blocks.last, block.type == ["CKRecord"] {
                if var key = Self.keySubscript(at: i, in: t) {
                    if block.isPrivate || Self.isPrivate(t, before: i) { key.file = file }
                    keySubscripts.append(key)
                }
            } else if token.isKeyword("let") || token.isKeyword("var"), i + 3 < t.count, t[i + 1].kind == .identifier {
                readLet(at: i, in: t, block: blocks.last.map { ($0.type, $0.isStringEnum) }, isTopLevel: blocks.isEmpty)
            } else if token.kind == .identifier, i + 1 < t.count, t[i + 1].isOperator("=") || t[i + 1].isOperator("+="),
                i == 0 || !(t[i - 1].isKeyword("let") || t[i - 1].isKeyword("var"))
            {
                assigned.insert(token.text)
            } else if token.isKeyword("case"), let block = blocks.last, block.isStringEnum, let type = block.type {
                i = readCases(after: i, in: t, enumName: type.last ?? "")
                continue
            }
            i += 1
        }
    }

    /// `let name = "literal"` or `let name: Type = "literal"`, the literal alone in its statement:
    /// top-level, or a member, static or not (a `var`: a static member only, kept when nothing
    /// assigns it).
    private mutating func readLet(at i: Int, in t: [SwiftToken], block: (type: [String]?, isStringEnum: Bool)?, isTopLevel: Bool) {
        var j = i + 2
        if t[j].isPunctuation(":") {
            j += 1
            while j < t.count, t[j].kind == .identifier || t[j].isPunctuation(".") { j += 1 }
        }
        guard j + 1 < t.count, t[j].isOperator("="), let value = Self.literal(t[j + 1]), Self.endsStatement(t, at: j + 2) else { return }
        let name = t[i + 1].text
        let isVar = t[i].isKeyword("var")
        if isTopLevel {
            if !isVar { Self.add(value, as: name, to: &globals) }
            return
        }
        guard let type = block?.type else { return }
        // An instance `let` with its value is as constant: no initializer may assign it again
        // (`let recordType: CKRecord.RecordType = "Note"`, named bare in the type's methods).
        guard Self.isStatic(t, before: i) else {
            if !isVar { addMember(value, name, of: type) }
            return
        }
        if isVar { staticVars.append((name, value, type)) } else { addMember(value, name, of: type) }
    }

    private mutating func addMember(_ value: String, _ name: String, of type: [String]) {
        if Self.stringTypes.contains(type.joined(separator: ".")) { Self.add(value, as: name, to: &stringMembers) }
        for start in type.indices { Self.add(value, as: (type[start...] + [name]).joined(separator: "."), to: &members) }
    }

    /// `case a, b = "x"` of a `String` enum: each case's raw value (its name unless given).
    private mutating func readCases(after i: Int, in t: [SwiftToken], enumName: String) -> Int {
        var j = i + 1
        while j < t.count, t[j].kind == .identifier {
            let name = t[j].text
            j += 1
            if j + 1 < t.count, t[j].isOperator("=") {
                guard let value = Self.literal(t[j + 1]) else { return j }
                Self.add(value, as: enumName + "." + name, to: &rawValues)
                casesByName[name, default: []].append((enumName, value))
                j += 2
            } else {
                Self.add(name, as: enumName + "." + name, to: &rawValues)
                casesByName[name, default: []].append((enumName, name))
            }
            guard j < t.count, t[j].isPunctuation(",") else { break }
            j += 1
        }
        return j
    }

    /// `subscript(key: Keys) -> …` or `subscript<K: RawRepresentable>(_ key: K) -> …` whose body
    /// reads `self[key.rawValue]`, `object(forKey: key.rawValue)` or `encryptedValues[key.rawValue]`
    /// (a body that builds a key from the raw value is not a key subscript).
    private static func keySubscript(at i: Int, in t: [SwiftToken]) -> KeySubscript? {
        var j = i + 1
        var generics: Set<String> = []
        if j < t.count, t[j].isOperator("<") {
            while j < t.count, !t[j].isOperator(">") {
                if t[j].kind == .identifier, t[j - 1].isOperator("<") || t[j - 1].isPunctuation(",") { generics.insert(t[j].text) }
                j += 1
            }
            j += 1
        }
        // `(_ key: Keys)` or `(key: Keys)`: one parameter of a named type.
        guard j + 4 < t.count, t[j].isPunctuation("(") else { return nil }
        var k = j + 1
        if t[k].isKeyword("_") || (t[k].kind == .identifier && t[k + 1].kind == .identifier) { k += 1 }
        guard t[k].kind == .identifier, t[k + 1].isPunctuation(":"), t[k + 2].kind == .identifier, t[k + 3].isPunctuation(")") else {
            return nil
        }
        let parameter = t[k].text
        let type = t[k + 2].text
        guard let open = (k + 4..<t.count).first(where: { t[$0].isPunctuation("{") }) else { return nil }
        var depth = 0
        var forwards = false
        var isEncrypted = false
        for m in open..<t.count {
            if t[m].isPunctuation("{") { depth += 1 } else if t[m].isPunctuation("}") { depth -= 1 }
            if depth == 0 { break }
            // The raw value itself is the key: `[key.rawValue]` or `forKey: key.rawValue)`, nothing built from it.
            if t[m].isWord(parameter), m + 3 < t.count, t[m + 1].isPunctuation("."), t[m + 2].isWord("rawValue") {
                let isKey =
                    (t[m - 1].isPunctuation("[") && t[m + 3].isPunctuation("]"))
                    || (t[m - 1].isPunctuation(":") && t[m - 2].isWord("forKey") && t[m + 3].isPunctuation(")"))
                forwards = isKey
                if !isKey { break }
            }
            if t[m].isWord("encryptedValues") { isEncrypted = true }
        }
        return KeySubscript(enumName: generics.contains(type) ? nil : type, isEncrypted: isEncrypted, forwards: forwards, file: nil)
    }

    /// `private` or `fileprivate` among the modifiers before the declaration at `i`.
    private static func isPrivate(_ t: [SwiftToken], before i: Int) -> Bool {
        var k = i - 1
        while k >= 0, !t[k + 1].isAtLineStart, t[k].kind == .keyword || t[k].kind == .identifier {
            if t[k].isWord("private") || t[k].isWord("fileprivate") { return true }
            k -= 1
        }
        return false
    }

    /// The content of a plain string literal (no interpolation).
    static func literal(_ token: SwiftToken) -> String? {
        guard token.kind == .string, let literal = token.literal, literal.interpolations.isEmpty, !literal.isUnterminated else {
            return nil
        }
        return literal.content
    }

    /// Nothing more of the expression follows at `k`: a new line (not starting with an
    /// operator or `.`), `;`, `}` or the end.
    static func endsStatement(_ t: [SwiftToken], at k: Int) -> Bool {
        guard k < t.count else { return true }
        let next = t[k]
        if next.kind == .endOfFile || next.isPunctuation(";") || next.isPunctuation("}") { return true }
        return next.isAtLineStart && next.kind != .operator && !next.isPunctuation(".")
    }

    /// `static` among the modifiers before the `let` at `i` (`public static let`, `static private(set) let`).
    private static func isStatic(_ t: [SwiftToken], before i: Int) -> Bool {
        var k = i - 1
        while k >= 0 {
            if t[k].isKeyword("static") { return true }
            if t[k].isPunctuation(")") || t[k].isPunctuation("(") || t[k].isWord("set") || t[k].isWord("nonisolated")
                || ["public", "private", "fileprivate", "internal", "open", "package"].contains(t[k].text)
            {
                k -= 1
                continue
            }
            return false
        }
        return false
    }
}
