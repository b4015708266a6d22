/// The files of one git revision, read through `git ls-tree` and `git cat-file` as if they were
/// on disk: `diff --against git:REV` hands it to `SchemaLoader`, so a revision is searched and
/// read exactly as a working tree is, in every input language.
///
/// Paths are the ones the working tree would have: relative to the folder git runs in, or
/// absolute inside the repository. Symbolic links are followed within the revision's tree; a
/// submodule's files are in another repository, so reading one is an error.
public struct GitRevisionFileSystem: InputFileSystem {
    public let revision: String
    private let base: any InputFileSystem
    private let folder: String
    /// The repository's root, and the path from it to `folder` ("" or "Sources/App/").
    private let root: String
    private let prefix: String
    /// Every blob and submodule of the tree, by its path from the repository's root.
    private let entries: [String: Entry]
    /// Every folder of the tree ("" is the root), with the names in it.
    private let folders: [String: [String]]
    /// A number for each path of the tree, its identity for `status(of:)`.
    private let numbers: [String: UInt64]

    private struct Entry {
        enum Kind { case file, link, submodule }
        var kind: Kind
        var object: String
    }

    /// Reads the tree of `revision` with `git` run in `folder` (through `base`, the file system
    /// whose `git` runs).
    public init(revision: String, in folder: String, base: any InputFileSystem = LocalFileSystem()) throws(InputError) {
        self.revision = revision
        self.base = base
        self.folder = folder
        let place = try base.git(["rev-parse", "--show-toplevel", "--show-prefix"], in: folder)
        let lines = String(decoding: place.output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard place.status == 0, lines.count >= 2 else {
            throw InputError(
                "--against git:\(revision) reads from git, but '\(folder)' is not inside a git repository; run it from your repository or compare against a file"
            )
        }
        root = String(lines[0])
        prefix = String(lines[1])
        let verify = try base.git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: folder)
        guard verify.status == 0 else {
            throw InputError("unknown git revision '\(revision)'; use a branch, tag or commit that exists (see 'git log --oneline')")
        }
        let listing = try base.git(["ls-tree", "-r", "-z", "--full-tree", revision], in: folder)
        guard listing.status == 0 else { throw InputError("git ls-tree failed at \(revision): \(listing.error)") }
        var entries: [String: Entry] = [:]
        var folders: [String: Set<String>] = ["": []]
        // Each entry is "MODE TYPE OBJECT\tPATH", NUL-terminated, the path unquoted.
        for record in listing.output.split(separator: 0) {
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = record[..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 3 else { continue }
            let path = String(decoding: record[record.index(after: tab)...], as: UTF8.self)
            let kind: Entry.Kind = fields[1] == "commit" ? .submodule : fields[0] == "120000" ? .link : .file
            entries[path] = Entry(kind: kind, object: fields[2])
            // Each folder on the way lists its child; one that already did has its parents done.
            var child = Substring(path)
            while let slash = child.lastIndex(of: "/") {
                let parent = String(child[..<slash])
                let inserted = folders[parent, default: []].insert(String(child[child.index(after: slash)...])).inserted
                child = child[..<slash]
                if !inserted { break }
            }
            if !child.contains("/") { folders[""]!.insert(String(child)) }
        }
        self.entries = entries
        self.folders = folders.mapValues { $0.sorted() }
        var numbers: [String: UInt64] = [:]
        for path in entries.keys.sorted() + folders.keys.sorted() { numbers[path] = UInt64(numbers.count) }
        self.numbers = numbers
    }

    /// `REV:path/from/the/repository/root`, git's name for the file, shown in diagnostics.
    public func displayPath(of path: String) -> String {
        "\(revision):\((try? resolve(path)) ?? path)"
    }

    public func status(of path: String) throws(InputError) -> InputFileStatus {
        let resolved = try resolve(path)
        let identity = [UInt64(0), numbers[resolved] ?? 0]
        if folders[resolved] != nil { return InputFileStatus(kind: .folder, identity: identity) }
        guard let entry = entries[resolved] else { throw missing }
        guard entry.kind == .file else { throw submodule }
        return InputFileStatus(kind: .file, identity: identity)
    }

    public func entries(of folder: String) throws(InputError) -> [String] {
        guard let names = folders[try resolve(folder)] else { throw missing }
        return names
    }

    public func contents(of file: String) throws(InputError) -> [UInt8] {
        let resolved = try resolve(file)
        guard let entry = entries[resolved] else { throw missing }
        guard entry.kind == .file else { throw submodule }
        return try blob(entry.object)
    }

    public func standardInput() throws(InputError) -> [UInt8] {
        throw InputError("standard input is not part of a git revision")
    }

    public func git(_ arguments: [String], in folder: String) throws(InputError) -> GitOutput {
        try base.git(arguments, in: folder)
    }

    private var missing: InputError { InputError("not in \(revision)", isMissing: true) }

    private var submodule: InputError {
        InputError("a submodule in \(revision); its files are in another repository, so name the schema's folder instead")
    }

    private func blob(_ object: String) throws(InputError) -> [UInt8] {
        let shown = try base.git(["cat-file", "blob", object], in: folder)
        guard shown.status == 0 else { throw InputError("git cat-file failed at \(revision): \(shown.error)") }
        return shown.output
    }

    /// The path from the repository's root that `path` names, following links as the system
    /// would (at most 40, as Linux does before ELOOP).
    private func resolve(_ path: String) throws(InputError) -> String {
        var pending: [Substring]
        if path.hasPrefix("/") {
            guard path == root || path.hasPrefix(root + "/") else { throw missing }
            pending = path.dropFirst(root.count).split(separator: "/")
        } else {
            pending = (prefix + path).split(separator: "/")
        }
        pending.reverse()
        var resolved: [Substring] = []
        var links = 0
        while let component = pending.popLast() {
            switch component {
            case ".": continue
            case "..":
                guard resolved.popLast() != nil else { throw missing }
                continue
            default: resolved.append(component)
            }
            guard let entry = entries[resolved.joined(separator: "/")], entry.kind == .link else { continue }
            links += 1
            guard links <= 40 else { throw InputError("too many levels of symbolic links in \(revision)") }
            let target = String(decoding: try blob(entry.object), as: UTF8.self)
            guard !target.hasPrefix("/") else { throw missing }  // outside the revision's tree
            resolved.removeLast()
            pending += target.split(separator: "/").reversed()
        }
        return resolved.joined(separator: "/")
    }
}
