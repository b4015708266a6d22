import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// One test per breaking-change rule: a deployed schema (before), the current one
/// (after), and the findings with their exact place in the current schema; then the
/// nearest safe edit, which must not trigger it.
@Suite("Breaking-change rules")
struct BreakingRuleTests {
    // MARK: RECORD_TYPE_NO_DELETE

    @Test func removingARecordTypeIsBreaking() {
        let before = """
            record Plant { name: String }
            record Compost { weight: Double? }
            """
        let after = """
            record Plant { name: String }
            """
        // Nothing in the current schema to point at: the deployed place is given instead.
        #expect(findings(before, after) == ["RECORD_TYPE_NO_DELETE (deployed 2:8)"])
    }

    @Test func changingARecordTypesCloudKitNameIsARemoval() {
        let before = "record Plant { name: String }"
        let after = #"record Plant @name("Plant2") { name: String }"#
        #expect(findings(before, after) == ["RECORD_TYPE_NO_DELETE 1:14"])
        let change = compare(before, after).breaking[0]
        #expect(change.fix == #"Keep the deployed CloudKit name: @name("Plant") on 'Plant'."#)
    }

    @Test func deprecatingOrRenamingARecordTypeInSwiftIsSafe() {
        #expect(
            safeKinds(
                "record Plant { name: String }",
                #"record Plant @deprecated("use Crop") { name: String }"#) == [.recordTypeDeprecated])
        #expect(
            safeKinds(
                "record Plant { name: String }",
                #"record Crop @name("Plant") { name: String }"#) == [.recordTypeRenamedInSwift])
    }

    @Test func addingARecordTypeIsSafe() {
        #expect(
            safeKinds(
                "record Plant { name: String }",
                """
                record Plant { name: String }
                record Seed { variety: String }
                """) == [.recordTypeAdded])
    }

    // MARK: FIELD_NO_DELETE

    @Test func removingAFieldIsBreaking() {
        let before = """
            record Plant {
                name: String
                colour: String?
            }
            """
        let after = """
            record Plant {
                name: String
            }
            """
        // Pointed at the record type that lost it; the deployed field is a note.
        #expect(findings(before, after) == ["FIELD_NO_DELETE 1:8"])
        let change = compare(before, after).breaking[0]
        #expect(change.subject == .field(recordType: "Plant", key: "colour"))
        #expect(change.deployedLocation?.start.line == 3)
        #expect(change.fix?.contains("Keep `colour: String?` in 'Plant'") == true)
    }

    @Test func removingADeprecatedFieldIsStillARemoval() {
        let before = """
            record Plant {
                colour: String? @deprecated
            }
            """
        #expect(findings(before, "record Plant {}") == ["FIELD_NO_DELETE 1:8"])
    }

    @Test func deprecatingAFieldIsNotARemoval() {
        let before = """
            record Plant {
                colour: String?
            }
            """
        let after = """
            record Plant {
                colour: String? @deprecated("use tags")
            }
            """
        #expect(safeKinds(before, after) == [.fieldDeprecated])
    }

    // MARK: FIELD_SAME_TYPE

    @Test func changingAFieldsCloudKitTypeIsBreaking() {
        let before = """
            record Plant {
                height: Int64?
                tags: [String]?
            }
            """
        let after = """
            record Plant {
                height: Double?
                tags: [Int64]?
            }
            """
        #expect(findings(before, after) == ["FIELD_SAME_TYPE 2:13", "FIELD_SAME_TYPE 3:11"])
    }

    @Test func changingAnEnumsRawTypeChangesItsFieldsTypes() {
        let before = """
            record Plant { status: Status? }
            enum Status: String { growing, done }
            """
        let after = """
            record Plant { status: Status? }
            enum Status: Int64 { growing = 0; done = 1 }
            """
        // The enum's raw type, and every field that stores it.
        #expect(findings(before, after) == ["FIELD_SAME_TYPE 1:24", "FIELD_SAME_TYPE 2:14"])
    }

    @Test func intAndInt64AreOneType() {
        #expect(safeKinds("record Plant { count: Int? }", "record Plant { count: Int64? }").isEmpty)
        #expect(safeKinds("record Plant { count: [Int64]? }", "record Plant { count: [Int]? }").isEmpty)
    }

    // MARK: FIELD_TYPE_NARROWED

    /// Enums for the type pairs below.
    static let enums = """
        enum Status: String { growing, done }
        enum Level: Int64 { low = 0; high = 1 }
        """

    /// `value: before?` deployed, `value: after?` now, beside `enums`.
    static func retyped(_ before: String, _ after: String) -> (String, String) {
        ("record Plant {\n    value: \(before)?\n}\n\(enums)", "record Plant {\n    value: \(after)?\n}\n\(enums)")
    }

    /// Each pair shares a CloudKit type (INT64 or STRING), but the new type cannot read
    /// every value stored as the old one.
    @Test(arguments: [
        ("Int64", "Bool"), ("String", "UUID"), ("String", "URL"), ("String", "Status"), ("Int64", "Level"),
        ("[Int64]", "[Bool]"), ("[String]", "[UUID]"), ("[String]", "[URL]"), ("[String]", "[Status]"),
        ("[Int64]", "[Level]"), ("URL", "UUID"), ("Status", "URL"),
    ])
    func narrowingATypeWithinItsCloudKitTypeIsBreaking(_ before: String, _ after: String) {
        let (deployed, current) = Self.retyped(before, after)
        #expect(findings(deployed, current) == ["FIELD_TYPE_NARROWED 2:12"])
    }

    /// The other direction reads every stored value: a safe type change.
    @Test(arguments: [
        ("Bool", "Int64"), ("UUID", "String"), ("URL", "String"), ("Status", "String"), ("Level", "Int64"),
        ("Level", "Int"), ("[Bool]", "[Int64]"), ("[UUID]", "[String]"), ("[Status]", "[String]"),
        ("[Level]", "[Int64]"), ("UUID", "URL"), ("Level", "Bool"),
    ])
    func wideningATypeWithinItsCloudKitTypeIsSafe(_ before: String, _ after: String) {
        let (deployed, current) = Self.retyped(before, after)
        #expect(safeKinds(deployed, current) == [.fieldTypeChanged])
    }

    @Test func theMessageSaysWhichStoredValuesAreMisread() {
        let change = compare("record Plant { count: Int64? }", "record Plant { count: Bool? }").breaking[0]
        #expect(change.kind == .fieldTypeChanged && change.before == "Int64" && change.after == "Bool")
        #expect(
            change.message
                == "field 'Plant.count' changed type from Int64 to Bool (both INT64 in CloudKit), but a Bool reads every number but 0 as true and writes it back as 1"
        )
        #expect(
            change.fix
                == "Keep `count: Int64?`; add a new field of type Bool (marking 'count' @deprecated) and copy the values that convert in app code."
        )
        let (deployed, current) = Self.retyped("String", "UUID")
        #expect(compare(deployed, current).breaking[0].message.hasSuffix("but stored strings that are not UUIDs fail to decode"))
        let (text, status) = Self.retyped("String", "Status")
        #expect(compare(text, status).breaking[0].message.hasSuffix("but stored values other than its raw values match none of its cases"))
    }

    @Test func olderAppVersionsStillReadTheNarrowerType() {
        func older(_ before: String, _ after: String) -> String? {
            let (deployed, current) = Self.retyped(before, after)
            return compare(deployed, current).changes.first?.olderVersions
        }
        #expect(
            older("Bool", "Int64")
                == "older app versions still read it as Bool, and a Bool reads every number but 0 as true and writes it back as 1")
        #expect(
            older("[UUID]", "[String]")
                == "older app versions still read it as [UUID], and stored strings that are not UUIDs fail to decode")
        #expect(
            older("Status", "String")
                == "older app versions still read it as Status, and stored values other than its raw values match none of its cases")
        // A UUID string is also a URL, but not every URL is a UUID.
        #expect(older("UUID", "URL") == "older app versions still read it as UUID, and stored strings that are not UUIDs fail to decode")
    }

    @Test func anotherEnumMustHaveACaseForEveryStoredRawValue() {
        let enums = """
            enum Status: String { growing, done }
            enum Stage: String { growing, done, dead }
            enum Phase: String { growing }
            """
        let before = "record Plant { status: Status? }\n\(enums)"
        #expect(safeKinds(before, "record Plant { status: Stage? }\n\(enums)") == [.fieldTypeChanged])
        let narrowed = compare(before, "record Plant { status: Phase? }\n\(enums)").breaking
        #expect(narrowed.map(\.finding) == ["FIELD_TYPE_NARROWED 1:24"])
        #expect(narrowed[0].message.hasSuffix(#"but stored value "done" matches none of its cases"#))
        // One enum on both sides: its cases are compared on the enum, not on each field.
        #expect(findings(before, "record Plant { status: Status? }\nenum Status: String { growing }") == ["ENUM_CASE_NO_DELETE 2:6"])
    }

    @Test func aBoolFitsAnInt64EnumWithCasesForZeroAndOne() {
        let enums = """
            enum Switch: Int64 { off = 0; on = 1 }
            enum Speed: Int64 { stopped = 0; fast = 5 }
            """
        let before = "record Fan { mode: Bool? }\n\(enums)"
        #expect(safeKinds(before, "record Fan { mode: Switch? }\n\(enums)") == [.fieldTypeChanged])
        let narrowed = compare(before, "record Fan { mode: Speed? }\n\(enums)").breaking
        #expect(
            narrowed.map(\.message) == [
                "field 'Fan.mode' changed type from Bool to Speed (both INT64 in CloudKit), but stored value 1 matches none of its cases"
            ])
    }

    // MARK: FIELD_NO_ENCRYPTION_CHANGE

    @Test func switchingEncryptionOnOrOffIsBreaking() {
        let before = """
            record Plant {
                notes: String?
                diary: String? @encrypted
            }
            """
        let after = """
            record Plant {
                notes: String? @encrypted
                diary: String?
            }
            """
        // At the new @encrypted; at the field whose @encrypted went away.
        #expect(findings(before, after) == ["FIELD_NO_ENCRYPTION_CHANGE 2:20", "FIELD_NO_ENCRYPTION_CHANGE 3:5"])
    }

    @Test func anEncryptedNewFieldIsSafe() {
        #expect(
            safeKinds(
                "record Plant { name: String }",
                """
                record Plant {
                    name: String
                    notes: String? @encrypted
                }
                """) == [.fieldAdded])
    }

    // MARK: FIELD_NEW_REQUIRED

    @Test func aNewRequiredFieldWithoutDefaultIsBreaking() {
        let before = "record Plant { name: String }"
        let after = """
            record Plant {
                name: String
                height: Double
            }
            """
        #expect(findings(before, after) == ["FIELD_NEW_REQUIRED 3:13"])
        // The fix-it makes it optional.
        let fixIt = compare(before, after).breaking[0].fixIts[0]
        #expect(fixIt.edits[0].replacement == "?")
        #expect(fixIt.edits[0].range.start.column == 19)
    }

    @Test func makingAFieldRequiredIsBreaking() {
        let before = """
            record Plant {
                height: Double?
            }
            """
        let after = """
            record Plant {
                height: Double
            }
            """
        #expect(findings(before, after) == ["FIELD_NEW_REQUIRED 2:13"])
    }

    @Test func newOptionalOrDefaultedFieldsAreSafe() {
        let before = "record Plant { name: String }"
        let after = """
            record Plant {
                name: String
                height: Double?
                sunHours: Int64 = 6
                tags: [String] = []
            }
            """
        #expect(safeKinds(before, after) == [.fieldAdded, .fieldAdded, .fieldAdded])
    }

    @Test func aFieldMadeOptionalSaysWhatOlderAppVersionsReadWhereItIsAbsent() {
        let before = """
            record Plant {
                height: Double
                sunHours: Int64 = 6
            }
            """
        let after = """
            record Plant {
                height: Double?
                sunHours: Int64? = 6
            }
            """
        #expect(
            compare(before, after).changes.map(\.olderVersions) == [
                "older app versions still expect a value: records newer versions save without one fail to decode there",
                "older app versions read the default, 6, where newer versions save no value",
            ])
    }

    @Test func newModelsAndAttributesSayWhatOlderAppVersionsSee() {
        let before = #"model Harvest { crop: String = "" }"#
        let after = """
            model Harvest {
                crop: String = ""
                grams: Double = 0
                note: String?
            }
            model Bed { name: String? }
            """
        #expect(
            compare(before, after).changes.map { "\($0.subject.displayName): \($0.olderVersions ?? "")" } == [
                "Harvest.grams: older app versions sync its records without reading it; records they create lack it, and newer versions read the default, 0.0",
                "Harvest.note: older app versions sync its records without reading it; records they create lack it, and newer versions read nil",
                "Bed: older app versions have no such model and don't read its records (CD_Bed)",
            ])
    }

    @Test func requiredFieldsOfANewRecordTypeAreSafe() {
        // No records of a new type exist yet, so nothing lacks the field.
        #expect(
            safeKinds(
                "record Plant { name: String }",
                """
                record Plant { name: String }
                record Seed { variety: String }
                """) == [.recordTypeAdded])
    }

    @Test func optionalityAndDefaultChangesThatKeepDecodingWorkingAreSafe() {
        let before = """
            record Plant {
                height: Double
                sunHours: Int64 = 6
            }
            """
        let after = """
            record Plant {
                height: Double?
                sunHours: Int64 = 8
            }
            """
        #expect(safeKinds(before, after) == [.fieldMadeOptional, .fieldDefaultChanged])
    }

    // MARK: FIELD_RENAME_SUSPECTED

    @Test func aRemovedAndAnAddedFieldOfOneTypeLookLikeARename() {
        let before = """
            record Plant {
                colour: String?
            }
            """
        let after = """
            record Plant {
                color: String?
            }
            """
        // The removal is breaking; the suspected rename is a warning at the new field.
        #expect(findings(before, after) == ["FIELD_NO_DELETE 1:8", "FIELD_RENAME_SUSPECTED 2:5"])
        let rename = compare(before, after).warnings[0]
        #expect(rename.fix == #"Keep the old CloudKit key: `color: String? @name("colour")`."#)
        #expect(rename.fixIts[0].edits[0].replacement == #" @name("colour")"#)
        #expect(rename.fixIts[0].edits[0].range.start.column == 19)
    }

    @Test func renamePairsPreferFieldsWithTheSameIndexes() {
        let before = """
            record Plant {
                colour: String?
                name: String @queryable
            }
            """
        let after = """
            record Plant {
                title: String @queryable
            }
            """
        let rename = compare(before, after).warnings[0]
        #expect(rename.before == "name" && rename.after == "title")
    }

    @Test func renamingASwiftPropertyThatKeepsItsKeyIsSafe() {
        let before = """
            record Plant {
                colour: String?
            }
            """
        let after = """
            record Plant {
                color: String? @name("colour")
            }
            """
        #expect(safeKinds(before, after) == [.fieldRenamedInSwift])
    }

    @Test func changingAKeyWithNameIsARemoval() {
        let before = """
            record Plant {
                color: String? @name("colour")
            }
            """
        let after = """
            record Plant {
                color: String?
            }
            """
        #expect(findings(before, after) == ["FIELD_NO_DELETE 1:8", "FIELD_RENAME_SUSPECTED 2:5"])
    }

    // MARK: INDEX_NO_DELETE

    @Test func removingAnIndexIsAWarning() {
        let before = """
            record Plant {
                name: String @queryable @sortable
            }
            """
        let after = """
            record Plant {
                name: String @queryable
            }
            """
        #expect(findings(before, after) == ["INDEX_NO_DELETE 2:5"])
        #expect(!compare(before, after).isBreaking)
    }

    @Test func addingAnIndexIsSafe() {
        let before = """
            record Plant {
                name: String
            }
            """
        let after = """
            record Plant {
                name: String @queryable @searchable
            }
            """
        #expect(safeKinds(before, after) == [.indexAdded, .indexAdded])
    }

    // MARK: ENUM_CASE_NO_DELETE, ENUM_CASE_SAME_VALUE

    @Test func removingAnEnumCaseIsBreaking() {
        let before = """
            enum Status: String {
                growing
                dead
            }
            """
        let after = """
            enum Status: String {
                growing
            }
            """
        #expect(findings(before, after) == ["ENUM_CASE_NO_DELETE 1:6"])
    }

    @Test func changingAnEnumCasesRawValueIsBreaking() {
        let before = """
            enum Priority: Int64 {
                low = 0
                high = 2
            }
            """
        let after = """
            enum Priority: Int64 {
                low = 0
                high = 3
            }
            """
        #expect(findings(before, after) == ["ENUM_CASE_SAME_VALUE 3:12"])
    }

    @Test func addingACaseOrRenamingOneThatKeepsItsRawValueIsSafe() {
        let before = """
            enum Status: String {
                growing
                harvested
            }
            """
        let after = """
            enum Status: String {
                growing
                done = "harvested"
                composted
            }
            """
        #expect(safeKinds(before, after) == [.enumCaseRenamed, .enumCaseAdded])
    }

    // MARK: REFERENCE_TARGET_CHANGED

    @Test func pointingAReferenceAtAnotherRecordTypeIsAWarning() {
        let before = """
            record Bed { name: String }
            record Pot { name: String }
            record Plant { home: Reference<Bed>? }
            """
        let after = """
            record Bed { name: String }
            record Pot { name: String }
            record Plant { home: Reference<Pot>? }
            """
        #expect(findings(before, after) == ["REFERENCE_TARGET_CHANGED 3:22"])
    }

    @Test func renamingTheTargetInSwiftOnlyIsSafe() {
        let before = """
            record Bed { name: String }
            record Plant { home: Reference<Bed>? }
            """
        let after = """
            record RaisedBed @name("Bed") { name: String }
            record Plant { home: Reference<RaisedBed>? }
            """
        #expect(safeKinds(before, after) == [.recordTypeRenamedInSwift])
    }

    // MARK: RECORD_DATABASE_CHANGED

    @Test func movingARecordTypeBetweenDatabasesOrZonesIsBreaking() {
        let before = """
            zone Beds
            zone Archive
            record Plant in Beds { name: String }
            record Tip { text: String }
            """
        let after = """
            zone Beds
            zone Archive
            record Plant in Archive { name: String }
            record Tip in public { text: String }
            """
        #expect(findings(before, after) == ["RECORD_DATABASE_CHANGED 3:17", "RECORD_DATABASE_CHANGED 4:15"])
    }

    // MARK: NUMBER_PREFERRED_CHANGED (.ckdb only: `.cloudschema` has no NUMBER)

    @Test func changingANumbersPreferredTypeIsBreaking() {
        func schema(_ type: FieldType) -> Schema {
            Schema(recordTypes: [RecordType(name: "Reading", fields: [Field(name: "value", type: type)], format: .ckdb)])
        }
        let changed = SchemaComparison.compare(deployed: schema(.number(preferred: .int64)), current: schema(.number(preferred: .double)))
        #expect(changed.changes.map(\.rule?.id) == ["NUMBER_PREFERRED_CHANGED"])
        // Assigning a preference to a plain NUMBER is what PREFERRED AS is for.
        let assigned = SchemaComparison.compare(deployed: schema(.number(preferred: nil)), current: schema(.number(preferred: .double)))
        #expect(!assigned.isBreaking && assigned.changes.map(\.kind) == [.fieldNumberPreferenceChanged])
    }

    // MARK: MODEL_NO_DELETE, MODEL_ATTRIBUTE_NO_DELETE, MODEL_ATTRIBUTE_SAME_TYPE

    @Test func removingAModelIsBreaking() {
        let before = """
            model Harvest { crop: String = "" }
            model Bed { name: String = "" }
            """
        #expect(findings(before, #"model Bed { name: String = "" }"#) == ["MODEL_NO_DELETE (deployed 1:7)"])
    }

    @Test func removingOrRenamingAModelAttributeIsBreaking() {
        let before = """
            model Harvest {
                crop: String = ""
                grams: Double = 0
            }
            """
        let after = """
            model Harvest {
                cropName: String = "" @name("crop")
            }
            """
        // SwiftData's originalName (@name) renames the local column only: CloudKit
        // mirroring writes CD_cropName, so CD_crop is gone.
        #expect(findings(before, after) == ["MODEL_ATTRIBUTE_NO_DELETE 1:7", "MODEL_ATTRIBUTE_NO_DELETE 1:7"])
        #expect(compare(before, after).breaking[0].message.contains("renames the local column only"))
    }

    @Test func changingAModelAttributesTypeIsBreaking() {
        let before = """
            model Harvest {
                grams: Double = 0
            }
            """
        let after = """
            model Harvest {
                grams: String = ""
            }
            """
        #expect(findings(before, after) == ["MODEL_ATTRIBUTE_SAME_TYPE 2:12"])
    }

    /// SwiftData stores a model's enum encoded, as any Codable value (CD_x BYTES, as a cktool export
    /// shows): an `Int` becoming an `Int` enum changes the CloudKit field from INT64 to BYTES, and one
    /// enum becoming another is no change CloudKit sees.
    @Test func aModelsEnumIsStoredAsACodableValue() {
        let enums = """
            enum Rating: Int64 {
                low = 0
                high = 1
            }
            enum Stars: Int64 {
                one = 1
            }

            """
        let before = enums + "model Harvest {\n    rating: Int64 = 0\n}\n"
        let after = enums + "model Harvest {\n    rating: Rating = .low\n}\n"
        #expect(findings(before, after) == ["MODEL_ATTRIBUTE_SAME_TYPE 9:13"])
        #expect(findings(after, after.replacingOccurrences(of: "rating: Rating = .low", with: "rating: Stars = .one")) == [])
    }

    @Test func addingModelsAndOptionalAttributesIsSafe() {
        let before = """
            model Harvest {
                crop: String = ""
            }
            """
        let after = """
            model Harvest {
                crop: String = "" @deprecated
                weight: Double?
                pickedOn: Date = now
            }
            model Bed { name: String = "" }
            """
        #expect(safeKinds(before, after) == [.modelAttributeDeprecated, .modelAttributeAdded, .modelAttributeAdded, .modelAdded])
    }

    @Test func aNewRequiredModelAttributeIsBreaking() {
        let before = "model Harvest { crop: String = \"\" }"
        let after = """
            model Harvest {
                crop: String = ""
                grams: Double
            }
            """
        #expect(findings(before, after) == ["FIELD_NEW_REQUIRED 3:12"])
    }

    // MARK: KV_KEY_SAME_TYPE

    @Test func changingAKeyValueKeysTypeIsBreaking() {
        let before = """
            keyvalue Settings {
                fontScale: Double = 1
            }
            """
        let after = """
            keyvalue Settings {
                fontScale: String = "large"
            }
            """
        #expect(findings(before, after) == ["KV_KEY_SAME_TYPE 2:16"])
    }

    @Test func addingAKeyValueKeyIsSafe() {
        #expect(
            safeKinds(
                "keyvalue Settings { fontScale: Double = 1 }",
                """
                keyvalue Settings {
                    fontScale: Double = 1
                    showHints: Bool = true
                }
                """) == [.keyValueKeyAdded])
    }

    // MARK: GRANT_NO_DELETE (an addition to rules.md's table)

    @Test func withdrawingAPublicGrantIsAWarning() {
        let before = """
            record Tip in public {
                text: String
                grant read to world
                grant create, write to icloud
            }
            """
        let after = """
            record Tip in public {
                text: String
                grant read to world
                grant create to icloud
            }
            """
        #expect(findings(before, after) == ["GRANT_NO_DELETE 4:5"])
    }

    // MARK: Identity

    @Test func aSchemaComparedWithItselfHasNoChanges() throws {
        for name in ["Garden/Garden", "Notes/Notes", "Catalogue/Catalogue"] {
            let text = try String(contentsOfFile: examplePath(name), encoding: .utf8)
            #expect(compare(text, text).changes.isEmpty, "\(name)")
        }
    }
}

/// `Schemas/<name>.cloudschema` in the package.
func examplePath(_ name: String) -> String {
    let root = String(#filePath).components(separatedBy: "/Tests/")[0]
    return "\(root)/Schemas/\(name).cloudschema"
}
