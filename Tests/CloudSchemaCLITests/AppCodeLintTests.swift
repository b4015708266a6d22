import Foundation
import Testing

/// `lint` of an app target's Swift files against the schema its cloudschema.json names.
@Suite struct AppCodeLintTests {
    static let ckdb = """
        DEFINE SCHEMA
            RECORD TYPE Contact (
                "___recordID" REFERENCE QUERYABLE,
                name          ENCRYPTED STRING,
                visits        INT64 QUERYABLE
            );
        """

    static func app(key: String, config: String = #"{"schema": "../CloudKit/production.ckdb"}"#) -> [String: String] {
        [
            "CloudKit/production.ckdb": ckdb, "App/cloudschema.json": config,
            "App/Sync.swift": "import CloudKit\n\nlet record = CKRecord(recordType: \"Contact\")\nrecord[\"\(key)\"] = 1\n",
        ]
    }

    @Test func theSchemaTheConfigNamesChecksTheSwiftLine() throws {
        let folder = try temporaryFolder(Self.app(key: "vists"))
        let result = try cloudschema("lint", "App/Sync.swift", in: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "App/Sync.swift:4:8: error: no field 'vists' in record type 'Contact'; did you mean 'visits'? [APPCODE_UNKNOWN_KEY]\n"))
        let fixed = try temporaryFolder(Self.app(key: "visits"))
        let stamp = fixed.appendingPathComponent("stamp.swift").path
        let clean = try cloudschema("lint", "App/Sync.swift", "--stamp", stamp, in: fixed)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(FileManager.default.fileExists(atPath: stamp))
    }

    @Test func anUnreadableSchemaInTheConfigIsAnInputErrorWithExitCode2() throws {
        let folder = try temporaryFolder(Self.app(key: "visits", config: #"{"schema": "../CloudKit/staging.ckdb"}"#))
        let result = try cloudschema("lint", "App/Sync.swift", in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.contains("App/cloudschema.json:1:12: error: cannot read the schema '"))
        #expect(result.stdout.contains("staging.ckdb' that cloudschema.json names (No such file or directory) [INPUT_UNREADABLE]"))
    }

    @Test func theSchemaKeyTakesPaths() throws {
        let folder = try temporaryFolder(Self.app(key: "visits", config: #"{"schema": 3}"#))
        let result = try cloudschema("lint", "App/Sync.swift", in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.contains("'schema' must be a schema file path or a list of them"))
    }
}
