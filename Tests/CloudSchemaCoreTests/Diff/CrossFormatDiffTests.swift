import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// The deployed side is usually a production export (`cktool export-schema`). Comparing
/// with the `.ckdb` export of the deployed `.cloudschema` must give the same verdict and
/// the same rules as comparing with the `.cloudschema` itself, for everything `.ckdb`
/// can state.
@Suite("Diff across formats")
struct CrossFormatDiffTests {
    /// `before` exported to `.ckdb` (as `cloudschema export` writes it) and read back.
    static func exported(_ before: String) -> LoadedSchema {
        let schema = SchemaLoader.load(sources: [("deployed.cloudschema", before)]).schema
        let loaded = SchemaLoader.load(sources: [("deployed.ckdb", CKDBExporter.export(schema))])
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
        return loaded
    }

    /// The rules that fired (an enum's raw type change is reported on the enum and its
    /// fields natively, on the fields alone against `.ckdb`).
    static func ids(_ diff: SchemaDiff) -> Set<String> { Set(diff.changes.compactMap(\.rule?.id.rawValue)) }

    /// Safe changes `.ckdb` cannot state (deprecations, Swift renames, enum cases) leave
    /// nothing to report against an export, so "safe" and "unchanged" are one verdict here.
    static func verdict(_ diff: SchemaDiff) -> SchemaDiff.Verdict { diff.verdict == .unchanged ? .safe : diff.verdict }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var before: String
        var after: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "record type removed", before: "record Plant { name: String }\nrecord Compost { kg: Double? }",
            after: "record Plant { name: String }"),
        Case(
            name: "record type @name changed", before: "record Plant { name: String }",
            after: #"record Plant @name("Plant2") { name: String }"#),
        Case(
            name: "field removed", before: "record Plant {\n name: String\n colour: String?\n}", after: "record Plant {\n name: String\n}"),
        Case(
            name: "field retyped", before: "record Plant {\n height: Int64?\n tags: [String]?\n}",
            after: "record Plant {\n height: Double?\n tags: [Int64]?\n}"),
        Case(
            name: "enum raw type changed",
            before: "record Plant { status: Status? }\nenum Status: String { growing }",
            after: "record Plant { status: Status? }\nenum Status: Int64 { growing = 0 }"),
        Case(
            name: "encryption switched", before: "record Plant {\n notes: String?\n diary: String? @encrypted\n}",
            after: "record Plant {\n notes: String? @encrypted\n diary: String?\n}"),
        Case(
            name: "new required field", before: "record Plant { name: String }", after: "record Plant {\n name: String\n height: Double\n}"),
        Case(name: "suspected rename", before: "record Plant {\n colour: String?\n}", after: "record Plant {\n color: String?\n}"),
        Case(
            name: "index removed", before: "record Plant {\n name: String @queryable @sortable\n}",
            after: "record Plant {\n name: String @queryable\n}"),
        Case(
            name: "public grant withdrawn", before: "record Tip in public {\n text: String\n grant read, write to world\n}",
            after: "record Tip in public {\n text: String\n grant read to world\n}"),
        Case(
            name: "model removed", before: "model Harvest { crop: String = \"\" }\nmodel Bed { name: String = \"\" }",
            after: "model Bed { name: String = \"\" }"),
        Case(
            name: "model attribute removed", before: "model Harvest {\n crop: String = \"\"\n grams: Double = 0\n}",
            after: "model Harvest {\n crop: String = \"\"\n}"),
        Case(
            name: "model attribute retyped", before: "model Harvest {\n grams: Double = 0\n}",
            after: "model Harvest {\n grams: String = \"\"\n}"),
        Case(
            name: "new required model attribute", before: "model Harvest { crop: String = \"\" }",
            after: "model Harvest {\n crop: String = \"\"\n grams: Double\n}"),
        // Safe edits.
        Case(
            name: "record type added", before: "record Plant { name: String }",
            after: "record Plant { name: String }\nrecord Seed { variety: String }"),
        Case(
            name: "optional and defaulted fields added", before: "record Plant { name: String }",
            after: "record Plant {\n name: String\n height: Double?\n sunHours: Int64 = 6\n}"),
        Case(
            name: "index added", before: "record Plant {\n name: String\n}",
            after: "record Plant {\n name: String @queryable @searchable\n}"),
        Case(
            name: "enum case added", before: "record Plant { status: Status? }\nenum Status: String { growing }",
            after: "record Plant { status: Status? }\nenum Status: String { growing, dead }"),
        Case(
            name: "field deprecated", before: "record Plant {\n colour: String?\n}",
            after: "record Plant {\n colour: String? @deprecated(\"use tags\")\n}"),
        Case(
            name: "Swift rename keeping the key", before: "record Plant {\n colour: String?\n}",
            after: "record Plant {\n color: String? @name(\"colour\")\n}"),
        Case(
            name: "model attribute added", before: "model Harvest { crop: String = \"\" }",
            after: "model Harvest {\n crop: String = \"\"\n grams: Double?\n}"),
        Case(name: "examples unchanged", before: "record Plant { name: String }", after: "record Plant { name: String }"),
    ]

    @Test(arguments: cases)
    func sameVerdictAgainstTheExport(_ example: Case) {
        let current = SchemaLoader.load(sources: [("current.cloudschema", example.after)])
        let deployed = SchemaLoader.load(sources: [("deployed.cloudschema", example.before)])
        let native = SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
        let crossed = SchemaComparison.compare(deployed: Self.exported(example.before).schema, current: current.schema)
        #expect(Self.verdict(crossed) == Self.verdict(native))
        #expect(Self.ids(crossed) == Self.ids(native))
    }

    @Test func theExamplesMatchTheirOwnExports() throws {
        for name in ["Garden/Garden", "Notes/Notes", "Catalogue/Catalogue"] {
            let text = try String(contentsOfFile: examplePath(name), encoding: .utf8)
            let current = SchemaLoader.load(sources: [("\(name).cloudschema", text)])
            let diff = SchemaComparison.compare(deployed: Self.exported(text).schema, current: current.schema)
            #expect(diff.changes.isEmpty, "\(name): \(diff.changes.map(\.message))")
        }
    }

    /// `.ckdb` has no optionality, enums, zones, placements, reference targets or Swift
    /// types: these rules need a `.cloudschema` (or git) deployed side, and against an
    /// export they cannot fire. Listed so the limitation is explicit.
    @Test func rulesAnExportCannotShow() {
        let blind: [(String, String)] = [
            ("record Plant {\n height: Double?\n}", "record Plant {\n height: Double\n}"),  // made required
            ("enum S: String { a, b }\nrecord P { s: S? }", "enum S: String { a }\nrecord P { s: S? }"),  // case removed
            ("enum S: String { a }\nrecord P { s: S? }", "enum S: String { a = \"x\" }\nrecord P { s: S? }"),  // raw value
            ("zone Z\nrecord P in Z { n: String }", "zone Z\nrecord P in public { n: String }"),  // moved
            (
                "record A { n: String }\nrecord B { n: String }\nrecord P { r: Reference<A>? }",
                "record A { n: String }\nrecord B { n: String }\nrecord P { r: Reference<B>? }"
            ),  // target
            ("keyvalue K { a: Double = 1 }", "keyvalue K { a: String = \"\" }"),  // key-value type
            ("record P { n: Int64? }", "record P { n: Bool? }"),  // narrowed within INT64
        ]
        for (before, after) in blind {
            let current = SchemaLoader.load(sources: [("current.cloudschema", after)]).schema
            let native = SchemaComparison.compare(
                deployed: SchemaLoader.load(sources: [("d.cloudschema", before)]).schema, current: current)
            let crossed = SchemaComparison.compare(deployed: Self.exported(before).schema, current: current)
            #expect(native.changes.contains { $0.isFlagged }, "\(after)")
            #expect(!crossed.changes.contains { $0.isFlagged }, "\(after)")
        }
    }

    /// ...and the diff says so: each kind of change it could not check, among what the
    /// schemas declare.
    @Test func anExportBaselineListsWhatItCouldNotCheck() {
        let before = "record Plant { name: String }"
        let current = SchemaLoader.load(sources: [("current.cloudschema", before)]).schema
        let crossed = SchemaComparison.compare(deployed: Self.exported(before).schema, current: current)
        #expect(crossed.changes.isEmpty)
        #expect(crossed.unchecked == [.zonesAndDatabases, .optionality, .swiftTypes, .referenceTargets])
        let native = SchemaComparison.compare(deployed: SchemaLoader.load(sources: [("d.cloudschema", before)]).schema, current: current)
        #expect(native.unchecked.isEmpty)
        // Enums, models, key-value stores and subscriptions are listed once either side declares them.
        let full = SchemaLoader.load(sources: [
            (
                "current.cloudschema",
                "record Plant { name: String }\nenum S: String { a }\nmodel M { n: String = \"\" }\nkeyvalue K { k: Bool = false }\nsubscription P on Plant"
            )
        ]).schema
        #expect(SchemaComparison.compare(deployed: Self.exported(before).schema, current: full).unchecked == SchemaDiff.Unchecked.allCases)
    }

    @Test func numberPreferenceBetweenTwoExports() {
        let before = """
            DEFINE SCHEMA
                RECORD TYPE Reading (
                    value NUMBER PREFERRED AS INT64,
                    raw   NUMBER
                );
            """
        let after = """
            DEFINE SCHEMA
                RECORD TYPE Reading (
                    value NUMBER PREFERRED AS DOUBLE,
                    raw   NUMBER PREFERRED AS DOUBLE
                );
            """
        let diff = SchemaComparison.compare(
            deployed: SchemaLoader.load(sources: [("prod.ckdb", before)]).schema,
            current: SchemaLoader.load(sources: [("dev.ckdb", after)]).schema)
        // Assigning a preference to a plain NUMBER is allowed; changing one is not.
        #expect(diff.changes.map(\.finding) == ["NUMBER_PREFERRED_CHANGED 3:15", "fieldNumberPreferenceChanged 4:15"])
    }

    @Test func aProductionExportsSystemTypesAndFieldsAreNotRemovals() {
        let production = """
            DEFINE SCHEMA

                RECORD TYPE CD_Harvest (
                    CD_crop          STRING QUERYABLE SEARCHABLE SORTABLE,
                    CD_crop_ckAsset  ASSET,
                    CD_entityName    STRING QUERYABLE SEARCHABLE SORTABLE,
                    CD_moveReceipt   BYTES,
                    "___createTime"  TIMESTAMP,
                    "___createdBy"   REFERENCE,
                    "___etag"        STRING,
                    "___modTime"     TIMESTAMP,
                    "___modifiedBy"  REFERENCE,
                    "___recordID"    REFERENCE QUERYABLE,
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
        let deployed = SchemaLoader.load(sources: [("production.ckdb", production)])
        #expect(!deployed.diagnostics.hasErrors, "\(deployed.diagnostics.map(\.message))")
        let same = SchemaLoader.load(sources: [("current.cloudschema", "model Harvest { crop: String = \"\" }")])
        #expect(SchemaComparison.compare(deployed: deployed.schema, current: same.schema).changes.isEmpty)
        // Dropping the attribute is caught on the mirrored record type, as a model rule.
        let dropped = SchemaLoader.load(sources: [("current.cloudschema", "model Harvest { weight: Double? }")])
        let diff = SchemaComparison.compare(deployed: deployed.schema, current: dropped.schema)
        #expect(diff.changes.map(\.finding) == ["MODEL_ATTRIBUTE_NO_DELETE 1:7", "modelAttributeAdded 1:17"])
        #expect(diff.breaking[0].subject == .modelAttribute(model: "Harvest", attribute: "crop"))
    }
}
