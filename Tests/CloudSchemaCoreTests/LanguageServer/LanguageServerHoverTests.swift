import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Hover right after a change, before the folder is analysed again: in a folder of `.cloudschema`
/// files the element is described from the parses, as the analysis describes it, and the
/// diagnostics explained are the ones the client shows: those last published for the document,
/// moved with the edits since. The next publish brings the new ones.
@Suite struct LanguageServerHoverTests {
    typealias Session = LanguageServerTests
    typealias Reuse = LanguageServerReuseTests

    /// The hover's text at a position (Markdown), nil for no hover.
    static func hover(_ server: inout LanguageServer, _ uri: String, _ line: Int, _ character: Int) throws -> String? {
        let request: [String: Any] = [
            "jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": Session.at(uri, line, character),
        ]
        let reply = try #require(server.handle(try Reuse.body(request)).first)
        let object = try JSONSerialization.jsonObject(with: Data(reply.rendered().utf8)) as? [String: Any]
        return ((object?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
    }

    /// A hover's sections: the element's description, then one per diagnostic explained.
    static func sections(_ hover: String?) -> [String] { hover?.components(separatedBy: "\n\n---\n\n") ?? [] }

    /// The "ID: message" of each diagnostic a hover explains.
    static func explained(_ hover: String?) -> [String] {
        sections(hover).compactMap { section in
            guard section.hasPrefix("**"), let end = section.range(of: "**: ")?.lowerBound,
                case let id = String(section[section.index(section.startIndex, offsetBy: 2)..<end]),
                DiagnosticRegistry.explanation(of: DiagnosticID(id)) != nil
            else { return nil }
            return id + ": " + String(section[section.range(of: "**: ")!.upperBound...].prefix { $0 != "\n" })
        }
    }

    /// What the hover describes, without the diagnostics it explains.
    static func description(_ hover: String?) -> String? {
        sections(hover).first.flatMap { explained($0).isEmpty ? $0 : nil }
    }

    static func uri(_ files: [String: String] = [:]) throws -> String {
        URL(fileURLWithPath: try Session.folder(files)).appendingPathComponent("Garden.cloudschema").absoluteString
    }

    /// ```
    /// record Bed {
    ///     name: String        <- typed above `size` after the publish
    ///     size: Strng         <- TYPE_UNKNOWN, published before the change
    /// }
    /// ```
    /// Right after the change the published error is explained on its own line, moved down one;
    /// an edit after it leaves it where it is. No analysis runs.
    @Test func thePublishedDiagnosticIsExplainedWhereItMoved() throws {
        let uri = try Self.uri()
        var server = try Reuse.start(uri, "record Bed {\n    size: Strng\n}\n")
        _ = server.publishStaleDiagnostics()
        let analyses = server.analysisCount
        try Reuse.change(&server, uri, 13, 13, "    name: String\n")
        try Reuse.change(&server, uri, 46, 46, "    note: String?\n")  // after `size: Strng`'s line
        let unknown = "TYPE_UNKNOWN: unknown type 'Strng'; did you mean 'String'?"
        #expect(Self.explained(try Self.hover(&server, uri, 2, 12)) == [unknown])
        #expect(Self.description(try Self.hover(&server, uri, 2, 12))?.hasPrefix("**record** `Bed`") == true, "size is not resolved")
        #expect(
            try Self.hover(&server, uri, 1, 6)
                == "**name**: `String` in record type `Bed`  \nCloudKit field `name`: `STRING`  \nIndexes: none", "no error on `name`")
        #expect(Self.explained(try Self.hover(&server, uri, 3, 6)).isEmpty, "note: String?")
        #expect(server.analysisCount == analyses)
    }

    /// `size: Strng` edited to `size: Strin`: the change overlaps the published error, so it is
    /// not explained until the next publish, which explains the new one. The description is the
    /// one a server that opened the changed text gives.
    @Test func aDiagnosticTheChangeOverlapsIsExplainedAfterTheNextPublish() throws {
        let uri = try Self.uri()
        var server = try Reuse.start(uri, "record Bed {\n    size: Strng\n}\n")
        _ = server.publishStaleDiagnostics()
        try Reuse.change(&server, uri, 25, 28, "rin")
        let right = try Self.hover(&server, uri, 1, 12)
        #expect(Self.explained(right).isEmpty)
        var fresh = try Reuse.start(uri, String(decoding: server.documents[uri] ?? [], as: UTF8.self))
        #expect(Self.description(right) == Self.description(try Self.hover(&fresh, uri, 1, 12)))
        _ = server.publishStaleDiagnostics()
        #expect(Self.explained(try Self.hover(&server, uri, 1, 12)) == ["TYPE_UNKNOWN: unknown type 'Strin'; did you mean 'String'?"])
    }

    /// A role's hover lists the record types that grant it something, so right after a change it
    /// waits for the analysis: on the role and where a grant names it.
    @Test func aRoleHoverAfterAChangeListsItsGrants() throws {
        let uri = try Self.uri(["Shed.cloudschema": "record Shed {\n    grant write to Gardener\n}\n"])
        var server = try Reuse.start(uri, "role Gardener\nrecord Bed {\n    grant read to Gardener\n}\n")
        _ = server.publishStaleDiagnostics()
        let granted = "**role** `Gardener`: a security role; granted on `Bed`, `Shed`"
        try Reuse.change(&server, uri, 27, 27, "    name: String\n")
        #expect(Self.description(try Self.hover(&server, uri, 0, 7)) == granted)
        try Reuse.change(&server, uri, 27, 27, "\n")
        #expect(Self.description(try Self.hover(&server, uri, 4, 20)) == granted, "grant read to Gardener")
    }

    /// Right after each change, at every line: the description a server that opened the changed
    /// text gives, for members, record types, models, keyvalue stores, enums and zones, and for the
    /// names that use them (types, `in Zone`, `.case`, a predicate's fields, `@inverse(p)`).
    @Test func theDescriptionRightAfterAChangeIsTheAnalysiss() throws {
        let folder = try Session.folder(["Plots.cloudschema": "zone Plots @shareable\nenum Season: String { spring, fall }\n"])
        let uri = URL(fileURLWithPath: folder).appendingPathComponent("Garden.cloudschema").absoluteString
        let text = """
            record Bed in Plots @queryable {
                name: String @queryable @encrypted
                season: Season = .fall
                parent: Reference<Bed>? @parent @deleteSelf
            }
            model Tray {
                pots: [Pot]? @inverse(tray)
            }
            model Pot {
                tray: Tray? @unique
            }
            keyvalue Prefs {
                season: Season = .spring @name("s")
            }
            subscription Autumn on Bed where season == .fall @silent

            """
        var server = try Reuse.start(uri, text)
        _ = server.publishStaleDiagnostics()
        try Reuse.change(&server, uri, 0, 0, " ")
        var fresh = try Reuse.start(uri, String(decoding: server.documents[uri] ?? [], as: UTF8.self))
        let analyses = server.analysisCount
        var described = 0
        for line in 0..<15 {
            for character in [0, 2, 8, 12, 16, 20, 24, 28, 32, 36, 40] {
                let hover = Self.description(try Self.hover(&server, uri, line, character))
                #expect(hover == Self.description(try Self.hover(&fresh, uri, line, character)), "\(line):\(character)")
                if hover != nil { described += 1 }
            }
        }
        #expect(server.analysisCount == analyses)
        #expect(described > 80)
    }
}
