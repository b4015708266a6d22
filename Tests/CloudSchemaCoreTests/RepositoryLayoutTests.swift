import Foundation
import Testing

/// CONTRIBUTING.md's layout section is the tree of `Sources/`, and the core's tests mirror its folders.
@Suite struct RepositoryLayoutTests {
    /// Every folder under `folder`, relative to it, skipping hidden ones.
    static func folders(under folder: URL) throws -> Set<String> {
        var found: Set<String> = []
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(name)
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            found.insert(name)
            for inner in try folders(under: url) { found.insert(name + "/" + inner) }
        }
        return found
    }

    /// The folders CONTRIBUTING.md's layout block lists: `Name/` lines, nested by two-space indents.
    static func documentedFolders() throws -> Set<String> {
        let contributing = try String(contentsOf: packageRoot.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        let start = try #require(contributing.range(of: "  ```\n  Sources/\n"))
        let rest = contributing[start.upperBound...]
        let end = try #require(rest.range(of: "  ```\n"))
        var stack: [String] = []
        var found: Set<String> = []
        for line in rest[..<end.lowerBound].split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            let name = line.drop { $0 == " " }.prefix { $0 != " " }
            let depth = (indent - 4) / 2
            guard name.hasSuffix("/"), indent >= 4, indent % 2 == 0, depth <= stack.count else {
                Issue.record("CONTRIBUTING.md layout line '\(line)' is not an indented 'Folder/' line")
                continue
            }
            stack = Array(stack.prefix(depth)) + [String(name.dropLast())]
            found.insert(stack.joined(separator: "/"))
        }
        return found
    }

    @Test func theDocumentedLayoutListsEverySourcesFolder() throws {
        let actual = try Self.folders(under: packageRoot.appendingPathComponent("Sources"))
        let listed = try Self.documentedFolders()
        #expect(actual.subtracting(listed).sorted() == [], "folders missing from CONTRIBUTING.md's layout")
        #expect(listed.subtracting(actual).sorted() == [], "CONTRIBUTING.md's layout lists folders that do not exist")
    }

    /// Tests of `Sources/CloudSchemaCore/X` and `Sources/CloudSchemaTools/X` live in
    /// `Tests/CloudSchemaCoreTests/X`; `Golden` holds the golden files.
    @Test func coreTestsMirrorTheCoresFolders() throws {
        let sources = try ["CloudSchemaCore", "CloudSchemaTools"].reduce(into: Set<String>()) { found, module in
            found.formUnion(try Self.folders(under: packageRoot.appendingPathComponent("Sources/\(module)")))
        }
        let tests = try Self.folders(under: packageRoot.appendingPathComponent("Tests/CloudSchemaCoreTests"))
            .filter { $0 != "Golden" && !$0.hasPrefix("Golden/") }
        #expect(tests.subtracting(sources).sorted() == [])
    }
}
