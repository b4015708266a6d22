import Foundation
import Testing

@testable import CloudSchemaCore

/// The README's language summary lists what the attribute and type tables say, so adding an
/// attribute or a type to a table without documenting it (or the reverse) fails here.
@Suite struct LanguageTablesTests {
    static let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    /// Where `cloudschema format` is documented, with its attribute order.
    static let commands =
        (try? String(contentsOf: packageRoot.appendingPathComponent("Documentation/Commands.md"), encoding: .utf8)) ?? ""

    /// The README bullet starting with `- **title**:`, up to the next bullet, on one line.
    static func bullet(_ title: String) throws -> String {
        let start = try #require(readme.range(of: "\n- **\(title)**:"))
        let rest = readme[start.upperBound...]
        let end = rest.range(of: "\n- ")?.lowerBound ?? rest.endIndex
        return rest[..<end].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// `@name("key")` → `name`; `@merge(mine|theirs)` → `merge`, with its words.
    static func attributes(in code: String) -> [(name: String, words: [String])] {
        code.matches(of: #/@([A-Za-z]+)(?:\(([^)]*)\))?/#).map { match in
            let argument = match.output.2.map(String.init) ?? ""
            return (String(match.output.1), argument.contains("|") ? argument.components(separatedBy: "|") : [])
        }
    }

    @Test func theReadmeListsEveryAttributeWhereTheTableAllowsIt() throws {
        let text = try Self.bullet("Attributes")
        var listed: [AttributeCatalog.Site: [String]] = [:]
        for match in text.matches(of: #/`([^`]+)`\s+on\s+([a-z]+(?: [a-z]+)?)/#) {
            let place = String(match.output.2)
            let site = try #require(
                AttributeCatalog.Site.allCases.first { place == $0.rawValue || place.hasPrefix($0.rawValue + " ") },
                "README names '\(place)', which is not a place attributes are written")
            #expect(listed[site] == nil, "README lists attributes on \(site.rawValue) twice")
            let attributes = Self.attributes(in: String(match.output.1))
            listed[site] = attributes.map(\.name)
            for (name, words) in attributes where !words.isEmpty {
                let row = try #require(AttributeCatalog.spec(name))
                guard case .word(let expected) = row.arguments else {
                    Issue.record("README gives @\(name) words, the table takes none")
                    continue
                }
                #expect(words == expected, "@\(name)")
            }
        }
        for site in AttributeCatalog.Site.allCases {
            let expected = AttributeCatalog.all.filter { $0.sites.contains(site) }.map(\.name)
            #expect(Set(listed[site] ?? []) == Set(expected), "attributes on \(site.rawValue)")
        }
    }

    @Test func theFormattersAttributeOrderIsTheTables() throws {
        let start = try #require(Self.commands.range(of: "- Attribute order: `"))
        let rest = Self.commands[start.upperBound...]
        let end = try #require(rest.firstIndex(of: "`"))
        #expect(Self.attributes(in: String(rest[..<end])).map(\.name) == AttributeCatalog.names)
    }

    @Test func theReadmeListsEveryType() throws {
        let text = try Self.bullet("Types")
        let names = text.matches(of: #/`([A-Za-z][A-Za-z0-9]*)`/#).map { String($0.output.1) }
        #expect(Set(names) == Set(TypeCatalog.names))
        #expect(text.contains("`Reference<T>`"))
    }

    /// The `.ckdb` field options are the index attributes, spelled in upper case.
    @Test func ckdbIndexOptionsComeFromTheTable() {
        #expect(CKDB.indexOptions.map(\.word) == ["QUERYABLE", "SORTABLE", "SEARCHABLE"])
        #expect(AttributeCatalog.indexes.map(\.index) == [.queryable, .sortable, .searchable])
        #expect(Indexes([.sortable, .queryable, .searchable]).names == ["queryable", "searchable", "sortable"])
    }
}
