import CloudSchemaCore

/// Gives every comment of a file a place in the format tree, and records where the
/// source had blank lines.
///
/// A comment is, in this order of precedence:
/// - part of an element's doc comment (the `///` run the parser attached to it);
/// - inner: between the first and last token of a declaration header or member line;
/// - trailing: after the last token on a line (of a member, a header's `{`, or a `}`);
/// - leading: on its own line(s) before the next element, or at the end of a body or file.
struct CommentPlacement {
    private enum Slot {
        case line(FormatElement)
        case close(FormatElement)
    }

    /// Comments after the last declaration given (for one declaration of a file: the own-line
    /// comments after it, which lead the next one).
    private(set) var fileEndComments: [Comment] = []
    /// Whether a blank line comes before each own-line comment, by its start offset.
    private(set) var blankBeforeComment: [Int: Bool] = [:]

    private var slots: [(start: Int, end: SourcePosition, slot: Slot)] = []
    private var docs: [(range: SourceRange, element: FormatElement)] = []

    /// Places `comments` (in source order) among `declarations`, which follow the offset `start`
    /// (0, or the end of the declaration before them).
    init(comments: [Comment], declarations: [FormatElement], after start: Int, bytes: [UInt8]) {
        for declaration in declarations { collect(declaration) }
        for comment in comments { place(comment) }
        measureBlankLines(declarations, endComments: fileEndComments, after: start, bytes: bytes)
    }

    private mutating func collect(_ element: FormatElement) {
        if let doc = element.doc { docs.append((doc, element)) }
        slots.append((element.lineStart, element.lineEnd, .line(element)))
        if let body = element.body {
            for child in body.children { collect(child) }
            slots.append((body.close.range.start.offset, body.close.range.end, .close(element)))
        }
    }

    private var slotIndex = -1
    private var docIndex = 0

    private mutating func place(_ comment: Comment) {
        let offset = comment.range.start.offset
        while docIndex < docs.count, docs[docIndex].range.end.offset <= offset { docIndex += 1 }
        if docIndex < docs.count, docs[docIndex].range.start.offset <= offset {
            docs[docIndex].element.docComments.append(comment)
            return
        }
        while slotIndex + 1 < slots.count, slots[slotIndex + 1].start <= offset { slotIndex += 1 }
        if slotIndex >= 0 {
            let previous = slots[slotIndex]
            if case .line(let element) = previous.slot, offset < previous.end.offset {
                element.inner.append(comment)
                return
            }
            if comment.isTrailing, previous.end.line == comment.range.start.line {
                switch previous.slot {
                case .line(let element):
                    if let body = element.body { body.openTrailing.append(comment) } else { element.trailing.append(comment) }
                case .close(let element):
                    element.trailing.append(comment)
                }
                return
            }
        }
        guard slotIndex + 1 < slots.count else {
            fileEndComments.append(comment)
            return
        }
        switch slots[slotIndex + 1].slot {
        case .line(let element): element.leading.append(comment)
        case .close(let element): element.body?.endComments.append(comment)
        }
    }

    /// Records, in source order, whether each own-line comment and each element follows a blank line.
    private mutating func measureBlankLines(
        _ elements: [FormatElement], endComments: [Comment], after start: Int, bytes: [UInt8]
    ) {
        var previousEnd = start
        for element in elements {
            for comment in element.leading {
                blankBeforeComment[comment.range.start.offset] = Self.hasBlankLine(bytes, previousEnd, comment.range.start.offset)
                previousEnd = comment.range.end.offset
            }
            element.blankBefore = Self.hasBlankLine(bytes, previousEnd, element.start)
            if let body = element.body {
                let open = max(element.lineEnd.offset, body.openTrailing.last?.range.end.offset ?? 0)
                measureBlankLines(body.children, endComments: body.endComments, after: open, bytes: bytes)
            }
            previousEnd = element.end
        }
        for comment in endComments {
            blankBeforeComment[comment.range.start.offset] = Self.hasBlankLine(bytes, previousEnd, comment.range.start.offset)
            previousEnd = comment.range.end.offset
        }
    }

    /// Two or more line breaks between the offsets.
    static func hasBlankLine(_ bytes: [UInt8], _ from: Int, _ to: Int) -> Bool {
        var breaks = 0
        var i = from
        while i < min(to, bytes.count) {
            if bytes[i] == 0x0A {
                breaks += 1
            } else if bytes[i] == 0x0D {
                breaks += 1
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            }
            if breaks >= 2 { return true }
            i += 1
        }
        return false
    }
}
