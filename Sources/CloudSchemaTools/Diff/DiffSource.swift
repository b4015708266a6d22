import CloudSchemaCore
import Foundation

/// What `cloudschema diff --against SOURCE` compares with: a `.ckdb` export, a
/// `.cloudschema` file or folder, or `git:REV[:PATH]`.
public enum DiffSource: Hashable, Sendable, CustomStringConvertible {
    /// Files or folders on disk (`.cloudschema`, or one `.ckdb` export).
    case files([String])
    /// A git revision; `paths` nil means the current side's paths.
    case git(revision: String, paths: [String]?)
    /// Every git tag matching a pattern (`git:v*`): each shipped version, one diff each.
    case gitTags(pattern: String, paths: [String]?)

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
        let paths = path.flatMap { $0.isEmpty ? nil : [String($0)] }
        // git's revision syntax has no `*`, `?` or `[`; with them, the revision is a tag pattern.
        if revision.contains(where: { "*?[".contains($0) }) {
            self = .gitTags(pattern: String(revision), paths: paths)
        } else {
            self = .git(revision: String(revision), paths: paths)
        }
    }

    public var description: String {
        switch self {
        case .files(let paths): paths.joined(separator: " ")
        case .git(let revision, let paths?): "git:\(revision):\(paths.joined(separator: ","))"
        case .git(let revision, nil): "git:\(revision)"
        case .gitTags(let pattern, let paths): DiffSource.git(revision: pattern, paths: paths).description
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
        case .gitTags:
            throw DiffSourceError("'\(source)' is a tag pattern, which names several versions; name one revision, as in git:v1.2")
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

extension DiffSourceLoader {
    /// The tags matching `pattern` (`v*`), oldest first (by the date of the tag or its commit,
    /// ties by name): the versions a `git:PATTERN` source stands for. None is an error.
    public static func tags(
        matching pattern: String, workingDirectory: String? = nil, fileSystem: any InputFileSystem = LocalFileSystem()
    ) throws(DiffSourceError) -> [String] {
        let folder = workingDirectory ?? FileManager.default.currentDirectoryPath
        let listing: GitOutput
        do {
            listing = try fileSystem.git(["tag", "--list", "--sort=creatordate", "--", pattern], in: folder)
        } catch {
            throw DiffSourceError(error.reason)
        }
        guard listing.status == 0 else {
            throw DiffSourceError(
                "--against git:\(pattern) reads git tags, but '\(folder)' is not inside a git repository; run it from your repository")
        }
        let tags = String(decoding: listing.output, as: UTF8.self).split(separator: "\n").map(String.init)
        guard !tags.isEmpty else {
            throw DiffSourceError(
                "no git tag matches '\(pattern)'; list the tags with 'git tag --list' and name one or a pattern that matches")
        }
        return tags
    }
}
