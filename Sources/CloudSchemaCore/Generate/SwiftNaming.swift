/// Swift naming and escaping rules in one place: keyword lists, identifier
/// sanitising and backtick escaping, string literals, doc comments and case
/// conversion. The template filters (`swiftIdentifier`, `swiftString`,
/// `docComment`, `lowerCamel`, …) call these, and so may the generator.
///
/// The keyword sets were checked against swiftc 6.3 in Swift 6 mode, warnings
/// included, in each place generated code puts a name: property and local
/// declarations, `self.x`, `value.x`, `Type.x`, `\Type.x`, enum cases (`case x`,
/// `.x`, `Enum.x`), type names (`struct X`, `Outer.X`, `extension Outer.X`),
/// parameter declarations and argument labels at call sites.
public enum SwiftNaming {
    /// Words that must be written in backticks to be used as a name: the
    /// reserved keywords, plus the contextual ones that break some position
    /// (`await` as a local or type name, `some`/`any`/`each` as a type name).
    /// Contextual keywords that work unescaped everywhere (`get`, `set`,
    /// `open`, `async`, `package`, …) are not listed; escaping them is
    /// harmless but noisy.
    public static let keywordsNeedingBackticks: Set<String> = [
        // Declarations
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        // Contextual keywords that fail as a type name
        "some", "any", "each",
    ]

    /// Names that backticks do not rescue everywhere: `` Outer.`Type` `` and
    /// `` Outer.`Protocol` `` still mean the metatype. `swiftIdentifier`
    /// appends `_` to these (`Type_`), as swift-protobuf does for reserved
    /// names. `_` alone is a wildcard, not a name, and becomes `__`.
    public static let namesNeedingRenaming: Set<String> = ["Type", "Protocol"]

    /// Argument labels at a call site never need backticks except `inout`;
    /// swiftc warns "keyword 'x' does not need to be escaped in argument list"
    /// for any other escaped label.
    public static let argumentLabelsNeedingBackticks: Set<String> = ["inout"]

    /// Standard-library and Foundation type names a generated *type* would
    /// shadow (a record type named `Date` breaks every `Date` in the file).
    /// Escaping does not help; the generator must pick another name or
    /// qualify its own uses (`Swift.String`). Properties and cases with these
    /// names are fine. Not applied by any filter.
    public static let reservedTypeNames: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "Data", "Date", "Decodable",
        "Dictionary", "Double", "Encodable", "Equatable", "Error", "Float", "Hashable", "Identifiable",
        "Int", "Int8", "Int16", "Int32", "Int64", "Never", "Optional", "Protocol", "Result", "Self",
        "Sendable", "Set", "String", "Substring", "Swift", "Type", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "URL", "UUID", "Void", "Foundation", "CloudKit", "SwiftData", "CloudSchemaRuntime",
    ]

    // MARK: Identifiers

    /// A name that compiles wherever generated code puts a name (declaration,
    /// member access, enum case, type name, key path):
    /// - characters Swift does not allow in identifiers become `_`, and so do
    ///   invisible and direction-changing characters; a leading digit gets a `_` prefix;
    /// - `""` and `"_"` become `__`; `Type` and `Protocol` get a `_` suffix;
    /// - keywords get backticks: `class` → `` `class` ``, `self` → `` `self` ``.
    ///
    /// Distinct inputs can map to the same name (`a-b`, `a_b`); detecting that
    /// is the caller's job.
    public static func identifier(_ name: String) -> String {
        let sanitized = sanitizedIdentifier(name)
        let treatment = treatments[sanitized] ?? []
        if treatment.contains(.rename) { return sanitized + "_" }
        if treatment.contains(.backticks) { return "`\(sanitized)`" }
        return sanitized
    }

    /// A name for an argument label at a call site: sanitised like
    /// `identifier(_:)` but without backticks, which swiftc warns about there
    /// (except for `inout`). Use `identifier(_:)` in the parameter declaration.
    public static func argumentLabel(_ name: String) -> String {
        let sanitized = sanitizedIdentifier(name)
        let treatment = treatments[sanitized] ?? []
        if treatment.contains(.rename) { return sanitized + "_" }
        if treatment.contains(.labelBackticks) { return "`\(sanitized)`" }
        return sanitized
    }

    /// `identifier(name)` and `argumentLabel(name)`, sanitising and looking the name up once.
    static func identifierAndArgumentLabel(_ name: String) -> (identifier: String, argumentLabel: String) {
        let sanitized = sanitizedIdentifier(name)
        let treatment = treatments[sanitized] ?? []
        if treatment.contains(.rename) {
            let renamed = sanitized + "_"
            return (renamed, renamed)
        }
        let identifier = treatment.contains(.backticks) ? "`\(sanitized)`" : sanitized
        return (identifier, treatment.contains(.labelBackticks) ? "`\(sanitized)`" : sanitized)
    }

    /// What `identifier(_:)` and `argumentLabel(_:)` do to a name, from the three sets above in
    /// one table: one lookup per name instead of two (the generator names every field twice).
    private struct Treatment: OptionSet {
        let rawValue: UInt8
        static let rename = Treatment(rawValue: 1)
        static let backticks = Treatment(rawValue: 2)
        static let labelBackticks = Treatment(rawValue: 4)
    }

    private static let treatments: [String: Treatment] = {
        var treatments: [String: Treatment] = [:]
        for name in keywordsNeedingBackticks { treatments[name, default: []].insert(.backticks) }
        for name in argumentLabelsNeedingBackticks { treatments[name, default: []].insert(.labelBackticks) }
        for name in namesNeedingRenaming { treatments[name, default: []].insert(.rename) }
        return treatments
    }()

    /// `name` with every character that cannot appear in a Swift identifier
    /// replaced by `_`, a `_` before a leading digit, and `__` for an empty or
    /// lone-underscore name. Keywords are left alone.
    public static func sanitizedIdentifier(_ name: String) -> String {
        // Most names are ASCII letters, digits and `_`, not starting with a digit: already valid.
        // (Read through `withUTF8`: iterating `name.utf8` cost more than the rest of naming a field.)
        var bytes = name
        let valid = bytes.withUTF8 { bytes in
            guard let first = bytes.first, !isASCIIDigit(first), bytes.count > 1 || first != UInt8(ascii: "_") else { return false }
            return bytes.allSatisfy { isASCIIDigit($0) || isASCIIHead($0) }
        }
        if valid { return name }
        var result = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if result.isEmpty {
                if isIdentifierHead(scalar) {
                    result.append(scalar)
                } else if isIdentifierCharacter(scalar) {
                    result.append("_")
                    result.append(scalar)
                } else {
                    result.append("_")
                }
            } else {
                result.append(isIdentifierCharacter(scalar) ? scalar : "_")
            }
        }
        let text = String(result)
        return text.isEmpty || text == "_" ? "__" : text
    }

    /// Whether `name` is usable as is: a valid identifier that is not a keyword or otherwise reserved.
    public static func isPlainIdentifier(_ name: String) -> Bool {
        sanitizedIdentifier(name) == name && identifier(name) == name
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isASCIIHead(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    /// The identifier-head table of *The Swift Programming Language* (Lexical
    /// Structure), minus invisible and bidirectional formatting characters
    /// (U+200B–U+200D, U+202A–U+202E, U+2060–U+206F), which could make
    /// generated code read differently from how it compiles.
    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v {
        case 0x41...0x5A, 0x61...0x7A, 0x5F: return true
        case 0x00A8, 0x00AA, 0x00AD, 0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA, 0x00BC...0x00BE,
            0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x00FF, 0x0100...0x02FF, 0x0370...0x167F,
            0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF, 0x203F...0x2040, 0x2054,
            0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF,
            0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
            0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD:
            return true
        case 0x10000...0xEFFFD:
            // Every plane's range up to xFFFD, per the grammar.
            return v & 0xFFFF <= 0xFFFD
        default:
            return false
        }
    }

    /// Identifier characters: heads, digits and combining marks.
    static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: isIdentifierHead(scalar)
        }
    }

    // MARK: String literals

    /// The inside of a `"…"` Swift string literal that evaluates to exactly
    /// `text`: backslash, quote, line breaks, tabs and every other control
    /// character are escaped (so `\(` cannot start an interpolation and
    /// nothing can close the literal), as are line and paragraph separators
    /// and direction-changing characters. Everything else, emoji (with their
    /// joiners) included, is kept.
    public static func stringLiteralBody(_ text: String) -> String {
        // Most text (keys, names) is printable ASCII without `\` or `"`: nothing to escape.
        var bytes = text
        let plain = bytes.withUTF8 { bytes in
            bytes.allSatisfy { (0x20..<0x7F).contains($0) && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") }
        }
        if plain { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: #"\\"#.unicodeScalars)
            case "\"": out.append(contentsOf: #"\""#.unicodeScalars)
            case "\n": out.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": out.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": out.append(contentsOf: #"\t"#.unicodeScalars)
            case "\0": out.append(contentsOf: #"\0"#.unicodeScalars)
            default:
                if needsUnicodeEscape(scalar) {
                    out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }

    /// A complete `"…"` literal for `text`.
    public static func stringLiteral(_ text: String) -> String {
        // Made at its final size: `"\"" + body + "\""` made two strings, which cost more than the escaping.
        var body = stringLiteralBody(text)
        return body.withUTF8 { body in
            String(unsafeUninitializedCapacity: body.count + 2) { literal in
                literal[0] = UInt8(ascii: "\"")
                _ = UnsafeMutableBufferPointer(rebasing: literal[1..<body.count + 1]).initialize(from: body)
                literal[body.count + 1] = UInt8(ascii: "\"")
                return body.count + 2
            }
        }
    }

    /// Control characters, line and paragraph separators, direction marks and
    /// overrides (which can make code read differently from how it compiles),
    /// and the byte-order mark: written as `\u{…}` in literals. Joiners
    /// (U+200C, U+200D) stay, since emoji sequences and some scripts need them.
    static func needsUnicodeEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E...0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    // MARK: Doc comments

    /// `text` as `///` doc-comment lines. Every line break in the text
    /// (`\n`, `\r\n`, `\r`) starts a new `///` line, so no text can leave the
    /// comment; `*/` and `/*` are written `*\/` and `/\*` (Markdown renders
    /// them unchanged), so the lines are also safe inside a block comment;
    /// control and direction-changing characters are dropped. Leading and
    /// trailing blank lines and trailing spaces are removed; empty text gives "".
    ///
    /// The first line has no indentation (put it where the template wants
    /// it); each following line starts with `indent` spaces.
    public static func docComment(_ text: String, indent: Int = 0) -> String {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            if scalar == "\n" && previousWasCR { continue }
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
                continue
            }
            if scalar == "\t" {
                current.append(scalar)
            } else if !needsUnicodeEscape(scalar) {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        lines = lines.map { line in
            var line = line.replacingAll("*/", with: "*\\/").replacingAll("/*", with: "/\\*")
            while let last = line.unicodeScalars.last, last == " " || last == "\t" {
                line.unicodeScalars.removeLast()
            }
            return line
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let separator = "\n" + String(repeating: " ", count: max(0, indent))
        return lines.map { $0.isEmpty ? "///" : "/// " + $0 }.joined(separator: separator)
    }

    // MARK: Case conversion

    /// The words of a name: split at anything that is not a letter or digit,
    /// before an uppercase letter that follows a lowercase letter or digit
    /// (`sunHours` → `sun`, `Hours`; `field2Name` → `field2`, `Name`), and
    /// before the last capital of an acronym that starts a word
    /// (`URLSession` → `URL`, `Session`).
    public static func words(_ name: String) -> [String] {
        if let words = asciiWords(name) { return words }
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (i, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if !current.isEmpty && character.isUppercase {
                let previous = characters[i - 1]
                let next = i + 1 < characters.count ? characters[i + 1] : nil
                if previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next?.isLowercase == true)
                {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `words(_:)` for an ASCII name, read byte by byte: the same rule, where a letter is
    /// `A-Z`/`a-z` and a digit `0-9` (all that `Character` says of ASCII), without making a
    /// `Character` of each and asking Unicode about it (that cost some 2,000 instructions a
    /// character, for every record type's name). Nil for any other name.
    private static func asciiWords(_ name: String) -> [String]? {
        var name = name
        return name.withUTF8 { bytes -> [String]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
            func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
            func word(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            var words: [String] = []
            // Where the word being read starts; nil between words.
            var start: Int?
            for i in bytes.indices {
                let byte = bytes[i]
                guard isUpper(byte) || isLower(byte) || isASCIIDigit(byte) else {
                    if let begun = start { words.append(word(begun..<i)) }
                    start = nil
                    continue
                }
                guard let begun = start else {
                    start = i
                    continue
                }
                if isUpper(byte) {
                    let previous = bytes[i - 1]
                    let nextIsLower = i + 1 < bytes.count && isLower(bytes[i + 1])
                    if isLower(previous) || isASCIIDigit(previous) || (isUpper(previous) && nextIsLower) {
                        words.append(word(begun..<i))
                        start = i
                    }
                }
            }
            if let begun = start { words.append(word(begun..<bytes.count)) }
            return words
        }
    }

    /// Words for camel case: an all-caps name with separators (`MAX_VALUE`) is
    /// read as lowercase words; otherwise acronyms keep their capitals.
    private static func camelWords(_ name: String) -> [String] {
        let parts = words(name)
        let screaming = parts.count > 1 && !name.contains(where: \.isLowercase)
        return screaming ? parts.map { $0.lowercased() } : parts
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// `sun_hours`, `SunHours`, `sun-hours` → `sunHours`; `URLSession` → `urlSession`; `MAX_VALUE` → `maxValue`.
    public static func lowerCamelCase(_ name: String) -> String {
        let parts = camelWords(name)
        guard let first = parts.first else { return "" }
        return first.lowercased() + parts.dropFirst().map(capitalized).joined()
    }

    /// `sun_hours`, `sunHours` → `SunHours`; `URLSession` stays; `MAX_VALUE` → `MaxValue`.
    public static func upperCamelCase(_ name: String) -> String {
        camelWords(name).map(capitalized).joined()
    }

    /// `sunHours`, `SunHours`, `sun-hours` → `sun_hours`; `URLSession` → `url_session`.
    public static func snakeCase(_ name: String) -> String {
        words(name).map { $0.lowercased() }.joined(separator: "_")
    }
}

extension String {
    /// Replaces every occurrence of `target` (compared by Unicode scalars, not Characters).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        let scalars = Array(unicodeScalars)
        let pattern = Array(target.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if i + pattern.count <= scalars.count && Array(scalars[i..<(i + pattern.count)]) == pattern {
                out.append(contentsOf: replacement.unicodeScalars)
                i += pattern.count
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }
}
