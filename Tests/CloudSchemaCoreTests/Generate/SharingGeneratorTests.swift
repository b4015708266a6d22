import Testing

@testable import CloudSchemaCore

/// What `CloudSchema.swift` says about `@shareable` record types and zones.
@Suite struct SharingGeneratorTests {
    @Test func shareableRecordTypesAndZonesGetTheirShareTypes() throws {
        let files = try GeneratorTests.generate(
            """
            container "iCloud.com.example.notes"
            zone Library
            zone Shelf @shareable
            record Folder in Library @shareable { title: String? }
            record Note in Shelf { text: String? }
            """)
        let registry = try #require(files.last?.contents)
        #expect(
            registry.contains(
                """
                /// `@shareable`: `Folder.makeShare(rootRecord:title:)` shares a record and its children.
                extension Folder: ShareableRecord {
                    static let shareType = "com.example.notes.Folder"
                }
                """))
        #expect(
            registry.contains(
                """
                extension SchemaRegistry.Zones {
                    /// The share type of zone Shelf (`@shareable`): `Zones.shelf.makeShare(title:shareType:)`.
                    static let shelfShareType = "com.example.notes.Shelf"
                }
                """))
        #expect(!registry.contains("extension Note: ShareableRecord"))
    }
}
