import CloudSchemaCore

/// Writes the format tree as lines: indentation, blank lines, comments. Declarations are
/// printed one at a time, so only one declaration's tree exists at once.
struct FormatPrinter {
    static let indentUnit = "    "

    /// The formatted text so far: every line ends in `\n` (empty for an empty file).
    private(set) var output = ""
    /// Whether a blank line comes before each own-line comment of the current declaration, by start offset.
    var blankBeforeComment: [Int: Bool] = [:]
    private var lastLineEndsWithDoc = false
    private var atRegionStart = true
    private var previous: TopLevel?

    private enum TopLevel { case comment, oneLine, bodied }

    /// One top-level declaration with the comments before it.
    mutating func print(_ declaration: FormatElement) {
        for comment in declaration.leading {
            emit(comment, blank: previous == .bodied || blankBefore(comment), level: 0)
            previous = .comment
        }
        let isBodied = declaration.body != nil
        let forced = previous == .bodied || (isBodied && (previous == .oneLine || previous == .bodied))
        emit(declaration, blank: forced || declaration.blankBefore, level: 0)
        previous = isBodied ? .bodied : .oneLine
    }

    /// The comments after the last declaration.
    mutating func print(endComments: [Comment]) {
        for comment in endComments {
            emit(comment, blank: previous == .bodied || blankBefore(comment), level: 0)
            previous = .comment
        }
    }

    private mutating func appendLine(_ line: String) {
        output += line
        output += "\n"
    }

    private func blankBefore(_ comment: Comment) -> Bool { blankBeforeComment[comment.range.start.offset] ?? false }

    private static func indent(_ level: Int) -> String { String(repeating: indentUnit, count: level) }

    /// A blank line when asked for (never first in a file or body), and always when a
    /// `///` line directly above would otherwise document the element that follows.
    private mutating func separate(blank: Bool, takesDoc: Bool) {
        if (blank && !atRegionStart && !output.isEmpty) || (takesDoc && lastLineEndsWithDoc) {
            appendLine("")
            lastLineEndsWithDoc = false
        }
        atRegionStart = false
    }

    private mutating func emit(_ comment: Comment, blank: Bool, level: Int) {
        separate(blank: blank, takesDoc: false)
        appendLine(Self.indent(level) + Self.text(of: comment))
        lastLineEndsWithDoc = comment.kind == .doc
    }

    private mutating func emit(_ element: FormatElement, blank: Bool, level: Int) {
        separate(blank: blank, takesDoc: element.takesDoc)
        for comment in element.docComments {
            appendLine(Self.indent(level) + Self.text(of: comment))
        }
        let pieces = Self.canonicalPieces(element)
        guard let body = element.body else {
            appendLine(pieces, inner: element.inner, trailing: element.trailing, level: level)
            return
        }
        if body.children.isEmpty && body.endComments.isEmpty && body.openTrailing.isEmpty {
            appendLine(pieces + [body.close], inner: element.inner, trailing: element.trailing, level: level)
            return
        }
        appendLine(pieces, inner: element.inner, trailing: body.openTrailing, level: level)
        atRegionStart = true
        for child in body.children {
            for comment in child.leading { emit(comment, blank: blankBefore(comment), level: level + 1) }
            emit(child, blank: child.blankBefore, level: level + 1)
        }
        for comment in body.endComments { emit(comment, blank: blankBefore(comment), level: level + 1) }
        atRegionStart = false
        appendLine([body.close], inner: [], trailing: element.trailing, level: level)
    }

    /// The element's pieces with its attributes in canonical order, unless comments are
    /// written between its attributes: then they keep their written order, so each
    /// comment stays beside the attribute it was written next to.
    static func canonicalPieces(_ element: FormatElement) -> [FormatPiece] {
        guard let firstAttribute = element.attributes.first?.pieces.first?.range.start.offset,
            !element.inner.contains(where: { $0.range.start.offset > firstAttribute })
        else { return element.writtenPieces }
        let sorted = element.attributes.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        return element.prefix + sorted.flatMap(\.element.pieces) + element.suffix
    }

    private mutating func appendLine(_ pieces: [FormatPiece], inner: [Comment], trailing: [Comment], level: Int) {
        appendLine(Self.render(pieces, inner: inner, trailing: trailing, level: level))
        lastLineEndsWithDoc = trailing.last?.kind == .doc
    }

    /// One element line. Each inner comment follows the piece written just before it; a
    /// `//` inside an element ends the line, and the element continues one level deeper.
    static func render(_ pieces: [FormatPiece], inner: [Comment], trailing: [Comment], level: Int) -> String {
        var anchored = [[Comment]](repeating: [], count: pieces.count)
        if !inner.isEmpty {
            let byEnd = pieces.indices.sorted { pieces[$0].range.end.offset < pieces[$1].range.end.offset }
            for comment in inner {
                // The last piece (by source position) that ends before the comment.
                var low = 0
                var high = byEnd.count
                while low < high {
                    let mid = (low + high) / 2
                    if pieces[byEnd[mid]].range.end.offset <= comment.range.start.offset { low = mid + 1 } else { high = mid }
                }
                anchored[byEnd[max(low - 1, 0)]].append(comment)
            }
        }
        let continuation = "\n" + indent(level + 1)
        var text = indent(level)
        var atLineStart = true
        var afterBlock = false
        for (i, piece) in pieces.enumerated() {
            if !atLineStart && (piece.spaceBefore || afterBlock) { text += " " }
            text += piece.text
            atLineStart = false
            afterBlock = false
            for comment in anchored[i] {
                text += " " + Self.text(of: comment)
                if comment.kind == .block {
                    afterBlock = true
                } else {
                    text += continuation
                    atLineStart = true
                }
            }
        }
        for comment in trailing {
            if !atLineStart { text += " " }
            text += Self.text(of: comment)
            atLineStart = false
        }
        if atLineStart && text.hasSuffix(continuation) { text.removeLast(continuation.count) }
        return text
    }

    /// The comment as written, without trailing whitespace; block comments with `\n` line breaks.
    static func text(of comment: Comment) -> String {
        guard comment.kind == .block else { return trimmingTrailingSpace(Substring(comment.text)) }
        var lines: [String] = []
        var current = ""
        var scalars = comment.text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\r" || scalar == "\n" {
                if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
                lines.append(trimmingTrailingSpace(Substring(current)))
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(trimmingTrailingSpace(Substring(current)))
        return lines.joined(separator: "\n")
    }

    private static func trimmingTrailingSpace(_ text: Substring) -> String {
        var scalars = text.unicodeScalars[...]
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
