import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// What the server keeps between changes, and that a change still reaches every answer: a
/// folder's unchanged files are not parsed again, yet an edit in one file changes the
/// diagnostics of another; line indexes follow incremental changes; document symbols, kept
/// per analysis, follow the text.
@Suite struct LanguageServerReuseTests {
    typealias Session = LanguageServerTests
    typealias Hover = LanguageServerHoverTests

    /// Messages handled in order by one server, which publishes stale diagnostics after each.
    static func handle(_ server: inout LanguageServer, _ messages: [UInt8]...) -> [[String: Any]] {
        var input = messages.joined().map { $0 }
        var reader = LSPMessageReader(read: {
            defer { input = [] }
            return input.isEmpty ? nil : input
        })
        var replies: [JSON] = []
        while case .message(let body)? = reader.next() { replies += server.handle(body) + server.publishStaleDiagnostics() }
        return replies.compactMap { try? JSONSerialization.jsonObject(with: Data($0.rendered().utf8)) as? [String: Any] }
    }

    /// Beds.cloudschema declares the zone Plants.cloudschema uses. Renaming the zone in Beds makes
    /// Plants' record wrong, and renaming it back makes it right, while Plants is parsed once.
    @Test func anEditInOneFileChangesTheDiagnosticsOfAnother() throws {
        let folder = URL(fileURLWithPath: try Session.folder())
        let beds = folder.appendingPathComponent("Beds.cloudschema").absoluteString
        let plants = folder.appendingPathComponent("Plants.cloudschema").absoluteString
        var server = LanguageServer(watchParent: { _ in })
        var messages = Self.handle(
            &server, try Session.initialize(), try Session.open(beds, "zone Garden\n"),
            try Session.open(plants, "record Plant in Garden {\n    name: String\n}\n"))
        messages += Self.handle(&server, try Session.change(beds, "zone Orchard\n"))
        messages += Self.handle(&server, try Session.change(beds, "zone Garden\n"))
        #expect(
            Session.published(plants, in: messages) == [[], ["RECORD_DEFAULT_ZONE 0:16-0:22", "ZONE_UNKNOWN 0:16-0:22"], []])
        #expect(server.parses.parsed.filter { $0.hasSuffix("Plants.cloudschema") }.count == 1)
        #expect(server.parses.parsed.filter { $0.hasSuffix("Beds.cloudschema") }.count == 3)
    }

    /// The line index made by an incremental change is the one the changed text has: line breaks
    /// inserted, removed, and replaced, at the start, middle and end of the text.
    @Test(arguments: [
        (0, 0, "\n"), (5, 6, ""), (5, 6, "a\nb\n"), (3, 14, "x"), (0, 18, ""), (18, 18, "\n\n"), (11, 12, "\r\n"),
    ])
    func lineIndexesFollowChanges(_ from: Int, _ to: Int, _ text: String) {
        let before = LSPText(Array("zone A\nzone B\n\nrole R".utf8))
        var bytes = before.bytes
        bytes.replaceSubrange(from..<to, with: Array(text.utf8))
        let changed = before.replacing(from, to, with: Array(text.utf8))
        #expect(changed.bytes == bytes)
        #expect(changed.lineStarts == LSPText(bytes).lineStarts)
    }

    /// Symbols asked again after a change list the changed text's declarations.
    @Test func documentSymbolsFollowChanges() throws {
        let uri = URL(fileURLWithPath: try Session.folder()).appendingPathComponent("Garden.cloudschema").absoluteString
        let symbols = ["textDocument": ["uri": uri]]
        let (_, messages) = try Session.serve(
            try Session.initialize() + Session.open(uri, "zone Garden\n") + Session.request(1, "textDocument/documentSymbol", symbols)
                + Session.request(2, "textDocument/documentSymbol", symbols) + Session.change(uri, "zone Orchard\nrole Gardener\n")
                + Session.request(3, "textDocument/documentSymbol", symbols))
        func names(_ id: Int) -> [String]? {
            (Session.response(id, in: messages)?["result"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        }
        #expect(names(1) == ["Garden"])
        #expect(names(2) == ["Garden"])
        #expect(names(3) == ["Orchard", "Gardener"])
    }

    /// A `.cloudschema` outline is its parse, as written (an optional's `?`, a case's raw value),
    /// so right after a change it needs no analysis of the folder.
    @Test func documentSymbolsRightAfterAChangeNeedNoAnalysis() throws {
        let uri = URL(fileURLWithPath: try Session.folder()).appendingPathComponent("Garden.cloudschema").absoluteString
        var server = try Self.start(uri, "enum Status: String { growing, done = \"finished\" }\nrecord Bed {\n    name: String?\n}\n")
        _ = try Self.answers(&server, uri)
        let analyses = server.analysisCount
        try Self.change(&server, uri, 82, 82, "    tags: [String]\n")  // before the record's `}`
        let request: [String: Any] = [
            "jsonrpc": "2.0", "id": 1, "method": "textDocument/documentSymbol", "params": ["textDocument": ["uri": uri]],
        ]
        let reply = try JSONSerialization.jsonObject(with: Data(server.handle(try Self.body(request))[0].rendered().utf8))
        func describe(_ symbol: [String: Any]) -> String {
            let children = (symbol["children"] as? [[String: Any]] ?? []).map(describe)
            return "\(symbol["name"] ?? "") \(symbol["detail"] ?? "")" + (children.isEmpty ? "" : " [\(children.joined(separator: ", "))]")
        }
        #expect(
            ((reply as? [String: Any])?["result"] as? [[String: Any]])?.map(describe) == [
                #"Status enum [growing "growing", done "finished"]"#, "Bed record [name String?, tags [String]]",
            ])
        #expect(server.analysisCount == analyses)
    }

    static func body(_ object: [String: Any]) throws -> [UInt8] { [UInt8](try JSONSerialization.data(withJSONObject: object)) }

    /// A server that opened `text` as `uri`, for a client with Markdown and nested symbols.
    static func start(_ uri: String, _ text: String) throws -> LanguageServer {
        var server = LanguageServer(watchParent: { _ in })
        _ = server.handle(
            try body([
                "jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["processId": NSNull(), "capabilities": Session.richClient],
            ]))
        _ = server.handle(
            try body([
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": ["textDocument": ["uri": uri, "languageId": "cloudschema", "version": 1, "text": text]],
            ]))
        return server
    }

    /// Sends `text` in place of `start..<end` (UTF-8 offsets, on character boundaries) as an incremental change.
    static func change(_ server: inout LanguageServer, _ uri: String, _ start: Int, _ end: Int, _ text: String) throws {
        let old = LSPText(server.documents[uri] ?? [])
        func position(_ offset: Int) -> [String: Int] {
            let (line, character) = old.lineAndCharacter(offset)
            return ["line": line, "character": character]
        }
        _ = server.handle(
            try body([
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": uri, "version": 2],
                    "contentChanges": [["range": ["start": position(start), "end": position(end)], "text": text]],
                ],
            ]))
    }

    /// Replaces up to 8 bytes at a random place with one of `pieces`, as an incremental change;
    /// returns a server that opened the changed text.
    static func randomEdit(
        _ server: inout LanguageServer, _ uri: String, _ pieces: [String], _ random: inout SplitMix64
    ) throws -> LanguageServer {
        let count = server.documents[uri]?.count ?? 0
        let start = Int.random(in: 0...count, using: &random)
        let end = min(count, start + Int.random(in: 0...8, using: &random))
        try change(&server, uri, start, end, pieces.randomElement(using: &random)!)
        return try Self.start(uri, String(decoding: server.documents[uri] ?? [], as: UTF8.self))
    }

    /// The document's lines, for positions to ask about.
    static func lineCount(_ server: LanguageServer, _ uri: String) -> Int {
        String(decoding: server.documents[uri] ?? [], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).count
    }

    /// What `method` answers at `characters` of every line, as JSON text.
    static func answers(_ server: inout LanguageServer, _ uri: String, _ method: String, at characters: [Int]) throws -> [String] {
        var answers: [String] = []
        for line in 0..<lineCount(server, uri) {
            for character in characters {
                let request: [String: Any] = ["jsonrpc": "2.0", "id": 2, "method": method, "params": Session.at(uri, line, character)]
                answers += server.handle(try body(request)).map { $0.rendered() }
            }
        }
        return answers
    }

    /// Hover's text at `characters` of every line.
    static func hovers(_ server: inout LanguageServer, _ uri: String, at characters: [Int]) throws -> [String?] {
        try (0..<lineCount(server, uri)).flatMap { line in try characters.map { try Hover.hover(&server, uri, line, $0) } }
    }

    /// What the server publishes and answers about the whole document, as JSON text.
    static func answers(_ server: inout LanguageServer, _ uri: String) throws -> [String] {
        var answers = server.publishStaleDiagnostics().map { $0.rendered() }
        let symbols: [String: Any] = [
            "jsonrpc": "2.0", "id": 1, "method": "textDocument/documentSymbol", "params": ["textDocument": ["uri": uri]],
        ]
        answers += server.handle(try body(symbols)).map { $0.rendered() }
        for method in ["textDocument/hover", "textDocument/definition"] { answers += try Self.answers(&server, uri, method, at: [6, 22]) }
        return answers
    }

    /// After each incremental change the server answers as one that opened the changed text: the
    /// same diagnostics with their ranges, symbols, hovers and definitions (the changed file is
    /// parsed again from its last parse, only around the change).
    @Test func incrementalChangesAnswerAsTheChangedTextOpened() throws {
        let uri = URL(fileURLWithPath: try Session.folder()).appendingPathComponent("Garden.cloudschema").absoluteString
        let text = """
            /// Beds: ☀️ or 🌑.
            zone Plots
            enum Light: String { case sun = "☀️"; case shade }
            record Bed in Plots {
                name: String @queryable // Süd
                light: Light = .sun
            }
            record Plant {
                bed: Reference<Bed>
                size Int
            }

            """
        var server = try Self.start(uri, text)
        _ = try Self.answers(&server, uri)
        // (start line, character, end line, character, new text), in UTF-16 code units after "☀️".
        let changes: [(Int, Int, Int, Int, String)] = [
            (4, 8, 4, 8, "x"), (9, 8, 9, 8, ":"), (6, 0, 7, 0, ""), (2, 40, 2, 45, "shadow"), (0, 0, 0, 0, "role R\n"),
            (11, 0, 11, 0, "record Extra {\n    bed: Bed\n"), (3, 0, 4, 0, "}\n"), (1, 5, 1, 10, "Plot"), (0, 0, 1, 0, ""),
        ]
        for (version, (startLine, startCharacter, endLine, endCharacter, newText)) in changes.enumerated() {
            let range = ["start": ["line": startLine, "character": startCharacter], "end": ["line": endLine, "character": endCharacter]]
            _ = server.handle(
                try Self.body([
                    "jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": [
                        "textDocument": ["uri": uri, "version": version + 2], "contentChanges": [["range": range, "text": newText]],
                    ],
                ]))
            var fresh = try Self.start(uri, String(decoding: server.documents[uri] ?? [], as: UTF8.self))
            #expect(try Self.answers(&server, uri) == Self.answers(&fresh, uri), "after change \(version + 1)")
        }
    }

    /// Completion right after a keystroke answers from the names kept since the last analysis
    /// while the change leaves every declaration's name as it was; a change that declares a
    /// name is seen at once.
    @Test func completionKeepsTheDeclaredNamesWhileTheyStay() throws {
        let uri = URL(fileURLWithPath: try Session.folder()).appendingPathComponent("Garden.cloudschema").absoluteString
        var server = try Self.start(uri, "enum Light { sun }\nrecord Bed {\n    light: L\n}\n")
        _ = try Self.answers(&server, uri)
        func labels(_ line: Int) throws -> [String] {
            let request: [String: Any] = [
                "jsonrpc": "2.0", "id": 3, "method": "textDocument/completion", "params": Session.at(uri, line, 12),
            ]
            let reply = try #require(server.handle(try Self.body(request)).first).rendered()
            let object = try JSONSerialization.jsonObject(with: Data(reply.utf8))
            return (((object as? [String: Any])?["result"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        }
        #expect(try labels(2).contains("Light"))  // the names are kept from here
        let analyses = server.analysisCount
        try Self.change(&server, uri, 32, 32, "    size: Int64\n")  // a field of Bed, before `light`
        #expect(try labels(3).contains("Light"))
        #expect(server.analysisCount == analyses)
        try Self.change(&server, uri, 0, 0, "enum Shade { deep }\n")
        #expect(try labels(4).suffix(2) == ["Shade", "Light"])
        #expect(server.analysisCount == analyses + 1)
    }

    /// Seeded random edits, each an incremental change, answered as a server that opened the
    /// changed text answers: completion first (from the names kept across changes, while the
    /// declarations they come from are as they were), then diagnostics, symbols, hovers and
    /// definitions (found by walking only the declarations at the cursor and of the name). And
    /// the declaration found that way is the one the whole index of references names.
    @Test func randomEditsAnswerAsTheChangedTextOpened() throws {
        let uri = URL(fileURLWithPath: try Session.folder()).appendingPathComponent("Garden.cloudschema").absoluteString
        let text = """
            zone Plots
            role Gardener
            enum Light: String { sun, shade }
            record Bed in Plots {
                name: String @queryable
                light: Light = .sun
                grant read to Gardener
            }
            record Plant {
                bed: Reference<Bed>
                light: Light?
            }
            model Tray {
                pots: [Pot]? @inverse(tray)
            }
            model Pot {
                tray: Tray?
            }
            subscription Sunny on Bed where light == .sun @silent

            """
        let pieces = [
            "", "x", " ", "\n", "{", "}", ":", "Light", "Bed", "record A {\n", "zone Z\n", "enum E { a }\n", "    n: String\n",
            "@queryable", ".sun", "//", "\"", "= .shade",
        ]
        var random = SplitMix64(seed: 33)
        var server = try Self.start(uri, text)
        _ = try Self.answers(&server, uri)
        var kept = 0  // changes completion answered without an analysis
        for step in 0..<40 {
            var fresh = try Self.randomEdit(&server, uri, pieces, &random)
            let analyses = server.analysisCount
            _ = server.declaredNames(uri)
            if server.analysisCount == analyses { kept += 1 }
            let completions = try Self.answers(&server, uri, "textDocument/completion", at: [0, 4, 12, 20])
            let freshCompletions = try Self.answers(&fresh, uri, "textDocument/completion", at: [0, 4, 12, 20])
            #expect(completions == freshCompletions, "after change \(step + 1)")
            #expect(try Self.answers(&server, uri) == Self.answers(&fresh, uri), "after change \(step + 1)")
            // Walked first: once the whole index is made, lookUpDeclaration reads it.
            let positions = (0..<Self.lineCount(fresh, uri)).flatMap { line in [0, 5, 10, 16, 22].map { (line, $0) } }
            let walked = positions.map { position in
                fresh.lookUpDeclaration(uri, position).map { "\($0.found.symbol) \($0.found.range) \(String(describing: $0.declaration))" }
            }
            let indexed = positions.map { position in
                fresh.lookUp(uri, position).map { _, references, found in
                    let declaration = references.first { $0.symbol == found.symbol && $0.isDeclaration }?.range
                    return "\(found.symbol) \(found.range) \(String(describing: declaration))"
                }
            }
            #expect(walked == indexed, "after change \(step + 1)")
        }
        #expect(kept > 10)
    }

    /// Go to definition right after a change, in a folder of `.cloudschema` files, is answered
    /// before the folder is analysed again (from the parses and the declared names, resolving
    /// only the declarations it looks up), as a server that opened the changed text answers.
    /// Renaming an enum makes its uses point nowhere; removing a case, its `.case` values.
    @Test func definitionRightAfterAChangeNeedsNoAnalysis() throws {
        let folder = URL(fileURLWithPath: try Session.folder(["Zones.cloudschema": "zone Plots\n"]))
        let uri = folder.appendingPathComponent("Garden.cloudschema").absoluteString
        var server = try Self.start(uri, "enum Light { sun, shade }\nrecord Bed in Plots {\n    light: Light = .sun\n}\n")
        _ = try Self.answers(&server, uri)
        func definitions(_ server: inout LanguageServer) throws -> [String] {
            try Self.answers(&server, uri, "textDocument/definition", at: [6, 11, 15, 20])
        }
        // `light: Light = .sun`: the enum's name and its case point to line 0 while they are declared.
        func pointsToTheEnum(_ character: Int) throws -> Bool {
            let request: [String: Any] = [
                "jsonrpc": "2.0", "id": 2, "method": "textDocument/definition", "params": Session.at(uri, 2, character),
            ]
            let reply = try #require(server.handle(Self.body(request)).first)
            let object = try JSONSerialization.jsonObject(with: Data(reply.rendered().utf8)) as? [String: Any]
            return ((object?["result"] as? [String: Any])?["range"] as? [String: [String: Int]])?["start"]?["line"] == 0
        }
        #expect(try pointsToTheEnum(13) && pointsToTheEnum(21))
        let analyses = server.analysisCount
        // A field renamed, the case `sun` removed, the enum renamed.
        for (start, end, text) in [(57, 57, "x"), (13, 18, ""), (5, 10, "Lamp")] {
            try Self.change(&server, uri, start, end, text)
            var fresh = try Self.start(uri, String(decoding: server.documents[uri] ?? [], as: UTF8.self))
            #expect(try definitions(&server) == definitions(&fresh), "after \(text.isEmpty ? "removing" : text)")
        }
        #expect(server.analysisCount == analyses)
        #expect(try !pointsToTheEnum(13) && !pointsToTheEnum(21))
    }

    /// Right after a change, hover and definition resolve what they look up from the resolver's
    /// first pass (`ResolverIndex`), kept across changes that leave what it reads as it was: each
    /// declaration's kind and name, enum cases, model properties. A keystroke in a field, or text
    /// moving the declarations, keeps it; a property or case renamed makes it anew. Either way
    /// hover answers as a server that opened the changed text.
    @Test func theResolverIndexIsKeptWhileWhatItReadsStays() throws {
        let text = """
            enum Light: String { sun, shade }
            record Bed {
                light: Light = .sun
            }
            model Tray {
                pots: [Pot]? @inverse(tray)
            }
            model Pot {
                tray: Tray?
            }

            """
        let uri = try Hover.uri()
        var server = try Self.start(uri, text)
        _ = try Self.answers(&server, uri)
        /// Replaces the first `old` with `new`, then hovers over every line.
        func edit(_ old: String, _ new: String) throws -> Int {
            let bytes = server.documents[uri] ?? []
            let range = try #require(bytes.firstRange(of: Array(old.utf8)))
            try Self.change(&server, uri, range.lowerBound, range.upperBound, new)
            var fresh = try Self.start(uri, String(decoding: server.documents[uri] ?? [], as: UTF8.self))
            let made = server.resolverIndexCount
            let characters = [2, 6, 10, 16, 24, 32]
            let hovers = try Self.hovers(&server, uri, at: characters).map(Hover.description)
            #expect(hovers == (try Self.hovers(&fresh, uri, at: characters)).map(Hover.description), "after \(old) -> \(new)")
            return server.resolverIndexCount - made
        }
        #expect(try edit("light:", "lightx:") == 1)
        #expect(try edit("enum", "\n\nenum") == 0)  // the enum moved: described where it is now
        #expect(try edit(".sun", ".sunny") == 0)
        #expect(try edit("tray: Tray?", "bin: Tray?") == 1)  // `@inverse(tray)` names no property now
        #expect(try edit("shade", "shadow") == 1)
        #expect(try edit("sunny", "sun") == 0)
        let analyses = server.analysisCount
        _ = try edit("Bed {", "Bed  {")
        #expect(server.analysisCount == analyses)
    }

    /// Seeded random edits in a folder of two `.cloudschema` files (the other one on disk), each
    /// followed at once by go to definition at every line, answered before any analysis, then by
    /// hover, both as a server that opened the changed text answers (hover's description; the
    /// diagnostics it explains are the published ones, `LanguageServerHoverTests`), then by a
    /// publish. Edits rename, remove and add declarations and members.
    @Test func randomEditsAnswerDefinitionsRightAway() throws {
        let others = """
            zone Plots
            role Gardener
            enum Season: String { spring, fall = "autumn" }
            record Shed in Plots {
                season: Season = .spring
                grant read to Gardener
            }

            """
        let folder = URL(fileURLWithPath: try Session.folder(["Plots.cloudschema": others]))
        let uri = folder.appendingPathComponent("Garden.cloudschema").absoluteString
        let text = """
            enum Light: String { sun, shade }
            record Bed in Plots {
                name: String @queryable
                light: Light = .sun
                season: Season? = .fall
                shed: Reference<Shed>?
                grant write to Gardener
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
            subscription Sunny on Bed where light == .sun && season == .fall @silent
            record Bed { twin: Bed? }

            """
        let pieces = [
            "", "x", " ", "\n", "{", "}", ":", "Light", "Bed", "Pot", "Shed", "record A {\n", "zone Z\n", "enum E { a }\n",
            "    n: String\n", ".sun", ".shade", "tray", "//", "\"",
        ]
        var random = SplitMix64(seed: 3333)
        var server = try Self.start(uri, text)
        _ = try Self.answers(&server, uri)
        for step in 0..<40 {
            var fresh = try Self.randomEdit(&server, uri, pieces, &random)
            let analyses = server.analysisCount
            let characters = [0, 4, 9, 14, 19, 24, 30, 36, 44]
            let definitions = try Self.answers(&server, uri, "textDocument/definition", at: characters)
            #expect(server.analysisCount == analyses, "after change \(step + 1)")
            #expect(definitions == (try Self.answers(&fresh, uri, "textDocument/definition", at: characters)), "after change \(step + 1)")
            let hovers = try Self.hovers(&server, uri, at: characters)
            #expect(
                hovers.map(Hover.description) == (try Self.hovers(&fresh, uri, at: characters)).map(Hover.description),
                "after change \(step + 1)")
            _ = server.publishStaleDiagnostics()
        }
    }

    /// A folder with a `.ckdb` file is analysed for go to definition: its record types are merged
    /// into those of the `.cloudschema` files.
    @Test func definitionBesideACKDBFileWaitsForTheAnalysis() throws {
        let ckdb = "DEFINE SCHEMA\n    RECORD TYPE Bed (\n        \"___recordID\" REFERENCE QUERYABLE,\n        size INT64\n    );\n"
        let folder = URL(fileURLWithPath: try Session.folder(["Schema.ckdb": ckdb]))
        let uri = folder.appendingPathComponent("Garden.cloudschema").absoluteString
        var server = try Self.start(uri, "record Plant {\n    bed: Reference<Bed>\n}\n")
        _ = try Self.answers(&server, uri)
        let analyses = server.analysisCount
        try Self.change(&server, uri, 0, 0, " ")
        var fresh = try Self.start(uri, String(decoding: server.documents[uri] ?? [], as: UTF8.self))
        let definitions = try Self.answers(&server, uri, "textDocument/definition", at: [20])
        #expect(server.analysisCount == analyses + 1)
        #expect(definitions == (try Self.answers(&fresh, uri, "textDocument/definition", at: [20])))
        #expect(definitions.contains { $0.contains("Schema.ckdb") })
    }
}
