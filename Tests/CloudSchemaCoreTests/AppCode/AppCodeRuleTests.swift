import Testing

@testable import CloudSchemaCore

/// One app-code rule: Swift with the mistake beside its exact findings, checked against the
/// `.cloudschema` and against the equivalent `.ckdb` (`ckdbExpected` where the two state
/// different facts), and the corrected Swift, clean against both.
struct AppCodeCase: Sendable, CustomTestStringConvertible {
    var rule: String
    var swift: String
    var expected: [String]
    var ckdbExpected: [String]?
    var clean: String

    init(_ rule: String, _ swift: String, _ expected: [String], ckdb: [String]? = nil, clean: String) {
        self.rule = rule
        self.swift = swift
        self.expected = expected
        self.ckdbExpected = ckdb
        self.clean = clean
    }

    var testDescription: String { rule }
}

/// The schema every case is checked against, in both languages.
enum GardenSchema {
    static let cloudschema = """
        zone Garden
        record Plant in Garden {
            name: String @queryable @sortable @searchable
            bed: String @queryable
            count: Int64 @queryable
            height: Double
            planted: Date
            notes: String? @encrypted
        }
        record Bed in Garden {
            title: String @queryable
        }
        """

    /// A whole-schema export: it lists CloudKit's `Users` type, as every `cktool export-schema` file does.
    static let ckdb = """
        DEFINE SCHEMA
            RECORD TYPE Bed (
                "___createTime" TIMESTAMP,
                "___createdBy"  REFERENCE,
                "___etag"       STRING,
                "___modTime"    TIMESTAMP,
                "___modifiedBy" REFERENCE,
                "___recordID"   REFERENCE,
                title           STRING QUERYABLE
            );
            RECORD TYPE Plant (
                "___createTime" TIMESTAMP,
                "___createdBy"  REFERENCE,
                "___etag"       STRING,
                "___modTime"    TIMESTAMP,
                "___modifiedBy" REFERENCE,
                "___recordID"   REFERENCE,
                bed             STRING QUERYABLE,
                count           INT64 QUERYABLE,
                height          DOUBLE,
                name            STRING QUERYABLE SEARCHABLE SORTABLE,
                notes           ENCRYPTED STRING,
                planted         TIMESTAMP
            );
            RECORD TYPE Users (roles LIST<INT64>);
        """

    /// The findings of the app-code rules for `swift` (and more Swift files) against `schema`.
    static func findings(
        _ swift: String, schema: (file: String, text: String)? = ("Garden.cloudschema", cloudschema), more: [(String, String)] = [],
        configuration: LintConfiguration = .default
    ) -> [Diagnostic] {
        let sources = (schema.map { [$0] } ?? []) + [("App/Garden.swift", swift)] + more
        return Linter.lint(SchemaLoader.load(sources: sources)) { _ in configuration }.filter { $0.id.rawValue.hasPrefix("APPCODE_") }
    }
}

@Suite struct AppCodeRuleTests {
    static let cases: [AppCodeCase] = [
        AppCodeCase(
            "APPCODE_UNKNOWN_RECORD_TYPE",
            """
            let record = CKRecord(recordType: "Plnt")
            let query = CKQuery(recordType: "Beds", predicate: NSPredicate(format: "title == %@", "b"))
            """,
            ["1:35-1:41 error APPCODE_UNKNOWN_RECORD_TYPE", "2:33-2:39 error APPCODE_UNKNOWN_RECORD_TYPE"],
            clean: """
                let record = CKRecord(recordType: "Plant")
                let query = CKQuery(recordType: "Bed", predicate: NSPredicate(format: "title == %@", "b"))
                """),
        AppCodeCase(
            "APPCODE_UNKNOWN_KEY",
            """
            func makePlant() -> CKRecord {
                let record = CKRecord(recordType: "Plant")
                record["nmae"] = "Rose"
                record.setValue("b1", forKey: "beds")
                return record
            }
            """,
            ["3:12-3:18 error APPCODE_UNKNOWN_KEY", "4:35-4:41 error APPCODE_UNKNOWN_KEY"],
            clean: """
                func makePlant() -> CKRecord {
                    let record = CKRecord(recordType: "Plant")
                    record["name"] = "Rose"
                    record.setValue("b1", forKey: "bed")
                    return record
                }
                """),
        AppCodeCase(
            "APPCODE_ENCRYPTION_MISMATCH",
            """
            let record = CKRecord(recordType: "Plant")
            record["notes"] = "water weekly"
            record.encryptedValues["name"] = "Rose"
            """,
            ["2:8-2:15 error APPCODE_ENCRYPTION_MISMATCH", "3:24-3:30 error APPCODE_ENCRYPTION_MISMATCH"],
            clean: """
                let record = CKRecord(recordType: "Plant")
                record.encryptedValues["notes"] = "water weekly"
                record["name"] = "Rose"
                """),
        AppCodeCase(
            "APPCODE_VALUE_TYPE",
            """
            let record = CKRecord(recordType: "Plant")
            record["count"] = "3"
            record.setObject(5, forKey: "planted")
            """,
            ["2:19-2:22 error APPCODE_VALUE_TYPE", "3:18-3:19 error APPCODE_VALUE_TYPE"],
            clean: """
                let record = CKRecord(recordType: "Plant")
                record["count"] = 3
                record["height"] = 2
                record.setObject(Date(), forKey: "planted")
                """),
        AppCodeCase(
            "APPCODE_NOT_QUERYABLE",
            """
            let tall = CKQuery(recordType: "Plant", predicate: NSPredicate(format: "height > %@", 2))
            """,
            ["1:73-1:79 error APPCODE_NOT_QUERYABLE"],
            clean: """
                let tall = CKQuery(recordType: "Plant", predicate: NSPredicate(format: "count > %@", 2))
                """),
        AppCodeCase(
            "APPCODE_NOT_SEARCHABLE",
            """
            let search = CKQuery(recordType: "Bed", predicate: NSPredicate(format: "self CONTAINS %@", "rose"))
            """,
            ["1:73-1:77 error APPCODE_NOT_SEARCHABLE"],
            clean: """
                let search = CKQuery(recordType: "Plant", predicate: NSPredicate(format: "self CONTAINS %@", "rose"))
                """),
        AppCodeCase(
            "APPCODE_NOT_SORTABLE",
            """
            let query = CKQuery(recordType: "Plant", predicate: NSPredicate(format: "bed == %@", "b1"))
            query.sortDescriptors = [NSSortDescriptor(key: "planted", ascending: false)]
            """,
            ["2:48-2:57 error APPCODE_NOT_SORTABLE"],
            clean: """
                let query = CKQuery(recordType: "Plant", predicate: NSPredicate(format: "bed == %@", "b1"))
                query.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
                """),
        AppCodeCase(
            "APPCODE_QUERY_ALL",
            """
            let everything = CKQuery(recordType: "Plant", predicate: NSPredicate(value: true))
            """,
            // A .cloudschema cannot state system fields' indexes; the .ckdb lists ___recordID without one.
            ["1:58-1:82 warning APPCODE_QUERY_ALL"], ckdb: ["1:58-1:82 error APPCODE_QUERY_ALL"],
            clean: """
                let inBed = CKQuery(recordType: "Plant", predicate: NSPredicate(format: "bed == %@", "b1"))
                """),
        AppCodeCase(
            "APPCODE_PREDICATE_UNSUPPORTED",
            """
            let either = CKQuery(recordType: "Plant", predicate: NSPredicate(format: "bed == %@ OR count == %@", "b1", 3))
            """,
            ["1:85-1:87 error APPCODE_PREDICATE_UNSUPPORTED"],
            clean: """
                let both = CKQuery(recordType: "Plant", predicate: NSPredicate(format: "bed == %@ AND count == %@", "b1", 3))
                """),
        AppCodeCase(
            "APPCODE_PREDICATE_ENCRYPTED",
            """
            let subscription = CKQuerySubscription(
                recordType: "Plant", predicate: NSPredicate(format: "notes == %@", "x"), options: .firesOnRecordCreation)
            """,
            ["2:58-2:63 error APPCODE_PREDICATE_ENCRYPTED"],
            clean: """
                let subscription = CKQuerySubscription(
                    recordType: "Plant", predicate: NSPredicate(format: "name == %@", "x"), options: .firesOnRecordCreation)
                """),
    ]

    @Test(arguments: cases) func againstTheCloudschema(_ c: AppCodeCase) {
        #expect(LintRegistry.rule(DiagnosticID(c.rule)) != nil, "\(c.rule) is not registered")
        #expect(describe(GardenSchema.findings(c.swift)) == c.expected)
        #expect(describe(GardenSchema.findings(c.clean)) == [])
    }

    @Test(arguments: cases) func againstTheCkdb(_ c: AppCodeCase) {
        let ckdb = ("CloudKit/production.ckdb", GardenSchema.ckdb)
        #expect(describe(GardenSchema.findings(c.swift, schema: ckdb)) == c.ckdbExpected ?? c.expected)
        #expect(describe(GardenSchema.findings(c.clean, schema: ckdb)) == [])
    }

    @Test func unknownKeysSuggestTheClosestKey() {
        let found = GardenSchema.findings(
            """
            let record = CKRecord(recordType: "Plant")
            record["plnted"] = Date()
            """)
        #expect(found.map(\.message) == ["no field 'plnted' in record type 'Plant'; did you mean 'planted'?"])
    }

    /// `CKRecord.init(recordType:)` is `CKRecord(recordType:)`, and so for queries, subscriptions,
    /// predicates and sort descriptors: both spellings are read alike.
    @Test func anExplicitInitIsTheSameCall() {
        let found = GardenSchema.findings(
            """
            let record = CKRecord.init(recordType: "Plant")
            record["nmae"] = "Rose"
            let bed = CKRecord.init(recordType: "Beds", recordID: CKRecord.ID.init(recordName: "b1"))
            let query = CKQuery.init(recordType: "Plant", predicate: NSPredicate.init(format: "height > %@", 2))
            query.sortDescriptors = [NSSortDescriptor.init(key: "bed", ascending: true)]
            """)
        #expect(
            describe(found) == [
                "2:8-2:14 error APPCODE_UNKNOWN_KEY", "3:37-3:43 error APPCODE_UNKNOWN_RECORD_TYPE",
                "4:84-4:90 error APPCODE_NOT_QUERYABLE",
                "5:53-5:58 error APPCODE_NOT_SORTABLE",
            ])
    }

    /// An implicit `.init(` reads as the type the code gives it: a `CKRecord` or `CKQuery`
    /// annotation, or a `CKQuery` argument of `records(matching:)` and `CKQueryOperation(query:)`.
    /// Elsewhere (`return .init(…)`, another function's `matching:`) its type is not read.
    @Test func anImplicitInitIsReadWhereTheCodeSaysItsType() {
        let found = GardenSchema.findings(
            """
            let record: CKRecord = .init(recordType: "Plant")
            record["nmae"] = "Rose"
            let bed: CKRecord? = .init(recordType: "Beds")
            let query: CKQuery = .init(recordType: "Plant", predicate: NSPredicate(format: "height > %@", 2))
            let plants = try await database.records(matching: .init(recordType: "Plants", predicate: NSPredicate(value: true)))
            let operation = CKQueryOperation(query: .init(recordType: "Plant", predicate: NSPredicate(format: "height > 2")))
            let other = try await store.items(matching: .init(recordType: "Plants", predicate: NSPredicate(value: true)))
            """)
        #expect(
            describe(found) == [
                "2:8-2:14 error APPCODE_UNKNOWN_KEY",
                "3:40-3:46 error APPCODE_UNKNOWN_RECORD_TYPE",
                "4:81-4:87 error APPCODE_NOT_QUERYABLE",
                "5:69-5:77 error APPCODE_UNKNOWN_RECORD_TYPE",
                "6:100-6:106 error APPCODE_NOT_QUERYABLE",
            ])
    }

    /// Core Data syncing through `NSPersistentCloudKitContainer(name:)` (or a subclass) loads its
    /// entities from an `.xcdatamodeld`, which is not read: one info at the first such container
    /// says so, beside what the Swift files do declare. A container given SwiftData's models
    /// (`makeManagedObjectModel(for:)`, to initialize the CloudKit schema) and the sync
    /// notifications SwiftData apps observe say nothing.
    @Test func aCoreDataContainerIsSaidToBeNotChecked() {
        let persistence = """
            import CoreData
            let store = NSPersistentCloudKitContainer(name: "Journal")
            final class Store: NSPersistentCloudKitContainer, @unchecked Sendable {}
            """
        let models = "@Model final class Entry { var title: String = \"\" }"
        #expect(findings([("Persistence.swift", persistence)]) == ["INPUT_UNREADABLE", "INPUT_NOT_CHECKED 2:13-2:42"])
        #expect(findings([("Persistence.swift", persistence), ("Entry.swift", models)]) == ["INPUT_NOT_CHECKED 2:13-2:42"])
        let subclass = persistence.replacingOccurrences(of: "let store", with: "// let store")
        #expect(findings([("Persistence.swift", subclass), ("Entry.swift", models)]) == ["INPUT_NOT_CHECKED 3:20-3:49"])
        let swiftData = """
            let model = NSManagedObjectModel.makeManagedObjectModel(for: [Entry.self])!
            let container = NSPersistentCloudKitContainer(name: "Entries", managedObjectModel: model)
            let events = NotificationCenter.default.notifications(named: NSPersistentCloudKitContainer.eventChangedNotification)
            """
        #expect(findings([("Schema.swift", swiftData), ("Entry.swift", models)]) == [])
        // A model loaded from the app's bundle is a model file's.
        let bundled = swiftData.replacingOccurrences(
            of: "NSManagedObjectModel.makeManagedObjectModel(for: [Entry.self])", with: "NSManagedObjectModel(contentsOf: url)")
        #expect(findings([("Schema.swift", bundled), ("Entry.swift", models)]) == ["INPUT_NOT_CHECKED 2:17-2:46"])
        #expect(
            load([("Persistence.swift", persistence)]).diagnostics.last?.message
                == "not checked: Core Data syncs through NSPersistentCloudKitContainer here, and its model file (.xcdatamodeld) is not read (SwiftData @Model classes are), so its entities are not checked against CloudKit's mirroring rules; to check the CloudKit schema it creates, export it (xcrun cktool export-schema) and lint the .ckdb"
        )
    }

    /// A record whose type the code does not say: a key no record type has, and a key one record
    /// type alone has used against that field, are warnings.
    @Test func aRecordOfUnknownTypeIsCheckedAgainstEveryKey() {
        let found = GardenSchema.findings(
            """
            func merge(_ record: CKRecord) {
                _ = record["title"]
                _ = record["height"]
                _ = record["heigth"]
                record["notes"] = "x"
            }
            """)
        #expect(describe(found) == ["4:16-4:24 warning APPCODE_UNKNOWN_KEY", "5:12-5:19 warning APPCODE_ENCRYPTION_MISMATCH"])
        #expect(found.first?.message == "no field 'heigth' in any record type of the schema; did you mean 'height'?")
    }

    /// `if`, `guard` and `switch` on `recordType` say the record's type where they hold.
    @Test func recordTypeChecksNarrowTheRecord() {
        let found = GardenSchema.findings(
            """
            func merge(_ record: CKRecord) {
                if record.recordType == "Bed" {
                    record["name"] = "x"
                }
                _ = record["name"]
                switch record.recordType {
                case "Bed": _ = record["height"]
                default: _ = record["height"]
                }
                guard record.recordType == "Plant" else { return }
                _ = record["title"]
            }
            """)
        #expect(
            describe(found) == [
                "3:16-3:22 error APPCODE_UNKNOWN_KEY", "7:28-7:36 error APPCODE_UNKNOWN_KEY", "11:16-11:23 error APPCODE_UNKNOWN_KEY",
            ])
    }

    /// `let type = record.recordType` and then `switch type`, with constants for the types, narrow
    /// the record as `switch record.recordType` does.
    @Test func aRecordTypeCopiedToALocalNarrowsTheRecord() {
        let found = GardenSchema.findings(
            """
            enum Types { static let bed = "Bed" }
            func merge(_ record: CKRecord) {
                let recordType = record.recordType
                switch recordType {
                case Types.bed: _ = record["name"]
                case "Plant": _ = record["name"]
                default: _ = record["name"]
                }
            }
            """)
        #expect(describe(found) == ["5:32-5:38 error APPCODE_UNKNOWN_KEY"])
        // A `var` may be given another type before the `switch`: it narrows nothing.
        let variable = GardenSchema.findings(
            """
            func merge(_ record: CKRecord) {
                var recordType = record.recordType
                recordType = "Plant"
                switch recordType {
                case "Bed": _ = record["name"]
                default: break
                }
            }
            """)
        #expect(describe(variable) == [])
    }

    /// An instance `let` given a literal is a constant too (no initializer may assign it again),
    /// named bare in its type's methods and extensions; a `var`, or a parameter of its name, is not.
    @Test func anInstanceLetWithItsValueIsAConstant() {
        let found = GardenSchema.findings(
            """
            final class PlantSync {
                let recordType: CKRecord.RecordType = "Plant"
                let bedType = "Beds"
                let nameKey = "nmae"
                var titleKey = "titel"
                func make() -> CKRecord {
                    let record = CKRecord(recordType: recordType)
                    record[nameKey] = "Fern"
                    record[titleKey] = "x"
                    return record
                }
                func shadowed(bedType: String) -> CKRecord { CKRecord(recordType: bedType) }
            }
            extension PlantSync {
                func bed() -> CKRecord { CKRecord(recordType: bedType) }
            }
            """)
        #expect(describe(found) == ["8:16-8:23 error APPCODE_UNKNOWN_KEY", "15:51-15:58 error APPCODE_UNKNOWN_RECORD_TYPE"])
    }

    /// Apple's CKSyncEngine sample names keys and types through constants; any file of the run
    /// may declare them, and the finding is at the use.
    @Test func constantsResolveAcrossFiles() {
        let keys = """
            extension CKRecord.FieldKey {
                static let plant_name = "nmae"
                static let plant_notes = "notes"
            }
            let gardenBed = "bed"
            """
        let found = GardenSchema.findings(
            """
            struct PlantRecord {
                static let recordType: CKRecord.RecordType = "Plant"
                enum Keys: String { case count, height = "hieght" }

                func write() -> CKRecord {
                    let record = CKRecord(recordType: Self.recordType)
                    record[.plant_name] = "Rose"
                    record.encryptedValues[.plant_notes] = "x"
                    record[Keys.count.rawValue] = 3
                    record[Keys.height.rawValue] = 1.5
                    record[gardenBed] = "b1"
                    let key = "planted"
                    record[key] = "soon"
                    return record
                }
            }
            let other = CKRecord(recordType: PlantRecord.recordType)
            """, more: [("App/Keys.swift", keys)])
        #expect(
            describe(found) == [
                "7:16-7:27 error APPCODE_UNKNOWN_KEY", "10:16-10:36 error APPCODE_UNKNOWN_KEY", "13:23-13:29 error APPCODE_VALUE_TYPE",
            ])
    }

    /// Keys as cases of an enum that an extension's subscript takes (`record[.name]`,
    /// `record[PlantField.name]`): the raw value is the key, and a subscript that forwards to
    /// `encryptedValues` makes the access encrypted. A `private` subscript is seen in its own file only.
    @Test func enumKeysThroughARecordSubscript() {
        let keys = """
            enum PlantField: String { case name, hieght, count }
            enum PlantSecret: String { case notes }
            extension CKRecord {
                subscript(field: PlantField) -> CKRecordValue? {
                    get { self[field.rawValue] }
                    set { self[field.rawValue] = newValue }
                }
                subscript(_ secret: PlantSecret) -> CKRecordValue? {
                    get { encryptedValues[secret.rawValue] }
                    set { encryptedValues[secret.rawValue] = newValue }
                }
            }
            """
        let legacy = """
            enum BedField: String { case name = "title" }
            private extension CKRecord {
                subscript(field: BedField) -> CKRecordValue? { self[field.rawValue] }
            }
            func rename(_ bed: CKRecord) {
                bed[BedField.name] = "North"
            }
            """
        let found = GardenSchema.findings(
            """
            func write() -> CKRecord {
                let record = CKRecord(recordType: "Plant")
                record[.name] = "Rose"
                record[PlantField.hieght] = 1.5
                record[.count] = "three"
                record[.notes] = "water weekly"
                return record
            }
            """, more: [("App/Keys.swift", keys), ("App/Legacy.swift", legacy)])
        #expect(describe(found) == ["4:12-4:29 error APPCODE_UNKNOWN_KEY", "5:22-5:29 error APPCODE_VALUE_TYPE"])
    }

    /// A generic `RawRepresentable` key subscript takes any `String` enum's case, written with its
    /// type; a subscript that builds the key from the raw value is not followed.
    @Test func aGenericKeySubscriptTakesAnyStringEnum() {
        let found = GardenSchema.findings(
            """
            enum PlantKey: String { case nmae, height }
            extension CKRecord {
                subscript<Key: RawRepresentable>(key: Key) -> CKRecordValue? where Key.RawValue == String {
                    get { self[key.rawValue] }
                    set { self[key.rawValue] = newValue }
                }
            }
            enum Prefixed: String { case nmae }
            extension CKRecord {
                subscript(prefixed: Prefixed) -> CKRecordValue? { self["v2_" + prefixed.rawValue] }
            }
            let record = CKRecord(recordType: "Plant")
            record[PlantKey.nmae] = "Rose"
            record[PlantKey.height] = 1.5
            _ = record[Prefixed.nmae]
            """)
        #expect(describe(found) == ["13:8-13:21 error APPCODE_UNKNOWN_KEY"])
    }

    /// The elements of a `[CKRecord]` are records: in the closures its methods take (`$0` or a
    /// named parameter), `records.first`, `records.last`, `records[i]`, and a `[CKRecord.ID:
    /// CKRecord]`'s values. Their record type is not known, so findings are warnings, unless a
    /// `recordType` check narrows it. A closure inside hides `$0`; an `if` or `else` body does not.
    @Test func elementsOfRecordArraysAreRecords() {
        let found = GardenSchema.findings(
            """
            func apply(_ records: [CKRecord], byID: [CKRecord.ID: CKRecord], id: CKRecord.ID, tags: [[String: Int]]) {
                records.filter { $0["nmae"] != nil }.forEach { plant in plant["count"] = "x" }
                let newest = records.sorted { $0["planted"] as? Date ?? .distantPast > $1["plnted"] as? Date ?? .distantPast }
                if let last = records.last { last["hieght"] = 2 }
                let one = records[0]
                one["nmae"] = "x"
                let found = byID[id]
                found?["nmae"] = "x"
                var fresh = [CKRecord]()
                for record in fresh { record["nmae"] = "x" }
                records.forEach { _ in tags.map { $0["nmae"] } }
                records.forEach {
                    if $0.recordType == "Plant" { $0["hieght"] = 2 } else { $0["nmae"] = "x" }
                }
            }
            """)
        #expect(
            describe(found) == [
                "2:25-2:31 warning APPCODE_UNKNOWN_KEY", "2:78-2:81 warning APPCODE_VALUE_TYPE", "3:79-3:87 warning APPCODE_UNKNOWN_KEY",
                "4:39-4:47 warning APPCODE_UNKNOWN_KEY", "6:9-6:15 warning APPCODE_UNKNOWN_KEY", "8:12-8:18 warning APPCODE_UNKNOWN_KEY",
                "10:34-10:40 warning APPCODE_UNKNOWN_KEY", "13:42-13:50 error APPCODE_UNKNOWN_KEY",
                "13:68-13:74 warning APPCODE_UNKNOWN_KEY",
            ])
    }

    /// A `static var` declared with a literal is a constant while no file assigns its name: `bed`
    /// is assigned (another type's, but names are not told apart), so that record's type is not known.
    @Test func staticVarsNobodyAssignsAreConstants() {
        let types = """
            extension CKRecord.RecordType {
                static var plant = "Plnat"
                static var bed = "Bed"
            }
            enum Settings { static var bed = "Bed" }
            func configure() { Settings.bed = "Beds" }
            """
        let found = GardenSchema.findings(
            """
            let plant = CKRecord(recordType: .plant)
            let bed = CKRecord(recordType: .bed)
            bed["nmae"] = "x"
            """, more: [("App/Types.swift", types)])
        #expect(describe(found) == ["1:34-1:40 error APPCODE_UNKNOWN_RECORD_TYPE", "3:5-3:11 warning APPCODE_UNKNOWN_KEY"])
    }

    /// Records CloudKit hands over: a database's fetch callbacks and `record(for:)`, an
    /// operation's record callbacks and the `Result` they carry. Their record type is not known.
    @Test func recordsHandedOverByCloudKitAreRecords() {
        let found = GardenSchema.findings(
            """
            let database = CKContainer.default().privateCloudDatabase
            func load(id: CKRecord.ID, query: CKQuery) async throws {
                database.fetch(withRecordID: id) { record, error in _ = record?["nmae"] }
                CKContainer.default().publicCloudDatabase.perform(query, inZoneWith: nil) { records, _ in
                    guard let records else { return }
                    for plant in records { plant["nmae"] = 1 }
                }
                let fetched = try await database.record(for: id)
                fetched["nmae"] = "x"
                let operation = CKQueryOperation(query: query)
                operation.recordMatchedBlock = { _, result in
                    switch result {
                    case .success(let record): record["nmae"] = "x"
                    case .failure(let error): print(error)
                    }
                    let record = try? result.get()
                    record?["nmae"] = "x"
                }
                operation.recordFetchedBlock = { $0["nmae"] = "x" }
            }
            """)
        #expect(
            describe(found) == [
                "3:69-3:75 warning APPCODE_UNKNOWN_KEY", "6:38-6:44 warning APPCODE_UNKNOWN_KEY", "9:13-9:19 warning APPCODE_UNKNOWN_KEY",
                "13:43-13:49 warning APPCODE_UNKNOWN_KEY", "17:17-17:23 warning APPCODE_UNKNOWN_KEY",
                "19:41-19:47 warning APPCODE_UNKNOWN_KEY",
            ])
        // Lookalikes: a cache's fetch, a callback of something not known to be an operation, a
        // block that hands over no record, and a record's name after its `case` ends.
        let lookalikes = GardenSchema.findings(
            """
            func load(id: CKRecord.ID, cache: Cache, query: CKQuery, task: Task) {
                cache.fetch(withRecordID: id) { record, error in _ = record?["nmae"] }
                task.recordMatchedBlock = { _, result in if let record = try? result.get() { record["nmae"] = 1 } }
                let operation = CKModifyRecordsOperation(recordsToSave: [])
                operation.modifyRecordsResultBlock = { result in _ = result }
                let query = CKQueryOperation(query: query)
                query.recordMatchedBlock = { _, result in
                    switch result {
                    case .success(let record): break
                    case .failure: record["nmae"] = 1
                    }
                }
            }
            """)
        #expect(describe(lookalikes) == [])
    }

    /// A `CKSyncEngine` event declared with its type (a parameter, as Apple's sample hands each event
    /// to a function) hands over records: each modification's and failed save's `record`, and the
    /// `savedRecords`. A list of the same name on another value is not read.
    @Test func recordsOfCKSyncEngineEventsAreRecords() {
        let found = GardenSchema.findings(
            """
            func fetched(_ event: CKSyncEngine.Event.FetchedRecordZoneChanges) {
                for modification in event.modifications {
                    let record = modification.record
                    _ = record["nmae"]
                    _ = modification.record.encryptedValues["nmae"]
                }
            }
            func sent(_ event: CKSyncEngine.Event.SentRecordZoneChanges) {
                for failed in event.failedRecordSaves { failed.record["nmae"] = "x" }
                for saved in event.savedRecords { _ = saved["nmae"] }
            }
            func other(_ batch: Batch) {
                for modification in batch.modifications { _ = modification.record["nmae"] }
            }
            """)
        #expect(
            describe(found) == [
                "4:20-4:26 warning APPCODE_UNKNOWN_KEY", "5:49-5:55 warning APPCODE_UNKNOWN_KEY",
                "9:59-9:65 warning APPCODE_UNKNOWN_KEY", "10:49-10:55 warning APPCODE_UNKNOWN_KEY",
            ])
    }

    /// A query's predicate may be a `static let` of its type or another (`Self.p`, `Queries.p`, a
    /// bare `p`), declared before or after the query: it is read as if written inline. Two queries
    /// of one type with one predicate make one finding at it.
    @Test func staticPredicatesAreRead() {
        let found = GardenSchema.findings(
            """
            enum Queries {
                static let tall: NSPredicate = NSPredicate(format: "hieght > 2")
            }
            struct Loader {
                func recent() -> CKQuery { CKQuery(recordType: "Plant", predicate: Self.named) }
                func tall() -> CKQuery { CKQuery(recordType: "Plant", predicate: Queries.tall) }
                func bare() -> CKQuery { CKQuery(recordType: "Plant", predicate: named) }
                func shadowed(named: NSPredicate) -> CKQuery { CKQuery(recordType: "Plant", predicate: named) }
                static let named = NSPredicate(format: "nmae == %@", "Fern")
            }
            enum Twice { static let p = NSPredicate(format: "nmae == 1") }
            extension Twice { static let p = NSPredicate(format: "name == 1") }
            let twice = CKQuery(recordType: "Plant", predicate: Twice.p)
            """)
        #expect(
            describe(found) == [
                "2:57-2:63 error APPCODE_UNKNOWN_KEY", "9:45-9:49 error APPCODE_UNKNOWN_KEY",
            ])
    }

    /// In `extension CKRecord`, `self` is a record: a convenience init's `self.init(recordType:)`
    /// names its type for the rest of the init, and `self[key]`, `self.setValue(_:forKey:)` and
    /// `setValue(_:forKey:)` without `self.` are read on it. Elsewhere, a type's own subscript on
    /// `self` is not a record's.
    @Test func anExtensionOfCKRecordReadsSelf() {
        let found = GardenSchema.findings(
            """
            extension CKRecord {
                convenience init(plant: String) {
                    self.init(recordType: "Plant", recordID: CKRecord.ID(recordName: plant))
                    self["nmae"] = plant
                    setValue(1, forKey: "cuont")
                    self.setValue("x", forKey: "count")
                }
                convenience init(bedNamed title: String) {
                    self.init(recordType: "Beds")
                }
                var displayName: String? { self["titel"] as? String }
                struct Keys {
                    subscript(_ key: String) -> String { key }
                    func first() -> String { self["nmae"] }
                }
            }
            struct Cache {
                subscript(_ key: String) -> Int { 0 }
                func value(forKey key: String) -> Int { 0 }
                func total() -> Int { self["nmae"] + value(forKey: "nmae") }
            }
            """)
        #expect(
            describe(found) == [
                "4:14-4:20 error APPCODE_UNKNOWN_KEY", "5:29-5:36 error APPCODE_UNKNOWN_KEY", "6:23-6:26 error APPCODE_VALUE_TYPE",
                "9:31-9:37 error APPCODE_UNKNOWN_RECORD_TYPE", "11:37-11:44 warning APPCODE_UNKNOWN_KEY",
            ])
    }

    /// Swift that only looks like CloudKit code: nothing to report.
    @Test func lookalikesAreNotRecords() {
        let found = GardenSchema.findings(
            """
            var fields: [String: Any] = [:]
            fields["nmae"] = 1
            UserDefaults.standard.set(1, forKey: "nmae")
            _ = UserDefaults.standard.object(forKey: "nmae")
            let request = NSFetchRequest<NSManagedObject>(entityName: "Plant")
            request.predicate = NSPredicate(format: "nmae == %@ OR x == 1", "x")
            let names = (["a"] as NSArray).filtered(using: NSPredicate(format: "SELF BEGINSWITH %@", "a"))
            func update(_ record: CKRecord, key: String) {
                record[key] = "x"
                record["n" + "ame"] = "x"
                let record = ["nmae": 1]
                _ = record["nmae"]
                records.first?["nmae"] = 1
            }
            func update(records: [CKRecord]) {
                for record in records { record["name"] = "x" }
                records.forEach { record in names.map { $0["nmae"] } }
            }
            extension String { static let twice = "a" }
            extension String { static let twice = "b" }
            let plant = CKRecord(recordType: "Plant")
            plant[.twice] = 1
            """)
        #expect(describe(found) == [])
    }

    /// Record types derived from SwiftData models (`CD_…`) are what Core Data is believed to write: warnings.
    @Test func swiftDataMirrorsAreWarnings() {
        let model = """
            import SwiftData
            @Model final class Trip {
                var name: String = ""
                init() {}
            }
            """
        let found = GardenSchema.findings(
            """
            let record = CKRecord(recordType: "CD_Trip")
            record["CD_nmae"] = "x"
            record["CD_name"] = "x"
            """, schema: nil, more: [("App/Trip.swift", model)])
        #expect(describe(found) == ["2:8-2:17 warning APPCODE_UNKNOWN_KEY"])
    }

    /// A `CKRecord.Reference`, `CKAsset` or `CLLocation` made in place, or by a local `let`, saved to a
    /// field of another type; a `var` may be given another value first, and a list field is not judged.
    @Test func cloudKitValuesOfAnotherTypeAreReported() {
        let schema = """
            zone Garden
            record Bed in Garden {
                title: String
            }
            record Plant in Garden {
                name: String
                bed: Reference<Bed>?
                photo: Asset?
                spot: Location?
                photos: [Asset]?
            }
            """
        let found = GardenSchema.findings(
            """
            func write(_ bed: CKRecord, url: URL) {
                let plant = CKRecord(recordType: "Plant")
                plant["name"] = CKRecord.Reference(record: bed, action: .none)
                let spot = CLLocation(latitude: 48.1, longitude: 11.6)
                plant["photo"] = spot
                plant.setValue(CKAsset(fileURL: url), forKey: "spot")
                var other = CKAsset(fileURL: url)
                plant["bed"] = other
                plant["bed"] = CKReference(record: bed, action: .deleteSelf)
                plant["photo"] = CKAsset(fileURL: url)
                plant["spot"] = spot
                plant["photos"] = CKAsset(fileURL: url)
            }
            """, schema: ("Garden.cloudschema", schema))
        #expect(
            describe(found) == [
                "3:21-3:67 error APPCODE_VALUE_TYPE", "5:22-5:26 error APPCODE_VALUE_TYPE", "6:20-6:41 error APPCODE_VALUE_TYPE",
            ])
        #expect(found.first?.message == "'name' is STRING, and this CKRecord.Reference is not; CloudKit rejects the save")
    }

    /// Core Data keeps a SwiftData to-one relationship as the related record's name, a STRING, and
    /// never uses `CKRecord.Reference`: code that writes the mirror's records by hand and saves a
    /// reference there is rejected (a warning: the mirror is derived).
    @Test func aReferenceToAMirroredToOneRelationshipIsAWarning() {
        let models = """
            import SwiftData
            @Model final class Shelf {
                @Relationship(inverse: \\Book.shelf) var books: [Book]?
                init() {}
            }
            @Model final class Book {
                var shelf: Shelf?
                init() {}
            }
            """
        let found = GardenSchema.findings(
            """
            func write(_ id: CKRecord.ID) -> CKRecord {
                let record = CKRecord(recordType: "CD_Book")
                let shelf = CKRecord.Reference(recordID: id, action: .none)
                record["CD_shelf"] = shelf
                return record
            }
            """, schema: nil, more: [("App/Models.swift", models)])
        #expect(describe(found) == ["4:26-4:31 warning APPCODE_VALUE_TYPE"])
    }

    /// An app whose schema is its SwiftData models alone, with CloudKit calls of its own on
    /// other record types (a shared note beside the synced models): the mirror lists only its
    /// `CD_` types, so those calls cannot be checked, and one info at the first says so.
    @Test func callsOnRecordTypesNoSchemaListsAreNotCheckedAndSaySo() {
        let model = """
            import SwiftData
            @Model final class Memo {
                var title: String = ""
                init() {}
            }
            """
        let swift = """
            let note = CKRecord(recordType: "SharedNote")
            note["title"] = "x"
            let query = CKQuery(recordType: "SharedNote", predicate: NSPredicate(value: true))
            let memo = CKRecord(recordType: "CD_Memo")
            """
        let sources = [("App/Memo.swift", model), ("App/Sync.swift", swift)]
        let found = Linter.lint(SchemaLoader.load(sources: sources))
        #expect(describe(found) == ["1:33-1:45 info INPUT_NOT_CHECKED"])
        #expect(
            found.first?.message
                == "not checked: the CloudKit calls on record type 'SharedNote': no .cloudschema or .ckdb file read lists the container's record types, and the SwiftData and SQLiteData mirrors read are not it; lint the code with the container's schema (xcrun cktool export-schema), or name it with \"schema\" in cloudschema.json"
        )
        // The container's schema read with them checks the calls instead.
        let schema = ("CloudKit/schema.ckdb", "DEFINE SCHEMA\n    RECORD TYPE Users (roles LIST<INT64>);\n")
        #expect(
            describe(Linter.lint(SchemaLoader.load(sources: [schema] + sources))) == [
                "1:33-1:45 error APPCODE_UNKNOWN_RECORD_TYPE", "3:33-3:45 error APPCODE_UNKNOWN_RECORD_TYPE",
            ])
    }

    /// A model stored without CloudKit has no `CD_` record type, so no key of it is offered as a
    /// "did you mean" for a record the code writes.
    @Test func aLocalModelHasNoMirror() {
        let model = """
            import SwiftData
            @Model final class Card {
                var pinned: Bool = false
                init() {}
            }
            let container = try ModelContainer(for: Card.self, configurations: ModelConfiguration(cloudKitDatabase: .none))
            """
        let swift = "func pin(_ record: CKRecord) {\n    record[\"pinned\"] = true\n}\n"
        let schema = ("CloudKit/schema.ckdb", "DEFINE SCHEMA\n    RECORD TYPE Note (\"___recordID\" REFERENCE QUERYABLE, title STRING);\n")
        let found = GardenSchema.findings(swift, schema: schema, more: [("App/Card.swift", model)])
        #expect(describe(found) == ["2:12-2:20 warning APPCODE_UNKNOWN_KEY"])
        #expect(found.first?.message == "no field 'pinned' in any record type of the schema")
        let synced = GardenSchema.findings(
            swift, schema: schema, more: [("App/Card.swift", model.replacingOccurrences(of: ".none", with: ".automatic"))])
        #expect(synced.first?.message == "no field 'pinned' in any record type of the schema; did you mean 'CD_pinned'?")
    }

    /// A `.ckdb` that lists a record type without fields does not state them all.
    @Test func aCkdbTypeWithoutFieldsGivesWarnings() {
        let found = GardenSchema.findings(
            """
            let record = CKRecord(recordType: "Note")
            record["title"] = "x"
            """, schema: ("CloudKit/schema.ckdb", "DEFINE SCHEMA\n    RECORD TYPE Note (\"___recordID\" REFERENCE QUERYABLE);\n"))
        #expect(describe(found) == ["2:8-2:15 warning APPCODE_UNKNOWN_KEY"])
    }

    /// A `.ckdb` without CloudKit's `Users` type is not known to be an export of the whole
    /// schema (a file that adds a few types through cktool import-schema): a record type it lacks
    /// may be one it leaves out, so that finding is a warning; a type it lists keeps its fields.
    @Test func aCkdbWithoutUsersMayListSomeTypes() {
        let household = "    RECORD TYPE Household (\"___recordID\" REFERENCE QUERYABLE, name STRING);\n"
        let added = "DEFINE SCHEMA\n" + household
        let swift = """
            let photo = CKRecord(recordType: "Photo")
            let home = CKRecord(recordType: "Household")
            home["nmae"] = "x"
            func merge(_ record: CKRecord) { record["caption"] = "x" }
            """
        let found = GardenSchema.findings(swift, schema: ("cloudkit/schema.ckdb", added))
        #expect(
            describe(found) == [
                "1:34-1:41 warning APPCODE_UNKNOWN_RECORD_TYPE", "3:6-3:12 error APPCODE_UNKNOWN_KEY",
                "4:41-4:50 warning APPCODE_UNKNOWN_KEY",
            ])
        #expect(
            found[0].notes.map(\.message) == [
                "'cloudkit/schema.ckdb' does not list CloudKit's Users record type, which every cktool export-schema file has, so it may list only some of the container's record types and this is a warning; lint against the container's exported schema (xcrun cktool export-schema), or add RECORD TYPE Users to a file that lists every record type, to make it an error"
            ])
        let whole = "DEFINE SCHEMA\n    RECORD TYPE Users (roles LIST<INT64>);\n" + household
        #expect(
            describe(GardenSchema.findings(swift, schema: ("cloudkit/schema.ckdb", whole))) == [
                "1:34-1:41 error APPCODE_UNKNOWN_RECORD_TYPE", "3:6-3:12 error APPCODE_UNKNOWN_KEY",
                "4:41-4:50 warning APPCODE_UNKNOWN_KEY",
            ])
    }

    /// A schema describes one container. Code that names two (or one the schema's `container` is
    /// not) may save a record to the other, whose schema was not read: a record type the schema
    /// lacks is then a warning. One container, the schema's own, keeps the error.
    @Test func aRecordOfAnotherContainerIsAWarning() {
        let swift = """
            let manifests = CKContainer(identifier: "iCloud.example.manifests").privateCloudDatabase
            let garden = CKContainer(identifier: "iCloud.example.garden").privateCloudDatabase
            let passenger = CKRecord(recordType: "Passenger")
            """
        let found = GardenSchema.findings(swift, schema: ("Garden.ckdb", GardenSchema.ckdb))
        #expect(describe(found) == ["3:38-3:49 warning APPCODE_UNKNOWN_RECORD_TYPE"])
        #expect(
            found.first?.notes.map(\.message) == [
                "the app's code names the containers 'iCloud.example.manifests', 'iCloud.example.garden'; a record may be saved to another container than the one this schema describes, so this is a warning"
            ])
        let declared = "container \"iCloud.example.garden\"\n" + GardenSchema.cloudschema
        let one = swift.split(separator: "\n").dropFirst().joined(separator: "\n")
        let schema = ("Garden.cloudschema", declared)
        #expect(describe(GardenSchema.findings(one, schema: schema)) == ["2:38-2:49 error APPCODE_UNKNOWN_RECORD_TYPE"])
        let other = swift.split(separator: "\n").enumerated().filter { $0.offset != 1 }.map(\.element).joined(separator: "\n")
        #expect(describe(GardenSchema.findings(other, schema: schema)) == ["2:38-2:49 warning APPCODE_UNKNOWN_RECORD_TYPE"])
    }

    /// An app that uses its default container and a second one by identifier, linted with the
    /// default one's exported schema (a `.ckdb` states no container): where the code does not say
    /// which database a record or query is given to, a record type the schema lacks may be the
    /// second container's, so it is a warning whose note names that container.
    @Test func aRecordBesideTheDefaultContainerAndANamedOneIsAWarning() {
        let swift = """
            let mine = CKContainer.default().privateCloudDatabase
            let catalog = CKContainer(identifier: "iCloud.com.example.shared-catalog").publicCloudDatabase
            let q = CKQuery(recordType: "CatalogItem", predicate: NSPredicate(format: "sku == %@", "1"))
            let r = CKRecord(recordType: "CatalogItem")
            """
        let found = GardenSchema.findings(swift, schema: ("Garden.ckdb", GardenSchema.ckdb))
        #expect(describe(found) == ["3:29-3:42 warning APPCODE_UNKNOWN_RECORD_TYPE", "4:30-4:43 warning APPCODE_UNKNOWN_RECORD_TYPE"])
        #expect(
            found.first?.notes.map(\.message) == [
                "the app's code also uses the container 'iCloud.com.example.shared-catalog', whose schema was not read, so this record type may be that container's and this is a warning; lint those calls against its schema (xcrun cktool export-schema), or give the record or query to a database of its container (CKContainer.default().privateCloudDatabase, or a let of one) to have calls on the default container checked and those on 'iCloud.com.example.shared-catalog' left alone"
            ])
    }

    /// Where the code gives a record, query or subscription to a database of a known container
    /// (the container in the same expression, or a `let` of one in scope), a call on the named
    /// container is not checked at all (its schema was not read: not the record type, nor the
    /// keys of a type the default container has too), and a call on the default container keeps
    /// its errors. A record given to databases of both is not known to be either's: a warning.
    @Test func aCallOnANamedContainerIsNotCheckedAndOneOnTheDefaultIs() {
        let swift = """
            let mine = CKContainer.default().privateCloudDatabase
            let shared = CKContainer(identifier: "iCloud.com.example.shared-catalog")
            let catalog = shared.publicCloudDatabase
            let items = try await catalog.records(matching: CKQuery(recordType: "CatalogItem", predicate: NSPredicate(value: true)))
            let item = CKRecord(recordType: "CatalogItem")
            try await shared.publicCloudDatabase.save(item)
            let plants = CKQuery(recordType: "Plant", predicate: NSPredicate(format: "sku == %@", "1"))
            catalog.add(CKQueryOperation(query: plants))
            let plant = CKRecord(recordType: "Plnat")
            try await CKContainer.default().privateCloudDatabase.save(plant)
            let both = CKRecord(recordType: "Bulb")
            try await mine.modifyRecords(saving: [both], deleting: [])
            try await catalog.modifyRecords(saving: [both], deleting: [])
            """
        let found = GardenSchema.findings(swift, schema: ("Garden.ckdb", GardenSchema.ckdb))
        #expect(describe(found) == ["9:34-9:41 error APPCODE_UNKNOWN_RECORD_TYPE", "11:33-11:39 warning APPCODE_UNKNOWN_RECORD_TYPE"])
        #expect(found.first?.message == "no record type 'Plnat' in the schema")
    }

    /// An app with one container keeps its errors, whether the code uses it as the default one or
    /// names it.
    @Test func aRecordOfTheOneContainerIsAnError() {
        let swift = """
            let database = CKContainer.default().privateCloudDatabase
            let record = CKRecord(recordType: "CatalogItem")
            """
        let schema = ("Garden.ckdb", GardenSchema.ckdb)
        #expect(describe(GardenSchema.findings(swift, schema: schema)) == ["2:35-2:48 error APPCODE_UNKNOWN_RECORD_TYPE"])
        let named = swift.replacingOccurrences(of: "CKContainer.default()", with: "CKContainer(identifier: \"iCloud.example.garden\")")
        #expect(describe(GardenSchema.findings(named, schema: schema)) == ["2:35-2:48 error APPCODE_UNKNOWN_RECORD_TYPE"])
    }

    @Test func suppressionAndConfigurationApply() {
        let swift = """
            let record = CKRecord(recordType: "Plant")
            // cloudschema:ignore APPCODE_UNKNOWN_KEY written by the 1.0 app
            record["legacy"] = "x"
            record["nmae"] = "Rose"
            """
        #expect(describe(GardenSchema.findings(swift)) == ["4:8-4:14 error APPCODE_UNKNOWN_KEY"])
        var configuration = LintConfiguration.default
        configuration.severities[DiagnosticID("APPCODE_UNKNOWN_KEY")] = .warning
        #expect(describe(GardenSchema.findings(swift, configuration: configuration)) == ["4:8-4:14 warning APPCODE_UNKNOWN_KEY"])
    }
}
