import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// What real SwiftData models write as initial values, in `.cloudschema`: `UUID()` and
/// `Date()` (Swift's spelling of `now`); and one error for one invalid default.
@Suite struct ModelDefaultTests {
    @Test func uuidAndDateCallsAreModelDefaults() throws {
        let loaded = load(
            """
            model Trip {
                id: UUID = UUID()
                made: Date = Date()
                seen: Date = now
            }
            """)
        #expect(loaded.diagnostics.map(\.compact) == [])
        let trip = try #require(loaded.schema.models.first)
        #expect(trip.properties.map(\.defaultValue) == [.newUUID, .now, .now])
        #expect(
            SchemaFormatter.format("model Trip {\n    id: UUID = UUID()\n}\n") == .formatted("model Trip {\n    id: UUID = UUID()\n}\n"))
    }

    @Test func aNewUUIDPerReadIsNoRecordFieldDefault() {
        // A record field's default is what an absent value decodes as: it must not change between reads.
        #expect(findings("record R in public {\n    id: UUID = UUID()\n    grant read to world\n}") == ["DEFAULT_TYPE_MISMATCH 2:16-2:22"])
    }

    @Test func generatedModelsSpellTheDefaultWithItsType() throws {
        let loaded = load("model Trip {\n    id: UUID = UUID()\n}\n", file: "S/App.cloudschema")
        let files = try Generator.generate(loaded.schema, inputFiles: loaded.sources.paths, options: .init(access: .public))
        #expect(files[0].contents.contains("public var id: UUID = Foundation.UUID()"))
    }

    @Test func anInvalidDefaultIsOneError() {
        let source = """
            model Trip {
                name: String = 5
                id: UUID = UUID(
            }
            """
        #expect(
            describe(lintFindings(source)) == [
                "2:20-2:21 error DEFAULT_TYPE_MISMATCH",
                "4:1-4:2 error SYNTAX_ERROR",  // at the "}" found where ")" belongs; no third error for "id"
            ])
    }
}
