import CloudSchemaCore

/// `cloudschema format`: one canonical layout for `.cloudschema` files.
///
/// Formatting never changes meaning: the resolved `Schema` of a file is the same
/// before and after, and formatting twice equals formatting once. It works from the
/// syntax tree and the file's comment list, so every comment survives, in the place
/// it was written relative to the code around it. A file with syntax errors is not
/// formatted.
///
/// The canonical layout:
/// - 4 spaces per indentation level; no tabs, no trailing whitespace; `\n` line
///   breaks; the file ends with exactly one line break (an empty file stays empty).
/// - One declaration header, member, grant or enum case per line; `;` and `,`
///   separators between members and cases are dropped. `container`, `role` and
///   `zone` stay one line each. An empty body is written `{}`.
/// - Single spaces between parts: `name: Type = default @a @b(x, y)`,
///   `record Name in Zone @shareable {`, `enum Name: String {`,
///   `grant read, create to Role`; none inside `Reference<T>`, `[T]`, `T?`,
///   `["a", "b"]`, `.case`, `@name("x")`. No column alignment of types, defaults,
///   attributes or trailing comments: an edit to one line never re-aligns its
///   neighbours, so review diffs show only what changed.
/// - Attributes in the order of `AttributeCatalog.all`: `@queryable @sortable
///   @searchable`, `@unique @shareable @transient @externalStorage`, `@encrypted
///   @parent @deleteSelf`, `@name @inverse @deleteRule @merge`, `@deprecated`;
///   unknown attributes last, as written. Attributes with a comment between them
///   keep their written order.
/// - Fields, properties, keys and enum cases keep their order (it is the model's
///   order). A record's grants move after its fields, in their own order, with the
///   comments directly above them and at the end of their lines.
/// - Blank lines: at most one in a row; none at the start or end of a body. Between
///   two declarations exactly one when either has a body; between one-line
///   declarations (`container`, `role`, `zone`) as written (none or one), so
///   groups stay groups. Blank lines around comments are kept (at most one).
/// - Comments: kept verbatim (trailing whitespace removed). A comment on its own line
///   stays on its own line, indented with the code that follows it; a comment at the
///   end of a line stays at the end of that line, after one space; a block comment
///   between two tokens stays between them; a `//` comment inside a multi-line element
///   (a list written over several lines) ends the line and the element continues on the
///   next line, indented one more level. Doc comments (`///`) are written on the lines
///   directly above the element they document; a `///` line that documents nothing
///   gets a blank line after it if it would otherwise document the next element.
/// - Strings re-escaped canonically (`SchemaText.stringLiteral`); numbers as written;
///   `case` before enum cases dropped; backticks only where needed: around keywords
///   (`Parser.keywords`), an enum case named `case`, and where they change meaning
///   (`` in `public` `` names a zone, `` = `true` `` a name).
public enum SchemaFormatter {
    /// What formatting one file produced.
    public enum Result: Sendable, Equatable {
        /// The canonical text (equal to the input when it was already formatted).
        case formatted(String)
        /// The file does not parse. It must be left as it is; these are the parser's diagnostics.
        case syntaxErrors([Diagnostic])
        /// The formatter could not prove its output means the same as the input (a bug in
        /// the formatter, to be reported). The file must be left as it is.
        case failed(String)
    }

    public static func format(_ text: String, file: String = "<input>") -> Result {
        format(Array(text.utf8), file: file)
    }

    public static func format(_ bytes: [UInt8], file: String) -> Result {
        // What the loader refuses (binary, UTF-16/32) is refused here too, so format never
        // turns a file the other commands can't read into one they can.
        if let problem = SchemaLoader.notTextDiagnostic(bytes, file: file) { return .syntaxErrors([problem]) }
        let original: Meaning
        let output: String
        do {
            // The input's tree lives only in this scope, so it is gone before the output is
            // parsed: a large file never has two trees at once.
            let (syntax, diagnostics) = Parser.parse(bytes, file: file)
            if diagnostics.hasErrors { return .syntaxErrors(diagnostics) }
            switch layOut(syntax, bytes: bytes, file: file) {
            case .formatted(let text): output = text
            case let other: return other
            }
            original = Meaning(consume syntax)
        }
        if let problem = meaningChange(from: original, to: output, file: file) { return .failed(problem) }
        return .formatted(output)
    }

    /// The canonical text of a file that parsed without errors, not yet checked.
    ///
    /// One top-level declaration at a time: its tokens, format tree and comments exist only
    /// while it is printed, so memory holds the syntax tree and the output, not three more
    /// copies of the whole file.
    static func layOut(_ syntax: SourceFileSyntax, bytes: [UInt8], file: String) -> Result {
        var lexer = Lexer(bytes: bytes, file: file)
        var nextToken = lexer.next()
        let comments = syntax.comments
        var commentIndex = 0
        // Own-line comments after a declaration lead the next one.
        var carried: [Comment] = []
        var previousEnd = 0
        var printer = FormatPrinter()
        let declarations = syntax.declarations
        for (index, declaration) in declarations.enumerated() {
            // The declaration's tokens and the first one after it, where every search ends, as at the end of the file.
            var tokens: [Token] = []
            while nextToken.kind != .endOfFile, nextToken.range.start.offset < declaration.range.end.offset {
                tokens.append(nextToken)
                nextToken = lexer.next()
            }
            tokens.append(nextToken)
            let element: FormatElement
            do {
                element = try FormatTreeBuilder(locator: TokenLocator(tokens: tokens)).declaration(declaration)
            } catch {
                return .failed(error.message)
            }
            let next = index + 1 < declarations.count ? start(of: declarations[index + 1]) : Int.max
            var mine = carried
            while commentIndex < comments.count, comments[commentIndex].range.start.offset < next {
                mine.append(comments[commentIndex])
                commentIndex += 1
            }
            let placement = CommentPlacement(comments: mine, declarations: [element], after: previousEnd, bytes: bytes)
            carried = placement.fileEndComments
            printer.blankBeforeComment = placement.blankBeforeComment
            if let body = element.body { GrantOrder.apply(body, blankBeforeComment: &printer.blankBeforeComment) }
            printer.print(element)
            previousEnd = element.end
        }
        if declarations.isEmpty {
            let placement = CommentPlacement(comments: comments, declarations: [], after: 0, bytes: bytes)
            carried = placement.fileEndComments
            printer.blankBeforeComment = placement.blankBeforeComment
        }
        printer.print(endComments: carried)
        return .formatted(printer.output)
    }

    /// Where a declaration's doc comment, or the declaration, begins (a `///` at the end of the
    /// line before documents it, and belongs to it, not to that line).
    private static func start(of declaration: DeclarationSyntax) -> Int {
        let doc: DocSyntax? =
            switch declaration {
            case .container: nil
            case .role(let d): d.doc
            case .zone(let d): d.doc
            case .enumeration(let d): d.doc
            case .record(let d): d.doc
            case .model(let d): d.doc
            case .keyValue(let d): d.doc
            case .subscription(let d): d.doc
            }
        return min(doc?.range.start.offset ?? .max, declaration.range.start.offset)
    }

    /// What formatting must keep: the resolved schema (a file on its own) and every comment,
    /// as hashes (`Hasher`, equal values hash equal within a run; source positions are not
    /// hashed), so the input's schema is not held while the output is parsed and resolved.
    struct Meaning {
        var schema: Int
        var comments: Int

        /// Takes the tree, so the resolver releases each declaration once resolved.
        init(_ syntax: consuming SourceFileSyntax) {
            comments = syntax.comments.map { FormatPrinter.text(of: $0) }.sorted().hashValue
            schema = Resolver.resolve([consume syntax]).schema.hashValue
        }
    }

    /// Why `formatted` does not mean the same as `original`, or nil when it does: it must
    /// parse without errors, resolve to an equal `Schema` (on its own, as one file), and
    /// keep every comment.
    static func meaningChange(from original: Meaning, to formatted: String, file: String) -> String? {
        let (syntax, diagnostics) = Parser.parse(formatted, file: file)
        if let first = diagnostics.first {
            return
                "the formatted text does not parse (\(first.message) at \(first.range?.start.line ?? 0):\(first.range?.start.column ?? 0))"
        }
        let after = Meaning(consume syntax)
        if original.schema != after.schema { return "the formatted text would resolve to a different schema" }
        if original.comments != after.comments { return "the formatted text would not keep every comment" }
        return nil
    }
}
