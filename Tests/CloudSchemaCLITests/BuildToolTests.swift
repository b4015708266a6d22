import Foundation
import Testing

/// `cloudschema-build`, the build plugin's tool: `cloudschema`'s lint and generate, the same
/// output byte for byte, and no other subcommand.
struct BuildToolTests {
    func buildTool(_ arguments: String..., in folder: URL) throws -> RunResult {
        try cloudschema(arguments, in: folder, executable: "cloudschema-build")
    }

    @Test func runsLintAndGenerateOnly() throws {
        let folder = try temporaryFolder([:])
        let help = try buildTool("--help", in: folder)
        #expect(help.stdout.contains("  lint  ") && help.stdout.contains("  generate  "))
        #expect(!help.stdout.contains("  diff  ") && !help.stdout.contains("  lsp  "))
        let diff = try buildTool("diff", "A.cloudschema", in: folder)
        #expect(diff.status == 2)
        #expect(diff.stderr.hasPrefix("error: unknown subcommand 'diff'; expected one of: lint, generate\n"))
    }

    @Test func lintsAndGeneratesAsCloudschemaDoes() throws {
        let folder = try temporaryFolder([
            "Garden.cloudschema": "zone Z\nrecord Bed in Z {\n    name: String @queryable @encrypted\n}\n",
            "Notes.cloudschema": "zone Y\nrecord Note in Y {\n    title: String\n}\n",
            "Models.swift": "import SwiftData\n\n@Model\nfinal class Trip {\n    var name: String\n    init() {}\n}\n",
        ])
        for arguments in [
            ["lint", "Garden.cloudschema"], ["lint", "Models.swift", "--stamp", "Stamp.swift"],
            ["generate", "Notes.cloudschema", "--output", "Out"],
        ] {
            // Each from a clean folder: what generate writes, and the stamp lint removes.
            func clean() {
                for name in ["Out", "Stamp.swift"] { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
            }
            clean()
            let expected = try cloudschema(arguments, in: folder)
            clean()
            let actual = try cloudschema(arguments, in: folder, executable: "cloudschema-build")
            #expect(actual.status == expected.status, "\(arguments)")
            #expect(actual.stdout == expected.stdout, "\(arguments)")
            #expect(actual.stderr == expected.stderr, "\(arguments)")
        }
        #expect(try cloudschema("lint", "Garden.cloudschema", in: folder).status == 1)
    }
}
