/// What stays of a `.cloudschema` file's syntax tree once it is resolved: its comments and,
/// when it has suppression comments, the ranges of its declarations and members (what those
/// comments are matched against). The tree itself goes to the resolver, which releases it as
/// the `Schema` grows: a large file never holds its whole tree and its whole schema at once.
public struct SourceFileOutline: Sendable {
    public var path: String
    /// Every comment in source order.
    public var comments: [Comment]
    /// Every declaration and member, in source order; empty when no comment is a suppression.
    public var elementRanges: [SourceRange]

    init(path: String, comments: [Comment], elementRanges: [SourceRange]) {
        self.path = path
        self.comments = comments
        self.elementRanges = elementRanges
    }

    public init(_ syntax: SourceFileSyntax) {
        path = syntax.path
        comments = syntax.comments
        elementRanges = []
        guard comments.contains(where: SuppressionRules.isSuppression) else { return }
        for declaration in syntax.declarations {
            elementRanges.append(declaration.range)
            switch declaration {
            case .record(let r):
                elementRanges += r.fields.map(\.range)
                elementRanges += r.grants.map(\.range)
            case .model(let m): elementRanges += m.properties.map(\.range)
            case .keyValue(let k): elementRanges += k.keys.map(\.range)
            case .enumeration(let e): elementRanges += e.cases.map(\.range)
            case .container, .role, .zone, .subscription: break
            }
        }
    }
}
