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

/// Reads the deployed side of a diff: files on disk or a git revision's files, found and read
/// by one `SchemaLoader` in every input language.
public enum DiffSourceLoader {
    /// - Parameters:
    ///   - currentPaths: the current side's paths, used for `git:REV` without a PATH.
    ///   - workingDirectory: where git runs and relative paths start (default: the process's).
    ///   - fileSystem: the working tree's file system (and its `git`).
    public static func load(
        _ source: DiffSource, currentPaths: [String], workingDirectory: String? = nil,
        fileSystem: any InputFileSystem = LocalFileSystem()
    ) throws(DiffSourceError) -> LoadedSchema {
        let loaded: LoadedSchema
        switch source {
        case .files(let paths):
            let resolved = paths.map { path in
                guard let workingDirectory, !path.hasPrefix("/") else { return path }
                return workingDirectory + "/" + path
            }
            loaded = SchemaLoader.load(paths: resolved, fileSystem: fileSystem)
        case .git(let revision, let paths):
            // Paths as on disk, relative to where git runs: a file has the same name (and a
            // migration the same identity) on both sides, shown as `REV:path` in diagnostics.
            let revisionFiles: GitRevisionFileSystem
            do {
                revisionFiles = try GitRevisionFileSystem(
                    revision: revision, in: workingDirectory ?? FileManager.default.currentDirectoryPath, base: fileSystem)
            } catch {
                throw DiffSourceError(error.reason)
            }
            loaded = SchemaLoader.load(paths: paths ?? currentPaths, fileSystem: revisionFiles)
        }
        if let problem = loaded.diagnostics.first(where: { $0.id == .inputUnreadable }) {
            throw DiffSourceError("cannot read the deployed schema (\(source)): \(problem.message)")
        }
        return loaded
    }
}
