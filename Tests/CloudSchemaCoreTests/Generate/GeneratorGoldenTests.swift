import Foundation
import Testing

@testable import CloudSchemaCore

/// The generated Swift for every example schema (and the hostile fixture) is checked in as
/// `Tests/CloudSchemaConsumerTests/Generated/<Schema>/*.swift`, where CloudSchemaConsumerTests
/// compiles and runs it; `Tests/CloudSchemaCoreTests/Golden/generate` links there. These tests
/// regenerate it and compare byte for byte. After an intended change to the generator or a
/// template, refresh the files and review the diff:
///
///     CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter GeneratorGoldenTests
@Suite struct GeneratorGoldenTests {
    static let generated = packageRoot.appendingPathComponent("Tests/CloudSchemaConsumerTests/Generated")

    /// Each consumer module: its schema file (relative to the package root) and access level.
    /// Public and package are what another module (the consumer tests) can use.
    static let modules: [(name: String, schema: String, access: GenerateConfiguration.Access)] = [
        ("Catalogue", "Schemas/Catalogue/Catalogue.cloudschema", .public),
        ("Garden", "Schemas/Garden/Garden.cloudschema", .public),
        ("Hostile", "Tests/CloudSchemaConsumerTests/Schemas/Hostile.cloudschema", .public),
        ("Notes", "Schemas/Notes/Notes.cloudschema", .package),
        ("Queries", "Tests/CloudSchemaConsumerTests/Schemas/Queries.cloudschema", .public),
        ("Sync", "Tests/CloudSchemaConsumerTests/Schemas/Sync.cloudschema", .public),
    ]

    static func load(_ path: String) throws -> LoadedSchema {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        return SchemaLoader.load(sources: [(path, text)])
    }

    static func generate(_ path: String, access: GenerateConfiguration.Access) throws -> [GeneratedFile] {
        let loaded = try load(path)
        let errors = Linter.lint(loaded).filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        return try Generator.generate(loaded.schema, inputFiles: [path], options: .init(access: access))
    }

    @Test(arguments: modules.map(\.name))
    func generatedCodeMatchesTheCheckedInFiles(_ name: String) throws {
        let module = try #require(Self.modules.first { $0.name == name })
        let files = try Self.generate(module.schema, access: module.access)
        #expect(files.map(\.name) == ["\(name).cloudschema.swift", "CloudSchema.swift"])
        let folder = Self.generated.appendingPathComponent(name)
        if updatingGoldenFiles {
            _ = try GeneratedFileWriter.write(files, to: folder.path)
            return
        }
        for file in files {
            let expected = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(
                file.contents == expected,
                "\(name)/\(file.name) is stale: run CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter GeneratorGoldenTests")
        }
        // No leftover Swift files from an older generator.
        let swiftFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".swift") && $0 != "Module.swift"  // the module's one hand-written file
        }
        #expect(swiftFiles.sorted() == files.map(\.name).sorted())
    }

    @Test(arguments: modules.map(\.schema))
    func generatingTwiceGivesTheSameBytes(_ path: String) throws {
        let first = try Self.generate(path, access: .public)
        let second = try Self.generate(path, access: .public)
        #expect(first == second)
        // Nothing that varies between runs or machines: no absolute paths, no dates.
        for file in first {
            #expect(!file.contents.contains(packageRoot.path))
            #expect(!file.contents.contains("2025") && !file.contents.contains("2026"))
        }
    }

    /// The built-in templates rendered in Swift (`NativeTemplates`) write what their text says:
    /// the same text with a comment added is no longer the built-in's, so it is interpreted.
    @Test(arguments: modules.map(\.schema), [GenerateConfiguration.Access.public, .package, .internal])
    func templatesRenderedInSwiftMatchTheirText(_ path: String, access: GenerateConfiguration.Access) throws {
        let loaded = try Self.load(path)
        let interpreted = TemplateLibrary.builtIn.overriding(
            with: TemplateLibrary.builtIn.entries.mapValues { .init(text: $0.text + "{# interpreted #}", path: $0.path) })
        #expect(
            interpreted.entries.keys.allSatisfy { NativeTemplates.native(name: $0, text: interpreted.entries[$0]!.text) == nil })
        let native = try Generator.generate(loaded.schema, inputFiles: [path], options: .init(access: access))
        let text = try Generator.generate(loaded.schema, inputFiles: [path], options: .init(access: access, templates: interpreted))
        #expect(native == text)
    }

    @Test func theHeaderNamesTheSourceFileOnly() throws {
        let files = try Self.generate("Schemas/Garden/Garden.cloudschema", access: .internal)
        #expect(files[0].contents.hasPrefix("// Generated by cloudschema from Garden.cloudschema. Do not edit.\n"))
        #expect(files[1].contents.hasPrefix("// Generated by cloudschema from Garden.cloudschema. Do not edit.\n"))
        #expect(files[1].contents.contains("CloudSchemaRuntime.CloudSchemaRuntimeVersion_7\n"))
    }

    @Test func hostileTextStaysInsideCommentsAndLiterals() throws {
        let files = try Self.generate("Tests/CloudSchemaConsumerTests/Schemas/Hostile.cloudschema", access: .public)
        let swift = files[0].contents
        for line in swift.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.drop { $0 == " " }
            // Every line that mentions the injection attempts is a doc comment.
            if code.contains("Injected") || code.contains("injected") {
                #expect(code.hasPrefix("///"), "\(line)")
            }
            // Doc comments never contain a block-comment delimiter.
            if code.hasPrefix("///") {
                #expect(!code.contains("*/") && !code.contains("/*"), "\(line)")
            }
        }
        // Renamed types keep their CloudKit names.
        #expect(swift.contains("public struct String_: CloudRecord"))
        #expect(swift.contains("public static let recordType = \"String\""))
        #expect(swift.contains("public struct Field_: CloudRecord"))
        #expect(swift.contains("public static let recordType = \"FieldRecord\""))
        #expect(swift.contains("public struct Type_: CloudRecord"))
        // Deprecated types: `@available` where only deprecated code uses them, else a doc note.
        #expect(swift.contains("@available(*, deprecated, message: \"use \\\"New\\\" */\")\npublic struct Old:"))
        #expect(swift.contains("@available(*, deprecated)\npublic struct Older:"))
        #expect(swift.contains("/// Deprecated: kept for Current\npublic struct Used:"))
    }
}

/// The generator's pieces, each with a small schema.
@Suite struct GeneratorTests {
    static func generate(
        _ text: String, file: String = "Schemas/App.cloudschema", access: GenerateConfiguration.Access = .internal,
        templates: TemplateLibrary = .builtIn
    ) throws -> [GeneratedFile] {
        let loaded = SchemaLoader.load(sources: [(file, text)])
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
        return try Generator.generate(loaded.schema, inputFiles: [file], options: .init(access: access, templates: templates))
    }

    @Test func outputsAreNamedAfterTheInputsPlusCloudSchemaSwift() throws {
        #expect(
            try Generator.outputNames(forInputs: ["a/A.cloudschema", "b/B.ckdb"]) == [
                "A.cloudschema.swift", "B.ckdb.swift", "CloudSchema.swift",
            ])
        #expect(try Generator.outputNames(forInputs: []) == ["CloudSchema.swift"])
        #expect(Generator.outputName(forInput: "/abs/path/My.Schema.cloudschema") == "My.Schema.cloudschema.swift")
    }

    @Test func anInputInPartsWritesItsFileThenOnePerFurtherPart() throws {
        #expect(
            try Generator.outputNames(forInputs: ["a/A.cloudschema", "b/B.ckdb"], parts: ["a/A.cloudschema": 3]) == [
                "A.cloudschema.swift", "A.cloudschema.2.swift", "A.cloudschema.3.swift", "B.ckdb.swift", "CloudSchema.swift",
            ])
        // One part per started 16 KiB of schema.
        #expect([0, 1, 16_384, 16_385, 32_768, 56_001].map(Generator.partCount(schemaBytes:)) == [1, 1, 1, 2, 2, 4])
    }

    /// Each part has an equal run of each kind of declaration, in schema order, the first parts
    /// the larger; each imports what it uses.
    @Test func partsShareOutEachKindOfDeclarationInOrder() throws {
        let loaded = SchemaLoader.load(sources: [
            (
                "S/App.cloudschema",
                """
                zone Z
                enum E1: String { a }
                enum E2: String { b }
                record R1 in Z { e: E1? }
                record R2 in Z { e: E2? }
                record R3 in Z { r: Reference<R1>? }
                record R4 in Z { name: String }
                record R5 in Z { name: String }
                model Trip { name: String = "" }

                """
            )
        ])
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
        let files = try Generator.generate(
            loaded.schema, inputFiles: ["S/App.cloudschema"], options: .init(parts: ["S/App.cloudschema": 2]))
        #expect(files.map(\.name) == ["App.cloudschema.swift", "App.cloudschema.2.swift", "CloudSchema.swift"])
        func declares(_ file: GeneratedFile) -> [String] {
            file.contents.split(separator: "\n").compactMap { line in
                ["struct ", "enum ", "final class "].lazy.compactMap { keyword in
                    line.hasPrefix(keyword) ? String(line.dropFirst(keyword.count).prefix { $0 != ":" && $0 != " " }) : nil
                }.first
            }
        }
        #expect(declares(files[0]) == ["E1", "R1", "R2", "R3", "Trip"])
        #expect(declares(files[1]) == ["E2", "R4", "R5"])
        #expect(files[1].contents.contains("@_spi(Generated) import CloudSchemaRuntime\nimport Foundation\n"))
        #expect(files[0].contents.contains("import SwiftData") && !files[1].contents.contains("SwiftData"))
        // The same declarations as in one file (each kind in order within each part).
        let whole = try Generator.generate(loaded.schema, inputFiles: ["S/App.cloudschema"])
        #expect(declares(whole[0]).sorted() == (declares(files[0]) + declares(files[1])).sorted())
        #expect(whole[1] == files[2])
    }

    @Test func twoInputsWithOneFileNameAreAnError() throws {
        #expect(throws: GeneratorError.self) { try Generator.outputNames(forInputs: ["a/A.cloudschema", "b/A.cloudschema"]) }
        #expect(
            try Generator.outputNames(forInputs: ["a/A.cloudschema", "a/A.ckdb"]) == [
                "A.cloudschema.swift", "A.ckdb.swift", "CloudSchema.swift",
            ])
        // Case-insensitive file systems (macOS) would overwrite one with the other.
        #expect(throws: GeneratorError.self) { try Generator.outputNames(forInputs: ["a/Garden.cloudschema", "b/garden.cloudschema"]) }
        #expect(
            try Generator.outputNames(forInputs: ["CloudSchema.cloudschema"]) == ["CloudSchema.cloudschema.swift", "CloudSchema.swift"])
    }

    @Test func anEmptySchemaFileStillGetsItsHeader() throws {
        let files = try Self.generate("// nothing here yet\n")
        #expect(files.map(\.name) == ["App.cloudschema.swift", "CloudSchema.swift"])
        #expect(files[0].contents == "// Generated by cloudschema from App.cloudschema. Do not edit.\n")
    }

    @Test func declarationsGoToTheFileTheyCameFrom() throws {
        let loaded = SchemaLoader.load(sources: [
            ("S/A.cloudschema", "zone Z\nrecord Alpha in Z { name: String }\n"),
            ("S/B.cloudschema", "enum Colour: String { red }\nrecord Beta in Z { colour: Colour = .red\n alpha: Reference<Alpha>? }\n"),
        ])
        let files = try Generator.generate(loaded.schema, inputFiles: ["S/A.cloudschema", "S/B.cloudschema"])
        #expect(files.map(\.name) == ["A.cloudschema.swift", "B.cloudschema.swift", "CloudSchema.swift"])
        #expect(files[0].contents.contains("struct Alpha:") && !files[0].contents.contains("Beta"))
        #expect(files[1].contents.contains("struct Beta:") && files[1].contents.contains("enum Colour:"))
        #expect(files[1].contents.contains("var alpha: Reference<Alpha>?"))
    }

    @Test(arguments: [
        (GenerateConfiguration.Access.public, "public struct Bed", "    public var name: String"),
        (.package, "package struct Bed", "    package var name: String"),
        (.internal, "\nstruct Bed", "    var name: String"),
    ])
    func accessLevelPrefixesEveryDeclaration(_ access: GenerateConfiguration.Access, _ type: String, _ property: String) throws {
        let swift = try Self.generate("zone Z\nrecord Bed in Z { name: String }\n", access: access)[0].contents
        #expect(swift.contains(type))
        #expect(swift.contains(property))
        if access == .internal { #expect(!swift.contains("internal ") && !swift.contains("public ")) }
    }

    @Test func aTemplateOverrideByNameReplacesTheBuiltIn() throws {
        let templates = TemplateLibrary.builtIn.overriding(with: [
            "Header.swift.template": .init(text: "// Custom header for {{ sourceFile }}\n", path: "Mine/Header.swift.template")
        ])
        let files = try Self.generate("zone Z\nrecord Bed in Z { name: String }\n", templates: templates)
        #expect(files[0].contents.hasPrefix("// Custom header for App.cloudschema\n\n@_spi(Generated) import CloudSchemaRuntime\n"))
        #expect(files[1].contents.hasPrefix("// Custom header for App.cloudschema\n"))
    }

    @Test func aBrokenTemplateIsReportedWithItsLocation() throws {
        let templates = TemplateLibrary.builtIn.overriding(with: [
            "Enum.swift.template": .init(text: "{{ enum.nope }}\n", path: "Mine/Enum.swift.template")
        ])
        do {
            _ = try Self.generate("enum E: String { a }\n", templates: templates)
            Issue.record("expected a template error")
        } catch {
            #expect("\(error)".hasPrefix("Mine/Enum.swift.template:1:9: error: 'enum' has no member 'nope'"))
        }
    }

    @Test func ckdbRecordTypesAreGeneratedWithoutSystemFields() throws {
        let ckdb = """
            DEFINE SCHEMA
                RECORD TYPE Trip (
                    "___createTime" TIMESTAMP,
                    "___recordID"   REFERENCE QUERYABLE,
                    "title"         STRING QUERYABLE,
                    "distance"      NUMBER PREFERRED AS DOUBLE,
                    "notes"         ENCRYPTED STRING,
                    "stops"         LIST<REFERENCE>,
                    GRANT WRITE TO "_creator",
                    GRANT READ TO "_world"
                );
            """
        let loaded = SchemaLoader.load(sources: [("Cloud/Trips.ckdb", ckdb)])
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.map(\.message))")
        let files = try Generator.generate(loaded.schema, inputFiles: ["Cloud/Trips.ckdb"])
        #expect(files.map(\.name) == ["Trips.ckdb.swift", "CloudSchema.swift"])
        let swift = files[0].contents
        #expect(swift.contains("// Generated by cloudschema from Trips.ckdb. Do not edit."))
        #expect(swift.contains("struct Trip: CloudRecord"))
        #expect(swift.contains("    var title: String?\n"))
        #expect(swift.contains("    var distance: Double?\n"))
        #expect(swift.contains("    var stops: [RecordReference]?\n"))
        #expect(swift.contains("        notes encrypted\n"))
        #expect(swift.contains("            notes: fields.decodeIfPresent(1),\n"))
        #expect(!swift.contains("___"))
    }

    @Test func filesAreStreamedOneAtATimeInOutputOrder() throws {
        /// Records what the generator hands over.
        struct Recorder: GeneratedOutput {
            var events: [String] = []
            var files: [GeneratedFile] = []
            mutating func begin(_ name: String) {
                events.append("begin \(name)")
                files.append(GeneratedFile(name: name, contents: ""))
            }
            mutating func append(_ text: String) { files[files.count - 1].contents += text }
            mutating func end() { events.append("end") }
        }
        let loaded = SchemaLoader.load(sources: [
            ("A.cloudschema", "record Bed { name: String }"), ("B.cloudschema", "enum E: String { a }"),
        ])
        var recorder = Recorder()
        try Generator.generate(loaded.schema, inputFiles: ["A.cloudschema", "B.cloudschema"], into: &recorder)
        #expect(
            recorder.events == ["begin A.cloudschema.swift", "end", "begin B.cloudschema.swift", "end", "begin CloudSchema.swift", "end"])
        #expect(recorder.files == (try Generator.generate(loaded.schema, inputFiles: ["A.cloudschema", "B.cloudschema"])))
    }

    @Test func anEnumCaseNamedUnrecognizedKeepsItsNameAndTheCatchAllMovesAside() throws {
        let swift = try Self.generate(
            """
            enum Status: String { unrecognized, known }
            """)[0].contents
        #expect(swift.contains("    case unrecognized\n"))
        #expect(swift.contains("    case unrecognized_(String)\n"))
        #expect(swift.contains("        case \"unrecognized\": self = .unrecognized\n"))
        #expect(swift.contains("        default: self = .unrecognized_(rawValue)\n"))
    }

    /// A key CloudKit would reject (a lint error) still generates: every byte of it but
    /// `[A-Za-z0-9_]` is percent-encoded in the field table's spelling, so no key can break the
    /// string literal or pass for a separator or an option.
    @Test func aKeyOutsideIdentifiersIsPercentEncodedInTheFieldTable() throws {
        let swift = try Self.generate(
            """
            zone Z
            record Odd in Z { odd: String? @name("a b,%é")
             notes: String? @encrypted }
            """)[0].contents
        #expect(swift.contains("        a%20b%2C%25%C3%A9\n        notes encrypted\n"))
    }

    @Test func namesAreRenamedOnlyWhereTheyWouldBreakTheFile() throws {
        let swift = try Self.generate(
            """
            zone Z
            record Date in Z { recordID: String?
             Field: Int64?
             Date: Date? }
            record Date_ in Z { x: Int64?
             allKeys: Int64?
             rawValue: Int64? }
            enum Asset: String { rawValue, plain }
            """)[0].contents
        // `Date` would shadow Foundation.Date; `Date_` is taken by the schema, so it gets another `_`.
        #expect(swift.contains("struct Date__: CloudRecord"))
        #expect(swift.contains("struct Date_: CloudRecord"))
        #expect(swift.contains("enum Asset_: RawRepresentable"))
        #expect(swift.contains("case rawValue_\n"))
        #expect(swift.contains("case \"rawValue\": self = .rawValue_\n"))
        #expect(swift.contains("    var recordID_: String?\n"))
        #expect(swift.contains("    var Field_: Int64?\n"))
        #expect(swift.contains("    var Date: Date?\n"))
        // `Field` holds a key per field beside `allKeys`; a record has no `rawValue` of its own.
        #expect(swift.contains("    var allKeys_: Int64?\n"))
        #expect(swift.contains("        static var allKeys_: Swift.String { \"allKeys\" }\n"))
        #expect(swift.contains("    var rawValue: Int64?\n"))
    }

    @Test func aSubscriptionTooLongForOneLineGetsAnArgumentALineAndItsPredicateWrappedAtAnd() throws {
        let files = try Self.generate(
            """
            zone Greenhouse
            record Plant in Greenhouse { name: String @queryable
             kind: String @queryable
             height: Int64 @queryable @sortable }
            subscription Everything database private
            subscription TallNamedTomatoesOfTheLongestKind on Plant where name.beginsWith("Tomato") && kind == "the longest kind of all the kinds" && height >= 100 && height < 1000 fires create, update @silent
            subscription GreenhouseChanges zone Greenhouse @alert("Something in the greenhouse changed: open the app to see what")
            """, access: .public)
        let swift = files[1].contents
        #expect(
            swift.contains(
                """
                    public enum Subscriptions {
                        public static let everything: SchemaSubscription = .database(id: "Everything", .private, notification: .none)
                        public static let tallNamedTomatoesOfTheLongestKind: SchemaSubscription = .query(
                            id: "TallNamedTomatoesOfTheLongestKind",
                            Plant.query {
                                $0.name.beginsWith("Tomato") && $0.kind == "the longest kind of all the kinds" && $0.height >= Int64(100)
                                    && $0.height < Int64(1000)
                            },
                            firesOn: [.create, .update],
                            notification: .silent)
                        public static let greenhouseChanges: SchemaSubscription = .zone(
                            id: "GreenhouseChanges",
                            RecordZoneID(zoneName: "Greenhouse"),
                            notification: .alert("Something in the greenhouse changed: open the app to see what"))

                """))
        #expect(swift.split(separator: "\n").allSatisfy { $0.utf8.count <= SubscriptionViewModel.lineLength })
    }
}
