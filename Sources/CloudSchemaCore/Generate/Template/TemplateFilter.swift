/// The filters available after `|`. A filter's input is the value on its
/// left; arguments follow a colon and are separated by commas:
/// `{{ field.doc | docComment:4 }}`, `{{ names | join:", " }}`.
///
/// Text filters accept strings, integers and bools (as their decimal or
/// `true`/`false` text) and fail on null, arrays and dictionaries.
enum TemplateFilter: String, CaseIterable, Sendable {
    /// `sun_hours` → `sunHours` (`SwiftNaming.lowerCamelCase`).
    case lowerCamel
    /// `sun_hours` → `SunHours` (`SwiftNaming.upperCamelCase`).
    case upperCamel
    /// `sunHours` → `sun_hours` (`SwiftNaming.snakeCase`).
    case snake
    /// All uppercase.
    case upper
    /// All lowercase.
    case lower
    /// A name safe in any identifier position: `class` → `` `class` `` (`SwiftNaming.identifier`).
    case swiftIdentifier
    /// A call-site argument label: no backticks except for `inout` (`SwiftNaming.argumentLabel`).
    case swiftArgumentLabel
    /// The inside of a `"…"` literal (`SwiftNaming.stringLiteralBody`).
    case swiftString
    /// A whole `"…"` literal (`SwiftNaming.stringLiteral`).
    case swiftStringLiteral
    /// `///` lines; optional argument: spaces before each line after the first (`SwiftNaming.docComment`).
    case docComment
    /// `indent:N` puts N spaces before every non-empty line after the first; `indent:N,true` also before the first.
    case indent
    /// Joins an array's elements (scalars) with the argument, `""` by default.
    case join
    /// `default:x` is `x` when the input is null or missing; other values pass through.
    case `default`

    var arity: ClosedRange<Int> {
        switch self {
        case .lowerCamel, .upperCamel, .snake, .upper, .lower, .swiftIdentifier, .swiftArgumentLabel,
            .swiftString, .swiftStringLiteral:
            0...0
        case .docComment, .join: 0...1
        case .indent: 1...2
        case .default: 1...1
        }
    }

    var arityDescription: String {
        switch (arity.lowerBound, arity.upperBound) {
        case (0, 0): "takes no arguments"
        case (1, 1): "takes 1 argument"
        case (let low, let high) where low == high: "takes \(low) arguments"
        case (let low, let high): "takes \(low) to \(high) arguments"
        }
    }

    /// The filter's result. `input` is nil for a missing variable (only `default` accepts that);
    /// errors are messages, which the renderer places at the filter's name.
    func apply(to input: TemplateValue?, arguments: [TemplateValue]) throws(FilterFailure) -> TemplateValue {
        if self == .default {
            guard let input, input != .null else { return arguments[0] }
            return input
        }
        guard let input else { throw FilterFailure(message: "missing input") }
        switch self {
        case .lowerCamel: return .string(SwiftNaming.lowerCamelCase(try text(input)))
        case .upperCamel: return .string(SwiftNaming.upperCamelCase(try text(input)))
        case .snake: return .string(SwiftNaming.snakeCase(try text(input)))
        case .upper: return .string(try text(input).uppercased())
        case .lower: return .string(try text(input).lowercased())
        case .swiftIdentifier: return .string(SwiftNaming.identifier(try text(input)))
        case .swiftArgumentLabel: return .string(SwiftNaming.argumentLabel(try text(input)))
        case .swiftString: return .string(SwiftNaming.stringLiteralBody(try text(input)))
        case .swiftStringLiteral: return .string(SwiftNaming.stringLiteral(try text(input)))
        case .docComment:
            let indent = try arguments.first.map { (value) throws(FilterFailure) in try count(value) } ?? 0
            return .string(SwiftNaming.docComment(try text(input), indent: indent))
        case .indent:
            let spaces = String(repeating: " ", count: try count(arguments[0]))
            var first = false
            if arguments.count > 1 {
                guard case .bool(let flag) = arguments[1] else {
                    throw FilterFailure(message: "second argument must be true or false, not \(arguments[1].kindName)")
                }
                first = flag
            }
            return .string(Self.indent(try text(input), by: spaces, includingFirstLine: first))
        case .join:
            guard let elements = input.elements else {
                throw FilterFailure(message: "needs an array, not \(input.kindName)")
            }
            let separator = try arguments.first.map { (value) throws(FilterFailure) in try text(value) } ?? ""
            var parts: [String] = []
            for element in elements {
                guard let part = element.scalarText else {
                    throw FilterFailure(message: "cannot join an array that contains \(element.kindName)")
                }
                parts.append(part)
            }
            return .string(parts.joined(separator: separator))
        case .default:
            return input
        }
    }

    private func text(_ value: TemplateValue) throws(FilterFailure) -> String {
        guard let text = value.scalarText else {
            throw FilterFailure(message: "needs text, not \(value.kindName)")
        }
        return text
    }

    private func count(_ value: TemplateValue) throws(FilterFailure) -> Int {
        guard case .int(let n) = value, n >= 0 else {
            throw FilterFailure(message: "needs a number of spaces (0 or more), not \(value.description)")
        }
        return n
    }

    /// Puts `spaces` before every non-empty line (after the first unless `includingFirstLine`).
    static func indent(_ text: String, by spaces: String, includingFirstLine: Bool) -> String {
        guard !spaces.isEmpty else { return text }
        var out = ""
        var atLineStart = includingFirstLine
        for character in text {
            if atLineStart && character != "\n" && character != "\r\n" {
                out += spaces
            }
            out.append(character)
            atLineStart = character == "\n" || character == "\r\n"
        }
        return out
    }
}

struct FilterFailure: Error {
    var message: String
}
