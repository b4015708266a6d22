import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// SwiftData `@Model` classes read from Swift sources into the same `Schema` as `.cloudschema` models.
@Suite struct SwiftModelReaderTests {
    /// Every construct the reader understands, beside what it skips.
    static let models = #"""
        import Foundation
        import SwiftData

        /// Where a trip stands.
        enum Status: String, Codable { case active, done = "finished" }
        enum Priority: Int { case low, high = 10, urgent }
        enum Shape { case circle(Double) }  // associated values: not a stored enum

        /// A trip.
        @available(macOS 14, iOS 17, *)
        @Model
        public final class Trip {
            #Unique<Trip>([\.name, \.start])
            /// The trip's name.
            @Attribute(.unique) public var name: String = ""
            var start: Date = Date.now
            var id = UUID()
            var end: Date?
            var status: Status = Status.active
            var priority: Priority = .high
            @Attribute(.externalStorage, originalName: "photo") var image: Data?
            @Attribute(.allowsCloudEncryption, .spotlight) var notes: String? = nil
            @Relationship(deleteRule: .cascade, inverse: \Stop.trip)
            var stops: [Stop]? = []
            @Transient var cache: Int = 0
            var count = 0
            var tags: [String] = ["a", "b"]
            var budget: Foundation.Decimal = 0
            var rating: Double = -1.5
            private(set) var observed: Int = 1_000 {
                didSet { print("changed") }
            }
            var computed: Int { count * 2 }
            var described: String {
                get { "\(count)" }
                set { count = Int(newValue) ?? 0 }
            }
            static let shared = 1
            class var kind: String { "trip" }
            lazy var formatter = DateFormatter()
            struct Leg { var from: String }
            init(name: String) { self.name = name }
            func rename(to name: String) { self.name = name }
        }

        @Model final class Stop {
            var trip: Optional<Trip>
            var title: String = "a \"b\""
            var arrived = Date()
        }

        struct NotAModel { var name: String }
        """#

    static let equivalent = """
        /// Where a trip stands.
        enum Status: String { active, done = "finished" }
        enum Priority: Int64 { low = 0, high = 10, urgent = 11 }

        /// A trip.
        model Trip @unique(name, start) {
            /// The trip's name.
            name: String = "" @unique
            start: Date = now
            id: UUID = UUID()
            end: Date?
            status: Status = .active
            priority: Priority = .high
            image: Data? @externalStorage @name("photo")
            notes: String? @encrypted
            stops: [Stop]? @inverse(trip) @deleteRule(cascade)
            cache: Int = 0 @transient
            count: Int = 0
            tags: [String] = ["a", "b"]
            budget: Decimal = 0
            rating: Double = -1.5
            observed: Int = 1000
        }

        model Stop {
            trip: Trip?
            title: String = "a \\"b\\""
            arrived: Date = now
        }
        """

    @Test func readsTheSameSchemaAsTheEquivalentCloudSchema() {
        let swift = load(Self.models, file: "Models.swift")
        let schema = load(Self.equivalent, file: "Models.cloudschema")
        #expect(swift.diagnostics.map(\.compact) == [])
        #expect(schema.diagnostics.map(\.compact) == [])
        #expect(swift.schema.models == schema.schema.models)
        #expect(swift.schema.enums == schema.schema.enums)
        #expect(CKDBExporter.export(swift.schema) == CKDBExporter.export(schema.schema))
    }

    @Test func ruleFindingsPointAtTheSwiftLineAndColumn() {
        let source = """
            @Model final class Trip {
                var name: String
                @Attribute(.unique) var code: String = ""
                var stops: [Stop]
                @Relationship(deleteRule: .deny) var owner: Stop?
            }
            @Model final class Stop {
                var trip: Trip?
                var data: Data?
            }
            """
        let found = lintFindings(source, file: "Models.swift")
        // The rules' fix-its are .cloudschema text (`@deleteRule(nullify)`), so Swift findings have none.
        #expect(found.allSatisfy { $0.fixIts.isEmpty })
        #expect(
            describe(found) == [
                "2:15-2:21 error MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT",
                "3:16-3:23 error MODEL_UNIQUE",
                "4:9-4:14 error MODEL_RELATIONSHIP_INVERSE",
                "4:16-4:22 error MODEL_RELATIONSHIP_OPTIONAL",
                "5:19-5:36 error MODEL_DELETE_RULE_DENY",
                "5:42-5:47 error MODEL_RELATIONSHIP_INVERSE",
                "8:9-8:13 error MODEL_RELATIONSHIP_INVERSE",
                "9:15-9:20 warning MODEL_EXTERNAL_STORAGE",
            ])
    }

    @Test func whatCannotBeReadIsOneWarningAndLeftOut() {
        let source = #"""
            @Model final class Trip {
                var place: [String: Place] = [:]
                var id: UUID = UUID(uuidString: "x")!
                var address: Address?
                @Attribute(.transformable(by: "X")) var colour: Colour?
                var a = 1, b = 2
                var guess = makeValue()
                var name: String = ""
            }
            struct Address { var city: String }
            """#
        let loaded = load(source, file: "Models.swift")
        #expect(
            loaded.diagnostics.map(\.compact) == [
                "SWIFT_UNREADABLE 2:25-2:30", "SWIFT_UNREADABLE 4:18-4:25", "SWIFT_UNREADABLE 5:16-5:39",
                "SWIFT_UNREADABLE 6:5-6:21", "SWIFT_UNREADABLE 7:17-7:28",
            ])
        #expect(loaded.diagnostics.allSatisfy { $0.severity == .warning })
        // Any initial value is a default (`id`); a type-inferred one whose type it does not say is not checked (`guess`).
        #expect(loaded.schema.models.map { $0.properties.map(\.name) } == [["id", "name"]])
    }

    @Test func anUnterminatedLiteralLeavesTheModelOut() {
        let loaded = load("@Model final class Trip {\n    var name: String = \"abc\n}\n", file: "Models.swift")
        // "no models" has no place, so it sorts first
        #expect(loaded.diagnostics.map(\.compact) == ["INPUT_UNREADABLE", "SWIFT_UNREADABLE 2:24-2:28"])
        #expect(loaded.schema.models.isEmpty)
    }

    @Test func suppressionCommentsWorkInSwift() {
        let source = """
            @Model final class Tag {
                // cloudschema:ignore MODEL_UNIQUE deduplicated after every sync
                @Attribute(.unique) var slug: String = ""
                @Attribute(.unique) var name: String = "" // cloudschema:ignore MODEL_UNIQUE also deduplicated
            }
            """
        #expect(describe(lintFindings(source, file: "Models.swift")) == [])
    }

    @Test func generatedSwiftReadsBackAsTheModelsItWasGeneratedFrom() throws {
        let folder = packageRoot.appendingPathComponent("Tests/CloudSchemaConsumerTests/Generated/Garden")
        let swift = SchemaLoader.load(paths: [folder.appendingPathComponent("Garden.cloudschema.swift").path])
        #expect(swift.diagnostics.map(\.compact) == [])
        #expect(swift.schema.models == loadExample("Garden").schema.models)
        #expect(!swift.schema.models.isEmpty)
    }

    /// Swift that declares no model reads as "no models", whatever it holds.
    @Test func everySwiftFileOfThisRepositoryReadsWithoutFindings() throws {
        var checked = 0
        for folder in ["Sources", "Tests"] {
            let root = packageRoot.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let path = root.appendingPathComponent(file).path
                let loaded = SchemaLoader.load(paths: [path])
                let expected = loaded.schema.models.isEmpty ? ["INPUT_UNREADABLE"] : []
                #expect(loaded.diagnostics.map(\.compact) == expected, "\(folder)/\(file)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test func aFolderIsReadAsItsSchemaFilesOrElseItsSwiftFiles() {
        let generated = "// Generated by cloudschema from A.cloudschema. Do not edit.\n@Model final class A { var name: String = \"\" }"
        let fileSystem = MemoryFileSystem(
            folders: [
                "Schema": ["A.cloudschema", "Generated.swift"], "Models": ["Trip.swift", "Util.swift", "A.swift"],
                "App": ["schema.ckdb", "Sources", "Tests"], "App/Sources": ["Trip.swift", "A.swift"], "App/Tests": ["TripTests.swift"],
            ],
            files: [
                "Schema/A.cloudschema": "model A {\n    name: String = \"\"\n}\n",
                "Schema/Generated.swift": generated,
                "Models/Trip.swift": "@Model final class Trip { var name: String = \"\" }",
                "Models/Util.swift": "func helper() {}",
                "Models/A.swift": generated,
                "App/schema.ckdb": "DEFINE SCHEMA\nRECORD TYPE Trip (name STRING);\n",
                "App/Sources/Trip.swift": "@Model final class Trip { var name: String = \"\" }",
                "App/Sources/A.swift": generated,
                "App/Tests/TripTests.swift": "func testTrip() {}",
            ])
        #expect(SchemaLoader.findFiles(["Schema"], fileSystem: fileSystem).files == ["Schema/A.cloudschema"])
        #expect(
            SchemaLoader.findFiles(["Schema", "Models/Trip.swift"], fileSystem: fileSystem).files == [
                "Schema/A.cloudschema", "Models/Trip.swift",
            ])
        let models = SchemaLoader.load(paths: ["Models"], fileSystem: fileSystem)
        #expect(models.diagnostics.map(\.compact) == [])
        #expect(models.schema.models.map(\.name) == ["A", "Trip"])
        // Beside a schema, Swift that cloudschema generated from one is not read twice.
        let both = SchemaLoader.load(paths: ["Schema", "Models"], fileSystem: fileSystem)
        #expect(both.diagnostics.map(\.compact) == [])
        #expect(both.schema.models.map(\.name) == ["A", "Trip"])
        // The app's own Swift beside a schema is not read, and one info says so and how to read it.
        let app = SchemaLoader.load(paths: ["App"], fileSystem: fileSystem)
        #expect(app.diagnostics.map { "\($0.range?.file ?? "") \($0.compact)" } == ["App/Sources/Trip.swift INPUT_NOT_CHECKED 1:1-1:1"])
        #expect(
            app.diagnostics.map(\.message) == [
                "2 Swift files in 'App' not read: a folder with schema files is read as its schema files; to check the app's code too, name its Swift folders or files beside the schema (cloudschema lint App/schema.ckdb App/Sources/ App/Tests/)"
            ])
        #expect(SchemaLoader.load(paths: ["App/schema.ckdb", "App/Sources"], fileSystem: fileSystem).schema.models.map(\.name) == ["Trip"])
        #expect(SchemaLoader.load(paths: ["Schema"], fileSystem: fileSystem).diagnostics.isEmpty)  // generated Swift only
    }
}

/// `cloudschema import Models.swift`: the models as `.cloudschema`, laid out as `format` writes it.
@Suite struct SwiftImporterTests {
    @Test func importWritesTheModelsAndTheEnumsTheyUse() {
        let swift = load(SwiftModelReaderTests.models, file: "Models.swift")
        let imported = SwiftImporter.importSchema(swift.schema, source: "Models.swift")
        #expect(
            imported == """
                // Imported from Models.swift by `cloudschema import`.

                /// Where a trip stands.
                enum Status: String {
                    active
                    done = "finished"
                }

                enum Priority: Int64 {
                    low = 0
                    high = 10
                    urgent = 11
                }

                /// A trip.
                model Trip @unique(name, start) {
                    /// The trip's name.
                    name: String = "" @unique
                    start: Date = now
                    id: UUID = UUID()
                    end: Date?
                    status: Status = .active
                    priority: Priority = .high
                    image: Data? @externalStorage @name("photo")
                    notes: String? @encrypted
                    stops: [Stop]? @inverse(trip) @deleteRule(cascade)
                    cache: Int = 0 @transient
                    count: Int = 0
                    tags: [String] = ["a", "b"]
                    budget: Decimal = 0.0
                    rating: Double = -1.5
                    observed: Int = 1000
                }

                model Stop {
                    trip: Trip?
                    title: String = "a \\"b\\""
                    arrived: Date = now
                }

                """)
        #expect(SchemaFormatter.format(imported) == .formatted(imported))
        #expect(load(imported).schema.models == swift.schema.models)
    }
}
