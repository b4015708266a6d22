import Foundation

/// What `cloudschema diff --against SOURCE` compares with: a `.ckdb` export, a
/// `.cloudschema` file or folder, or `git:REV[:PATH]`.
public enum DiffSource: Hashable, Sendable, CustomStringConvertible {
    /// Files or folders on disk (`.cloudschema`, or one `.ckdb` export).
    case files([String])
    /// A git revision; `paths` nil means the current side's paths.
    case git(revision: String, paths: [String]?)

    /// Reads `SOURCE` as written on the command line.
    public init(parsing text: String) throws(DiffSourceError) {
        guard text.hasPrefix("git:") else {
            guard !text.isEmpty else { throw DiffSourceError("--against needs a file, a folder or git:REV[:PATH]") }
            self = .files([text])
            return
        }
        let rest = text.dropFirst(4)
        let revision: Substring
        let path: Substring?
        if let colon = rest.firstIndex(of: ":") {
            revision = rest[..<colon]
            path = rest[rest.index(after: colon)...]
        } else {
            revision = rest
            path = nil
        }
        guard !revision.isEmpty else {
            throw DiffSourceError("'\(text)' names no revision; write git:REV or git:REV:PATH, as in git:main or git:HEAD~1:Schemas")
        }
        guard !revision.hasPrefix("-") else { throw DiffSourceError("'\(revision)' is not a git revision") }
        self = .git(revision: String(revision), paths: path.flatMap { $0.isEmpty ? nil : [String($0)] })
    }

    public var description: String {
        switch self {
        case .files(let paths): paths.joined(separator: " ")
        case .git(let revision, let paths?): "git:\(revision):\(paths.joined(separator: ","))"
        case .git(let revision, nil): "git:\(revision)"
        }
    }
}

/// A deployed schema that cannot be read: exit code 2, with this message.
public struct DiffSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Reads the deployed side of a diff.
public enum DiffSourceLoader {
    /// - Parameters:
    ///   - currentPaths: the current side's paths, used for `git:REV` without a PATH.
    ///   - workingDirectory: where git runs and relative paths start (default: the process's).
    public static func load(
        _ source: DiffSource, currentPaths: [String], workingDirectory: String? = nil,
        fileSystem: any InputFileSystem = LocalFileSystem()
    ) throws(DiffSourceError) -> LoadedSchema {
        switch source {
        case .files(let paths):
            let resolved = paths.map { path in
                guard let workingDirectory, !path.hasPrefix("/") else { return path }
                return workingDirectory + "/" + path
            }
            let loaded = SchemaLoader.load(paths: resolved, fileSystem: fileSystem)
            if let problem = loaded.diagnostics.first(where: { $0.id == .inputUnreadable }) {
                throw DiffSourceError("cannot read the deployed schema: \(problem.message)")
            }
            return loaded
        case .git(let revision, let paths):
            return try GitSource.load(
                revision: revision, paths: paths ?? currentPaths, workingDirectory: workingDirectory, fileSystem: fileSystem)
        }
    }
}

/// Reads schema files as they were at a git revision, through `git ls-tree` and
/// `git show` (`InputFileSystem.git`: a subprocess, no libgit2, no dependency).
public enum GitSource {
    /// Every `*.cloudschema` file under `paths` at `revision` (a `.ckdb` or
    /// `.cloudschema` path is taken as is), read and resolved. Files are named
    /// `REV:path/from/repository/root` in diagnostics.
    public static func load(
        revision: String, paths: [String], workingDirectory: String? = nil,
        fileSystem: any InputFileSystem = LocalFileSystem()
    ) throws(DiffSourceError) -> LoadedSchema {
        let directory = workingDirectory ?? FileManager.default.currentDirectoryPath
        func git(_ arguments: [String], in directory: String) throws(DiffSourceError) -> GitOutput {
            do {
                return try fileSystem.git(arguments, in: directory)
            } catch {
                throw DiffSourceError(error.reason)
            }
        }
        let inside = try git(["rev-parse", "--is-inside-work-tree"], in: directory)
        guard inside.status == 0 else {
            throw DiffSourceError(
                "--against git:\(revision) reads from git, but '\(directory)' is not inside a git repository; run it from your repository or compare against a file"
            )
        }
        let verify = try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: directory)
        guard verify.status == 0 else {
            throw DiffSourceError(
                "unknown git revision '\(revision)'; use a branch, tag or commit that exists (see 'git log --oneline')")
        }
        var files: [String] = []
        for path in paths.isEmpty ? ["."] : paths {
            let listing = try git(["ls-tree", "-r", "-z", "--name-only", "--full-name", revision, "--", path], in: directory)
            guard listing.status == 0 else {
                throw DiffSourceError("git ls-tree failed for '\(path)' at \(revision): \(listing.error)")
            }
            let names = listing.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            let explicit = SchemaLoader.extensions.contains { path.hasSuffix("." + $0) }
            let schemas = names.filter { name in
                explicit || SchemaLoader.extensions.contains { name.hasSuffix("." + $0) }
            }
            guard !schemas.isEmpty else {
                throw DiffSourceError("no *.cloudschema files at '\(path)' in \(revision); name the schema with git:\(revision):PATH")
            }
            files += schemas.sorted()
        }
        var seen = Set<String>()
        var sources: [(path: String, bytes: [UInt8])] = []
        for file in files where seen.insert(file).inserted {
            let shown = try git(["show", "\(revision):\(file)"], in: directory)
            guard shown.status == 0 else {
                throw DiffSourceError("cannot read '\(file)' at \(revision): \(shown.error)")
            }
            sources.append(("\(revision):\(file)", shown.output))
        }
        return SchemaLoader.load(bytes: sources)
    }
}
