import Testing

@testable import CloudSchemaCore

/// `Parser.reparse` (the language server's parse after each change) makes exactly the parse
/// that parsing the changed text from scratch makes: the same trees, comments and diagnostics
/// at the same positions, and the same checkpoints, so the next change reparses right too.
@Suite struct IncrementalParseTests {
    /// Every kind of declaration, doc and trailing comments, multi-byte text, and one mistake.
    static let schema = """
        container "iCloud.com.example.garden"
        /// Gardeners edit beds.
        role Gardener
        zone Plots @shareable
        /// Where a plant grows: ☀️ or 🌑.
        enum Light: String { case sun = "☀️"; case shade }
        record Bed in Plots @name("GardenBed") {
            /// The bed's name, e.g. "Süd".
            name: String @queryable @sortable // trailing
            light: Light = .sun
            tags: [String] = ["herb", "veg"]
            grant read, write to Gardener
        }
        /* A block
           comment */
        model Plant @unique(name) {
            name: String
            bed: Bed?
        }
        keyvalue Settings { theme: String = "dark" }
        subscription Sunny on Bed where name.beginsWith("S") && !(light == .shade) fires create, update
        record Broken {
            size Int
        }

        """

    /// A parse and a reparse of the same text, as text that shows every position.
    static func described(_ parse: ResumableParse) -> String {
        var text = ""
        dump(parse.syntax, to: &text)
        dump(parse.diagnostics, to: &text)
        dump(parse.checkpoints.map { ($0.previous, $0.lexerOffset, $0.declarations, $0.diagnostics) }, to: &text)
        return text
    }

    /// Reparses `old` into `bytes` and expects what parsing `bytes` makes; returns the reparse.
    static func expectReparse(_ old: ResumableParse, _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation)
        -> ResumableParse
    {
        var old = old
        let reparsed = Parser.reparse(&old, to: bytes)
        #expect(described(reparsed) == described(Parser.resumableParse(bytes, file: "Garden.cloudschema")), sourceLocation: sourceLocation)
        return reparsed
    }

    /// `text` with the first `find` replaced by `replacement`.
    static func edited(_ find: String, _ replacement: String, in text: String = schema) -> String {
        guard let range = text.range(of: find) else { preconditionFailure("no '\(find)'") }
        return text.replacingCharacters(in: range, with: replacement)
    }

    @Test(arguments: [
        ("inside a declaration", edited("name: String @queryable", "nam: String @queryable")),
        ("a line added inside a declaration", edited("    tags:", "    size: Int64\n    tags:")),
        ("across two declarations", edited("veg\"]\n    grant read, write to Gardener\n}\n/* A", "x")),
        ("a declaration added", edited("keyvalue Settings", "zone Beds\nkeyvalue Settings")),
        ("a declaration removed", edited("keyvalue Settings { theme: String = \"dark\" }\n", "")),
        ("the syntax broken", edited("    bed: Bed?\n}", "    bed: Bed?\n")),
        ("the syntax mended", edited("size Int", "size: Int64")),
        ("a comment opened", edited("/* A block", "/* A /* block")),
        ("a string opened", edited("(\"GardenBed\")", "(\"GardenBed)")),
        ("a doc comment made", edited("\nrecord Bed", "\n/// Beds.\nrecord Bed")),
        ("at the start", "zone First\n" + schema),
        ("the first character", String(schema.dropFirst())),
        ("at the end", schema + "role Visitor\n"),
        ("the last line break", String(schema.dropLast())),
        ("after multi-byte text, on its line", edited("= \"☀️\"; case shade", "= \"☀️\"; case shadow")),
        ("multi-byte text added", edited("e.g. \"Süd\"", "e.g. \"Süd\", \"Nörd\" 🌱")),
        ("Windows line breaks", edited("role Gardener\n", "role Gardener\r\n")),
        ("everything", "role R\n"),
    ])
    func reparseMakesTheParseOfTheNewText(_ name: String, _ text: String) {
        _ = Self.expectReparse(Parser.resumableParse(Array(Self.schema.utf8), file: "Garden.cloudschema"), Array(text.utf8))
    }

    /// A first resumable parse is `parse`'s.
    @Test func aResumableParseIsAParse() {
        let (syntax, diagnostics) = Parser.parse(Self.schema, file: "Garden.cloudschema")
        let resumable = Parser.resumableParse(Array(Self.schema.utf8), file: "Garden.cloudschema")
        var parsed = ""
        var made = ""
        dump((syntax, diagnostics), to: &parsed)
        dump((resumable.syntax, resumable.diagnostics), to: &made)
        #expect(made == parsed)
    }

    /// A change inside one declaration parses that declaration again, keeps those before it and
    /// moves those after it.
    @Test func onlyTheEditedDeclarationIsParsedAgain() {
        let text = (0..<50).map { "record R\($0) {\n    name: String\n}\n" }.joined()
        let old = Parser.resumableParse(Array(text.utf8), file: "Garden.cloudschema")
        #expect(old.parsed == 0..<50)
        let inside = Self.expectReparse(old, Array(Self.edited("R20 {\n    name", "R20 {\n    title", in: text).utf8))
        #expect(inside.parsed == 20..<21)
        let lines = Self.expectReparse(old, Array(Self.edited("R20 {\n", "R20 {\n\n    size: Int64\n", in: text).utf8))
        #expect(lines.parsed == 20..<21)
    }

    /// Seeded random edits, each reparsing the last reparse: runs of bytes replaced by pieces of
    /// the language (which open and close bodies, strings and comments) or removed, even inside
    /// a multi-byte character.
    @Test func randomEditsReparseAsTheyParse() {
        let pieces = [
            "", "", "x", " ", "\n", "{", "}", "\"", "/*", "*/", "//", "///", "é", "🌱", "record A {\n", "zone Z\n", "    n: String\n",
            "@queryable", ";", "(", ")", "subscription S on Bed\n", "\r\n", "`",
        ]
        var random = SplitMix64(seed: 33)
        var bytes = Array(Self.schema.utf8)
        var parse = Parser.resumableParse(bytes, file: "Garden.cloudschema")
        var moved = 0  // reparses that moved declarations after the edit rather than parse them
        for _ in 0..<100 {
            let start = Int.random(in: 0...bytes.count, using: &random)
            let end = min(bytes.count, start + Int.random(in: 0...12, using: &random))
            bytes.replaceSubrange(start..<end, with: Array(pieces.randomElement(using: &random)!.utf8))
            parse = Self.expectReparse(parse, bytes)
            if parse.parsed.upperBound < parse.syntax.declarations.count { moved += 1 }
        }
        #expect(moved > 25)  // 38 with this seed: the edits exercise the moving as well as the parsing
    }

    /// Where two texts differ (compared eight bytes at a time): after their longest common prefix,
    /// before the longest common suffix of what is left.
    @Test func theEditIsBetweenTheCommonPrefixAndSuffix() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let old = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 97...98, using: &random) }
            var new = old
            let start = Int.random(in: 0...old.count, using: &random)
            let end = min(old.count, start + Int.random(in: 0...20, using: &random))
            new.replaceSubrange(
                start..<end, with: (0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 97...98, using: &random) })
            let prefix = zip(old, new).prefix { $0 == $1 }.count
            let suffix = zip(old[prefix...].reversed(), new[prefix...].reversed()).prefix { $0 == $1 }.count
            let edit = TextEdit(from: old, to: new)
            #expect([edit.start, edit.oldEnd, edit.newEnd] == [prefix, old.count - suffix, new.count - suffix])
        }
    }
}
