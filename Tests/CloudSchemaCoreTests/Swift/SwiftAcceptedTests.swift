import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// What Swift and SwiftData accept reads without a false error or a "not checked": each snippet
/// beside the same snippet with a real mirroring mistake, found at its line.
@Suite struct SwiftAcceptedTests {
    /// Lints Swift files read together, as the build plugin reads a target of an app that syncs.
    static func lint(_ files: [(String, String)]) -> [String] {
        describe(Linter.lint(load(files + [cloudKitEntitlements])))
    }

    static func lint(_ swift: String) -> [String] { lint([("Models.swift", swift)]) }

    static let deck = #"""
        import SwiftData
        import Foundation

        enum Limits { static let defaultCount = 3 }
        enum Kind: String, Codable { case a, b }

        @Model final class Deck {
            var count: Int = Limits.defaultCount
            var blob: Data = Data()
            var ident: String = UUID().uuidString
            var kind: String = Kind.a.rawValue
            var zone: String = TimeZone.current.identifier
            var width: CGFloat = 0
            var duration: TimeInterval = 0
            @Relationship(deleteRule: .cascade, inverse: \Card.deck) var cards: [Card]? = [Card]()
            @Transient var cache: NSCache<NSString, NSString> = NSCache()
            init() {}
        }

        @Model final class Card {
            var deck: Deck?
            var title: String = ""
            init() {}
        }
        """#

    @Test func aDeckOfEverydaySwiftGetsOnlyTheExternalStorageAdvice() {
        // `Data = Data()` is a default like any other, so it gets the advice a `Data?` gets.
        #expect(Self.lint(Self.deck) == ["9:15-9:19 warning MODEL_EXTERNAL_STORAGE"])
    }

    @Test func theDecksRealMistakesAreFoundAtTheirLines() {
        let required = Self.deck.replacingOccurrences(of: "var cards: [Card]? = [Card]()", with: "var cards: [Card] = [Card]()")
        #expect(Self.lint(required) == ["9:15-9:19 warning MODEL_EXTERNAL_STORAGE", "15:73-15:79 error MODEL_RELATIONSHIP_OPTIONAL"])
        let unique = Self.deck.replacingOccurrences(of: "var ident", with: "@Attribute(.unique) var ident")
        #expect(Self.lint(unique) == ["9:15-9:19 warning MODEL_EXTERNAL_STORAGE", "10:16-10:23 error MODEL_UNIQUE"])
    }

    /// The Swift compiler type-checks every initial value, so none is a type mismatch; the schema
    /// keeps the values it can state (`0`, `.high`) and knows the others are defaults.
    @Test func anyInitialValueIsADefault() {
        let source = """
            enum Limits { static let defaultCount = 3 }
            enum Priority: Int { case low, high }
            @Model final class Budget {
                var income: Decimal = .zero
                var order: Int = .max
                var count: Int = Limits.defaultCount
                var start: Date = Date(timeIntervalSinceReferenceDate: .zero)
                var priority: Priority = .high
                var limit: Int = 0
            }
            """
        #expect(Self.lint(source) == ["4:17-4:24 warning MODEL_DECIMAL"])
        let budget = load(source, file: "Models.swift").schema.models[0]
        #expect(budget.properties.map(\.defaultValue) == [nil, nil, nil, nil, .enumCase("high"), .int(0)])
        // Changing a stated default for one Swift states in code is no change CloudKit sees.
        let deployed = load(source, file: "Models.swift").schema
        let edited = load(
            source.replacingOccurrences(of: "var limit: Int = 0", with: "var limit: Int = Limits.defaultCount"), file: "Models.swift")
        #expect(SchemaComparison.compare(deployed: deployed, current: edited.schema).changes.map(\.message) == [])
        // A property with no initial value still needs one (or '?').
        let missing = source.replacingOccurrences(of: "var order: Int = .max", with: "var order: Int")
        #expect(Self.lint(missing) == ["4:17-4:24 warning MODEL_DECIMAL", "5:16-5:19 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT"])
    }

    /// `import` says where a Swift default has no `.cloudschema` spelling, rather than drop it in silence.
    @Test func importMarksADefaultItCannotWrite() {
        let swift = load(
            "@Model final class Budget {\n    var count: Int = Limits.defaultCount\n    var limit: Int = 5\n}\n", file: "Models.swift")
        #expect(
            SwiftImporter.importSchema(swift.schema) == """
                model Budget {
                    count: Int // the Swift initial value is not a schema value: write one
                    limit: Int = 5
                }

                """)
    }

    /// A type-inferred property takes the type its value names: a literal, `T(...)` or `T.member`.
    @Test func aTypeInferredPropertyHasTheTypeItsValueNames() {
        let source = """
            @Model final class Habit {
                var total = Decimal.zero
                var id = UUID()
                var isActive = true
                var since = Date(timeIntervalSince1970: 0)
                var scale = CGFloat.zero
            }
            """
        let loaded = load(source, file: "Models.swift")
        #expect(loaded.diagnostics.map(\.compact) == [])
        #expect(loaded.schema.models[0].properties.map(\.type) == [.decimal, .uuid, .bool, .date, .double])
        // Where the value does not say its type, that property is not checked, at the value.
        #expect(
            findings("@Model final class Habit {\n    var streak = makeStreak()\n}\n", file: "Models.swift") == [
                "SWIFT_UNREADABLE 2:18-2:30"
            ])
    }

    /// An initial value that writes its type out: a collection's initializer or an optional's case.
    @Test func aTypeWrittenInTheValueIsTheType() {
        let source = """
            @Model final class Crate {
                @Relationship(deleteRule: .cascade, inverse: \\Bottle.crate) var bottles = [Bottle]?.some([])
                var tags = [String]()
                var sizes = Array<Int>()
                var counts = [String: Int]()
                var names = Set<String>()
                var note = String?.none
                var label = Optional<String>.none
            }
            @Model final class Bottle { var crate: Crate? }
            """
        let loaded = load(source, file: "Models.swift")
        #expect(loaded.diagnostics.map(\.compact) == [])
        let types = loaded.schema.models[0].properties.map { "\($0.type)\($0.isOptional ? "?" : "")" }
        #expect(types == ["[Bottle]?", "[String]", "[Int]", "Dictionary<String, Int>", "Set<String>", "String?", "String?"])
        // `[Bottle]()` is a to-many relationship that is not optional, which CloudKit refuses.
        let required = source.replacingOccurrences(of: "[Bottle]?.some([])", with: "[Bottle]()")
        #expect(Self.lint(required) == ["2:79-2:87 error MODEL_RELATIONSHIP_OPTIONAL"])
        // A relationship's value names its model only by writing it out: `Shelf.bottles` is no `Shelf`.
        let guessed = source.replacingOccurrences(of: "[Bottle]?.some([])", with: "Shelf.bottles")
        #expect(Self.lint(guessed) == ["2:79-2:92 warning SWIFT_UNREADABLE"])
    }

    /// `T.member` is of type `T` when `T` is an enum read (`Shade.dark`, a case) or Swift's
    /// (`Int.zero`); `Limits.defaultCount`, a struct's constant, says nothing of its own type.
    @Test func aMemberOfAnotherTypeDoesNotSayItsType() {
        let source = """
            enum Shade: String, Codable { case light, dark }
            struct Limits { static let defaultCount = 3 }
            @Model final class Lamp {
                var shade = Shade.dark
                var steps = Int.zero
                var count = Limits.defaultCount
            }
            """
        let loaded = load(source, file: "Models.swift")
        #expect(
            loaded.diagnostics.map(\.message) == [
                "property 'Lamp.count' is not checked: its type cannot be told from its initial value ('Limits' is no enum read); write it (': Type')"
            ])
        #expect(loaded.diagnostics.map(\.compact) == ["SWIFT_UNREADABLE 6:17-6:36"])
        #expect(loaded.schema.models[0].properties.map { "\($0.name): \($0.type)" } == ["shade: Shade", "steps: Int"])
    }

    /// An initial value that names a constant of the model's body (`static let`) is that constant's value.
    @Test func aConstantOfTheModelIsItsValue() {
        let source = """
            @Model final class Mark {
                private static let firstDay = 19_700_101
                static let untitled = "Untitled"
                var day = firstDay
                var title = Self.untitled
                var other = somewhereElse
            }
            """
        let loaded = load(source, file: "Models.swift")
        #expect(loaded.diagnostics.map(\.compact) == ["SWIFT_UNREADABLE 6:17-6:30"])
        #expect(SwiftImporter.importSchema(loaded.schema) == "model Mark {\n    day: Int = 19700101\n    title: String = \"Untitled\"\n}\n")
    }

    /// A relationship stays one whatever its initial value is spelled, and the same rules apply to each.
    @Test(arguments: ["= []", "= [Card]()", "= Array<Card>()", "= .init()"])
    func aRelationshipDefaultIsNoDefault(_ value: String) {
        let source = """
            @Model final class Deck {
                @Relationship(inverse: \\Card.deck) var cards: [Card]? \(value)
            }
            @Model final class Card { var deck: Deck? }
            """
        #expect(Self.lint(source) == [])
        let required = source.replacingOccurrences(of: "[Card]? ", with: "[Card] ")
        #expect(Self.lint(required) == ["2:51-2:57 error MODEL_RELATIONSHIP_OPTIONAL"])
    }

    /// `@Relationship` says the property is a relationship even when its model is in a file not read.
    @Test func aRelationshipToAModelOfAnotherFileIsStillChecked() {
        let source = """
            @Model final class Shelf {
                @Relationship(deleteRule: .cascade, inverse: \\Book.shelf) var books: [Book]? = []
            }
            """
        #expect(Self.lint(source) == [])
        #expect(load(source, file: "Models.swift").schema.models[0].properties[0].type == .list(.model("Book")))
        let deny = source.replacingOccurrences(of: ".cascade", with: ".deny")
        #expect(Self.lint(deny) == ["2:19-2:36 error MODEL_DELETE_RULE_DENY"])
    }

    /// Every scalar Core Data maps is read as the type it is stored as.
    @Test func scalarTypesAreReadAsTheirStorage() {
        let source = """
            @Model final class Sample {
                var width: CGFloat = 0
                var duration: TimeInterval = 1.5
                var port: UInt16 = 0
                var level: Float = 0.5
                var small: Int8 = 0
                var big: UInt64? = nil
            }
            """
        let loaded = load(source, file: "Models.swift")
        #expect(loaded.diagnostics.map(\.compact) == [])
        #expect(loaded.schema.models[0].properties.map(\.type) == [.double, .double, .int, .double, .int, .int])
        let required = source.replacingOccurrences(of: "var port: UInt16 = 0", with: "var port: UInt16")
        #expect(Self.lint(required) == ["4:15-4:21 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT"])
    }

    /// An enum stores its raw value, so a sized integer raw type is an Int64 enum; `.ephemeral` is not
    /// persisted, as `@Transient`; a Codable value is stored as bytes, so it may be stored externally.
    @Test func rawTypesEphemeralAndExternalCodableValues() {
        let source = """
            enum Level: UInt8, Codable { case low = 1, high = 2 }
            struct Item: Codable { var name: String }
            @Model final class Pack {
                var level: Level = .low
                @Attribute(.ephemeral) var draft: Scratch?
                @Attribute(.externalStorage) var items: [Item] = []
            }
            """
        #expect(Self.lint(source) == [])
        let pack = load(source, file: "Models.swift").schema.models[0]
        #expect(pack.properties.map(\.type) == [.enumeration("Level", rawType: .int64), .list(.codable("Item"))])
        #expect(pack.properties.map(\.isExternalStorage) == [false, true])
    }

    /// A comma inside `<...>` or `[...]` is part of the type; one between two names declares two properties.
    @Test func genericsWithCommasAreOneProperty() {
        let source = """
            @Model final class Scores {
                var byName: [String: Int] = [:]
                var byDay: Dictionary<String, Int> = [:]
                @Transient var cache: NSCache<NSString, NSString> = NSCache()
            }
            """
        #expect(Self.lint(source) == [])
        #expect(load(source, file: "Models.swift").schema.models[0].properties.map(\.name) == ["byName", "byDay"])
        #expect(
            findings("@Model final class Scores {\n    var a: Int = 0, b: Int = 0\n}\n", file: "Models.swift") == [
                "SWIFT_UNREADABLE 2:5-2:31"
            ])
    }

    /// `@Transient` is never stored, so it is never reported; a stored property of a type no file
    /// read declares is one warning per type, naming every property that uses it.
    @Test func anUnknownTypeIsOneWarningNamingItsProperties() {
        let source = """
            @Model final class Trip {
                @Transient var formatter: MeasurementFormatter = MeasurementFormatter()
                var start: Coordinate?
                var end: Coordinate?
                var name: String = ""
            }
            """
        let loaded = load(source, file: "Models.swift")
        #expect(loaded.diagnostics.map(\.compact) == ["SWIFT_UNREADABLE 3:16-3:26"])
        #expect(
            loaded.diagnostics[0].message.hasPrefix(
                "properties 'Trip.start', 'Trip.end' are not checked: no file read declares 'Coordinate'"))
        // Read with the file that declares it, it is checked: here a Codable value with no default.
        let declared = load([("Models.swift", source), ("Coordinate.swift", "struct Coordinate: Codable { var lat, lon: Double }")])
        #expect(declared.diagnostics.map(\.compact) == [])
        #expect(declared.schema.models[0].properties.map(\.name) == ["start", "end", "name"])
    }

    /// A property left out (`SWIFT_UNREADABLE`) may be the inverse another relationship needs, or
    /// name it: nothing is said of the relationships between its model and the others, and an
    /// `inverse:` naming it names a property that exists. Written out, the same models are checked.
    @Test func aPropertyLeftOutMayBeTheInverse() {
        let source = #"""
            @Model final class Crate {
                @Relationship(deleteRule: .cascade, inverse: \Bottle.crate)
                var bottles = makeBottles()
            }

            @Model final class Bottle {
                var crate: Crate?
                var stopper = noCork
            }

            @Model final class Cork {
                @Relationship(inverse: \Bottle.stopper) var bottle: Bottle?
            }
            """#
        #expect(Self.lint(source) == ["3:19-3:32 warning SWIFT_UNREADABLE", "8:19-8:25 warning SWIFT_UNREADABLE"])
        let written = source.replacingOccurrences(of: "var bottles = makeBottles()", with: "var bottles: [Bottle]? = []")
            .replacingOccurrences(of: "var stopper = noCork", with: "var stopper: Cork? = nil")
        #expect(Self.lint(written) == [])
        let ambiguous = written.replacingOccurrences(of: ", inverse: \\Bottle.crate", with: "")
            .replacingOccurrences(of: "var crate: Crate?", with: "var crate: Crate?\n    var spare: Crate?")
        #expect(
            Self.lint(ambiguous) == [
                "3:9-3:16 error MODEL_RELATIONSHIP_INVERSE", "7:9-7:14 error MODEL_RELATIONSHIP_INVERSE",
                "8:9-8:14 error MODEL_RELATIONSHIP_INVERSE",
            ])
    }

    /// GitHub reads at most 1,024 characters of a SARIF rule's description (explanation and fix).
    @Test func theNotCheckedExplanationFitsInSARIF() throws {
        let rule = try #require(DiagnosticRegistry.rule(.swiftUnreadable))
        #expect(rule.explanation.count + " Fix: ".count + rule.fix.count < 1024)
    }

    /// The files of one run know each other's models, enums, Codable types and typealiases.
    @Test func filesReadTogetherKnowEachOthersTypes() {
        let files = [
            (
                "Types.swift",
                "public typealias ID = UUID\nenum Mood: String, Codable { case calm, busy }\nstruct Place: Codable { var name: String }"
            ),
            (
                "Entry.swift",
                "@Model final class Entry {\n    var id: ID = UUID()\n    var mood: Mood = .calm\n    var place: Place?\n    var day: Day?\n}"
            ),
            ("Day.swift", "@Model final class Day {\n    var entries: [Entry]? = []\n}"),
        ]
        #expect(Self.lint(files) == [])
        let entry = load(files).schema.models.first { $0.name == "Entry" }
        #expect(entry?.properties.map(\.type) == [.uuid, .enumeration("Mood", rawType: .string), .codable("Place"), .model("Day")])
        // Each file alone leaves the other's types unknown: said once each, never an error.
        #expect(Self.lint([files[1]]).allSatisfy { $0.hasSuffix("SWIFT_UNREADABLE") })
    }
}

/// Which models sync: the SwiftData setup read with the models, or cloudschema.json when it is not.
@Suite struct SwiftStoreTests {
    static let models = """
        @Model final class Video { var title: String = "" }
        @Model final class CachedImage { @Attribute(.unique) var url: String }
        """

    /// Lints the models with `setup`, in an app whose entitlements enable CloudKit.
    static func lint(_ setup: String, config: String? = nil) -> [String] {
        let loaded = load([("Models.swift", models), ("App.swift", setup), cloudKitEntitlements])
        guard let config else { return describe(Linter.lint(loaded)) }
        let (configuration, problems) = ConfigurationLoader.parse(Array(config.utf8), path: "/project/cloudschema.json")
        #expect(problems.map(\.compact) == [])
        return describe(Linter.lint(loaded) { _ in configuration })
    }

    static let cacheErrors = ["2:45-2:52 error MODEL_UNIQUE", "2:63-2:69 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT"]
    static let cacheWarnings = ["2:45-2:52 warning MODEL_UNIQUE", "2:63-2:69 warning MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT"]

    /// Xcode's previews (`#Preview`, a `PreviewProvider`) open containers the app never opens:
    /// they store none of its models, so they neither make a model sync nor keep it local.
    @Test func previewContainersAreNotTheAppsStores() {
        let setup = """
            let cache = ModelConfiguration(schema: Schema([CachedImage.self]), cloudKitDatabase: .none)
            let app = ModelConfiguration(schema: Schema([Video.self]))
            #Preview("Library") {
                LibraryView().modelContainer(for: [Video.self, CachedImage.self], inMemory: true)
            }
            struct Library_Previews: PreviewProvider {
                static var previews: some View { LibraryView().modelContainer(for: CachedImage.self) }
            }
            """
        #expect(Self.lint(setup) == ["1:13-1:92 info MODEL_LOCAL_STORE"])
        // Outside a preview, the same container syncs the cache.
        #expect(Self.lint(setup.replacingOccurrences(of: "#Preview(\"Library\")", with: "func library()")) == Self.cacheErrors)
    }

    /// A test's containers (its file imports XCTest or Testing) hold the test's data, in memory or in
    /// a temporary file, never the app's store on a device: as previews', they neither make a model
    /// sync nor keep it local.
    @Test func testContainersAreNotTheAppsStores() {
        let setup = """
            let cache = ModelConfiguration(schema: Schema([CachedImage.self]), cloudKitDatabase: .none)
            let app = ModelConfiguration(schema: Schema([Video.self]))
            """
        let test = """
            import XCTest
            final class CacheTests: XCTestCase {
                func testSave() throws {
                    let store = ModelConfiguration(isStoredInMemoryOnly: true)
                    let container = try ModelContainer(for: CachedImage.self, Video.self, configurations: store)
                }
            }
            """
        func lint(_ test: String) -> [String] {
            describe(
                Linter.lint(
                    load([("Models.swift", Self.models), ("App.swift", setup), ("Tests/CacheTests.swift", test), cloudKitEntitlements])))
        }
        #expect(lint(test) == ["1:13-1:92 info MODEL_LOCAL_STORE"])
        #expect(lint(test.replacingOccurrences(of: "import XCTest", with: "import Testing")) == ["1:13-1:92 info MODEL_LOCAL_STORE"])
        // The same container in the app's code syncs the cache.
        #expect(lint(test.replacingOccurrences(of: "import XCTest", with: "import SwiftData")) == Self.cacheErrors)
    }

    /// A model one store keeps without CloudKit and another syncs (one left from an older design, or
    /// behind a feature flag) is mirrored: its errors stay errors, each with a note at the store that
    /// syncs it, so the `.none` beside it does not leave the reader asking why. An app that offers
    /// sync as a choice has both on purpose: its warnings get no note.
    @Test func aModelAnotherStoreSyncsNamesThatStore() {
        let setup = """
            let cache = ModelConfiguration(schema: Schema([CachedImage.self]), cloudKitDatabase: .none)
            let legacy = ModelConfiguration(schema: Schema([Video.self, CachedImage.self]))
            """
        let found = Linter.lint(load([("Models.swift", Self.models), ("App.swift", setup), cloudKitEntitlements]))
        #expect(describe(found) == Self.cacheErrors)
        let note =
            "'CachedImage' syncs through this store, though the store made at App.swift:1 keeps it without CloudKit; give it cloudKitDatabase: .none if it should not sync"
        for finding in found {
            #expect(
                finding.notes.map { "\($0.range.map { "\($0.file):\($0.start.line):\($0.start.column)" } ?? "") \($0.message)" } == [
                    "App.swift:2:14 " + note
                ])
        }
        // Two stores sync it: the note names the first and counts the rest. A warning gets none.
        let both = """
            let cache = ModelConfiguration(schema: Schema([CachedImage.self, Clip.self]), cloudKitDatabase: .none)
            let legacy = ModelConfiguration(schema: Schema([Video.self, CachedImage.self, Clip.self]))
            let flagged = ModelConfiguration(schema: Schema([CachedImage.self]), cloudKitDatabase: .private("iCloud.app"))
            """
        let clip = "\n@Model final class Clip { var data: Data? }"
        let twice = Linter.lint(load([("Models.swift", Self.models + clip), ("App.swift", both), cloudKitEntitlements]))
        #expect(describe(twice) == Self.cacheErrors + ["3:37-3:42 warning MODEL_EXTERNAL_STORAGE"])
        #expect(
            twice.map { $0.notes.first?.message.prefix(57) } == [
                "'CachedImage' syncs through this store (and 1 more store)", "'CachedImage' syncs through this store (and 1 more store)",
                nil,
            ])
        // Without the second store, the cache is local, as before.
        #expect(
            Self.lint(setup.replacingOccurrences(of: "Video.self, CachedImage.self", with: "Video.self")) == [
                "1:13-1:92 info MODEL_LOCAL_STORE"
            ])
    }

    /// A second store opened without CloudKit: its models get no mirroring findings, and one info says why.
    @Test func aNoneStoresModelsAreNotMirrored() {
        let setup = """
            let synced = ModelConfiguration(schema: Schema([Video.self]), cloudKitDatabase: .private("iCloud.app"))
            let schema = Schema([CachedImage.self])
            let cache = ModelConfiguration(schema: schema, cloudKitDatabase: .none)
            """
        #expect(Self.lint(setup) == ["3:13-3:72 info MODEL_LOCAL_STORE"])
        let found = Linter.lint(load([("Models.swift", Self.models), ("App.swift", setup)]))
        #expect(
            found.map(\.message) == [
                "'CachedImage' is stored with cloudKitDatabase: .none, so CloudKit mirroring rules are not applied to it"
            ])
        // Two models of that name (two targets' files read together) are one name to list.
        let other = ("Widget/CachedImage.swift", "@Model final class CachedImage { var data: Data? }")
        let twice = Linter.lint(load([("Models.swift", Self.models), other, ("App.swift", setup)]))
        #expect(twice.filter { $0.id.rawValue == "MODEL_LOCAL_STORE" }.map(\.message) == found.map(\.message))
    }

    /// A configuration without a schema holds the models of the container it is given to.
    @Test func aConfigurationHoldsItsContainersModels() {
        let setup = """
            let preview = ModelConfiguration(isStoredInMemoryOnly: true)
            let app = try ModelContainer(for: Video.self, configurations: preview)
            let cache = try ModelContainer(for: CachedImage.self, configurations: [ModelConfiguration(cloudKitDatabase: .none)])
            """
        #expect(Self.lint(setup) == ["3:72-3:115 info MODEL_LOCAL_STORE"])
        // A configuration not read may sync or not: its container's models are checked, their errors warnings.
        let parameter = setup.replacingOccurrences(of: "[ModelConfiguration(cloudKitDatabase: .none)]", with: "given")
        #expect(Self.lint(parameter) == Self.cacheWarnings)
        let notes = Linter.lint(load([("Models.swift", Self.models), ("App.swift", parameter), cloudKitEntitlements])).flatMap(\.notes)
        #expect(
            notes.first?.message
                == "whether 'CachedImage' syncs is not known: it is stored by a ModelContainer whose configurations are not read (a parameter, or built elsewhere); give the ModelContainer a ModelConfiguration written in its own call or file, with its cloudKitDatabase, to make this an error (or, if the store is local, list its models in cloudschema.json's swiftdata.localModels)"
        )
        // Given to no container, its models are unknown: it may hold any model, so every model is checked.
        let unknown = setup.replacingOccurrences(of: "configurations: preview", with: "configurations: other")
        #expect(Self.lint(unknown) == Self.cacheErrors)
    }

    /// A syncing store whose schema is a parameter could hold any model, but the app names the
    /// models it stores somewhere (here the schema its caller builds). Xcode's template `Item`,
    /// left in the project and named nowhere but in its own declaration, is not known to be
    /// stored: its findings are warnings, with a note; the listed model's stay errors.
    @Test func aModelNamedNowhereIsNotKnownToBeStoredByAStoreOfUnlistedModels() {
        let models = """
            @Model final class Item { var timestamp: Date }
            @Model final class Meal { var name: String }
            """
        let provider = """
            enum Store {
                static func make(schema: Schema, container: String) throws -> ModelContainer {
                    let cloud = ModelConfiguration(schema: schema, cloudKitDatabase: .private(container))
                    return try ModelContainer(for: schema, configurations: [cloud])
                }
            }
            """
        let app = "let container = try Store.make(schema: Schema([Meal.self]), container: \"iCloud.app\")"
        let files = [("Models.swift", models), ("Store.swift", provider), ("App.swift", app), cloudKitEntitlements]
        let found = Linter.lint(load(files))
        #expect(
            describe(found) == [
                "1:42-1:46 warning MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT", "2:37-2:43 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT",
            ])
        #expect(
            found.first?.notes.map(\.message) == [
                "whether 'Item' syncs is not known: it is named in no file read but in its own declaration (no schema list, @Query or relationship), and the store that syncs here takes models the reader cannot list; list the models where the container is made (Schema([...]) in its call or file) to make this an error, or remove the model if the app no longer stores it"
            ])
        // Named anywhere else (a query of the app's), it may be in that store: an error.
        let queried = files + [("List.swift", "struct ItemList: View { @Query var items: [Item] }")]
        #expect(describe(Linter.lint(load(queried))).first == "1:42-1:46 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT")
    }

    /// A store that may sync, by default or by a runtime choice, is checked.
    @Test(arguments: [
        #"ModelConfiguration(schema: Schema([Video.self, CachedImage.self]), cloudKitDatabase: flag ? .private("iCloud.app") : .none)"#,
        "ModelConfiguration(schema: Schema([Video.self, CachedImage.self]))",
        "ModelContainer(for: Video.self, CachedImage.self)",
        ".modelContainer(for: [Video.self, CachedImage.self])",
    ])
    func aStoreThatMaySyncIsChecked(_ setup: String) {
        #expect(
            Self.lint("let store = " + setup).map { String($0.split(separator: " ").last!) } == [
                "MODEL_UNIQUE", "MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT",
            ])
    }

    /// A model in no schema of the setup read is never opened; a schema the reader cannot list leaves every model checked.
    @Test func aModelInNoSchemaIsNotMirroredWhenEverySchemaIsKnown() {
        let listed = #"let store = ModelConfiguration(schema: Schema([Video.self]), cloudKitDatabase: .private("iCloud.app"))"#
        #expect(Self.lint(listed) == ["1:13-1:103 info MODEL_LOCAL_STORE"])
        let unknown =
            listed + "\nlet other = ModelConfiguration(schema: Schema(versionedSchema: SchemaV2.self))"
            + "\nenum SchemaV2 { static var models: [any PersistentModel.Type] { [Video.self, CachedImage.self] } }"
        #expect(Self.lint(unknown) == Self.cacheErrors)
        #expect(Self.lint("let x = 1") == Self.cacheErrors)
    }

    /// A schema a type holds is read where the store names it (`Library.schema`, `Self.schema`),
    /// stored or computed, written out or built from a list of models: the model in none of them
    /// is never opened, so unchecked. A schema the files do not declare could hold it: checked
    /// (as warnings: no file names it but its declaration).
    @Test(arguments: [
        """
        enum Library {
            static let schema = Schema([Video.self])
        }
        let store = ModelConfiguration(schema: Library.schema, cloudKitDatabase: .private("iCloud.app"))
        """,
        """
        enum Library {
            static var models: [any PersistentModel.Type] { [Video.self] }
            static var schema: Schema { Schema(models) }
            static let store = ModelConfiguration(schema: Self.schema, cloudKitDatabase: .private("iCloud.app"))
        }
        """,
        """
        extension Library {
            static let models: [any PersistentModel.Type] = [Video.self]
            static var schema: Schema { return Schema(Self.models) }
        }
        let container = try ModelContainer(for: Library.schema, configurations: ModelConfiguration(cloudKitDatabase: .private("iCloud.app")))
        """,
    ])
    func aSchemaATypeHoldsIsReadWhereItIsNamed(_ setup: String) {
        #expect(Self.lint(setup).map { $0.split(separator: " ").last } == ["MODEL_LOCAL_STORE"])
        let elsewhere = setup.replacingOccurrences(of: "Library.schema", with: "Other.schema")
        #expect(Self.lint(elsewhere.replacingOccurrences(of: "Self.schema", with: "Other.schema")) == Self.cacheWarnings)
    }

    /// A schema holds the models its listed ones relate to, as SwiftData's does: a model only a
    /// relationship reaches syncs with its store and is checked, not reported as never opened.
    @Test func aModelARelationshipReachesIsInTheSchema() {
        let models = """
            @Model final class Night { var wakes: [Wake]? }
            @Model final class Wake { var night: Night?; var note: Note? }
            @Model final class Note { var wake: Wake?; @Attribute(.unique) var text: String = "" }
            """
        let store = #"let store = ModelConfiguration(schema: Schema([Night.self]), cloudKitDatabase: .private("iCloud.app"))"#
        let loaded = load([("Models.swift", models), ("App.swift", store), cloudKitEntitlements])
        #expect(describe(Linter.lint(loaded)) == ["3:55-3:62 error MODEL_UNIQUE"])
    }

    /// Without the setup among the files read, cloudschema.json says which models are local.
    @Test func theConfigListsLocalModels() {
        #expect(Self.lint("let x = 1", config: #"{"swiftdata": {"localModels": ["CachedImage"]}}"#) == ["1:31-1:46 info MODEL_LOCAL_STORE"])
        #expect(
            ConfigSuppressionTests().configProblems(#"{"swiftdata": {"local": []}}"#) == [
                "1:16-1:23 error CONFIG_INVALID: unknown key 'local' in 'swiftdata'; expected localModels"
            ])
    }
}

/// `.automatic` (the default) uses a CloudKit container of the entitlements: the `.entitlements`
/// files read with the Swift say whether it syncs; without one, it may.
@Suite struct SwiftEntitlementsTests {
    static let models = "@Model final class Note { var title: String }"
    static let automatic = "let store = ModelConfiguration(schema: Schema([Note.self]))"

    /// An entitlements property list with these `com.apple.developer.icloud-services`, if any.
    static func entitlements(services: [String]?) -> String {
        let list = services.map {
            "<key>com.apple.developer.icloud-services</key><array>\($0.map { "<string>\($0)</string>" }.joined())</array>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict><key>aps-environment</key><string>development</string>\(list ?? "")</dict>
            </plist>
            """
    }

    static func lint(_ more: [(String, String)], setup: String = automatic) -> [String] {
        describe(Linter.lint(load([("Models.swift", models), ("App.swift", setup)] + more)))
    }

    static let noCloudKit = ("App.entitlements", entitlements(services: nil))
    static let mirrored = ["1:38-1:44 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT"]
    static let unsure = ["1:38-1:44 warning MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT"]

    /// Entitlements without CloudKit: `.automatic` is local, and the info names the file.
    @Test func automaticWithoutCloudKitIsLocal() {
        #expect(Self.lint([Self.noCloudKit]) == ["1:13-1:60 info MODEL_LOCAL_STORE"])
        #expect(
            Linter.lint(load([("Models.swift", Self.models), ("App.swift", Self.automatic), Self.noCloudKit])).map(\.message) == [
                "'Note' is stored with cloudKitDatabase .automatic (the default), which syncs when the app's entitlements enable CloudKit, and 'App.entitlements' enables no CloudKit (com.apple.developer.icloud-services), so CloudKit mirroring rules are not applied to it"
            ])
        // iCloud Documents alone is no CloudKit.
        #expect(Self.lint([("App.entitlements", Self.entitlements(services: ["CloudDocuments"]))]) == ["1:13-1:60 info MODEL_LOCAL_STORE"])
    }

    /// CloudKit in any entitlements file read (App Clips: CloudKit-Anonymous) makes `.automatic` sync.
    @Test(arguments: [["CloudKit"], ["CloudDocuments", "CloudKit"], ["CloudKit-Anonymous"]])
    func automaticWithCloudKitIsChecked(_ services: [String]) {
        #expect(Self.lint([("App.entitlements", Self.entitlements(services: services))]) == Self.mirrored)
        #expect(Self.lint([Self.noCloudKit, ("Widget.entitlements", Self.entitlements(services: services))]) == Self.mirrored)
    }

    /// No entitlements file read: they may be elsewhere, so every model is checked, but as the app
    /// may not sync, its errors are warnings saying what makes them errors.
    @Test func automaticWithoutEntitlementsIsAWarning() {
        let findings = Linter.lint(load([("Models.swift", Self.models), ("App.swift", Self.automatic)]))
        #expect(describe(findings) == Self.unsure)
        #expect(
            findings.flatMap(\.notes).map(\.message) == [
                "whether 'Note' syncs is not known: it is stored with cloudKitDatabase .automatic (the default), which syncs when the app's entitlements enable CloudKit, and no .entitlements file or Xcode project was read; lint the app's .entitlements file with the Swift files (the folder with the app's Xcode project, or the file named on the command line; the build plugin passes the target's) to make this an error"
            ])
        // No setup read either: the same.
        #expect(describe(Linter.lint(load([("Models.swift", Self.models)]))) == Self.unsure)
    }

    /// `.private(...)` is checked whatever the entitlements say.
    @Test func aPrivateStoreIsCheckedWithoutCloudKit() {
        let setup = #"let store = ModelConfiguration(schema: Schema([Note.self]), cloudKitDatabase: .private("iCloud.app"))"#
        #expect(Self.lint([Self.noCloudKit], setup: setup) == Self.mirrored)
    }

    /// A file that is not a property list: one warning at it, and `.automatic` stays checked, as warnings.
    @Test func aGarbledEntitlementsFileIsAWarning() {
        #expect(
            Self.lint([Self.noCloudKit, ("Widget.entitlements", "<plist><dict><key>")]) == Self.unsure + [
                "1:1-1:1 warning ENTITLEMENTS_UNREADABLE"
            ])
    }

    /// Every store read local: models in a schema the reader cannot list (a versioned schema) are local too.
    @Test func aVersionedSchemaIsLocalWhenNoStoreSyncs() {
        let setup = """
            let schema = Schema(versionedSchema: V1.self)
            let configuration = ModelConfiguration(schema: schema)
            let container = try ModelContainer(for: schema, migrationPlan: Plan.self, configurations: [configuration])
            """
        #expect(Self.lint([Self.noCloudKit], setup: setup) == ["2:21-2:55 info MODEL_LOCAL_STORE"])
        #expect(Self.lint([], setup: setup) == Self.unsure)
    }

    /// A configuration is read however it is written: with its type before `= .init(…)`, as
    /// `.init(…)` in `configurations:`, or chosen by an `if` or `switch` expression, whose every
    /// branch is a store (one info each when local). Read, the entitlements decide, as for
    /// `ModelConfiguration(…)`: the model is local without CloudKit and checked with it. Unread, its
    /// sync was "not known" whatever the entitlements said, and its errors warnings.
    @Test(arguments: [
        (
            "let config: ModelConfiguration = .init(url: url)\nlet container = try ModelContainer(for: Note.self, configurations: config)",
            ["1:34-1:49"]
        ),
        ("let container = try ModelContainer(for: Note.self, configurations: [.init(url: url)])", ["1:69-1:84"]),
        ("let container: ModelContainer = try .init(for: Note.self, configurations: .init(url: url))", ["1:75-1:90"]),
        (
            """
            let config = if let url {
                ModelConfiguration(url: url)
            } else {
                ModelConfiguration(isStoredInMemoryOnly: true)
            }
            let container = try ModelContainer(for: Note.self, configurations: [config])
            """, ["2:5-2:33", "4:5-4:51"]
        ),
        (
            """
            let config = switch place {
            case .disk(let url): ModelConfiguration(url: url)
            case .memory: ModelConfiguration(isStoredInMemoryOnly: true)
            }
            let container = try ModelContainer(for: Note.self, configurations: [config])
            """, ["2:22-2:50", "3:15-3:61"]
        ),
    ])
    func aConfigurationIsReadHoweverItIsBound(_ setup: String, stores: [String]) {
        #expect(Self.lint([Self.noCloudKit], setup: setup) == stores.map { "\($0) info MODEL_LOCAL_STORE" })
        #expect(Self.lint([("App.entitlements", Self.entitlements(services: ["CloudKit"]))], setup: setup) == Self.mirrored)
    }

    /// A folder's entitlements are read with its Swift files only, and never count as schema files.
    @Test func aFoldersEntitlementsAreReadWithItsSwiftFiles() {
        let fileSystem = MemoryFileSystem(
            folders: [
                "App": ["App.entitlements", "Note.swift"], "Schema": ["A.cloudschema", "App.entitlements"], "Empty": ["App.entitlements"],
            ],
            files: [
                "App/App.entitlements": Self.noCloudKit.1, "App/Note.swift": Self.models + "\n" + Self.automatic,
                "Schema/A.cloudschema": "model A {\n    name: String = \"\"\n}\n", "Schema/App.entitlements": Self.noCloudKit.1,
                "Empty/App.entitlements": Self.noCloudKit.1,
            ])
        #expect(SchemaLoader.findFiles(["App"], fileSystem: fileSystem).files == ["App/App.entitlements", "App/Note.swift"])
        #expect(SchemaLoader.findFiles(["Schema"], fileSystem: fileSystem).files == ["Schema/A.cloudschema"])
        #expect(
            SchemaLoader.findFiles(["Empty"], fileSystem: fileSystem).diagnostics.map(\.message) == [
                "no *.cloudschema, *.ckdb, *.sql, *.swift files in 'Empty'"
            ])
        #expect(describe(Linter.lint(SchemaLoader.load(paths: ["App"], fileSystem: fileSystem))) == ["2:13-2:60 info MODEL_LOCAL_STORE"])
    }
}

/// An Xcode project signs each target with the entitlements file its `CODE_SIGN_ENTITLEMENTS`
/// names: the Swift files in the project's folder sync only if one of those enables CloudKit.
@Suite struct XcodeProjectEntitlementsTests {
    static let models = ("Garden/Plant.swift", "@Model final class Plant { var name: String }")
    static let setup = ("Garden/GardenApp.swift", "let container = try ModelContainer(for: Plant.self)")

    /// One level of the Debug configuration's build settings, the target's or the project's,
    /// based on `Config/Shared.xcconfig` (never among the files read) when `xcconfig`.
    struct Level {
        var settings = ""
        var xcconfig = false
    }

    /// A project whose app target, Garden, is built with `target`'s settings over the project's
    /// `project`, beside a unit-test target, GardenTests, built with `tests`.
    static func project(_ target: Level, over project: Level = Level(), tests: String = "") -> (String, String) {
        func configuration(_ id: String, _ level: Level) -> String {
            """
            \(id) /* Debug */ = {
                isa = XCBuildConfiguration;
                \(level.xcconfig ? "baseConfigurationReference = X1 /* Shared.xcconfig */;" : "")
                buildSettings = {
                    PRODUCT_NAME = "$(TARGET_NAME)";
                    \(level.settings)
                };
                name = Debug;
            };
            """
        }
        let text = """
            // !$*UTF8*$!
            {
                objects = {
                    X1 /* Shared.xcconfig */ = {isa = PBXFileReference; path = Config/Shared.xcconfig; sourceTree = "<group>"; };
                    P1 /* Project object */ = {
                        isa = PBXProject;
                        buildConfigurationList = P2;
                        targets = (T1 /* Garden */, U1 /* GardenTests */);
                    };
                    P2 = {isa = XCConfigurationList; buildConfigurations = (P3 /* Debug */);};
                    \(configuration("P3", project))
                    T1 /* Garden */ = {
                        isa = PBXNativeTarget;
                        buildConfigurationList = T2;
                        name = Garden;
                        productType = "com.apple.product-type.application";
                    };
                    T2 = {isa = XCConfigurationList; buildConfigurations = (T3 /* Debug */);};
                    \(configuration("T3", target))
                    U1 /* GardenTests */ = {
                        isa = PBXNativeTarget;
                        buildConfigurationList = U2;
                        name = GardenTests;
                        productType = "com.apple.product-type.bundle.unit-test";
                    };
                    U2 = {isa = XCConfigurationList; buildConfigurations = (U3 /* Debug */);};
                    \(configuration("U3", Level(settings: tests)))
                };
                rootObject = P1;
            }
            """
        return ("Garden.xcodeproj/project.pbxproj", text)
    }

    /// A project whose app target's build configuration sets these build settings.
    static func project(_ settings: String) -> (String, String) { project(Level(settings: settings)) }

    static func lint(_ files: [(String, String)]) -> [Diagnostic] {
        Linter.lint(load([models, setup] + files))
    }

    static let mirrored = ["1:38-1:44 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT"]
    static let unsure = ["1:38-1:44 warning MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT"]
    static let cloudKit = SwiftEntitlementsTests.entitlements(services: ["CloudKit"])
    static let noCloudKit = SwiftEntitlementsTests.entitlements(services: nil)

    /// No target signed with entitlements: nothing enables CloudKit, so `.automatic` stores are local.
    @Test func aProjectWithoutEntitlementsIsLocal() {
        let findings = Self.lint([Self.project("SWIFT_VERSION = 6.0;")])
        #expect(
            findings.map(\.message) == [
                "'Plant' is stored with cloudKitDatabase .automatic (the default), which syncs when the app's entitlements enable CloudKit, and the Xcode project 'Garden.xcodeproj' signs no target with entitlements (CODE_SIGN_ENTITLEMENTS), so CloudKit mirroring rules are not applied to it"
            ])
        // With no setup read, the models of its folder are local all the same.
        #expect(
            describe(Linter.lint(load([Self.models, Self.project("")]))) == ["1:20-1:25 info MODEL_LOCAL_STORE"])
    }

    /// The file a project names decides, written relative to the project's folder or `$(SRCROOT)`.
    @Test(arguments: ["Garden/Garden.entitlements", "\"$(SRCROOT)/Garden/Garden.entitlements\"", "./Garden/../Garden/Garden.entitlements"])
    func theNamedEntitlementsDecide(_ path: String) {
        let project = Self.project("CODE_SIGN_ENTITLEMENTS = \(path);")
        #expect(describe(Self.lint([project, ("Garden/Garden.entitlements", Self.cloudKit)])) == Self.mirrored)
        #expect(describe(Self.lint([project, ("Garden/Garden.entitlements", Self.noCloudKit)])) == ["1:21-1:52 info MODEL_LOCAL_STORE"])
        // A file the project does not name says nothing about its targets.
        #expect(
            describe(Self.lint([project, ("Garden/Garden.entitlements", Self.noCloudKit), ("Other.entitlements", Self.cloudKit)]))
                == ["1:21-1:52 info MODEL_LOCAL_STORE"])
    }

    /// Per SDK settings count too: one signing with CloudKit makes the stores sync.
    @Test func anSDKSettingCounts() {
        let project = Self.project(
            #"CODE_SIGN_ENTITLEMENTS = Garden/Garden.entitlements; "CODE_SIGN_ENTITLEMENTS[sdk=macosx*]" = Garden/Mac.entitlements;"#)
        #expect(
            describe(
                Self.lint([project, ("Garden/Garden.entitlements", Self.noCloudKit), ("Garden/Mac.entitlements", Self.cloudKit)]))
                == Self.mirrored)
    }

    /// What the project names but the run cannot follow leaves sync unknown: warnings, with a note saying why.
    @Test(arguments: [
        (
            "CODE_SIGN_ENTITLEMENTS = Garden/Garden.entitlements;",
            "signs a target with 'Garden/Garden.entitlements', which is not among the files read"
        ),
        (
            #"CODE_SIGN_ENTITLEMENTS = "$(TARGET_NAME)/App.entitlements";"#,
            "sets CODE_SIGN_ENTITLEMENTS to '$(TARGET_NAME)/App.entitlements', a build setting that is not followed"
        ),
    ])
    func whatIsNotFollowedIsAWarning(_ settings: String, _ why: String) {
        let findings = Self.lint([Self.project(settings)])
        #expect(describe(findings) == Self.unsure)
        #expect(findings.flatMap(\.notes).first?.message.contains("the Xcode project 'Garden.xcodeproj' \(why);") == true)
    }

    /// A project file that is not a property list names no entitlements that can be trusted.
    @Test func anUnreadableProjectIsAWarning() {
        let findings = Self.lint([("Garden.xcodeproj/project.pbxproj", "{ objects = {")])
        #expect(describe(findings) == Self.unsure)
        #expect(
            findings.flatMap(\.notes).first?.message.contains(
                "the Xcode project 'Garden.xcodeproj' is not a property list, so the entitlements it signs its targets with are not known;")
                == true)
    }

    /// Xcode takes a build setting from the target's configuration, over its base .xcconfig, over
    /// the project's configuration, over the project's .xcconfig: "if you then modify the value of
    /// any of those build settings in the target or project, the new value is used instead of the
    /// value in the configuration file" (Apple, Xcode Help, "Basing a Build Configuration on a
    /// Configuration File"). The entitlements a level sets for every SDK are used whatever the
    /// .xcconfig files below it say, though they are not read.
    @Test(arguments: [
        (Level(settings: "CODE_SIGN_ENTITLEMENTS = Garden/Garden.entitlements;", xcconfig: true), Level(xcconfig: true)),
        (Level(), Level(settings: "CODE_SIGN_ENTITLEMENTS = Garden/Garden.entitlements;", xcconfig: true)),
    ])
    func aSettingOverridesTheXcconfigsBelowIt(_ target: Level, _ project: Level) {
        let project = Self.project(target, over: project)
        #expect(describe(Self.lint([project, ("Garden/Garden.entitlements", Self.noCloudKit)])) == ["1:21-1:52 info MODEL_LOCAL_STORE"])
        #expect(describe(Self.lint([project, ("Garden/Garden.entitlements", Self.cloudKit)])) == Self.mirrored)
    }

    /// An .xcconfig that no level above it overrides for every SDK may set the entitlements: sync
    /// is unknown, though the entitlements named are read. So is a value from `$(inherited)` (what
    /// the .xcconfig says) or another variable.
    @Test(arguments: [
        (
            Level(xcconfig: true), Level(),
            "leaves CODE_SIGN_ENTITLEMENTS of the target 'Garden' (Debug) to 'Shared.xcconfig', which is not read"
        ),
        (
            Level(xcconfig: true), Level(settings: "CODE_SIGN_ENTITLEMENTS = Garden/Garden.entitlements;"),
            "leaves CODE_SIGN_ENTITLEMENTS of the target 'Garden' (Debug) to 'Shared.xcconfig', which is not read"
        ),
        (
            Level(), Level(xcconfig: true),
            "leaves CODE_SIGN_ENTITLEMENTS of the target 'Garden' (Debug) to 'Shared.xcconfig', which is not read"
        ),
        (
            Level(settings: #""CODE_SIGN_ENTITLEMENTS[sdk=iphoneos*]" = Garden/Garden.entitlements;"#, xcconfig: true), Level(),
            "leaves CODE_SIGN_ENTITLEMENTS of the target 'Garden' (Debug) to 'Shared.xcconfig', which is not read"
        ),
        (
            Level(settings: #"CODE_SIGN_ENTITLEMENTS = "$(inherited)";"#, xcconfig: true), Level(),
            "sets CODE_SIGN_ENTITLEMENTS to '$(inherited)', a build setting that is not followed"
        ),
        (
            Level(settings: #"CODE_SIGN_ENTITLEMENTS = "$(APP_ENTITLEMENTS)";"#, xcconfig: true), Level(),
            "sets CODE_SIGN_ENTITLEMENTS to '$(APP_ENTITLEMENTS)', a build setting that is not followed"
        ),
    ])
    func anXcconfigThatMaySetItIsAWarning(_ target: Level, _ project: Level, _ why: String) {
        let findings = Self.lint([Self.project(target, over: project), ("Garden/Garden.entitlements", Self.noCloudKit)])
        #expect(describe(findings) == Self.unsure)
        #expect(findings.flatMap(\.notes).first?.message.contains("the Xcode project 'Garden.xcodeproj' \(why);") == true)
    }

    /// A test bundle runs inside the app it tests or in a test runner, never as the app: its
    /// entitlements do not decide the app's stores, nor does an .xcconfig it may take them from.
    @Test func aTestTargetDoesNotDecide() {
        let app = Level(settings: "CODE_SIGN_ENTITLEMENTS = Garden/Garden.entitlements;")
        let files = [("Garden/Garden.entitlements", Self.noCloudKit), ("Garden/Tests.entitlements", Self.cloudKit)]
        let tests = "CODE_SIGN_ENTITLEMENTS = Garden/Tests.entitlements;"
        #expect(describe(Self.lint([Self.project(app, tests: tests)] + files)) == ["1:21-1:52 info MODEL_LOCAL_STORE"])
        #expect(describe(Self.lint([Self.project(app, over: Level(xcconfig: true))] + files)) == ["1:21-1:52 info MODEL_LOCAL_STORE"])
    }

    /// A project decides for the Swift files in its folder only: a package beside it is not its target.
    @Test func aProjectDecidesItsOwnFolder() {
        let project = ("Apps/Garden/Garden.xcodeproj/project.pbxproj", Self.project("").1)
        let inside = [("Apps/Garden/Garden/Plant.swift", Self.models.1), ("Apps/Garden/Garden/App.swift", Self.setup.1), project]
        #expect(describe(Linter.lint(load(inside))) == ["1:21-1:52 info MODEL_LOCAL_STORE"])
        let beside = [("Packages/Plants/Plant.swift", Self.models.1), ("Packages/Plants/App.swift", Self.setup.1), project]
        let findings = Linter.lint(load(beside))
        #expect(describe(findings) == Self.unsure)
        #expect(
            findings.flatMap(\.notes).first?.message.contains("no .entitlements file was read, nor an Xcode project in its folder") == true)
    }

    /// Two apps linted together: a store whose models are not listed (a versioned schema) holds
    /// its own app's models, not those of another project's folder, which its own stores decide.
    @Test func aStoreHoldsItsOwnAppsModels() {
        let garden = [
            ("Garden/Garden.xcodeproj/project.pbxproj", Self.project("CODE_SIGN_ENTITLEMENTS = Garden/Garden.entitlements;").1),
            ("Garden/Garden/Garden.entitlements", Self.cloudKit), ("Garden/Garden/Plant.swift", Self.models.1),
            (
                "Garden/Garden/App.swift",
                "let store = ModelConfiguration(schema: Schema(versionedSchema: V1.self))\n"
                    + "enum V1 { static var models: [any PersistentModel.Type] { [Plant.self] } }"
            ),
        ]
        let shed = [
            ("Shed/Shed.xcodeproj/project.pbxproj", Self.project("").1),
            ("Shed/Shed/Tool.swift", "@Model final class Tool { var name: String }\nlet container = try ModelContainer(for: Tool.self)"),
        ]
        let findings = Linter.lint(load(garden + shed))
        #expect(
            findings.map { "\($0.range?.file ?? "") \(describe([$0])[0])" } == [
                "Garden/Garden/Plant.swift 1:38-1:44 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT",
                "Shed/Shed/Tool.swift 2:21-2:51 info MODEL_LOCAL_STORE",
            ])
    }

    /// A folder search finds the project beside the Swift files, and only with them.
    @Test func aFolderSearchReadsTheProject() {
        let (path, text) = Self.project("")
        let fileSystem = MemoryFileSystem(
            folders: ["App": ["Garden", "Garden.xcodeproj"], "App/Garden": ["Plant.swift"], "App/Garden.xcodeproj": ["project.pbxproj"]],
            files: ["App/Garden/Plant.swift": Self.models.1 + "\n" + Self.setup.1, "App/" + path: text])
        #expect(
            SchemaLoader.findFiles(["App"], fileSystem: fileSystem).files == [
                "App/Garden.xcodeproj/project.pbxproj", "App/Garden/Plant.swift",
            ])
        #expect(describe(Linter.lint(SchemaLoader.load(paths: ["App"], fileSystem: fileSystem))) == ["2:21-2:52 info MODEL_LOCAL_STORE"])
    }

    /// Two apps linted together are two schemas: each project's models, stores and CloudKit calls
    /// with the files in no project's folder, never a model of the same name in the other app.
    /// The shared `Tag` syncs in Garden (its suppression silences an error there) and is in no
    /// store of Shed (local there: one more info), so the suppression is not unused.
    @Test func twoAppsKeepTheirOwnModels() {
        let garden = [
            ("Garden/Garden.xcodeproj/project.pbxproj", Self.project("CODE_SIGN_ENTITLEMENTS = Garden/Garden.entitlements;").1),
            ("Garden/Garden/Garden.entitlements", Self.cloudKit),
            ("Garden/Garden/Item.swift", "@Model final class Item { var name: String = \"\"; var tag: Tag? }"),
            ("Garden/Garden/App.swift", "let container = try ModelContainer(for: Item.self, Tag.self)"),
        ]
        let shed = [
            ("Shed/Shed.xcodeproj/project.pbxproj", Self.project("").1),
            ("Shed/Shed/Item.swift", "@Model final class Item { var size: Int }\nlet container = try ModelContainer(for: Item.self)"),
        ]
        let tag = """
            @Model final class Tag {
                // cloudschema:ignore MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT
                var label: String
            }
            """
        let shared = [("Shared/Tag.swift", tag)]
        let loaded = load(garden + shed + shared)
        #expect(loaded.apps.map { $0.schema.models.map(\.name).sorted() } == [["Item", "Tag"], ["Item", "Tag"]])
        #expect(
            Linter.lint(loaded).map { "\($0.range?.file ?? "") \(describe([$0])[0])" } == [
                "Garden/Garden/Item.swift 1:54-1:57 error MODEL_RELATIONSHIP_INVERSE",
                "Shed/Shed/Item.swift 2:21-2:51 info MODEL_LOCAL_STORE", "Shed/Shed/Item.swift 2:21-2:51 info MODEL_LOCAL_STORE",
            ])
        // One app alone is read as it always was: no apps to keep apart.
        #expect(load(garden + shared).apps.isEmpty)
    }

    /// A second project whose Swift files declare no model (a sample beside the app) is no
    /// unreadable input: whether the run declares nothing is the whole run's to say, once, as the
    /// error `lint --stamp` lets pass.
    @Test func aProjectWithoutModelsBesideTheAppIsNoError() {
        let garden = [
            ("Garden/Garden.xcodeproj/project.pbxproj", Self.project("").1),
            ("Garden/Garden/Item.swift", "@Model final class Item { var name: String = \"\" }"),
        ]
        let sample = [
            ("Sample/Sample.xcodeproj/project.pbxproj", Self.project("").1),
            ("Sample/Sample/ContentView.swift", "struct ContentView: View { var body: some View { Text(\"Hi\") } }"),
        ]
        let loaded = load(garden + sample)
        #expect(loaded.apps.count == 2)
        #expect(!Linter.lint(loaded).contains { $0.id == .inputUnreadable })
        let other = [("Other/Other.xcodeproj/project.pbxproj", Self.project("").1), ("Other/Other/Main.swift", "let x = 1")]
        let nothing = load(sample + other)
        #expect(Linter.lint(nothing).filter { $0.id == .inputUnreadable } == [nothing.nothingDeclared])
        #expect(nothing.nothingDeclared?.message == "no SwiftData @Model classes or SQLiteData migrations in the 2 Swift files read")
    }

    /// A shared file's finding that two apps grade differently is one finding, the graver: the
    /// model syncs in Garden (an error) and may in Shed, whose entitlements are not read (a
    /// warning). Always in the same order, however the apps' findings were gathered.
    @Test func aSharedFindingIsReportedOnceAtItsGravest() {
        let garden = [
            ("Garden/Garden.xcodeproj/project.pbxproj", Self.project("CODE_SIGN_ENTITLEMENTS = Garden/Garden.entitlements;").1),
            ("Garden/Garden/Garden.entitlements", Self.cloudKit),
            ("Garden/Garden/App.swift", "let container = try ModelContainer(for: Note.self)"),
        ]
        let shed = [
            ("Shed/Shed.xcodeproj/project.pbxproj", Self.project("CODE_SIGN_ENTITLEMENTS = Shed/Shed.entitlements;").1),
            ("Shed/Shed/App.swift", "let container = try ModelContainer(for: Note.self)"),
        ]
        let shared = [("Shared/Note.swift", "@Model final class Note { var title: String; var body: String }")]
        let loaded = load(garden + shed + shared)
        #expect(loaded.apps.count == 2)
        let findings = Linter.lint(loaded)
        #expect(
            findings.map { "\($0.range?.file ?? "") \(describe([$0])[0])" } == [
                "Shared/Note.swift 1:38-1:44 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT",
                "Shared/Note.swift 1:56-1:62 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT",
            ])
        #expect(findings.allSatisfy { $0.notes.isEmpty })  // Shed's "whether 'Note' syncs is not known" went with its warning
        for _ in 0..<10 { #expect(Linter.lint(loaded) == findings) }
    }

    /// An `.xcodeproj` named beside the Swift files is read for its settings, not an empty folder.
    @Test func anXcodeProjectFolderIsReadBesideTheSwift() {
        let (path, text) = Self.project("")
        let fileSystem = MemoryFileSystem(
            folders: ["App": ["Garden", "Garden.xcodeproj"], "App/Garden": ["Plant.swift"], "App/Garden.xcodeproj": ["project.pbxproj"]],
            files: ["App/Garden/Plant.swift": Self.models.1 + "\n" + Self.setup.1, "App/" + path: text])
        #expect(
            describe(Linter.lint(SchemaLoader.load(paths: ["App/Garden", "App/Garden.xcodeproj"], fileSystem: fileSystem))) == [
                "2:21-2:52 info MODEL_LOCAL_STORE"
            ])
        let alone = SchemaLoader.load(paths: ["App/Garden.xcodeproj"], fileSystem: fileSystem).diagnostics
        #expect(alone.map(\.message) == ["no *.cloudschema, *.ckdb, *.sql, *.swift files in 'App/Garden.xcodeproj'"])
    }
}
