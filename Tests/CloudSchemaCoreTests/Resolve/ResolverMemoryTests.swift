import Testing

@testable import CloudSchemaCore

/// The language server resolves a folder again after each keystroke, taking from the resolver's
/// memory what the keystroke left as it was, moved to where it is now (`ResolverMemory`). What it
/// makes must be what resolving the text from scratch makes, every position included.
@Suite struct ResolverMemoryTests {
    /// One file resolved through a parse cache, as the language server resolves it.
    struct Session {
        let parses = ParseCache()
        var text: String

        /// The schema and diagnostics, everything in them written out (`dump` shows the
        /// positions `SourceSpans` leave out of equality).
        mutating func resolve() -> String {
            let syntax = parses.parse(Array(text.utf8), file: "Garden.cloudschema").syntax
            let resolved = Resolver.resolve(
                [syntax], identities: [parses.identities(of: "Garden.cloudschema")], memory: &parses.resolved)
            return Self.written(resolved)
        }

        /// What `Resolver.resolve` makes of the text, parsed anew.
        var fresh: String { Self.written(Resolver.resolve([Parser.parse(Array(text.utf8), file: "Garden.cloudschema").syntax])) }

        static func written(_ resolved: (schema: Schema, diagnostics: [Diagnostic])) -> String {
            var out = ""
            dump(resolved.schema, to: &out)
            dump(resolved.diagnostics, to: &out)
            return out
        }

        mutating func replace(_ old: String, with new: String) {
            text = text.replacingOccurrences(of: old, with: new)
        }
    }

    static let garden = """
        zone Plots
        role Gardener
        enum Light: String { sun, shade }

        /// A raised bed.
        record Bed in Plots @shareable {
            name: String @queryable
            light: Light = .sun
            light: Light
            shed: Reference<Shad>?
            grant write to Gardener
        }

        record Shed {
            size: Int64 = 0 @sortable
        }

        model Tray {
            pots: [Pot]? @inverse(tray)
        }

        model Pot {
            tray: Tray?
        }

        keyvalue Prefs {
            light: Light = .shade
        }

        """

    /// A keystroke in one record type's field: the other declarations are taken, moved where
    /// they moved, with their diagnostics (the duplicate field, the unknown `Shad`).
    @Test func aKeystrokeResolvesOnlyWhatItChanged() {
        var session = Session(text: Self.garden)
        #expect(session.resolve() == session.fresh)
        session.replace("size: Int64", with: "sizes: Int64")
        #expect(session.resolve() == session.fresh)
        #expect(session.parses.resolved.taken == 4)  // Bed, Tray, Pot, Prefs; Shed is resolved again
        session.replace("/// A raised bed.", with: "/// A raised\n/// bed.")
        #expect(session.resolve() == session.fresh)
        #expect(session.parses.resolved.taken == 4)
    }

    /// An edit pass 1 reads (a case, a model's property, a declaration's name) changes what
    /// resolving the others makes, so nothing is taken.
    @Test(arguments: [("shade }", "shadow }"), ("tray: Tray?", "bin: Tray?"), ("record Shed", "record Shad")])
    func anEditPassOneReadsResolvesEverything(_ old: String, _ new: String) {
        var session = Session(text: Self.garden)
        _ = session.resolve()
        session.replace(old, with: new)
        #expect(session.resolve() == session.fresh)
        #expect(session.parses.resolved.taken == 0)
    }

    /// "Did you mean" hints stop once a run has compared names 200,000 times. 420 unknown
    /// references, each compared with the 420 record types, nearly spend it. A run that takes
    /// declarations from the memory does not compare their names again, so it counts what the
    /// runs before it spent; when that could reach the limit, as with the 60 references added
    /// here to the last record type after ten were removed, it is done again without the memory,
    /// and the hints are those resolving from scratch gives: all 60.
    @Test func hintsAreTheSameWhenTheyRunOut() {
        func records(typed: Int) -> String {
            (0..<420).map { "record R\($0) {\n    to: \($0 < typed ? "String" : "Reference<R\($0)x>")\n}\n" }.joined()
        }
        var session = Session(text: records(typed: 0))
        #expect(session.resolve() == session.fresh)
        session.text = records(typed: 10)
        #expect(session.resolve() == session.fresh)
        #expect(session.parses.resolved.taken == 410)
        session.replace("<R419x>\n", with: "<R419x>\n" + (0..<60).map { "    f\($0): Reference<R\($0)y>\n" }.joined())
        let resolved = session.resolve()
        #expect(resolved == session.fresh)
        #expect(resolved.contains(#"named \'R59y\' for this reference; did you mean \'R59\'?""#))  // as `dump` writes it
        #expect(session.parses.resolved.taken == 0)
    }

    /// Seeded random edits of a schema with errors: after each, the same as from scratch.
    @Test func randomEditsResolveAsFromScratch() {
        let pieces = ["", "x", " ", "\n", "{", "}", ":", "Light", "Bed", "Shad", ".sun", "@queryable", "record A {\n", "//"]
        var random = SplitMix64(seed: 36)
        var session = Session(text: Self.garden)
        var taken = 0
        for step in 0..<200 {
            let bytes = Array(session.text.utf8)
            let start = Int.random(in: 0...bytes.count, using: &random)
            let end = min(bytes.count, start + Int.random(in: 0...6, using: &random))
            let piece = pieces.randomElement(using: &random)!
            session.text = String(decoding: bytes[..<start] + Array(piece.utf8) + bytes[end...], as: UTF8.self)
            #expect(session.resolve() == session.fresh, "after edit \(step + 1)")
            taken += session.parses.resolved.taken
        }
        #expect(taken > 50)
    }
}
