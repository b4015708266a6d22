import Foundation
import Testing

@testable import CloudSchemaCore

/// What real SwiftData models write, and what Core Data's CloudKit mirroring makes of it: the
/// `CD_` fields `export --format ckdb` writes, several `#Unique` constraints, models kept in
/// several `VersionedSchema`s (Codable values: `SwiftCodableValueTests`).
@Suite struct SwiftModelStorageTests {
    static let models = #"""
        import SwiftData

        enum Status: String, Codable { case active, done }
        enum Priority: Int, Codable { case low, high }

        @Model final class Expense {
            #Unique<Expense>([\.title, \.spentOn], [\.receipt])
            var title: String = ""
            var spentOn: Date = .now
            var receipt: String? = nil
            var status: Status = .active
            var priority: Priority? = nil
            var tags: [String] = []
            var scores: [Int]? = nil
            var amount: Decimal = 0
            @Attribute(originalName: "note") var comment: String?
        }
        """#

    static let equivalent = """
        enum Status: String { active, done }
        enum Priority: Int64 { low = 0, high = 1 }

        model Expense @unique(title, spentOn) @unique(receipt) {
            title: String = ""
            spentOn: Date = now
            receipt: String?
            status: Status = .active
            priority: Priority?
            tags: [String] = []
            scores: [Int]?
            amount: Decimal = 0
            comment: String? @name("note")
        }
        """

    /// Enums, lists and Codable values as bytes with an asset companion, Decimal as a double, and
    /// the property's own name as the key (`originalName` is a migration hint, not the CloudKit key).
    static let exported = """
        DEFINE SCHEMA

            RECORD TYPE CD_Expense (
                CD_amount           DOUBLE,
                CD_comment          STRING,
                CD_comment_ckAsset  ASSET,
                CD_entityName       STRING,
                CD_priority         BYTES,
                CD_priority_ckAsset ASSET,
                CD_receipt          STRING,
                CD_receipt_ckAsset  ASSET,
                CD_scores           BYTES,
                CD_scores_ckAsset   ASSET,
                CD_spentOn          TIMESTAMP,
                CD_status           BYTES,
                CD_status_ckAsset   ASSET,
                CD_tags             BYTES,
                CD_tags_ckAsset     ASSET,
                CD_title            STRING,
                CD_title_ckAsset    ASSET,
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

    @Test func swiftAndCloudSchemaExportTheSameCoreDataFields() {
        let swift = load(Self.models, file: "Models.swift")
        let schema = load(Self.equivalent, file: "Models.cloudschema")
        #expect(swift.diagnostics.map(\.compact) == [])
        #expect(schema.diagnostics.map(\.compact) == [])
        #expect(swift.schema.models == schema.schema.models)
        #expect(swift.schema.models.first?.uniqueConstraints == [["title", "spentOn"], ["receipt"]])
        #expect(CKDBExporter.export(swift.schema) == Self.exported)
        #expect(CKDBExporter.export(schema.schema) == Self.exported)
    }

    @Test func everyUniqueConstraintIsOneFindingWhereItIsWritten() {
        #expect(
            describe(lintFindings(Self.models, file: "Models.swift")).filter { $0.contains("UNIQUE") } == [
                "7:22-7:42 error MODEL_UNIQUE", "7:44-7:55 error MODEL_UNIQUE",
            ])
        #expect(
            describe(lintFindings(Self.equivalent)).filter { $0.contains("UNIQUE") } == [
                "4:15-4:38 error MODEL_UNIQUE", "4:39-4:55 error MODEL_UNIQUE",
            ])
        #expect(findings("model A @unique(name) @unique(nope) {\n    name: String = \"\"\n}\n") == ["ATTRIBUTE_ARGUMENT_INVALID 1:23-1:36"])
    }

    /// SwiftData lets an array of models start empty, but it is still a non-optional relationship,
    /// which Core Data's CloudKit validator rejects (MODEL_RELATIONSHIP_OPTIONAL's explanation
    /// cites it); `[Tag]? = []` is the near-miss that stays quiet.
    @Test func aNonOptionalToManyWithAnEmptyDefaultIsStillAnError() {
        let source = #"""
            @Model final class Trip {
                @Relationship(inverse: \Tag.trips) var tags: [Tag] = []
                @Relationship(inverse: \Tag.favourites) var favourites: [Tag]? = []
            }
            @Model final class Tag {
                var trips: [Trip]? = []
                var favourites: [Trip]? = []
            }
            """#
        #expect(describe(lintFindings(source, file: "Models.swift")) == ["2:50-2:55 error MODEL_RELATIONSHIP_OPTIONAL"])
    }

    /// An app keeps each version's models for its migration plan; the store holds the latest.
    @Test func aModelInSeveralVersionedSchemasIsReadAtItsLatestVersion() {
        let source = #"""
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                @Model final class Trip {
                    var name: String = ""
                }
            }
            enum SchemaV3: VersionedSchema {
                static let versionIdentifier: Schema.Version = .init(1, 10, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
            }
            extension SchemaV3 {
                @Model final class Trip {
                    var name: String = ""
                    var start: Date = .now
                }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 2, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                @Model final class Trip {
                    var name: String?
                }
            }
            typealias Trip = SchemaV3.Trip
            """#
        let loaded = load(source, file: "Schemas.swift")
        #expect(loaded.diagnostics.map(\.compact) == [])
        #expect(loaded.schema.models.map { $0.properties.map(\.name) } == [["name", "start"]])
        #expect(loaded.schema.models.first?.spans.name?.start.line == 13)
    }

    /// A model renamed between versions (`BedV1` -> `BedV2`) is in the older version only: the
    /// store holds what the latest version's `models` lists, here its own `BedV2` and `Plant` and
    /// the first version's `Shed`. Read as current, `BedV1`'s `inverse: \Plant.bed` took the
    /// inverse `BedV2.plants` is inferred from, a false MODEL_RELATIONSHIP_INVERSE error.
    @Test func aModelOnlyAnOlderVersionListsIsNotTheStores() {
        let source = #"""
            enum GardenV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [BedV1.self, Plant.self, Shed.self] }
                @Model final class BedV1 {
                    @Relationship(deleteRule: .cascade, inverse: \Plant.bed) var plants: [Plant]?
                }
                @Model final class Plant { var bed: BedV1? }
                @Model final class Shed { var size: Int = 0 }
            }
            enum GardenV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [BedV2.self, Plant.self, GardenV1.Shed.self] }
                @Model final class BedV2 {
                    @Relationship(deleteRule: .cascade) var plants: [Plant]?
                }
                @Model final class Plant { var bed: BedV2? }
            }
            """#
        let loaded = load(source, file: "Schemas.swift")
        #expect(loaded.diagnostics.map(\.compact) == [])
        #expect(loaded.schema.models.map(\.name) == ["Shed", "BedV2", "Plant"])
        #expect(describe(lintFindings(source, file: "Schemas.swift")) == [])
        // A list the reader does not read (a typealias it would have to follow) leaves every version's models in.
        let aliased = source.replacingOccurrences(of: "GardenV1.Shed.self", with: "OldShed.self")
        #expect(load(aliased, file: "Schemas.swift").schema.models.map(\.name) == ["BedV1", "Shed", "BedV2", "Plant"])
    }

    /// SwiftData's `Schema` adds the models the listed ones relate to: a model of the latest
    /// version that `models` leaves out but a relationship reaches is in the store, and checked
    /// (before: a false TYPE_UNKNOWN error on the relationship, and the model left unchecked).
    @Test func aModelTheLatestVersionReachesThroughARelationshipIsTheStores() {
        let source = #"""
            enum VaultV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Entry.self] }
            }
            extension VaultV1 {
                @Model final class Entry {
                    var title: String = ""
                    @Relationship(deleteRule: .cascade) var secret: Secret?
                }
                @Model final class Secret {
                    var payload: Data?
                    @Relationship(inverse: \Entry.secret) var entry: Entry?
                }
            }
            """#
        let loaded = load(source, file: "Schemas.swift")
        #expect(loaded.diagnostics.map(\.compact) == [])
        #expect(loaded.schema.models.map(\.name) == ["Entry", "Secret"])
        // Secret is checked as the store's: its Data is kept inside the record.
        #expect(describe(lintFindings(source, file: "Schemas.swift")) == ["11:22-11:27 warning MODEL_EXTERNAL_STORAGE"])
    }

    /// Each version keeps its own copy of the enums its models use; like the models, they are read
    /// at the highest `versionIdentifier` (before, the two `Status` enums clashed: one
    /// SWIFT_UNREADABLE "more than one enum is named 'Status'" and `status` left out).
    @Test func anEnumInSeveralVersionedSchemasIsReadAtItsLatestVersion() {
        let source = """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                enum Status: String, Codable { case active, done }
                @Model final class Trip {
                    var status: Status = Status.active
                }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                enum Status: String, Codable { case active, paused, done = "finished" }
                @Model final class Trip {
                    var status: Status = .paused
                }
            }
            """
        let loaded = load(source, file: "Schemas.swift")
        #expect(loaded.diagnostics.map(\.compact) == [])
        #expect(
            SwiftImporter.importSchema(loaded.schema) == """
                enum Status: String {
                    active
                    paused
                    done = "finished"
                }

                model Trip {
                    status: Status = .paused
                }

                """)
        // Outside versioned schemas, two enums of one name are still ambiguous.
        let ambiguous =
            "enum A { enum S: String, Codable { case a } }\nenum B { enum S: String, Codable { case b } }\n@Model final class T { var s: S? }\n"
        #expect(findings(ambiguous, file: "Models.swift") == ["SWIFT_UNREADABLE 3:31-3:32"])
    }

    /// An enum nested in another type (`Mapper.Units`) is out of sight of a model outside it,
    /// whose `Units` is the top-level enum (before: SWIFT_UNREADABLE "more than one enum is named
    /// 'Units'", and `units` left out).
    @Test func aNestedEnumDoesNotHideTheTopLevelOneOfItsName() {
        let source = """
            enum Units: String, Codable { case metric, imperial }
            enum Mapper { enum Units: String, Codable { case a, b } }
            @Model final class Profile { var units: Units = Units.metric }
            """
        let loaded = load(source, file: "Models.swift")
        #expect(loaded.diagnostics.map(\.compact) == [])
        #expect(
            SwiftImporter.importSchema(loaded.schema) == """
                enum Units: String {
                    metric
                    imperial
                }

                model Profile {
                    units: Units = .metric
                }

                """)
    }

    /// The current model written outside every `VersionedSchema` (`Trip`, what the app's code
    /// names) beside its past versions inside them (`SchemaV1.Trip`, another Swift type): the store
    /// holds the current one, and the versions are not duplicates of it.
    @Test func aModelOutsideVersionedSchemasIsTheCurrentOne() {
        let source = """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                @Model final class Trip { var name: String }
            }
            @Model final class Trip {
                var name: String = ""
                var start: Date = .now
            }
            """
        let loaded = load(source, file: "Schemas.swift")
        #expect(loaded.diagnostics.map(\.compact) == [])
        #expect(loaded.schema.models.map { $0.properties.map(\.name) } == [["name", "start"]])
    }

    @Test func aModelDeclaredTwiceOutsideVersionedSchemasIsStillADuplicate() {
        let source = """
            @Model final class Trip { var name: String = "" }
            enum Legacy { @Model final class Trip { var name: String = "" } }
            """
        #expect(findings(source, file: "Models.swift") == ["NAME_DUPLICATE 2:34-2:38"])
        // Swift allows it in another enclosing type, module or app: the second is not checked, and a warning says so.
        #expect(describe(lintFindings(source, file: "Models.swift")).contains("2:34-2:38 warning NAME_DUPLICATE"))
    }
}
