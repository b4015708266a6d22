/// Spelling values back as `.cloudschema` text (for messages, import and the formatter).
public enum SchemaText {
    public static func stringLiteral(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A name, in backticks when it is a keyword.
    public static func name(_ name: String) -> String {
        Parser.keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Double spelled so it reads back as the same value and as a Double (`3.0`, not `3`).
    public static func number(_ d: Double) -> String {
        let text = "\(d)"
        return text.contains(".") || text.contains("e") || text.contains("n") || text.contains("i") ? text : text + ".0"
    }
}

extension DefaultValue: CustomStringConvertible {
    /// How the value is spelled in `.cloudschema`.
    public var description: String {
        switch self {
        case .string(let s): SchemaText.stringLiteral(s)
        case .int(let i): String(i)
        case .double(let d): SchemaText.number(d)
        case .bool(let b): b ? "true" : "false"
        case .now: "now"
        case .newUUID: "UUID()"
        case .initializer(let type): "\(SchemaText.name(type))()"
        case .enumCase(let name): ".\(SchemaText.name(name))"
        case .list(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
