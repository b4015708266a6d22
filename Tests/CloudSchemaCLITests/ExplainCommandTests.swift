import Foundation
import Testing

/// `explain` and `--list-rules` cover every ID, and `diff` reads the `breaking` section.
struct ExplainCommandTests {
    @Test func explainAnyID() throws {
        for id in ["FIELD_NO_DELETE", "CKDB_NOT_A_SCHEMA", "CONFIG_INVALID", "INPUT_UNREADABLE", "DIFF_UNCHECKED"] {
            let result = try cloudschema("explain", id)
            #expect(result.status == 0 && result.stdout.hasPrefix("\(id): ") && result.stdout.contains(" Fix: "), "\(id)")
        }
    }

    @Test func listRulesAll() throws {
        let json = try cloudschema("lint", "--list-rules", "--all", "--format", "json")
        let rules = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["rules"] as? [[String: Any]])
        let kinds = Dictionary(rules.map { ($0["id"] as? String ?? "", $0["kind"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(kinds["SYNTAX_ERROR"] == "syntax" && kinds["FIELD_NO_DELETE"] == "breaking" && kinds["ENCRYPTED_INDEXED"] == "lint")
        #expect(kinds["OUTPUT_UNWRITABLE"] == "output" && kinds["CKDB_CORE_DATA_MIRROR"] == "ckdb")
        let configurable = try cloudschema("lint", "--list-rules", "--format", "json")
        #expect(configurable.stdout.contains("\"FIELD_NO_DELETE\"") && !configurable.stdout.contains("\"SYNTAX_ERROR\""))
        let misplaced = try cloudschema("lint", "Schemas/Garden", "--all")
        #expect(misplaced.status == 2 && misplaced.stderr.contains("--all is for --list-rules"))
    }

    @Test func diffAppliesTheBreakingSection() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-breaking-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "record Plant {\n    name: String\n    notes: String?\n}\n".write(
            to: folder.appendingPathComponent("deployed.cloudschema"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Schemas"), withIntermediateDirectories: true)
        try "record Plant {\n    name: String\n}\n".write(
            to: folder.appendingPathComponent("Schemas/Garden.cloudschema"), atomically: true, encoding: .utf8)

        let breaking = try cloudschema("diff", "Schemas", "--against", "deployed.cloudschema", in: folder)
        #expect(breaking.status == 1 && breaking.stdout.contains("[FIELD_NO_DELETE]"))

        try #"{"breaking": {"severity": {"FIELD_NO_DELETE": "warning"}}}"#.write(
            to: folder.appendingPathComponent("cloudschema.json"), atomically: true, encoding: .utf8)
        let warning = try cloudschema("diff", "Schemas", "--against", "deployed.cloudschema", in: folder)
        #expect(warning.status == 0 && warning.stdout.contains("warning: ") && warning.stdout.contains("[FIELD_NO_DELETE]"))

        try #"{"breaking": {"severity": {"FIELD_NO_DELET": "warning"}}}"#.write(
            to: folder.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)
        let invalid = try cloudschema("diff", "Schemas", "--against", "deployed.cloudschema", "--config", "other.json", in: folder)
        #expect(
            invalid.status == 2 && invalid.stderr.contains("did you mean 'FIELD_NO_DELETE'?") && invalid.stderr.contains("[CONFIG_INVALID]")
        )
    }
}
