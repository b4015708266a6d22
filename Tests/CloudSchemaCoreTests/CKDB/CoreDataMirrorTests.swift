import Testing

@testable import CloudSchemaCore

@Suite("Core Data mirroring")
struct CoreDataMirrorTests {
    static let source = """
        model Harvest {
            crop: String = ""
            weightGrams: Double = 0
            count: Int = 0
            ripe: Bool = false
            pickedOn: Date = now
            id: UUID? 
            link: URL?
            photo: Data? @externalStorage
            scratch: String? @transient
            bed: GardenBed? @inverse(harvests)
        }

        model GardenBed {
            name: String = ""
            harvests: [Harvest]? @deleteRule(cascade)
        }

        model Tag {
            label: String = ""
            beds: [Note]? @inverse(tags)
        }

        model Note {
            tags: [Tag]? @inverse(beds)
        }
        """

    @Test("a model becomes CD_<Model> with CD_ fields, _ckAsset companions and record-name relationships")
    func mirror() throws {
        let loaded = SchemaLoader.load(sources: [("Models.cloudschema", Self.source)])
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
        let types = CoreDataMirror.recordTypes(for: loaded.schema)
        #expect(types.map(\.name) == ["CD_Harvest", "CD_GardenBed", "CD_Tag", "CD_Note", "CDMR"])
        let harvest = try #require(types.first)
        #expect(harvest.placement == .zone("com.apple.coredata.cloudkit.zone"))
        let fields = harvest.fields.map { "\($0.key) \($0.type.cloudKitType)" }
        #expect(
            fields == [
                "CD_entityName STRING", "CD_crop STRING", "CD_crop_ckAsset ASSET", "CD_weightGrams DOUBLE", "CD_count INT64",
                "CD_ripe INT64", "CD_pickedOn TIMESTAMP", "CD_id STRING", "CD_link STRING", "CD_link_ckAsset ASSET",
                "CD_photo BYTES", "CD_photo_ckAsset ASSET", "CD_bed STRING",
            ])
        // The to-many side of a one-to-many stores nothing.
        #expect(types[1].fields.map(\.key) == ["CD_entityName", "CD_name", "CD_name_ckAsset"])
        #expect(types[4].fields.map(\.key) == ["CD_entityNames", "CD_recordNames", "CD_relationships"])

        let exported = CKDBExporter.export(loaded.schema)
        #expect(
            exported.contains(
                """
                    RECORD TYPE CD_GardenBed (
                        CD_entityName   STRING,
                        CD_name         STRING,
                        CD_name_ckAsset ASSET,
                        "___createTime" TIMESTAMP,
                        "___createdBy"  REFERENCE,
                        "___etag"       STRING,
                        "___modTime"    TIMESTAMP,
                        "___modifiedBy" REFERENCE,
                        "___recordID"   REFERENCE,
                        GRANT WRITE TO "_creator",
                        GRANT CREATE TO "_icloud",
                        GRANT READ TO "_world"
                    );

                """))
        let (reparsed, diagnostics) = CKDBParser.parse(exported, file: "mirror.ckdb")
        #expect(!diagnostics.hasErrors)
        #expect(reparsed.recordTypes.map(\.name) == ["CDMR", "CD_GardenBed", "CD_Harvest", "CD_Note", "CD_Tag", "Users"])
    }

    /// CDMR, where Core Data keeps many-to-many relationships, is a mirror type like the CD_ ones:
    /// in Core Data's zone, reported as such, linted as nothing of the developer's, imported with a
    /// comment saying so, and exported back as it was.
    @Test("a .ckdb CDMR is Core Data's many-to-many record type")
    func manyToManyRecordType() throws {
        let export = """
            DEFINE SCHEMA

                RECORD TYPE CDMR (
                    CD_entityNames   STRING,
                    CD_recordNames   STRING,
                    CD_relationships STRING,
                    "___createTime"  TIMESTAMP,
                    "___createdBy"   REFERENCE,
                    "___etag"        STRING,
                    "___modTime"     TIMESTAMP,
                    "___modifiedBy"  REFERENCE,
                    "___recordID"    REFERENCE,
                    GRANT WRITE TO "_creator",
                    GRANT CREATE TO "_icloud",
                    GRANT READ TO "_world"
                );

            """
        let parsed = CKDBParser.parseFile(Array(export.utf8), file: "schema.ckdb")
        #expect(
            parsed.diagnostics.map { "\($0.id) \($0.range!.start.line):\($0.range!.start.column) \($0.message)" } == [
                "CKDB_CORE_DATA_MIRROR 3:17 record type 'CDMR' holds Core Data / SwiftData many-to-many relationships; NSPersistentCloudKitContainer creates and manages it"
            ])
        let record = try #require(parsed.schema.recordTypes.first)
        #expect(record.isCoreDataMirror && record.placement == .zone(CoreDataMirror.zoneName))
        #expect(describe(lintFindings(export, file: "schema.ckdb")) == ["3:17-3:21 info CKDB_CORE_DATA_MIRROR"])

        let imported = CKDBImporter.importSchema(parsed)
        #expect(
            imported.contains(
                """
                // Core Data / SwiftData many-to-many relationships: NSPersistentCloudKitContainer creates and manages this record type.
                record CDMR {
                    CD_entityNames: String?
                """))
        #expect(
            CKDBExporter.export(SchemaLoader.load(sources: [("Imported.cloudschema", imported)]).schema)
                == CKDBExporter.export(parsed.schema))
    }
}
