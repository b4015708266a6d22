import CloudSchemaCore

/// A declaration, member or enum case as the printer sees it: its pieces, its doc
/// comment, and the comments written before, inside and after it.
final class FormatElement {
    /// Everything before the attributes: keyword, name, type, default value.
    var prefix: [FormatPiece]
    /// Each attribute's pieces with its rank in `AttributeCatalog`.
    var attributes: [(rank: Int, pieces: [FormatPiece])]
    /// After the attributes: the `{` of a body.
    var suffix: [FormatPiece]
    /// The `///` lines the parser attached to this element.
    var doc: SourceRange?
    /// Whether a `///` run directly above this element would become its documentation.
    var takesDoc: Bool
    var isGrant = false
    var body: FormatBody?

    var docComments: [Comment] = []
    /// Own-line comments between the previous element and this one (or its doc).
    var leading: [Comment] = []
    /// Comments between this element's first and last token.
    var inner: [Comment] = []
    /// Comments after the last token on its line (for a body: after the closing `}`).
    var trailing: [Comment] = []
    /// A blank line separated this element (its doc, if any) from what came before it.
    var blankBefore = false

    init(
        prefix: [FormatPiece], attributes: [(rank: Int, pieces: [FormatPiece])] = [], suffix: [FormatPiece] = [],
        doc: DocSyntax?, takesDoc: Bool
    ) {
        self.prefix = prefix
        self.attributes = attributes
        self.suffix = suffix
        self.doc = doc?.range
        self.takesDoc = takesDoc
    }

    /// The pieces in source order.
    var writtenPieces: [FormatPiece] { prefix + attributes.flatMap(\.pieces) + suffix }

    var lineStart: Int { prefix[0].range.start.offset }
    /// The end of the last token of the element's line (the `{` of a body).
    var lineEnd: SourcePosition { writtenPieces.map(\.range.end).max()! }
    /// Where the element's doc comment, or the element, begins.
    var start: Int { doc?.start.offset ?? lineStart }
    /// The end of the element with its body and trailing comments.
    var end: Int {
        max(body?.close.range.end.offset ?? lineEnd.offset, trailing.last?.range.end.offset ?? 0)
    }
}

/// The `{ ... }` of a declaration.
final class FormatBody {
    var children: [FormatElement]
    var close: FormatPiece
    /// Comments after the `{` on the header's line.
    var openTrailing: [Comment] = []
    /// Own-line comments after the last member, before the `}`.
    var endComments: [Comment] = []

    init(children: [FormatElement], close: FormatPiece) {
        self.children = children
        self.close = close
    }
}

/// Builds `FormatElement`s from a syntax tree, locating the tokens the tree does not keep.
struct FormatTreeBuilder {
    let locator: TokenLocator

    private func writer() -> PieceWriter { PieceWriter(locator: locator) }

    private func keyword(_ word: String, at range: SourceRange, into writer: inout PieceWriter) throws(FormatInconsistency) {
        let token = try locator.expect(.identifier, after: range.start.offset)
        guard token.text == word else { throw FormatInconsistency(message: "expected '\(word)', found '\(token.text)'") }
        writer.add(word, token.range, space: false)
    }

    private func attributes(_ attributes: [AttributeSyntax]) throws(FormatInconsistency) -> [(rank: Int, pieces: [FormatPiece])] {
        var result: [(rank: Int, pieces: [FormatPiece])] = []
        for attribute in attributes {
            var w = writer()
            try w.attribute(attribute)
            result.append((AttributeCatalog.rank(attribute.name.name), w.pieces))
        }
        return result
    }

    /// The `{` after a declaration header and the `}` that ends the declaration.
    private func braces(after offset: Int, declarationEnd: Int) throws(FormatInconsistency) -> (open: FormatPiece, close: FormatPiece) {
        let open = try locator.expect(.leftBrace, after: offset)
        let close = try locator.expect(.rightBrace, after: declarationEnd - 1)
        return (
            FormatPiece(text: "{", range: open.range, spaceBefore: true), FormatPiece(text: "}", range: close.range, spaceBefore: false)
        )
    }

    func declaration(_ declaration: DeclarationSyntax) throws(FormatInconsistency) -> FormatElement {
        var w = writer()
        switch declaration {
        case .container(let d):
            try keyword("container", at: d.range, into: &w)
            w.add(SchemaText.stringLiteral(d.identifier), d.identifierRange)
            return FormatElement(prefix: w.pieces, doc: nil, takesDoc: false)
        case .role(let d):
            try keyword("role", at: d.range, into: &w)
            w.add(PieceWriter.name(d.name), d.name.range)
            return FormatElement(prefix: w.pieces, doc: d.doc, takesDoc: true)
        case .zone(let d):
            try keyword("zone", at: d.range, into: &w)
            w.add(PieceWriter.name(d.name), d.name.range)
            return FormatElement(prefix: w.pieces, attributes: try attributes(d.attributes), doc: d.doc, takesDoc: true)
        case .enumeration(let d):
            try keyword("enum", at: d.range, into: &w)
            w.add(PieceWriter.name(d.name), d.name.range)
            if let raw = d.rawType {
                try w.add(.colon, ":", after: d.name.range.end.offset, space: false)
                w.add(PieceWriter.name(raw), raw.range)
            }
            let open = try locator.expect(.leftBrace, after: d.bodyRange.start.offset)
            let close = try locator.expect(.rightBrace, after: d.bodyRange.end.offset - 1)
            let element = FormatElement(
                prefix: w.pieces, attributes: try attributes(d.attributes),
                suffix: [FormatPiece(text: "{", range: open.range, spaceBefore: true)], doc: d.doc, takesDoc: true)
            var cases: [FormatElement] = []
            for item in d.cases { cases.append(try enumCase(item)) }
            element.body = FormatBody(children: cases, close: FormatPiece(text: "}", range: close.range, spaceBefore: false))
            return element
        case .record(let d):
            try keyword("record", at: d.range, into: &w)
            w.add(PieceWriter.name(d.name), d.name.range)
            var headerEnd = d.name.range.end.offset
            if let placement = d.placement {
                try w.add(.identifier, "in", after: d.name.range.end.offset, space: true)
                w.add(PieceWriter.placement(placement), placement.range)
                headerEnd = placement.range.end.offset
            }
            var members: [(Int, FormatElement)] = []
            for field in d.fields { members.append((field.range.start.offset, try self.field(field))) }
            for grant in d.grants { members.append((grant.range.start.offset, try self.grant(grant))) }
            members.sort { $0.0 < $1.0 }
            return try bodied(
                w.pieces, d.attributes, headerEnd: headerEnd, end: d.range.end.offset, members: members.map(\.1), doc: d.doc)
        case .model(let d):
            try keyword("model", at: d.range, into: &w)
            w.add(PieceWriter.name(d.name), d.name.range)
            var members: [FormatElement] = []
            for property in d.properties { members.append(try field(property)) }
            return try bodied(
                w.pieces, d.attributes, headerEnd: d.name.range.end.offset, end: d.range.end.offset, members: members, doc: d.doc)
        case .keyValue(let d):
            try keyword("keyvalue", at: d.range, into: &w)
            w.add(PieceWriter.name(d.name), d.name.range)
            var members: [FormatElement] = []
            for key in d.keys { members.append(try field(key)) }
            return try bodied(
                w.pieces, d.attributes, headerEnd: d.name.range.end.offset, end: d.range.end.offset, members: members, doc: d.doc)
        case .subscription(let d):
            try keyword("subscription", at: d.range, into: &w)
            w.add(PieceWriter.name(d.name), d.name.range)
            w.add(d.kind.rawValue, d.kindRange)
            w.add(d.kind == .on ? PieceWriter.name(d.target) : PieceWriter.placement(d.target), d.target.range)
            if let whereRange = d.whereRange, let predicate = d.predicate {
                try keyword("where", at: whereRange, into: &w)
                w.pieces[w.pieces.count - 1].spaceBefore = true
                try w.predicate(predicate, space: true)
            }
            if let firesRange = d.firesRange {
                try keyword("fires", at: firesRange, into: &w)
                w.pieces[w.pieces.count - 1].spaceBefore = true
                for (i, event) in d.events.enumerated() {
                    if i > 0 { try w.add(.comma, ",", after: d.events[i - 1].range.end.offset, space: false) }
                    w.add(event.name, event.range)
                }
            }
            return FormatElement(prefix: w.pieces, attributes: try attributes(d.attributes), doc: d.doc, takesDoc: true)
        }
    }

    private func bodied(
        _ prefix: [FormatPiece], _ attributeSyntax: [AttributeSyntax], headerEnd: Int, end: Int, members: [FormatElement],
        doc: DocSyntax?
    ) throws(FormatInconsistency) -> FormatElement {
        let afterHeader = attributeSyntax.last?.range.end.offset ?? headerEnd
        let (open, close) = try braces(after: afterHeader, declarationEnd: end)
        let element = FormatElement(prefix: prefix, attributes: try attributes(attributeSyntax), suffix: [open], doc: doc, takesDoc: true)
        element.body = FormatBody(children: members, close: close)
        return element
    }

    private func field(_ field: FieldSyntax) throws(FormatInconsistency) -> FormatElement {
        var w = writer()
        w.add(PieceWriter.name(field.name), field.name.range, space: false)
        try w.add(.colon, ":", after: field.name.range.end.offset, space: false)
        try w.type(field.type, space: true)
        if let value = field.defaultValue {
            try w.add(.equals, "=", after: field.type.range.end.offset, space: true)
            try w.expression(value, space: true)
        }
        return FormatElement(prefix: w.pieces, attributes: try attributes(field.attributes), doc: field.doc, takesDoc: true)
    }

    private func grant(_ grant: GrantSyntax) throws(FormatInconsistency) -> FormatElement {
        var w = writer()
        try keyword("grant", at: grant.range, into: &w)
        for (i, permission) in grant.permissions.enumerated() {
            if i > 0 { try w.add(.comma, ",", after: grant.permissions[i - 1].range.end.offset, space: false) }
            w.add(permission.name, permission.range)
        }
        try w.add(.identifier, "to", after: grant.permissions[grant.permissions.count - 1].range.end.offset, space: true)
        w.add(PieceWriter.name(grant.role), grant.role.range)
        let element = FormatElement(prefix: w.pieces, doc: nil, takesDoc: false)
        element.isGrant = true
        return element
    }

    private func enumCase(_ item: EnumCaseSyntax) throws(FormatInconsistency) -> FormatElement {
        var w = writer()
        w.add(PieceWriter.caseName(item.name), item.name.range, space: false)
        if let value = item.rawValue {
            try w.add(.equals, "=", after: item.name.range.end.offset, space: true)
            try w.expression(value, space: true)
        }
        return FormatElement(prefix: w.pieces, doc: item.doc, takesDoc: true)
    }
}
