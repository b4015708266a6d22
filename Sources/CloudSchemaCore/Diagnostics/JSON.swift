/// A JSON value with ordered object keys, so every JSON output is deterministic and
/// keeps the documented key order. Rendering escapes per RFC 8259, and also writes every
/// other control character (`DiagnosticRenderer.isControl`) as `\uXXXX`, so JSON shown in a
/// terminal cannot carry escape sequences.
public enum JSON: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }

    public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.rendered() == rhs.rendered() }
    public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

    /// Compact when `indent` is nil; otherwise pretty-printed with that many spaces per level.
    public func rendered(indent: Int? = nil) -> String {
        var out = ""
        write(to: &out, indent: indent, level: 0)
        return out
    }

    private func write(to out: inout String, indent: Int?, level: Int) {
        switch self {
        case .string(let s): JSON.escape(s, into: &out)
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? "\(d)" : "null"
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            let (newline, closing) = JSON.lineBreaks(indent: indent, level: level)
            out += "["
            for (i, item) in items.enumerated() {
                out += (i == 0 ? "" : ",") + newline
                item.write(to: &out, indent: indent, level: level + 1)
            }
            out += closing + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            let (newline, closing) = JSON.lineBreaks(indent: indent, level: level)
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                out += (i == 0 ? "" : ",") + newline
                JSON.escape(key, into: &out)
                out += indent == nil ? ":" : ": "
                value.write(to: &out, indent: indent, level: level + 1)
            }
            out += closing + "}"
        }
    }

    /// What goes before each member of an array or object at `level`, and before its closing bracket.
    private static func lineBreaks(indent: Int?, level: Int) -> (String, String) {
        guard let indent else { return ("", "") }
        return ("\n" + String(repeating: " ", count: indent * (level + 1)), "\n" + String(repeating: " ", count: indent * level))
    }

    /// Copies `s` whole when it is printable ASCII without a quote or backslash (most strings
    /// are), else in runs between the scalars that need escaping.
    private static func escape(_ s: String, into out: inout String) {
        out += "\""
        if s.utf8.allSatisfy({ 0x20..<0x7F ~= $0 && $0 != 0x22 && $0 != 0x5C }) {
            out += s
            out += "\""
            return
        }
        let scalars = s.unicodeScalars
        var run = scalars.startIndex
        for index in scalars.indices {
            let scalar = scalars[index]
            let escaped: String
            switch scalar {
            case "\"": escaped = "\\\""
            case "\\": escaped = "\\\\"
            case "\n": escaped = "\\n"
            case "\r": escaped = "\\r"
            case "\t": escaped = "\\t"
            case _ where DiagnosticRenderer.isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                escaped = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: continue
            }
            out += Substring(scalars[run..<index])
            out += escaped
            run = scalars.index(after: index)
        }
        out += Substring(scalars[run...])
        out += "\""
    }
}
