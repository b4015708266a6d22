import Foundation
import Testing

@testable import CloudSchemaCore

/// What real SwiftData models write, and what Core Data's CloudKit mirroring makes of it: the
/// `CD_` fields `export --format ckdb` writes, several `#Unique` constraints, models kept in
/// several `VersionedSchema`s, and the Codable values CloudSchema does not model.
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

    /// Enums as their raw type, lists as bytes with an asset companion, Decimal as a double, and
    /// the property's own name as the key (`originalName` is a migration hint, not the CloudKit key).
    static let exported = """
        DEFINE SCHEMA

            RECORD TYPE CD_Expense (
                CD_amount          DOUBLE,
                CD_comment         STRING,
                CD_comment_ckAsset ASSET,
                CD_entityName      STRING,
                CD_priority        INT64,
                CD_receipt         STRING,
                CD_receipt_ckAsset ASSET,
                CD_scores          BYTES,
                CD_scores_ckAsset  ASSET,
                CD_spentOn         TIMESTAMP,
                CD_status          STRING,
                CD_tags            BYTES,
                CD_tags_ckAsset    ASSET,
                CD_title           STRING,
                CD_title_ckAsset   ASSET,
                "___createTime"    TIMESTAMP,
                "___createdBy"     REFERENCE,
                "___etag"          STRING,
                "___modTime"       TIMESTAMP,
                "___modifiedBy"    REFERENCE,
                "___recordID"      REFERENCE,
                GRANT WRITE TO "_creator",
                GRANT CREATE TO "_icloud",
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

    @Test func aModelDeclaredTwiceOutsideVersionedSchemasIsStillADuplicate() {
        let source = """
            @Model final class Trip { var name: String = "" }
            enum Legacy { @Model final class Trip { var name: String = "" } }
            """
        #expect(findings(source, file: "Models.swift") == ["NAME_DUPLICATE 2:34-2:38"])
    }

    /// A Codable struct, a dictionary, a Set or a `.transformable` value is stored encoded (CloudKit:
    /// `CD_x BYTES` + `CD_x_ckAsset`); CloudSchema has no type for it, so the warning says what is
    /// left out and what to write instead.
    @Test func aCodableValueIsOneWarningThatSaysWhatCoreDataStores() {
        let source = """
            @Model final class Trip {
                var address: Address?
                var counts: [String: Int] = [:]
                var ids: Set<String> = []
                @Attribute(.transformable(by: "ColourTransformer")) var colour: Colour?
                var name: String = ""
            }
            struct Address: Codable { var city: String }
            """
        let loaded = load(source, file: "Models.swift")
        #expect(
            loaded.diagnostics.map(\.compact) == [
                "SWIFT_UNREADABLE 2:18-2:25", "SWIFT_UNREADABLE 3:17-3:30", "SWIFT_UNREADABLE 4:14-4:25",
                "SWIFT_UNREADABLE 5:16-5:55",
            ])
        #expect(
            loaded.diagnostics.first?.message == """
                property 'address' is not checked: 'Address' is not a type CloudSchema models (String, Int, Int64, \
                Double, Bool, Date, Data, UUID, URL, Decimal, a String or Int enum, another @Model, or an array of them). \
                If it is a Codable value, SwiftData stores it encoded and CloudKit gets CD_address BYTES (and \
                CD_address_ckAsset ASSET), which lint, export and diff leave out; to have it checked, store the value as \
                'Data' you encode yourself
                """)
        #expect(loaded.diagnostics[1].message.contains("CD_counts BYTES (and CD_counts_ckAsset ASSET)"))
        #expect(loaded.diagnostics[2].message.contains("CD_ids BYTES (and CD_ids_ckAsset ASSET)"))
        #expect(
            loaded.diagnostics[3].message == """
                property 'colour' is not checked: a .transformable value is stored as bytes (CloudKit: CD_<name> BYTES \
                and CD_<name>_ckAsset ASSET), which lint, export and diff leave out; to have it checked, store it as \
                'Data' you encode yourself
                """)
        #expect(loaded.schema.models.map { $0.properties.map(\.name) } == [["name"]])
    }
}
