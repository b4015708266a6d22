/// The syntax tree of one `.cloudschema` file: what was written, with exact ranges.
/// Names are not resolved here; the `Resolver` turns trees into a `Schema`.
public struct SourceFileSyntax: Sendable {
    public var path: String
    public var declarations: [DeclarationSyntax]
    /// Every comment in source order, for the formatter and for suppression comments.
    public var comments: [Comment]
}

public struct NameSyntax: Hashable, Sendable {
    public var name: String
    public var range: SourceRange
    /// Written as `` `name` ``.
    public var isBackticked: Bool
}

public enum DeclarationSyntax: Sendable {
    case container(ContainerSyntax)
    case role(RoleSyntax)
    case zone(ZoneSyntax)
    case enumeration(EnumSyntax)
    case record(RecordSyntax)
    case model(ModelSyntax)
    case keyValue(KeyValueSyntax)
    case subscription(SubscriptionSyntax)

    public var range: SourceRange {
        switch self {
        case .container(let d): d.range
        case .role(let d): d.range
        case .zone(let d): d.range
        case .enumeration(let d): d.range
        case .record(let d): d.range
        case .model(let d): d.range
        case .keyValue(let d): d.range
        case .subscription(let d): d.range
        }
    }
}

public struct ContainerSyntax: Sendable {
    public var identifier: String
    public var identifierRange: SourceRange
    public var range: SourceRange
}

public struct RoleSyntax: Sendable {
    public var doc: DocSyntax?
    public var name: NameSyntax
    public var range: SourceRange
}

public struct ZoneSyntax: Sendable {
    public var doc: DocSyntax?
    public var name: NameSyntax
    public var attributes: [AttributeSyntax]
    public var range: SourceRange
}

public struct EnumSyntax: Sendable {
    public var doc: DocSyntax?
    public var name: NameSyntax
    public var rawType: NameSyntax?
    public var attributes: [AttributeSyntax]
    public var cases: [EnumCaseSyntax]
    public var range: SourceRange
    /// The range of `{ ... }`, for diagnostics about the body as a whole.
    public var bodyRange: SourceRange
}

public struct EnumCaseSyntax: Sendable {
    public var doc: DocSyntax?
    public var name: NameSyntax
    public var rawValue: ExpressionSyntax?
    public var range: SourceRange
}

public struct RecordSyntax: Sendable {
    public var doc: DocSyntax?
    public var name: NameSyntax
    /// `in public`, `in private` or `in ZoneName`.
    public var placement: NameSyntax?
    public var attributes: [AttributeSyntax]
    public var fields: [FieldSyntax]
    public var grants: [GrantSyntax]
    public var range: SourceRange
}

public struct ModelSyntax: Sendable {
    public var doc: DocSyntax?
    public var name: NameSyntax
    public var attributes: [AttributeSyntax]
    public var properties: [FieldSyntax]
    public var range: SourceRange
    /// The stored properties the Swift reader left out (`SWIFT_UNREADABLE`), by name ("" for one
    /// it could not name): they exist, so nothing may be said of the model that one could make false.
    public var unreadProperties: [String] = []
}

public struct KeyValueSyntax: Sendable {
    public var doc: DocSyntax?
    public var name: NameSyntax
    public var attributes: [AttributeSyntax]
    public var keys: [FieldSyntax]
    public var range: SourceRange
}

/// `name: Type [= default] [@attributes]`, in a record, model or keyvalue body.
public struct FieldSyntax: Sendable {
    public var doc: DocSyntax? {
        get { docStorage.first }
        set { docStorage = newValue.map { [$0] } ?? [] }
    }
    public var name: NameSyntax
    public var type: TypeSyntax
    public var defaultValue: ExpressionSyntax?
    public var attributes: [AttributeSyntax]
    public var range: SourceRange
    /// `doc` out of line, as most fields have none: an empty array is 8 bytes and allocates
    /// nothing, where the optional took 48 bytes of every field of a tree.
    private var docStorage: [DocSyntax]
}

extension FieldSyntax {
    // In an extension, handing everything to the memberwise initializer: an initializer in the
    // struct that set each property copied the whole field on its way out (every field of a tree).
    init(
        doc: DocSyntax?, name: NameSyntax, type: TypeSyntax, defaultValue: ExpressionSyntax?, attributes: [AttributeSyntax],
        range: SourceRange
    ) {
        self.init(
            name: name, type: type, defaultValue: defaultValue, attributes: attributes, range: range,
            docStorage: doc.map { [$0] } ?? [])
    }
}

/// `grant read, create to Role`.
public struct GrantSyntax: Sendable {
    public var permissions: [NameSyntax]
    public var role: NameSyntax
    public var range: SourceRange
}

/// One or more consecutive `///` lines.
public struct DocSyntax: Hashable, Sendable {
    public var text: String
    public var range: SourceRange
}

/// Only the cases that hold a type are boxed: a name, the type of most fields, is stored in
/// place (no allocation for it, and none to free).
public enum TypeSyntax: Sendable {
    /// `String`, `Reference<Bed>`: a name with optional generic arguments.
    case named(NameSyntax, arguments: [TypeSyntax], range: SourceRange)
    /// `[T]`
    indirect case list(TypeSyntax, range: SourceRange)
    /// `T?`
    indirect case optional(TypeSyntax, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .named(_, _, let r), .list(_, let r), .optional(_, let r): r
        }
    }
}

public struct AttributeSyntax: Sendable {
    /// The name without `@`.
    public var name: NameSyntax
    /// nil when written without parentheses; `[]` for `@x()`.
    public var arguments: [ExpressionSyntax]?
    /// From `@` to the closing parenthesis.
    public var range: SourceRange
}

public indirect enum ExpressionSyntax: Sendable {
    case string(String, range: SourceRange)
    case integer(String, range: SourceRange)
    case float(String, range: SourceRange)
    /// A bare name: `true`, `false`, `now`, or an attribute argument such as `union`.
    case name(NameSyntax)
    /// `.caseName`
    case enumCase(NameSyntax, range: SourceRange)
    case list([ExpressionSyntax], range: SourceRange)
    /// `UUID()`, `Date()`: a value made new for each object, as Swift writes it.
    case call(NameSyntax, range: SourceRange)
    /// A Swift property's initial value (only the Swift reader makes one): the Swift compiler has
    /// type-checked it, so it is a default whatever it says; `value` is what the schema keeps of it
    /// (a literal, an enum case, `now`, `UUID()`), nil for any other expression.
    case swiftInitializer(ExpressionSyntax?, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .string(_, let r), .integer(_, let r), .float(_, let r), .enumCase(_, let r), .list(_, let r), .call(_, let r),
            .swiftInitializer(_, let r):
            r
        case .name(let n): n.range
        }
    }
}

/// `subscription Name on RecordType [where PREDICATE] [fires create, update, delete] [@attrs]`,
/// `subscription Name zone ZoneName [@attrs]` or `subscription Name database private | shared [@attrs]`.
public struct SubscriptionSyntax: Sendable {
    public enum Kind: String, Sendable {
        case on, zone, database
    }

    public var doc: DocSyntax?
    public var name: NameSyntax
    public var kind: Kind
    /// The word `on`, `zone` or `database`.
    public var kindRange: SourceRange
    /// The record type, zone or database.
    public var target: NameSyntax
    /// The `where` keyword and what follows it.
    public var whereRange: SourceRange?
    public var predicate: PredicateSyntax?
    /// The `fires` keyword and its events.
    public var firesRange: SourceRange?
    public var events: [NameSyntax]
    public var attributes: [AttributeSyntax]
    public var range: SourceRange
}

/// A subscription predicate, written like a typed query: `name.beginsWith("N") && !(sunHours < 4)`.
public indirect enum PredicateSyntax: Sendable {
    /// `a && b && c`, with the range of each `&&`.
    case and([PredicateSyntax], operators: [SourceRange])
    /// `!a`
    case not(PredicateSyntax, bang: SourceRange)
    /// `( a )`
    case parenthesized(PredicateSyntax, range: SourceRange)
    /// `field == value` (also `!=`, `<`, `<=`, `>`, `>=`).
    case comparison(field: NameSyntax, operator: String, operatorRange: SourceRange, value: ExpressionSyntax)
    /// `field.method(arguments)`: `tags.contains("herb")`, `textSearch.contains("tomato")`.
    case call(receiver: NameSyntax, method: NameSyntax, arguments: [ExpressionSyntax], range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .and(let terms, _): terms[0].range.union(terms[terms.count - 1].range)
        case .not(let inner, let bang): bang.union(inner.range)
        case .parenthesized(_, let range), .call(_, _, _, let range): range
        case .comparison(let field, _, _, let value): field.range.union(value.range)
        }
    }
}
