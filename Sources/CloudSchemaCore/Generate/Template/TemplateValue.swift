/// A value a template can read: what the generator hands to `{{ … }}`, `{% if %}` and `{% for %}`.
///
/// Build contexts with literals: `["name": "Bed", "fields": [["swiftName": "sunHours"]], "isPublic": true]`.
///
/// **Member access.** `a.b` reads key `b` of dictionary `a`. Arrays, strings
/// and dictionaries also answer `count` and `isEmpty` (a dictionary key of the
/// same name wins); arrays answer `first` and `last` (null when empty).
/// Reading a missing key is an error (so a typo in a template is reported, not
/// rendered as nothing); give absent values as `.null` instead.
///
/// **Truthiness** (`{% if x %}`, `not`, `and`, `or`): `false`, `null`, `0`,
/// `""`, `[]` and `[:]` are false; every other value is true.
///
/// **Output** (`{{ x }}`): a string is inserted as is (no escaping: use the
/// `swiftIdentifier`, `swiftString` or `docComment` filters for text that came
/// from a schema), an integer in decimal, a bool as `true`/`false`. Null,
/// arrays and dictionaries cannot be output (use `default`, `join`, or a member).
///
/// **Equality** (`==`, `!=`) compares kind and value: `1 == "1"` is false.
public enum TemplateValue: Sendable, Equatable {
    /// Kind and value; an object equals a dictionary or object with the same members.
    public static func == (a: TemplateValue, b: TemplateValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.sequence(let x), .sequence(let y)): x == y
        case (.object(let x), .object(let y)) where x === y: true
        case (.dictionary, .dictionary), (.dictionary, .object), (.object, .dictionary), (.object, .object): a.members == b.members
        case (.null, .null): true
        default: false
        }
    }

    case string(String)
    case bool(Bool)
    case int(Int)
    case array([TemplateValue])
    /// An array whose elements are made when a template reads them (see ``TemplateSequence``).
    case sequence(TemplateSequence)
    case dictionary([String: TemplateValue])
    /// A value with named members, read by number (the generator's view models).
    case object(any TemplateObject)
    case null

    /// The elements of an array or sequence; nil for other kinds.
    var elements: [TemplateValue]? {
        switch self {
        case .array(let a): a
        case .sequence(let s): s.elements
        default: nil
        }
    }

    /// The truth value used by conditions; see the type's documentation.
    public var isTruthy: Bool {
        switch self {
        case .string(let s): !s.isEmpty
        case .bool(let b): b
        case .int(let i): i != 0
        case .array(let a): !a.isEmpty
        case .sequence(let s): s.count > 0
        case .dictionary(let d): !d.isEmpty
        case .object(let o): !o.memberNames.isEmpty
        case .null: false
        }
    }

    /// The kind's name as error messages say it: `string`, `bool`, `int`, `array`, `dictionary`, `null`.
    public var kindName: String {
        switch self {
        case .string: "string"
        case .bool: "bool"
        case .int: "int"
        case .array, .sequence: "array"
        case .dictionary, .object: "dictionary"
        case .null: "null"
        }
    }

    /// The member `name` of this value (a dictionary key, or `count`, `isEmpty`,
    /// `first`, `last` where they apply), or nil when there is none.
    public subscript(member name: String) -> TemplateValue? { self[member: TemplateName(name)] }

    subscript(member name: TemplateName) -> TemplateValue? {
        switch self {
        case .object(let o):
            if let value = o.member(name) { return value }
        case .dictionary(let d):
            if let value = d[name.name] { return value }
        default:
            break
        }
        switch (self, name) {
        case (.array(let a), Self.count): return .int(a.count)
        case (.array(let a), Self.isEmpty): return .bool(a.isEmpty)
        case (.array(let a), Self.first): return a.first ?? .null
        case (.array(let a), Self.last): return a.last ?? .null
        case (.sequence(let s), Self.count): return .int(s.count)
        case (.sequence(let s), Self.isEmpty): return .bool(s.count == 0)
        case (.sequence(let s), Self.first): return s.count > 0 ? s[0] : .null
        case (.sequence(let s), Self.last): return s.count > 0 ? s[s.count - 1] : .null
        case (.string(let s), Self.count): return .int(s.count)
        case (.string(let s), Self.isEmpty): return .bool(s.isEmpty)
        case (.dictionary(let d), Self.count): return .int(d.count)
        case (.dictionary(let d), Self.isEmpty): return .bool(d.isEmpty)
        case (.object(let o), Self.count): return .int(o.memberNames.count)
        case (.object(let o), Self.isEmpty): return .bool(o.memberNames.isEmpty)
        default: return nil
        }
    }

    private static let count = TemplateName("count")
    private static let isEmpty = TemplateName("isEmpty")
    private static let first = TemplateName("first")
    private static let last = TemplateName("last")

    /// An object's members as a dictionary (for descriptions and equality, never while rendering).
    var members: [String: TemplateValue]? {
        switch self {
        case .dictionary(let d): d
        case .object(let o): Dictionary(uniqueKeysWithValues: o.memberNames.map { ($0, o.member(TemplateName($0)) ?? .null) })
        default: nil
        }
    }

    /// The text a scalar renders as (`{{ x }}`, and the input of text filters); nil for null, arrays and dictionaries.
    var scalarText: String? {
        switch self {
        case .string(let s): s
        case .int(let i): String(i)
        case .bool(let b): b ? "true" : "false"
        case .array, .sequence, .dictionary, .object, .null: nil
        }
    }
}

/// An array for templates whose elements are made one at a time as a template reads them and
/// dropped after, so the values of a large schema never all exist at once (the generator's
/// memory stays near the size of one record's values plus the output).
public struct TemplateSequence: Sendable, Equatable {
    public let count: Int
    private let element: @Sendable (Int) -> TemplateValue

    public init(count: Int, element: @escaping @Sendable (Int) -> TemplateValue) {
        self.count = count
        self.element = element
    }

    /// A sequence over `items`, each made into a value by `make` when read.
    public init<Item: Sendable>(_ items: [Item], _ make: @escaping @Sendable (Item) -> TemplateValue) {
        self.init(count: items.count) { make(items[$0]) }
    }

    public subscript(index: Int) -> TemplateValue { element(index) }

    /// Every element, made now.
    public var elements: [TemplateValue] { (0..<count).map(element) }

    public static func == (a: TemplateSequence, b: TemplateSequence) -> Bool { a.elements == b.elements }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Later duplicates of a key replace earlier ones.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue: CustomStringConvertible {
    /// A compact, deterministic rendering for messages and debugging (dictionary keys sorted).
    public var description: String {
        switch self {
        case .string(let s): return SwiftNaming.stringLiteral(s)
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .null: return "null"
        case .array(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .sequence(let s): return TemplateValue.array(s.elements).description
        case .object: return TemplateValue.dictionary(members ?? [:]).description
        case .dictionary(let d):
            if d.isEmpty { return "[:]" }
            return "[" + d.keys.sorted().map { "\($0): \(d[$0]!.description)" }.joined(separator: ", ") + "]"
        }
    }
}
