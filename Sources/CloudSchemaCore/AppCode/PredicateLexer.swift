/// One token of an `NSPredicate` format string (Apple's "Predicate Format String Syntax").
/// Ranges are UTF-8 offsets in the format.
struct PredicateToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A name or keyword (`name`, `AND`, `distanceToLocation:fromLocation:`); `#name` is a name
        /// even when it spells a keyword.
        case word(escaped: Bool)
        /// A quoted string (text without quotes, escapes undone).
        case string
        case number
        /// A format specifier (`%@`, `%K`, `%d`, `%f`, …): text is its conversion character, and
        /// `argument` the index of the argument it takes.
        case specifier(argument: Int)
        /// Operators and punctuation: `==`, `<=`, `&&`, `(`, `{`, `.`, `@`, …
        case punctuation
    }

    var kind: Kind
    var text: String
    var range: Range<Int>

    var isName: Bool { if case .word = kind { true } else { false } }

    /// A keyword, without regard to case (`#and` is a name, not a keyword).
    func isKeyword(_ keyword: String) -> Bool {
        kind == .word(escaped: false) && text.count == keyword.count && text.uppercased() == keyword
    }

    func isPunctuation(_ text: String) -> Bool { kind == .punctuation && self.text == text }
}

/// Splits a format string into tokens, or nil when it holds something the predicate parser
/// would reject or this reader does not follow: an unterminated string, a `$VARIABLE` (a
/// template, substituted later), a positional specifier (`%1$@`), a character outside the syntax.
/// Linear: it never looks back.
enum PredicateLexer {
    static func tokens(_ format: String) -> [PredicateToken]? {
        let bytes = Array(format.utf8)
        var tokens: [PredicateToken] = []
        var i = 0
        var arguments = 0
        func at(_ j: Int) -> UInt8 { j < bytes.count ? bytes[j] : 0 }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        while i < bytes.count {
            let start = i
            let b = bytes[i]
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                i += 1
                continue
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                var value: [UInt8] = []
                i += 1
                while i < bytes.count, bytes[i] != b {
                    if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                    if i < bytes.count { value.append(bytes[i]) }
                    i += 1
                }
                guard i < bytes.count else { return nil }
                i += 1
                tokens.append(PredicateToken(kind: .string, text: String(decoding: value, as: UTF8.self), range: start..<i))
            case UInt8(ascii: "%"):
                i += 1
                // Flags, width, precision and length, then the conversion (printf's order).
                while i < bytes.count, "-+ #0123456789.".utf8.contains(bytes[i]) { i += 1 }
                while i < bytes.count, "hlqLzjt".utf8.contains(bytes[i]) { i += 1 }
                guard i < bytes.count, "@KdiuxXofeEgGcCsSpaA".utf8.contains(bytes[i]) else { return nil }
                i += 1
                tokens.append(PredicateToken(kind: .specifier(argument: arguments), text: text(i - 1..<i), range: start..<i))
                arguments += 1
            case _ where isDigit(b):
                i += 1
                while isDigit(at(i)) || isLetter(at(i)) || at(i) == UInt8(ascii: ".")
                    || ((at(i) == UInt8(ascii: "-") || at(i) == UInt8(ascii: "+")) && at(i - 1) | 0x20 == UInt8(ascii: "e"))
                {
                    i += 1
                }
                tokens.append(PredicateToken(kind: .number, text: text(start..<i), range: start..<i))
            case _ where isLetter(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "#"):
                let escaped = b == UInt8(ascii: "#")
                if escaped { i += 1 }
                let nameStart = i
                guard isLetter(at(i)) || at(i) == UInt8(ascii: "_") else { return nil }
                // A name, and a selector's further parts: `distanceToLocation:fromLocation:`.
                repeat {
                    while isLetter(at(i)) || isDigit(at(i)) || at(i) == UInt8(ascii: "_") { i += 1 }
                    guard at(i) == UInt8(ascii: ":") else { break }
                    i += 1
                } while isLetter(at(i))
                // `UTI-CONFORMS-TO` and `UTI-EQUALS`, the only keywords with hyphens.
                for suffix in ["-CONFORMS-TO", "-EQUALS"] where text(nameStart..<i).uppercased() == "UTI" {
                    let end = min(i + suffix.utf8.count, bytes.count)
                    if text(i..<end).uppercased() == suffix { i = end }
                }
                tokens.append(PredicateToken(kind: .word(escaped: escaped), text: text(nameStart..<i), range: start..<i))
            default:
                let two = text(i..<min(i + 2, bytes.count))
                if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||", "**"].contains(two) {
                    i += 2
                } else if "=<>!(){}[],.@+-*/:".utf8.contains(b) {
                    i += 1
                } else {
                    return nil
                }
                tokens.append(PredicateToken(kind: .punctuation, text: text(start..<i), range: start..<i))
            }
        }
        return tokens
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    private static func isLetter(_ b: UInt8) -> Bool { b | 0x20 >= 0x61 && b | 0x20 <= 0x7A }
}
