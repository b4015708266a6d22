import Foundation
import Testing

/// `Editors/vscode`: its manifests are valid JSON, contribute the grammar for `.cloudschema`,
/// and the extension starts `cloudschema lsp` for `.cloudschema` and `.ckdb` documents.
@Suite struct VSCodeExtensionTests {
    static let folder = packageRoot.appendingPathComponent("Editors/vscode")

    static func json(_ name: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any])
    }

    @Test func manifestContributesTheLanguagesAndTheGrammar() throws {
        let manifest = try Self.json("package.json")
        let contributes = try #require(manifest["contributes"] as? [String: Any])
        let languages = try #require(contributes["languages"] as? [[String: Any]])
        #expect(languages.compactMap { $0["extensions"] as? [String] } == [[".cloudschema"], [".ckdb"]])
        let grammar = try #require((contributes["grammars"] as? [[String: Any]])?.first)
        #expect(grammar["scopeName"] as? String == "source.cloudschema")
        let path = try #require(grammar["path"] as? String)
        #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(path).path))
        let main = try #require(manifest["main"] as? String)
        let script = try String(contentsOf: Self.folder.appendingPathComponent(main), encoding: .utf8)
        #expect(script.contains(#"args: ["lsp"]"#) && script.contains(#"language: "cloudschema""#) && script.contains(#"language: "ckdb""#))
        let configuration = try Self.json("language-configuration.json")
        #expect((configuration["comments"] as? [String: Any])?["lineComment"] as? String == "//")
    }
}
