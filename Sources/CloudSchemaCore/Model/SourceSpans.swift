/// Where the parts of a schema element were written, so diagnostics can point at the
/// exact thing to change (the name, the type, one attribute).
///
/// Locations are not part of an element's meaning: two `SourceSpans` always compare
/// equal, so a schema read from a reformatted file, or from its `.ckdb` export, equals
/// the original.
public struct SourceSpans: Hashable, Sendable {
    /// The whole declaration or member.
    public var range: SourceRange?
    public var name: SourceRange?
    public var type: SourceRange?
    public var defaultValue: SourceRange?
    /// Each attribute by name (without `@`), from `@` to its closing parenthesis.
    public var attributes: AttributeRanges

    public init(
        range: SourceRange? = nil, name: SourceRange? = nil, type: SourceRange? = nil,
        defaultValue: SourceRange? = nil, attributes: AttributeRanges = [:]
    ) {
        self.range = range
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.attributes = attributes
    }

    public static func == (lhs: SourceSpans, rhs: SourceSpans) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}

    /// The attribute's range, or the name's if the attribute was not written.
    public func attribute(_ name: String) -> SourceRange? { attributes[name] ?? self.name ?? range }
}

/// Attribute ranges by name. Elements have a handful of attributes, so a small array
/// beats a dictionary (no hashing on the parser's hot path).
public struct AttributeRanges: Sendable, ExpressibleByDictionaryLiteral {
    public private(set) var entries: [(name: String, range: SourceRange)] = []

    public init(dictionaryLiteral elements: (String, SourceRange)...) {
        for (name, range) in elements { self[name] = range }
    }

    /// The first range recorded for `name`; setting keeps the first occurrence.
    public subscript(name: String) -> SourceRange? {
        get { entries.first { $0.name == name }?.range }
        set {
            guard let newValue, self[name] == nil else { return }
            entries.append((name, newValue))
        }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Each range changed by `move` (an element moved with its text).
    mutating func moveRanges(_ move: (inout SourceRange) -> Void) {
        for i in entries.indices { move(&entries[i].range) }
    }
    /// The attribute names, in source order (dictionary-like).
    public var keys: [String] { entries.map(\.name) }
}

/// A location stored outside `SourceSpans` (e.g. `RecordType.placementSpan`): like
/// `SourceSpans`, it always compares equal, so equality of model values ignores where
/// they were written.
@propertyWrapper
public struct IgnoredInEquality<Value: Sendable>: Hashable, Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    public static func == (lhs: Self, rhs: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
