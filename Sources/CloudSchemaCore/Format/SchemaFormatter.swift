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
            original = Meaning(syntax)
        }
        if let problem = meaningChange(from: original, to: output, file: file) { return .failed(problem) }
        return .formatted(output)
    }

    /// The canonical text of a file that parsed without errors, not yet checked.
    static func layOut(_ syntax: SourceFileSyntax, bytes: [UInt8], file: String) -> Result {
        let tokens = Lexer.tokenize(bytes, file: file).tokens
        let declarations: [FormatElement]
        do {
            declarations = try FormatTreeBuilder(locator: TokenLocator(tokens: tokens)).declarations(syntax)
        } catch {
            return .failed(error.message)
        }
        let placement = CommentPlacement(comments: syntax.comments, declarations: declarations, bytes: bytes)
        var blankBeforeComment = placement.blankBeforeComment
        for declaration in declarations {
            if let body = declaration.body { GrantOrder.apply(body, blankBeforeComment: &blankBeforeComment) }
        }
        var printer = FormatPrinter(blankBeforeComment: blankBeforeComment)
        printer.printFile(declarations, endComments: placement.fileEndComments)
        return .formatted(printer.output)
    }

    /// What formatting must keep: the resolved schema (a file on its own) and every comment.
    struct Meaning {
        var schema: Schema
        var comments: [String]

        init(_ syntax: SourceFileSyntax) {
            schema = Resolver.resolve([syntax]).schema
            comments = syntax.comments.map { FormatPrinter.text(of: $0) }.sorted()
        }
    }

    /// Why `formatted` does not mean the same as `original`, or nil when it does: it must
    /// parse without errors, resolve to an equal `Schema` (on its own, as one file), and
    /// keep every comment.
    static func meaningChange(from original: Meaning, to formatted: String, file: String) -> String? {
        let (syntax, diagnostics) = Parser.parse(formatted, file: file)
        if let first = diagnostics.first {
            return "the formatted text does not parse (\(first.message) at \(first.range?.start.line ?? 0):\(first.range?.start.column ?? 0))"
        }
        let after = Meaning(syntax)
        if original.schema != after.schema { return "the formatted text would resolve to a different schema" }
        if original.comments != after.comments { return "the formatted text would not keep every comment" }
        return nil
    }
}
