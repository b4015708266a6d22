import CloudSchemaCore
import Foundation
import Testing

/// SwiftData models, key-value accessors and the registry. Linux can't compile SwiftData, so the
/// model output is checked line by line here and as a whole by the golden files.
@Suite struct ModelGeneratorTests {
    static func generate(_ path: String) throws -> [GeneratedFile] {
        let loaded = SchemaLoader.load(paths: [path])
        return try Generator.generate(loaded.schema, inputFiles: loaded.sources.paths, options: .init(access: .public))
    }

    @Test func gardenModelsHaveAttributesDefaultsAndRelationships() throws {
        let swift = try Self.generate("Schemas/Garden/Garden.cloudschema")[0].contents
        let lines = Set(swift.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for line in [
            "#if canImport(SwiftData)",
            "import SwiftData",
            "@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)",
            "@Model",
            "public final class Harvest {",
            "public var crop: String = \"\"",
            "public var weightGrams: Double = 0.0",
            "public var pickedOn: Date = Foundation.Date.now",
            "@Attribute(.externalStorage) public var photo: Data?",
            "@Relationship(deleteRule: .nullify, inverse: \\GardenBed.harvests) public var bed: GardenBed?",
            "public final class GardenBed {",
            "public var name: String = \"\"",
            "@Relationship(deleteRule: .cascade) public var harvests: [Harvest]?",
        ] {
            #expect(lines.contains(line), "missing: \(line)")
        }
        // Models sit entirely inside `#if canImport(SwiftData)`.
        let start = try #require(swift.range(of: "#if canImport(SwiftData)\n/// A SwiftData model"))
        #expect(swift[start.lowerBound...].hasSuffix("}\n#endif\n"))
        #expect(!swift[..<start.lowerBound].contains("@Model"))
    }

    @Test func theSchemaFileNamesTheModelConfigurationAndContainer() throws {
        let swift = try Self.generate("Schemas/Garden/Garden.cloudschema")[1].contents
        #expect(swift.contains("[Harvest.self, GardenBed.self]"))
        #expect(swift.contains("\"Garden\", schema: SwiftData.Schema(types), isStoredInMemoryOnly: isStoredInMemoryOnly,"))
        #expect(swift.contains("cloudKitDatabase: .private(\"iCloud.app.gardenlog\"))"))
    }

    @Test func uniqueOriginalNamesTransientAndEncryptedProperties() throws {
        let loaded = SchemaLoader.load(sources: [
            (
                "S/App.cloudschema",
                """
                model List @unique(name, owner) {
                    name: String = ""
                    owner: String = ""
                    budget: Decimal = 0
                    count: Int64 = 3
                    status: Status = .open
                    secret: String? @encrypted
                    tags: [String] = []
                    items: [Item]? @deleteRule(cascade)
                }
                model Item {
                    label: String = ""
                    list: List? @inverse(items)
                }
                enum Status: String { open, closed }
                """
            )
        ])
        let swift = try Generator.generate(loaded.schema, inputFiles: ["S/App.cloudschema"])[0].contents
        #expect(swift.contains("@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)\n@Model\nfinal class List {"))
        #expect(swift.contains("    #Unique<List>([\\.name, \\.owner])"))
        #expect(swift.contains("var budget: Decimal = Foundation.Decimal(string: \"0.0\")!"))
        #expect(swift.contains("var count: Int64 = Int64(3)"))
        #expect(swift.contains("var status: Status = Status.open"))
        #expect(swift.contains("@Attribute(.allowsCloudEncryption) var secret: String?"))
        #expect(swift.contains("var tags: [String] = [String]()"))
        #expect(swift.contains("@Relationship(inverse: \\List.items) var list: List?"))
    }

    /// `@codable` properties keep the app's own type, as written, with their defaults spelled with it.
    @Test func codablePropertiesUseTheAppsOwnTypes() throws {
        let loaded = SchemaLoader.load(sources: [
            (
                "S/App.cloudschema",
                """
                model Trip {
                    home: Region? @codable
                    regions: [Region] = [] @codable
                    mood: Mood = .calm @codable
                    settings: Settings = Settings() @codable
                    counts: Dictionary<String, Int> = [] @codable
                }
                """
            )
        ])
        #expect(loaded.diagnostics.isEmpty)
        let swift = try Generator.generate(loaded.schema, inputFiles: ["S/App.cloudschema"])[0].contents
        #expect(
            swift.contains(
                """
                final class Trip {
                    var home: Region?
                    var regions: [Region] = [Region]()
                    var mood: Mood = Mood.calm
                    var settings: Settings = Settings()
                    var counts: Dictionary<String, Int> = Dictionary<String, Int>()

                    init(
                        home: Region? = nil,
                        regions: [Region] = [Region](),
                        mood: Mood = Mood.calm,
                        settings: Settings = Settings(),
                        counts: Dictionary<String, Int> = Dictionary<String, Int>()
                    ) {
                """))
    }

    @Test func deprecatedModelsAndPropertiesGetADocNoteAndStayInTheSchema() throws {
        let loaded = SchemaLoader.load(sources: [
            (
                "S/App.cloudschema",
                """
                model Old @deprecated("use New") {
                    name: String = ""
                    colour: String? @deprecated
                }
                """
            )
        ])
        let files = try Generator.generate(loaded.schema, inputFiles: ["S/App.cloudschema"])
        #expect(
            files[0].contents.contains(
                "/// Deprecated: use New\n@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)\n@Model\nfinal class Old {"))
        #expect(files[0].contents.contains("    /// Deprecated.\n    var colour: String?"))
        #expect(!files[0].contents.contains("deprecated)"))
        #expect(files[1].contents.contains("[Old.self]"))
    }

    @Test func keyValueAccessorsApplyDefaultsAndStoreKeys() throws {
        let swift = try Self.generate("Schemas/Mistakes/Mistakes.cloudschema")[0].contents
        #expect(swift.contains("public struct LegacySettings {"))
        // `@name("theme")`: the accessor keeps its Swift name, the store key is the stored one.
        #expect(swift.contains("case darkMode = \"theme\""))
        #expect(swift.contains("get { store.value(Bool.self, forKey: \"theme\", default: false) }"))
        #expect(swift.contains("nonmutating set { store.setValue(newValue, forKey: \"theme\") }"))
    }

    @Test func theRegistryListsEveryRecordTypeAndZone() throws {
        let swift = try Self.generate("Schemas/Notes/Notes.cloudschema")[1].contents
        #expect(
            swift.contains(
                "public enum SyncedRecord: Hashable, Sendable {\n    case folder(Folder)\n    case note(Note)\n    case reminder(Reminder)\n"
            ))
        #expect(swift.contains("case Folder.recordType: .known(.folder(try Folder(record: record)))"))
        // Every Notes record type lives in a custom zone: no public or default-zone enum.
        #expect(!swift.contains("enum PublicRecord") && !swift.contains("enum DefaultZoneRecord"))
        #expect(swift.contains("public static let library = RecordZoneID(zoneName: \"Library\")"))
    }
}

@Suite struct UnplacedDeclarationTests {
    @Test func modelsAndKeyValueStoresFromNoFileGoToCloudSchemaSwift() throws {
        let schema = Schema(
            models: [Model(name: "Tag", properties: [ModelProperty(name: "label", type: .string, defaultValue: .string(""))])],
            keyValueStores: [KeyValueStore(name: "Flags", keys: [KeyValueKey(name: "beta", type: .bool, defaultValue: .bool(false))])])
        let files = try Generator.generate(schema, inputFiles: [])
        let swift = try #require(files.last).contents
        #expect(swift.contains("struct Flags {"))
        #expect(swift.contains("get { store.value(Bool.self, forKey: \"beta\", default: false) }"))
        #expect(swift.contains("@Model\nfinal class Tag {\n    var label: String = \"\""))
        #expect(swift.contains("static func configuration(isStoredInMemoryOnly: Bool = false) -> ModelConfiguration {"))
    }
}
