import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Codable values in SwiftData models: SwiftData stores a Codable struct or enum, and an array,
/// `Set` or dictionary of Codable values, encoded in one attribute, which Core Data's CloudKit
/// mirroring writes as `CD_x BYTES` plus `CD_x_ckAsset ASSET` (CoreDataMirror cites the sources).
/// A type is Codable when the files read declare it so (`struct X: Codable`, an extension, a
/// protocol or typealias that is Codable); `.cloudschema` writes such a property with `@codable`.
@Suite struct SwiftCodableValueTests {
    static let models = #"""
        import SwiftData

        struct Region: Codable, Hashable {
            var name: String
            var radius: Double
        }
        protocol Stored: Codable {}
        struct Visit: Stored { var day: Date }
        enum Mood: Codable { case calm, busy }
        struct Settings { var dark = false }
        extension Settings: Codable {}

        @Model final class Trip {
            var name: String = ""
            var home: Region?
            var regions: [Region] = []
            var visits: [Visit]? = nil
            var mood: Mood = .calm
            var settings: Settings = Settings()
            var tags: Set<String> = []
            var counts: [String: Int] = [:]
        }
        """#

    /// What `cloudschema import Models.swift` writes (`[:]` is the language's `[]`).
    static let equivalent = """
        // Imported from Models.swift by `cloudschema import`.

        model Trip {
            name: String = ""
            home: Region? @codable
            regions: [Region] = [] @codable
            visits: [Visit]? @codable
            mood: Mood = .calm @codable
            settings: Settings = Settings() @codable
            tags: Set<String> = [] @codable
            counts: Dictionary<String, Int> = [] @codable
        }

        """

    /// Every Codable value, whatever its Swift type, is one encoded attribute: BYTES and its asset.
    static let exported = """
        DEFINE SCHEMA

            RECORD TYPE CD_Trip (
                CD_counts           BYTES,
                CD_counts_ckAsset   ASSET,
                CD_entityName       STRING,
                CD_home             BYTES,
                CD_home_ckAsset     ASSET,
                CD_mood             BYTES,
                CD_mood_ckAsset     ASSET,
                CD_name             STRING,
                CD_name_ckAsset     ASSET,
                CD_regions          BYTES,
                CD_regions_ckAsset  ASSET,
                CD_settings         BYTES,
                CD_settings_ckAsset ASSET,
                CD_tags             BYTES,
                CD_tags_ckAsset     ASSET,
                CD_visits           BYTES,
                CD_visits_ckAsset   ASSET,
                "___createTime"     TIMESTAMP,
                "___createdBy"      REFERENCE,
                "___etag"           STRING,
                "___modTime"        TIMESTAMP,
                "___modifiedBy"     REFERENCE,
                "___recordID"       REFERENCE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
                GRANT READ TO "_world"
            );

            RECORD TYPE Users (
                "___createTime" TIMESTAMP,
                "___createdBy"  REFERENCE,
                "___etag"       STRING,
                "___modTime"    TIMESTAMP,
                "___modifiedBy" REFERENCE,
                "___recordID"   REFERENCE,
                roles           LIST<INT64>,
                GRANT WRITE TO "_creator",
                GRANT READ TO "_world"
            );

        """

    @Test func codableValuesAreModelledAndExportAsCoreDataStoresThem() throws {
        let swift = load(Self.models, file: "Models.swift")
        let schema = load(Self.equivalent, file: "Models.cloudschema")
        #expect(swift.diagnostics.map(\.compact) == [])
        #expect(schema.diagnostics.map(\.compact) == [])
        #expect(swift.schema.models == schema.schema.models)
        let trip = try #require(swift.schema.models.first)
        #expect(trip.property(named: "regions")?.type == .list(.codable("Region")))
        #expect(trip.property(named: "counts")?.type == .codable("Dictionary<String, Int>"))
        #expect(trip.property(named: "settings")?.defaultValue == .initializer("Settings"))
        #expect(CKDBExporter.export(swift.schema) == Self.exported)
        #expect(CKDBExporter.export(schema.schema) == Self.exported)
    }

    @Test func importWritesTheEquivalentCloudSchemaAndItIsFormatted() {
        let swift = load(Self.models, file: "Models.swift")
        #expect(SwiftImporter.importSchema(swift.schema, source: "Models.swift") == Self.equivalent)
        #expect(formatted(Self.equivalent) == Self.equivalent)
    }

    /// A non-optional Codable value needs a default like any attribute; `= []`, `Settings()` and
    /// `.calm` are defaults, so only `home` is reported, at its Swift type.
    @Test func aNonOptionalCodableValueNeedsADefault() {
        let source = """
            struct Region: Codable { var name: String }
            @Model final class Trip {
                var home: Region
                var regions: [Region] = []
            }
            """
        #expect(describe(lintFindings(source, file: "Models.swift")) == ["3:15-3:21 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT"])
    }

    /// Swift has no `Location` or `Asset` of CloudKit's: one the files declare Codable is the app's.
    @Test func anAppsOwnLocationIsACodableValue() {
        let source = """
            struct Location: Codable { var latitude: Double }
            @Model final class Trip {
                var start: Location?
            }
            """
        let loaded = load(source, file: "Models.swift")
        #expect(loaded.diagnostics.map(\.compact) == [])
        #expect(loaded.schema.models.first?.properties.map(\.type) == [.codable("Location")])
    }

    /// The same names declared as an enum are the app's enum (stored as its raw value, like any
    /// other), and declared in another module one located warning: never CloudKit's LOCATION or
    /// ASSET, which Swift code cannot name (CloudKit's types are CLLocation and CKAsset).
    @Test func anAppsOwnLocationEnumOrExternalAssetIsNotCloudKits() {
        let source = """
            import PlacesKit
            enum Location: String, Codable { case home, office }
            @Model final class Trip {
                var start: Location = Location.home
                var cover: Asset?
                var name: String = ""
            }
            """
        let loaded = load(source, file: "Models.swift")
        #expect(loaded.diagnostics.map(\.compact) == ["SWIFT_UNREADABLE 5:16-5:21"])
        #expect(loaded.schema.models.first?.properties.map(\.type) == [.enumeration("Location", rawType: .string), .string])
    }

    /// An app's own model named like CloudKit's types is that model: a relationship to it is no
    /// misplaced ASSET or LOCATION (seen in two public apps whose `@Model final class Asset` the
    /// build plugin would have failed).
    @Test func anAppsOwnAssetOrLocationModelIsARelationship() {
        let source = #"""
            @Model final class Note {
                @Relationship(deleteRule: .cascade, inverse: \Asset.note) var assets: [Asset]?
                var place: Location?
            }
            @Model final class Asset {
                var note: Note?
            }
            @Model final class Location {
                @Relationship(inverse: \Note.place) var notes: [Note]?
            }
            """#
        let loaded = load(source, file: "Models.swift")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.map(\.compact) == [])
        #expect(loaded.schema.model(named: "Note")?.properties.map(\.type) == [.list(.model("Asset")), .model("Location")])
    }

    /// Never guessed: a type the files read do not declare Codable (CoreLocation's types included),
    /// or models inside a Set, stay one located warning, and the property is left out. A generic
    /// type the files declare Codable is read.
    @Test func aTypeNotKnownToBeCodableIsStillOneWarning() {
        let source = #"""
            @Model final class Trip {
                var place: CLLocationCoordinate2D?
                var address: Address?
                var box: Box<Int>?
                var stops: Set<Trip>?
                @Attribute(.transformable(by: "ColourTransformer")) var colour: Colour?
                var name: String = ""
            }
            struct Address { var city: String }
            struct Box<T: Codable>: Codable { var value: T }
            """#
        let loaded = load(source, file: "Models.swift")
        #expect(
            loaded.diagnostics.map(\.compact) == [
                "SWIFT_UNREADABLE 2:16-2:38", "SWIFT_UNREADABLE 3:18-3:25", "SWIFT_UNREADABLE 5:16-5:26", "SWIFT_UNREADABLE 6:16-6:55",
            ])
        #expect(
            loaded.diagnostics.first?.message == """
                property 'Trip.place' is not checked: 'CLLocationCoordinate2D' is CoreLocation's type, and how SwiftData \
                stores it is not known here, so it is left out of lint, export and diff. A Codable value is stored \
                encoded (CloudKit: CD_<name> BYTES and CD_<name>_ckAsset ASSET); to have it checked, store a type the \
                files read declare (a Codable struct of its parts) or a scalar the schema knows
                """)
        #expect(
            loaded.diagnostics[1].message.hasPrefix(
                "property 'Trip.address' is not checked: no file read declares 'Address', so it is left out of lint"))
        #expect(
            loaded.diagnostics[2].message
                == "property 'stops' is not checked: it mixes models and Codable values; a relationship is a model or an array of models")
        #expect(
            loaded.diagnostics[3].message == """
                property 'colour' is not checked: a .transformable value is stored as bytes (CloudKit: CD_<name> BYTES \
                and CD_<name>_ckAsset ASSET), which lint, export and diff leave out; to have it checked, store it as \
                'Data' you encode yourself
                """)
        #expect(loaded.schema.models.map { $0.properties.map(\.name) } == [["box", "name"]])
    }

    /// The standard library's and Apple's types are named as theirs, with no advice to lint the
    /// file that declares them; a generic one (`Measurement<UnitMass>`) is one warning, its unit
    /// type is not reported again. Properties sharing a type share its warning.
    @Test func anAppleTypeIsNamedAsApplesAndReportedOnce() {
        let source = #"""
            @Model final class Workout {
                var load: Measurement<UnitMass>?
                var rest: Duration?
                var pause: Duration?
                var heartRates: ClosedRange<Int>?
                var name: String = ""
            }
            """#
        let loaded = load(source, file: "Workout.swift")
        #expect(
            loaded.diagnostics.map(\.compact) == ["SWIFT_UNREADABLE 2:15-2:26", "SWIFT_UNREADABLE 3:15-3:23", "SWIFT_UNREADABLE 5:21-5:32"])
        #expect(
            loaded.diagnostics.map { $0.message.components(separatedBy: ", and how").first! } == [
                "property 'Workout.load' is not checked: 'Measurement' is Foundation's type",
                "properties 'Workout.rest', 'Workout.pause' are not checked: 'Duration' is the standard library's type",
                "property 'Workout.heartRates' is not checked: 'ClosedRange' is the standard library's type",
            ])
        #expect(loaded.schema.models.map { $0.properties.map(\.name) } == [["name"]])
    }

    /// `@codable` belongs to model properties: in a record or keyvalue it is one error (the member's
    /// type is not also reported unknown), and on a type the schema knows it is one error too.
    @Test func codableOutsideAModelOrOnAKnownTypeIsOneError() {
        let source = """
            record Trip {
                home: Region? @codable
            }
            model Visit {
                note: String? @codable
                place: Place?
                tags: Set<String>?
            }
            """
        let loaded = load(source)
        #expect(
            loaded.diagnostics.map(\.compact) == [
                "ATTRIBUTE_MISPLACED 2:19-2:27", "ATTRIBUTE_MISPLACED 5:19-5:27", "TYPE_UNKNOWN 6:12-6:17", "TYPE_MISPLACED 7:11-7:22",
            ])
        #expect(loaded.diagnostics[0].message == "@codable cannot be used on record fields; it applies to model properties")
        #expect(
            loaded.diagnostics[1].message
                == "@codable marks a Codable type of the app that the schema does not declare; String is not one, so remove @codable")
        #expect(loaded.diagnostics[2].message == "unknown type 'Place'; if it is a Codable type of the app, add @codable")
        #expect(
            loaded.diagnostics[3].message
                == "'Set' takes no generic arguments; only Reference<T> does; a Codable collection of the app, such as Set<String>, needs @codable"
        )
    }

    /// CloudKit holds a Codable value's bytes, never its Swift type's name: renaming the type is no
    /// change to it; removing the property is, like any deployed CD_ field.
    @Test func diffSeesTheStoredFieldNotTheSwiftTypeName() {
        let deployed = """
            model Trip {
                home: Region? @codable
                regions: [Region] = [] @codable
            }
            """
        let renamed = """
            model Trip {
                home: Place? @codable
                regions: [Place] = [] @codable
            }
            """
        #expect(findings(deployed, renamed) == [])
        #expect(findings(deployed, "model Trip {\n    home: Region? @codable\n}\n") == ["MODEL_ATTRIBUTE_NO_DELETE 1:7"])
        #expect(
            findings(deployed, "model Trip {\n    home: [Region]? @codable\n    regions: [Region] = [] @codable\n}\n")
                == ["MODEL_ATTRIBUTE_SAME_TYPE 2:11"])
    }

    /// `diff Models.swift --against production.ckdb`: the Swift models against their own export are
    /// unchanged; without `visits`, its deployed CD_visits field is a removal.
    @Test func swiftModelsAgainstAProductionExport() {
        let production = SchemaLoader.load(sources: [("production.ckdb", Self.exported)]).schema
        let swift = load(Self.models, file: "Models.swift").schema
        let unchanged = SchemaComparison.compare(deployed: production, current: swift)
        #expect(unchanged.changes.filter(\.isFlagged).map(\.finding) == [])
        var withoutVisits = swift
        withoutVisits.models[0].properties.removeAll { $0.name == "visits" }
        let removed = SchemaComparison.compare(deployed: production, current: withoutVisits)
        #expect(removed.changes.filter(\.isFlagged).map(\.finding) == ["MODEL_ATTRIBUTE_NO_DELETE 13:20"])
    }
}
