import Foundation
import Testing

@testable import CloudSchemaCore

/// Every construct of language.md, read into the `Schema` model.
struct LanguageTests {
    @Test(arguments: exampleSchemaFolders)
    func exampleSchemasResolveWithNoFindings(_ name: String) {
        let loaded = loadExample(name)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.compact))")
        #expect(!loaded.schema.recordTypes.isEmpty || !loaded.schema.models.isEmpty)
    }

    @Test func theGardenExampleReadsAsWritten() throws {
        let schema = loadExample("Garden").schema
        #expect(schema.container?.identifier == "iCloud.app.gardenlog")
        #expect(schema.roles.map(\.name) == ["Moderator"])
        #expect(schema.zones.map(\.name) == ["GardenBeds"])
        #expect(schema.zones[0].doc == "Beds and plants live in a custom zone of the private database.")

        let bed = try #require(schema.recordType(named: "Bed"))
        #expect(bed.placement == .zone("GardenBeds"))
        #expect(bed.isShareable)
        #expect(bed.doc == "A raised bed; sharing a bed shares its plants (they name it as @parent).")
        #expect(bed.fields.map(\.name) == ["name", "sunHours", "location", "cover", "tags"])
        let name = try #require(bed.field(named: "name"))
        #expect(name.type == .string && !name.isOptional && name.indexes == [.queryable, .sortable, .searchable])
        #expect(bed.field(named: "sunHours")?.defaultValue == .int(6))
        #expect(bed.field(named: "location")?.type == .location)
        #expect(bed.field(named: "location")?.isOptional == true)
        #expect(bed.field(named: "cover")?.type == .asset)
        let tags = try #require(bed.field(named: "tags"))
        #expect(tags.type == .list(.string) && tags.defaultValue == .list([]) && tags.merge == .union)

        let plant = try #require(schema.recordType(named: "Plant"))
        let bedReference = try #require(plant.field(named: "bed"))
        #expect(bedReference.type == .reference(target: "Bed"))
        #expect(bedReference.isParent && bedReference.referenceAction == .deleteSelf)
        #expect(plant.field(named: "notes")?.isEncrypted == true)
        #expect(plant.field(named: "status")?.type == .enumeration("PlantStatus", rawType: .string))
        #expect(plant.field(named: "status")?.defaultValue == .enumCase("growing"))
        #expect(plant.field(named: "legacyColour")?.deprecation == Deprecation(message: "use tags"))
        #expect(plant.field(named: "plantedOn")?.indexes == [.sortable])

        let status = try #require(schema.enumType(named: "PlantStatus"))
        #expect(status.rawType == .string)
        #expect(status.cases.map(\.rawValue) == [.string("growing"), .string("done"), .string("dead")])

        let species = try #require(schema.recordType(named: "Species"))
        #expect(species.placement == .publicDatabase)
        #expect(
            species.grants.map { "\($0.permissions.names.joined(separator: ",")) \($0.grantee.schemaName)" } == [
                "read world", "create icloud", "write creator", "read,create,write Moderator",
            ])

        let harvest = try #require(schema.model(named: "Harvest"))
        #expect(harvest.properties.map(\.name) == ["crop", "weightGrams", "pickedOn", "photo", "bed"])
        #expect(harvest.property(named: "pickedOn")?.defaultValue == .now)
        #expect(harvest.property(named: "photo")?.isExternalStorage == true)
        let gardenBed = try #require(harvest.property(named: "bed"))
        #expect(gardenBed.type == .model("GardenBed") && gardenBed.isOptional)
        #expect(gardenBed.inverse == "harvests" && gardenBed.deleteRule == .nullify)
        #expect(schema.model(named: "GardenBed")?.property(named: "harvests")?.isToMany == true)

        let preferences = try #require(schema.keyValueStores.first)
        #expect(preferences.name == "Preferences")
        #expect(preferences.keys.map(\.defaultValue) == [.string("celsius"), .bool(true)])
    }

    @Test func backtickNamesAndStringEscapes() throws {
        let loaded = load(
            #"""
            record `class` @name("Class") {
                `default`: String = "quote \" backslash \\ tab \t newline \n emoji \u{1F331} interpolation \\(x)"
                `record`: Int64 = -7
                ratio: Double = 1e3
                half: Double = 3.5
            }
            """#)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.compact))")
        let record = try #require(loaded.schema.recordTypes.first)
        #expect(record.name == "class" && record.cloudKitName == "Class")
        #expect(
            record.fields[0].defaultValue
                == .string("quote \" backslash \\ tab \t newline \n emoji 🌱 interpolation \\(x)"))
        #expect(record.fields[1].name == "record" && record.fields[1].defaultValue == .int(-7))
        #expect(record.fields[2].defaultValue == .double(1000))
        #expect(record.fields[3].defaultValue == .double(3.5))
    }

    @Test func enumsWithInt64RawValuesAndSeparators() throws {
        let loaded = load("enum Priority: Int64 { low = 0, normal = 1; high = 2 }\nenum Mood { happy, sad }\n")
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.schema.enums[0].cases.map(\.rawValue) == [.int64(0), .int64(1), .int64(2)])
        #expect(loaded.schema.enums[1].rawType == .string)
    }

    @Test func docCommentsAttachToTheNextDeclarationOrMember() throws {
        let loaded = load(
            """
            /// Not attached: a blank line follows.

            /// A bed.
            /// Second line.
            record Bed {
                /// The name.
                name: String
                // A plain comment is not documentation.
                size: Int64 = 1
            }
            """)
        let bed = try #require(loaded.schema.recordTypes.first)
        #expect(bed.doc == "A bed.\nSecond line.")
        #expect(bed.fields.map(\.doc) == ["The name.", nil])
        #expect(loaded.files[0].comments.map(\.kind) == [.doc, .doc, .doc, .doc, .line])
    }

    @Test func theSyntaxTreeKeepsExactRangesAndComments() throws {
        let (syntax, diagnostics) = Parser.parse("record A { // trailing\n    x: String @queryable\n}\n", file: "a")
        #expect(diagnostics.isEmpty)
        guard case .record(let record) = syntax.declarations.first else {
            Issue.record("expected a record")
            return
        }
        let field = try #require(record.fields.first)
        #expect(field.range.start.line == 2 && field.range.start.column == 5)
        #expect(field.range.end.column == 25)
        #expect(field.attributes.first?.range.start.column == 15)
        #expect(syntax.comments.first?.isTrailing == true)
        #expect(syntax.comments.first?.text == "// trailing")
    }

    @Test func placementDefaultsToThePrivateDatabasesDefaultZone() {
        let schema = load("record A {\n    x: String\n}\nrecord B in private {\n    x: String\n}\n").schema
        #expect(schema.recordTypes.map(\.placement) == [.privateDefaultZone, .privateDefaultZone])
    }

    @Test func cloudKitTypesOfEveryFieldType() {
        let expected: [(FieldType, String)] = [
            (.string, "STRING"), (.int64, "INT64"), (.int, "INT64"), (.double, "DOUBLE"), (.bool, "INT64"),
            (.date, "TIMESTAMP"), (.data, "BYTES"), (.uuid, "STRING"), (.url, "STRING"), (.asset, "ASSET"),
            (.location, "LOCATION"), (.reference(target: "A"), "REFERENCE"), (.reference(target: nil), "REFERENCE"),
            (.enumeration("E", rawType: .int64), "INT64"), (.list(.string), "LIST<STRING>"),
            (.number(preferred: nil), "NUMBER"), (.number(preferred: .int64), "NUMBER PREFERRED AS INT64"),
        ]
        for (type, ckdb) in expected {
            #expect(type.cloudKitType.description == ckdb)
        }
    }

    /// `Number` is .ckdb's NUMBER in record fields, but an enum a schema declares as `Number`
    /// (before the type existed) keeps its meaning.
    @Test func numberTypesAndADeclaredNumber() {
        let loaded = load("record A {\n    a: Number?\n    b: Number<Int64>?\n    c: [Number<Double>]?\n}\n")
        #expect(loaded.diagnostics.isEmpty)
        #expect(
            loaded.schema.recordTypes[0].fields.map(\.type) == [
                .number(preferred: nil), .number(preferred: .int64), .list(.number(preferred: .double)),
            ])
        let declared = load("enum Number: String {\n    case one\n}\nrecord A {\n    a: Number?\n}\n").schema
        #expect(declared.recordTypes[0].fields[0].type == .enumeration("Number", rawType: .string))
    }

    @Test func equalityIgnoresSourceLocations() {
        let a = load("record A {\n    x: String\n}\n").schema
        let b = load("\n\n   record A {   x: String   }\n", file: "elsewhere.cloudschema").schema
        #expect(a == b)
    }

    /// Not a timing: a large schema resolves, and every record keeps its fields. The
    /// benchmark target measures throughput.
    @Test func aThousandRecordTypesResolve() {
        var text = "zone Z\n"
        for i in 0..<1000 {
            text += "record R\(i) in Z {\n    name: String @queryable\n    count: Int64 = \(i)\n"
            text += "    next: Reference<R\((i + 1) % 1000)>?\n    tags: [String] = []\n}\n"
        }
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.schema.recordTypes.count == 1000)
        #expect(loaded.schema.recordTypes.allSatisfy { $0.fields.count == 4 })
    }
}
