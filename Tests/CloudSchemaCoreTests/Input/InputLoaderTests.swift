import Testing

@testable import CloudSchemaCore

/// A file system in memory: folders, files, links (a path that leads to another path's
/// identity) and paths the system refuses. Root, which runs CI, can read anything on disk,
/// so refusals are shown here.
struct MemoryFileSystem: InputFileSystem {
    var folders: [String: [String]] = [:]
    var files: [String: String] = [:]
    /// path → the path it leads to.
    var links: [String: String] = [:]
    /// path → the system's reason.
    var refused: [String: String] = [:]
    /// Pipes and devices: path → what reading them gives.
    var pipes: [String: String] = [:]
    var input = ""
    /// `git` arguments → what git prints; anything else is answered as outside a repository.
    var git: [[String]: GitOutput] = [:]

    private func target(_ path: String) -> String { links[path].map(target) ?? path }

    func status(of path: String) throws(InputError) -> InputFileStatus {
        let real = target(path)
        let identity = [UInt64(0), UInt64(truncatingIfNeeded: real.hashValue)]
        if folders[real] != nil { return InputFileStatus(kind: .folder, identity: identity) }
        if files[real] != nil || refused[real] != nil { return InputFileStatus(kind: .file, identity: identity) }
        if pipes[real] != nil { return InputFileStatus(kind: .other, identity: identity) }
        throw InputError("No such file or directory", isMissing: true)
    }

    func entries(of folder: String) throws(InputError) -> [String] {
        if let reason = refused[target(folder)] { throw InputError(reason) }
        return folders[target(folder)] ?? []
    }

    func contents(of file: String) throws(InputError) -> [UInt8] {
        if let reason = refused[target(file)] { throw InputError(reason) }
        return Array((files[target(file)] ?? pipes[target(file)] ?? "").utf8)
    }

    func standardInput() throws(InputError) -> [UInt8] { Array(input.utf8) }

    func git(_ arguments: [String], in folder: String) throws(InputError) -> GitOutput {
        git[arguments] ?? GitOutput(status: 128, output: [], error: "fatal: not a git repository")
    }
}

struct InputLoaderTests {
    let record = "record A in public {\n  x: String\n  grant read to world\n}\n"

    func messages(_ loaded: LoadedSchema) -> [String] {
        loaded.diagnostics.map { "\($0.id) \($0.message)" }
    }

    @Test func anUnreadableSubfolderIsAnError() {
        let fileSystem = MemoryFileSystem(
            folders: ["s": ["a.cloudschema", "locked"], "s/locked": []], files: ["s/a.cloudschema": record],
            refused: ["s/locked": "Permission denied"])
        let loaded = SchemaLoader.load(paths: ["s"], fileSystem: fileSystem)
        #expect(messages(loaded) == ["INPUT_UNREADABLE cannot read folder 's/locked' (Permission denied)"])
        #expect(loaded.schema.recordTypes.map(\.name) == ["A"])
    }

    @Test func anUnreadableFolderIsNotAnEmptyOne() {
        let fileSystem = MemoryFileSystem(folders: ["locked": [], "empty": []], refused: ["locked": "Permission denied"])
        #expect(
            messages(SchemaLoader.load(paths: ["locked", "empty"], fileSystem: fileSystem)) == [
                "INPUT_UNREADABLE cannot read folder 'locked' (Permission denied)",
                "INPUT_UNREADABLE no *.cloudschema, *.ckdb, *.sql, *.swift files in 'empty'",
            ])
    }

    @Test func anUnreadableFileIsAnError() {
        let fileSystem = MemoryFileSystem(
            folders: ["s": ["a.cloudschema"]], refused: ["s/a.cloudschema": "Permission denied"])
        #expect(
            messages(SchemaLoader.load(paths: ["s"], fileSystem: fileSystem)) == [
                "INPUT_UNREADABLE cannot read 's/a.cloudschema' (Permission denied)"
            ])
    }

    @Test func aLinkToNothingIsAnErrorOnlyWhenNamedLikeASchema() {
        let fileSystem = MemoryFileSystem(
            folders: ["s": ["a.cloudschema", "b.cloudschema", "notes"]], files: ["s/a.cloudschema": record],
            links: ["s/b.cloudschema": "gone", "s/notes": "gone"])
        #expect(
            messages(SchemaLoader.load(paths: ["s"], fileSystem: fileSystem)) == [
                "INPUT_UNREADABLE cannot read 's/b.cloudschema' (No such file or directory)"
            ])
    }

    @Test func linkLoopsAndSecondLinksReadEachFileOnce() {
        let fileSystem = MemoryFileSystem(
            folders: ["s": ["a.cloudschema", "also.cloudschema", "sub"], "s/sub": ["up", "self"]],
            files: ["s/a.cloudschema": record], links: ["s/sub/up": "s", "s/sub/self": "s/sub", "s/also.cloudschema": "s/a.cloudschema"])
        let (files, problems) = SchemaLoader.findFiles(["s", "s/sub", "s/a.cloudschema"], fileSystem: fileSystem)
        #expect(files == ["s/a.cloudschema"])
        #expect(problems.isEmpty)
    }

    @Test func aPipeIsReadOnlyWhenNamed() {
        let fileSystem = MemoryFileSystem(
            folders: ["s": ["fifo.cloudschema"]], pipes: ["s/fifo.cloudschema": record, "/dev/fd/63": record])
        #expect(
            messages(SchemaLoader.load(paths: ["s"], fileSystem: fileSystem)) == [
                "INPUT_UNREADABLE 's/fifo.cloudschema' is not a regular file; schema files are plain files"
            ])
        let named = SchemaLoader.load(paths: ["/dev/fd/63"], fileSystem: fileSystem)
        #expect(named.diagnostics.isEmpty)
        #expect(named.schema.recordTypes.map(\.name) == ["A"])
    }

    @Test func standardInputIsReadUnderTheGivenName() {
        let fileSystem = MemoryFileSystem(input: "record A {\n  x: Strng\n}\n")
        let loaded = SchemaLoader.load(paths: ["-"], standardInputName: "Schemas/Garden.cloudschema", fileSystem: fileSystem)
        #expect(loaded.diagnostics.map(\.compact) == ["TYPE_UNKNOWN 2:6-2:11"])
        #expect(loaded.diagnostics.first?.range?.file == "Schemas/Garden.cloudschema")
        let ckdb = SchemaLoader.load(
            paths: ["-"], standardInputName: "x.ckdb", fileSystem: MemoryFileSystem(input: "DEFINE SCHEMA\nRECORD TYPE A (x STRING);\n"))
        #expect(ckdb.diagnostics.isEmpty)
        #expect(ckdb.schema.recordTypes.map(\.name) == ["A"])
    }
}
