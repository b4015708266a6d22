import Testing

@testable import CloudSchemaCore

/// The name tables rules look record types, models and zones up in: the first element of each
/// name, by position.
@Suite struct FirstByNameTests {
    @Test func theFirstOfEachNameIsFound() {
        let table = FirstByName(["Note", "Folder", "Note", "Tag"], name: { $0 })
        #expect(table.position(of: "Note") == 0)
        #expect(table.position(of: "Folder") == 1)
        #expect(table.position(of: "Tag") == 3)
        #expect(table["Tag"] == "Tag")
        #expect(table.position(of: "note") == nil)
        #expect(table["Attachment"] == nil)
        #expect(table.hasDuplicates)
    }

    @Test func anEmptyTableFindsNothing() {
        let table = FirstByName([String](), name: { $0 })
        #expect(table.position(of: "") == nil)
        #expect(!table.hasDuplicates)
    }

    /// Enough names that many share a slot, and lookups wrap past the table's end.
    @Test func everyNameOfManyIsFoundAtItsPosition() {
        let names = (0..<5_000).map { "Record\($0)" } + ["a-name-longer-than-fifteen-bytes", ""]
        let table = FirstByName(names, name: { $0 })
        #expect(names.indices.allSatisfy { table.position(of: names[$0]) == $0 })
        #expect((5_000..<6_000).allSatisfy { table.position(of: "Record\($0)") == nil })
        #expect(!table.hasDuplicates)
    }
}
