import Foundation
import Testing

/// `diff --against 'git:v*'`: the schema against every shipped version at once, oldest first.
/// Golden reports in `Tests/CloudSchemaCoreTests/Golden/deploy/versions.*`; refresh them with
///
///     CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter VersionMatrixTests
struct VersionMatrixTests {
    /// v1.0 ships `Plant` with a `code`; v1.1 drops `code` (a release that broke v1.0) and adds
    /// `notes`; v2.0 adds `height` and a `wilted` status.
    static let versions: [(tag: String, schema: String)] = [
        (
            "v1.0",
            "record Plant {\n    name: String @queryable\n    code: Int64?\n    status: Status = .growing\n}\n\nenum Status: String { growing, done }\n"
        ),
        (
            "v1.1",
            "record Plant {\n    name: String @queryable\n    notes: String?\n    status: Status = .growing\n}\n\nenum Status: String { growing, done }\n"
        ),
        (
            "v2.0",
            "record Plant {\n    name: String @queryable\n    notes: String?\n    height: Double = 0\n    status: Status = .growing\n}\n\nenum Status: String { growing, done, wilted }\n"
        ),
    ]

    /// This pull request: `name` loses its index, a `Pot` record type and a `dormant` status.
    static let current = """
        record Plant {
            name: String
            notes: String?
            height: Double = 0
            status: Status = .growing
        }

        record Pot {
            size: Int64?
        }

        enum Status: String { growing, done, wilted, dormant }

        """

    static func repository() throws -> URL {
        let repository = try temporaryFolder(["Schemas/App.cloudschema": versions[0].schema])
        func git(_ arguments: String...) throws {
            let result = try DiffThroughGitTests.run(["git"] + arguments, in: repository)
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        try git("init", "-q")
        try git("config", "user.name", "CloudSchema Tests")
        try git("config", "user.email", "tests@example.invalid")
        try git("config", "commit.gpgsign", "false")
        for (tag, schema) in versions {
            try Data(schema.utf8).write(to: repository.appendingPathComponent("Schemas/App.cloudschema"))
            try git("add", "-A")
            try git("commit", "-q", "-m", tag)
            try git("tag", tag)
        }
        try Data(current.utf8).write(to: repository.appendingPathComponent("Schemas/App.cloudschema"))
        return repository
    }

    @Test func everyVersionAndTheOldestSafeOneInTextAndMarkdown() throws {
        let repository = try Self.repository()
        for (format, file) in [("text", "versions.txt"), ("markdown", "versions.md")] {
            let run = try cloudschema("diff", "Schemas", "--against", "git:v*", "--format", format, in: repository)
            #expect(run.status == 1, "\(run.stderr)")
            let path = packageRoot.appendingPathComponent("Tests/CloudSchemaCoreTests/Golden/deploy/\(file)")
            if ProcessInfo.processInfo.environment["CLOUDSCHEMA_UPDATE_GOLDEN"] == "1" {
                try Data(run.stdout.utf8).write(to: path)
            } else {
                #expect(
                    run.stdout == (try String(contentsOf: path, encoding: .utf8)),
                    "\(file) differs; if intended, run CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test --filter VersionMatrixTests")
            }
        }
    }

    @Test func aPatternThatMatchesNoTagIsAnError() throws {
        let repository = try Self.repository()
        let run = try cloudschema("diff", "Schemas", "--against", "git:release-*", in: repository)
        #expect(run.status == 2)
        #expect(run.stderr.contains("no git tag matches 'release-*'"))
        let json = try cloudschema("diff", "Schemas", "--against", "git:v*", "--format", "json", in: repository)
        #expect(json.status == 2)
    }
}
