import Foundation
import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// `--against git:REV[:PATH]`: the deployed schema read from a commit with `git show`.
@Suite("git: sources")
struct GitSourceTests {
    /// A throwaway repository with one identity set locally.
    struct Repository {
        let path: String

        init() throws {
            path =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("cloudschema-git-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path + "/Schemas", withIntermediateDirectories: true)
            try run("init", "-q")
            try run("config", "user.name", "CloudSchema Tests")
            try run("config", "user.email", "tests@example.invalid")
            try run("config", "commit.gpgsign", "false")
        }

        func write(_ file: String, _ text: String) throws {
            try text.write(toFile: path + "/" + file, atomically: true, encoding: .utf8)
        }

        func commit(_ message: String) throws {
            try run("add", "-A")
            try run("commit", "-q", "-m", message)
        }

        @discardableResult
        func run(_ arguments: String...) throws -> Int32 {
            let result = try LocalFileSystem().git(Array(arguments), in: path)
            if result.status != 0 { Issue.record("git \(arguments.joined(separator: " ")) failed: \(result.error)") }
            return result.status
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The core reads git only through `InputFileSystem`, so a repository's history can be
    /// stated in memory: no files, no git. The revision's files are searched as a folder on
    /// disk is, named `REV:path` in diagnostics.
    @Test func readsARevisionThroughTheInputFileSystem() throws {
        let schema = "record Plant in public {\n    name: String\n    grant read to world\n}\n"
        var fileSystem = MemoryFileSystem()
        fileSystem.git = [
            ["rev-parse", "--show-toplevel", "--show-prefix"]: GitOutput(status: 0, output: Array("/repo\n\n".utf8), error: ""),
            ["rev-parse", "--verify", "--quiet", "v1^{commit}"]: GitOutput(status: 0, output: [], error: ""),
            ["ls-tree", "-r", "-z", "--full-tree", "v1"]: GitOutput(
                status: 0, output: Array("100644 blob a1\tSchemas/Garden.cloudschema\0100644 blob b2\tSchemas/notes.txt\0".utf8), error: ""),
            ["cat-file", "blob", "a1"]: GitOutput(status: 0, output: Array(schema.utf8), error: ""),
        ]
        let loaded = try DiffSourceLoader.load(
            DiffSource(parsing: "git:v1"), currentPaths: ["Schemas"], workingDirectory: "/repo", fileSystem: fileSystem)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.sources.paths == ["v1:Schemas/Garden.cloudschema"])
        #expect(loaded.schema.recordTypes.map(\.name) == ["Plant"])

        fileSystem.git = [:]
        #expect(
            throws: DiffSourceError(
                "--against git:v1 reads from git, but '/repo' is not inside a git repository; run it from your repository or compare against a file"
            )
        ) {
            try DiffSourceLoader.load(
                DiffSource(parsing: "git:v1"), currentPaths: ["Schemas"], workingDirectory: "/repo", fileSystem: fileSystem)
        }
    }

    @Test func comparesTheWorkingTreeWithHEAD() throws {
        let repository = try Repository()
        defer { repository.remove() }
        try repository.write(
            "Schemas/Garden.cloudschema",
            """
            record Plant {
                name: String
                colour: String?
            }
            """)
        try repository.commit("Deployed schema")
        // The working tree drops a field and adds one.
        try repository.write(
            "Schemas/Garden.cloudschema",
            """
            record Plant {
                name: String
                height: Double?
            }
            """)

        let deployed = try DiffSourceLoader.load(
            DiffSource(parsing: "git:HEAD"), currentPaths: ["Schemas"], workingDirectory: repository.path)
        #expect(deployed.sources.paths == ["HEAD:Schemas/Garden.cloudschema"])
        let current = SchemaLoader.load(paths: [repository.path + "/Schemas"])
        let diff = SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
        #expect(diff.changes.map(\.finding) == ["FIELD_NO_DELETE 1:8", "fieldAdded 3:5"])
        // The deployed place is named after the revision.
        #expect(diff.breaking[0].deployedLocation?.file == "HEAD:Schemas/Garden.cloudschema")
    }

    @Test func anExplicitPathAtARevision() throws {
        let repository = try Repository()
        defer { repository.remove() }
        try repository.write("Schemas/A.cloudschema", "record A { x: String }")
        try repository.write("Schemas/B.cloudschema", "record B { y: String }")
        try repository.commit("Two schemas")
        let deployed = try DiffSourceLoader.load(
            DiffSource(parsing: "git:HEAD:Schemas/B.cloudschema"), currentPaths: ["Schemas"],
            workingDirectory: repository.path)
        #expect(deployed.schema.recordTypes.map(\.name) == ["B"])
    }

    /// Paths start where git runs, `..` and links included, as on disk; each file is shown by
    /// its path from the repository's root.
    @Test func theRevisionIsSearchedAsTheWorkingTreeIs() throws {
        let repository = try Repository()
        defer { repository.remove() }
        for folder in ["Shared", "Sources/App"] {
            try FileManager.default.createDirectory(atPath: repository.path + "/" + folder, withIntermediateDirectories: true)
        }
        try repository.write("Schemas/A.cloudschema", "record A { x: String }")
        try repository.write("Shared/B.cloudschema", "record B { y: String }")
        try FileManager.default.createSymbolicLink(atPath: repository.path + "/Schemas/Shared", withDestinationPath: "../Shared")
        try repository.commit("A schema and a linked folder")
        let paths = ["../../Schemas"]
        let app = repository.path + "/Sources/App"
        let onDisk = try DiffSourceLoader.load(.files(paths), currentPaths: [], workingDirectory: app)
        let atHEAD = try DiffSourceLoader.load(.git(revision: "HEAD", paths: paths), currentPaths: [], workingDirectory: app)
        #expect(atHEAD.sources.paths == ["HEAD:Schemas/A.cloudschema", "HEAD:Shared/B.cloudschema"])
        #expect(onDisk.schema.recordTypes.map(\.name) == ["A", "B"])
        #expect(atHEAD.schema.recordTypes.map(\.name) == ["A", "B"])
    }

    /// A submodule's files are another repository's: searching one is an error, not a skip.
    @Test func aSubmoduleIsNotSkipped() throws {
        let repository = try Repository()
        defer { repository.remove() }
        try repository.write("Schemas/A.cloudschema", "record A { x: String }")
        try repository.run("add", "-A")
        try repository.run("update-index", "--add", "--cacheinfo", "160000,\(String(repeating: "1", count: 40)),Schemas/Vendor")
        try repository.run("commit", "-q", "-m", "A schema and a submodule")
        #expect(
            throws: DiffSourceError(
                "cannot read the deployed schema (git:HEAD): cannot read 'Schemas/Vendor' (a submodule in HEAD; its files are in another repository, so name the schema's folder instead)"
            )
        ) {
            try DiffSourceLoader.load(DiffSource(parsing: "git:HEAD"), currentPaths: ["Schemas"], workingDirectory: repository.path)
        }
        let named = try DiffSourceLoader.load(
            DiffSource(parsing: "git:HEAD:Schemas/A.cloudschema"), currentPaths: [], workingDirectory: repository.path)
        #expect(named.schema.recordTypes.map(\.name) == ["A"])
    }

    @Test func aBadRevisionIsAClearError() throws {
        let repository = try Repository()
        defer { repository.remove() }
        try repository.write("Schemas/A.cloudschema", "record A { x: String }")
        try repository.commit("One schema")
        #expect(
            throws: DiffSourceError(
                "unknown git revision 'no-such-branch'; use a branch, tag or commit that exists (see 'git log --oneline')")
        ) {
            try DiffSourceLoader.load(
                DiffSource(parsing: "git:no-such-branch"), currentPaths: ["Schemas"], workingDirectory: repository.path)
        }
        #expect(throws: DiffSourceError.self) {
            try DiffSourceLoader.load(
                DiffSource(parsing: "git:HEAD:Missing"), currentPaths: ["Schemas"], workingDirectory: repository.path)
        }
    }

    @Test func outsideARepositoryIsAClearError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-nogit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // GIT_CEILING_DIRECTORIES is not needed: the temporary folder is not inside a repository.
        let error = #expect(throws: DiffSourceError.self) {
            try DiffSourceLoader.load(DiffSource(parsing: "git:HEAD"), currentPaths: ["."], workingDirectory: folder)
        }
        #expect(error?.message.contains("is not inside a git repository") == true)
    }

    @Test func sourcesAreParsedAsWritten() throws {
        #expect(try DiffSource(parsing: "git:main") == .git(revision: "main", paths: nil))
        #expect(try DiffSource(parsing: "git:HEAD~1:Schemas") == .git(revision: "HEAD~1", paths: ["Schemas"]))
        #expect(try DiffSource(parsing: "production.ckdb") == .files(["production.ckdb"]))
        #expect(throws: DiffSourceError.self) { try DiffSource(parsing: "git:") }
        #expect(throws: DiffSourceError.self) { try DiffSource(parsing: "git:--upload-pack=x") }
    }
}
