import Testing

@testable import CloudSchemaCore

/// Config discovery reads through `InputFileSystem`, as the schema loader does: the nearest
/// `cloudschema.json` above each file, each read once, shown here without a file on disk.
@Suite struct ConfigurationSetTests {
    @Test func theNearestConfigAboveEachFileIsUsed() {
        var fileSystem = MemoryFileSystem()
        fileSystem.files = [
            "/app/cloudschema.json": #"{"lint": {"except": ["FIELD_BYTES_LARGE"]}}"#,
            "/app/Legacy/cloudschema.json": #"{"lint": {"severity": {"RECORD_DEFAULT_ZONE": "off"}}}"#,
        ]
        let files = ["/app/Schemas/A.cloudschema", "/app/Legacy/B.cloudschema", "/elsewhere/C.cloudschema"]
        let set = ConfigurationSet(files: files, explicitPath: nil, fileSystem: fileSystem)
        #expect(set.diagnostics.isEmpty)
        #expect(set.configuration(for: files[0]).path == "/app/cloudschema.json")
        #expect(set.configuration(for: files[1]).path == "/app/Legacy/cloudschema.json")
        #expect(set.configuration(for: files[2]).path == nil)
    }

    @Test func aConfigThatCannotBeReadIsOneError() {
        var fileSystem = MemoryFileSystem()
        fileSystem.refused = ["/app/cloudschema.json": "Permission denied"]
        let set = ConfigurationSet(files: ["/app/A.cloudschema"], explicitPath: nil, fileSystem: fileSystem)
        #expect(set.diagnostics.map(\.message) == ["cannot read config file '/app/cloudschema.json'"])
    }
}
