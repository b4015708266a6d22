import Foundation

/// A schema read from files: the model, the outline of each `.cloudschema` file, every
/// diagnostic so far, and the source text for rendering.
public struct LoadedSchema: Sendable {
    public var schema: Schema
    public var files: [SourceFileOutline]
    public var diagnostics: [Diagnostic]
    public var sources: SourceStore
    /// The `INPUT_UNREADABLE` error, also in `diagnostics`, when the inputs are Swift files that
    /// declare no SwiftData `@Model` class and no SQLiteData migration: nothing to lint, which
    /// `lint --stamp` (the build plugin, applied to any Swift target) accepts.
    public var nothingDeclared: Diagnostic? = nil
    /// The CloudKit calls of the Swift files read, checked against the schema by `AppCodeRules`.
    public var appCode = AppCode()
    /// Each app read, loaded on its own when the files are more than one app's (`SchemaLoader.load`).
    public var apps: [LoadedSchema] = []
}

/// Finds schema files, reads them and runs the front end. The only file I/O of the pipeline.
///
/// Every input that cannot be read is an `INPUT_UNREADABLE` error naming it, never skipped
/// in silence: a folder or file the system refuses, a link to nothing or a link loop named
/// like a schema, something that is not a regular file, and a file that is not text.
public enum SchemaLoader {
    /// The file extensions read as schemas when a folder is searched.
    public static let extensions = ["cloudschema", "ckdb", "sql"]
    /// Swift sources, read for their SwiftData `@Model` classes and SQLiteData migrations. A
    /// folder search reads them only when it finds no schema files: a target is described by
    /// its schema or by its Swift code.
    public static let swiftExtension = "swift"
    /// The app's entitlements, read beside Swift files only to tell whether a SwiftData store
    /// with `cloudKitDatabase: .automatic` syncs (`Entitlements`); never a schema.
    public static let entitlementsExtension = "entitlements"
    /// An Xcode project's settings (`App.xcodeproj/project.pbxproj`), read beside Swift files only
    /// for the entitlements files its targets are signed with (`Entitlements`); never a schema.
    public static let xcodeProjectFile = "project.pbxproj"
    /// The path that stands for standard input.
    public static let standardInput = "-"
    /// What standard input is called in diagnostics unless the command is given a name
    /// (`--assume-filename`). Without an extension it is read as `.cloudschema`.
    public static let standardInputName = "<stdin>"

    /// Parses and resolves in-memory sources, in the order given (callers sort by path).
    public static func load(sources: [(path: String, text: String)]) -> LoadedSchema {
        load(bytes: sources.map { ($0.path, Array($0.text.utf8)) })
    }

    /// `pathsOnDisk` maps a source shown under another name to its path as it would be on disk
    /// (`HEAD:Schemas/0001.sql` to `Schemas/0001.sql`), which names its migration. `parses`
    /// keeps each `.cloudschema` file's parse for the next load, which parses only the files
    /// that changed (the language server loads a folder again after every change to one file).
    /// Two or more Xcode projects whose folders hold Swift files are two apps: besides the whole
    /// (which export, diff and generate read), each is loaded on its own with the files in no
    /// project's folder (`apps`), which lint reads, so same-named models, stores and CloudKit calls
    /// of two apps linted together keep apart.
    /// `exportsAreVersions` (lint): a `.ckdb` file that declares again a record type a `.ckdb` export
    /// declares is another version of the container, one info (`CKDBParser.merge`); otherwise (export,
    /// diff, generate, push: which version to use is not known) each is a `NAME_DUPLICATE` error.
    public static func load(
        bytes sources: [(path: String, bytes: [UInt8])], pathsOnDisk: [String: String] = [:], parses: ParseCache? = nil,
        exportsAreVersions: Bool = false
    ) -> LoadedSchema {
        var loaded = loadApp(sources, pathsOnDisk: pathsOnDisk, parses: parses, exportsAreVersions: exportsAreVersions)
        let apps = Entitlements.apps(sources.map(\.path))
        guard apps.count > 1 else { return loaded }
        let inApp = Set(apps.joined())
        for app in apps.map(Set.init) {
            let read = sources.filter { app.contains($0.path) || !inApp.contains($0.path) }
            var appLoaded = loadApp(read, pathsOnDisk: pathsOnDisk, parses: nil, exportsAreVersions: exportsAreVersions)
            // Whether the run declares nothing is the whole's to say: an app of none of the run's
            // models (a sample project beside the app) is no unreadable input, and one finding
            // for the whole, not one per app, is what `--stamp` lets pass.
            if let nothing = appLoaded.nothingDeclared {
                appLoaded.diagnostics.removeAll { $0 == nothing }
                if let whole = loaded.nothingDeclared { appLoaded.diagnostics.append(whole) }
                appLoaded.nothingDeclared = loaded.nothingDeclared
            }
            loaded.apps.append(appLoaded)
        }
        return loaded
    }

    private static func loadApp(
        _ sources: [(path: String, bytes: [UInt8])], pathsOnDisk: [String: String], parses: ParseCache?, exportsAreVersions: Bool
    ) -> LoadedSchema {
        var store = SourceStore()
        var files: [SourceFileSyntax] = []
        var outlines: [SourceFileOutline] = []
        var diagnostics: [Diagnostic] = []
        var ckdbSchemas: [Schema] = []
        // Each Swift file is lexed once; models, migrations and CloudKit calls read its tokens.
        var swiftSources: [(path: String, lexer: SwiftLexer)] = []
        var syncEngineScans: [SyncEngineReader.FileScan] = []
        var migrator = SQLMigrator()
        // Each file's migrations (a `.sql` file is one), applied once every file is read.
        var migrations: [(path: String, comments: [Comment], read: [SwiftMigrationReader.Migration], isSwift: Bool)] = []
        var nothingDeclared: Diagnostic?
        var externalModels: Set<String> = []
        var localModels: [LocalModels] = []
        var syncedLocalModels: [SyncedLocalModels] = []
        var appCode = AppCode()
        var outlined: Set<String> = []  // Swift files with an outline, for their suppression comments
        var entitlements = Entitlements()
        for (path, bytes) in sources {
            if path.hasSuffix("." + entitlementsExtension) {  // a property list, XML or binary
                if let problem = entitlements.read(bytes, file: path) { diagnostics.append(problem) }
                continue
            }
            if isXcodeProject(path) {
                entitlements.readProject(bytes, file: path)
                continue
            }
            if let problem = notTextDiagnostic(bytes, file: path) {
                diagnostics.append(problem)
                continue
            }
            store.add(path, bytes)
            if path.hasSuffix(".ckdb") {
                let (ckdb, ckdbDiagnostics) = CKDBParser.parse(bytes, file: path)
                ckdbSchemas.append(ckdb)
                diagnostics += ckdbDiagnostics
                continue
            }
            if path.hasSuffix(".sql") {
                // One file is one migration, named by the file name, applied in path order.
                let script = SQLParser.parse(bytes, file: path)
                if let (marker, range) = script.postgreSQL {  // a server's schema beside the app, never a migration
                    diagnostics.append(
                        Diagnostic(
                            .inputNotChecked, .info,
                            "not checked: this file is PostgreSQL (\(marker)), not SQLite (SQLiteData migrations are SQLite)",
                            at: range))
                    continue
                }
                let name = String(((pathsOnDisk[path] ?? path).split(separator: "/").last ?? "").dropLast(4))
                migrations.append((path, [], [.init(name: name, script: script)], isSwift: false))
                continue
            }
            if path.hasSuffix("." + swiftExtension) {
                // SwiftData models are read below, all files together (a relationship may name a
                // model of another file); SQLiteData migrations here, each registerMigration block
                // in source order.
                let lexer = SwiftLexer.tokenize(bytes, file: path)
                swiftSources.append((path, lexer))
                let (read, syncEngine) = SwiftMigrationReader.read(lexer, file: path)
                syncEngineScans.append(syncEngine)
                if !read.isEmpty { migrations.append((path, lexer.comments, read, isSwift: true)) }
                continue
            }
            let (syntax, parseDiagnostics) = parses?.parse(bytes, file: path) ?? Parser.parse(bytes, file: path)
            outlines.append(SourceFileOutline(syntax))
            files.append(syntax)
            diagnostics += parseDiagnostics
        }
        // Applied in path order. GRDB's `DatabaseMigrator` is SQLiteData's only in an app that uses
        // SQLiteData; in one that does not (GRDB alone, its own CKSyncEngine), SQLiteData's sync
        // rules do not apply.
        let sqliteData = syncEngineScans.contains(where: \.usesSQLiteData)
        if !sqliteData, let first = migrations.lazy.filter(\.isSwift).flatMap(\.read).compactMap(\.script.firstStatement).first {
            diagnostics.append(
                Diagnostic(
                    .inputNotChecked, .info,
                    "not checked: these GRDB migrations are not SQLiteData's (no file read imports SQLiteData), so SQLiteData's sync rules do not apply",
                    at: first))
        }
        for (path, comments, read, isSwift) in migrations where sqliteData || !isSwift {
            outlined.insert(path)
            var ranges: [SourceRange] = []
            // The SQL's own `--` comments too, so a `-- cloudschema:ignore` in a #sql literal works.
            var allComments = comments
            for migration in read {
                migrator.apply(migration.script, as: migration.name, range: migration.script.firstStatement)
                ranges += migration.script.elementRanges
                allComments += migration.script.comments
                diagnostics += migration.script.diagnostics
            }
            // A function two migrations call is read for each: its comments count once.
            allComments.sort { $0.range.start.offset < $1.range.start.offset }
            allComments = allComments.enumerated().filter { i, comment in
                i == 0 || allComments[i - 1].range.start.offset != comment.range.start.offset
            }.map(\.element)
            outlines.append(SourceFileOutline(path: path, comments: allComments, elementRanges: ranges))
        }
        if !swiftSources.isEmpty {
            let swift = SwiftModelReader.read(swiftSources, entitlements: entitlements)
            let swiftFiles = swift.files
            externalModels = swift.externalModels
            localModels = swift.localModels
            syncedLocalModels = swift.syncedLocalModels
            diagnostics += swift.diagnostics
            appCode = CloudKitCallReader.read(swiftSources.map(\.lexer.tokens))
            if let container = appCode.coreDataContainer {
                diagnostics.append(
                    Diagnostic(
                        .inputNotChecked, .info,
                        "not checked: Core Data syncs through NSPersistentCloudKitContainer here, and its model file (.xcdatamodeld) is not read (SwiftData @Model classes are), so its entities are not checked against CloudKit's mirroring rules; to check the CloudKit schema it creates, export it (xcrun cktool export-schema) and lint the .ckdb",
                        at: container))
            }
            if swiftFiles.isEmpty && files.isEmpty && ckdbSchemas.isEmpty && migrator.schema.migrations.isEmpty {
                let calls =
                    appCode.isEmpty
                    ? "" : ", and no schema to check their CloudKit calls against (name one with \"schema\" in cloudschema.json)"
                let nothing = unreadable(
                    "no SwiftData @Model classes or SQLiteData migrations in the \(swiftSources.count) Swift file\(swiftSources.count == 1 ? "" : "s") read\(calls)"
                )
                diagnostics.append(nothing)
                nothingDeclared = nothing
            }
            for file in swiftFiles {
                outlines.append(SourceFileOutline(file))
                outlined.insert(file.path)
                files.append(file)
            }
            let withCalls = Set(
                (appCode.recordTypeUses.map(\.range) + appCode.fieldAccesses.map(\.key.range) + appCode.queries.map(\.recordType.range))
                    .map(\.file))
            for (path, lexer) in swiftSources where withCalls.contains(path) && !outlined.contains(path) {
                outlines.append(SourceFileOutline(path: path, comments: lexer.comments, elementRanges: []))
            }
        }
        parses?.keep(only: sources.map(\.path))
        let identities = parses.map { parses in files.map { parses.identities(of: $0.path) } }
        var (schema, resolveDiagnostics) =
            if let parses, let identities {
                Resolver.resolve(consume files, externalModels: externalModels, identities: identities, memory: &parses.resolved)
            } else {
                Resolver.resolve(consume files, externalModels: externalModels)
            }
        diagnostics += resolveDiagnostics
        schema.localModels = localModels
        schema.syncedLocalModels = syncedLocalModels
        diagnostics += CKDBParser.merge(ckdbSchemas, into: &schema, exportsAreVersions: exportsAreVersions)
        // SyncEngine(for:tables:privateTables:) names the synced tables; without a readable call,
        // Linter takes them from cloudschema.json (SQLiteSchema.adoptSyncedTables).
        var sqlite = migrator.schema
        let (synced, syncDiagnostics) = SyncEngineReader.syncedTables(syncEngineScans, sqlite: sqlite)
        sqlite.synced = synced
        diagnostics += syncDiagnostics
        schema.sqlite = sqlite
        return LoadedSchema(
            schema: schema, files: outlines, diagnostics: diagnostics.sorted(), sources: store, nothingDeclared: nothingDeclared,
            appCode: appCode)
    }

    /// Reads every schema file under `paths` (files, folders searched recursively skipping
    /// hidden entries, or `-` for standard input, called `standardInputName`), each file shown
    /// in diagnostics as `fileSystem.displayPath(of:)` names it.
    /// `schemas`: the schema files cloudschema.json names for the Swift code (`"schema"`), read
    /// beside the inputs; one that cannot be read is `INPUT_UNREADABLE` at the config's entry.
    public static func load(
        paths: [String], standardInputName: String = standardInputName, fileSystem: any InputFileSystem = LocalFileSystem(),
        schemas: [(path: String, range: SourceRange)] = [], exportsAreVersions: Bool = false
    ) -> LoadedSchema {
        let search = search(paths, fileSystem: fileSystem)
        var found = search.files
        var sources: [(String, [UInt8])] = []
        var pathsOnDisk: [String: String] = [:]
        var diagnostics = search.diagnostics + swiftNotRead(search.swiftBesideSchemas, fileSystem: fileSystem)
        let absoluteFound = Set(found.map(ConfigurationLoader.absolute))
        for (path, range) in schemas where !absoluteFound.contains(path) {
            do {
                _ = try fileSystem.status(of: path)
                found.append(path)
            } catch {
                diagnostics.append(
                    .error(
                        .inputUnreadable, "cannot read the schema '\(path)' that cloudschema.json names (\(error.reason))", at: range))
            }
        }
        // Swift that cloudschema generated from a schema is read as that schema, not twice.
        let readsSchema = !schemas.isEmpty || found.contains { !$0.hasSuffix("." + swiftExtension) && !isAppSetting($0) }
        for path in found {
            let name = path == standardInput ? standardInputName : fileSystem.displayPath(of: path)
            if name != path && path != standardInput { pathsOnDisk[name] = path }
            do {
                let bytes = try read(path, as: name, fileSystem: fileSystem)
                if readsSchema && path.hasSuffix("." + swiftExtension) && !paths.contains(path) && isGenerated(bytes) { continue }
                sources.append((name, bytes))
            } catch {
                diagnostics.append(error)
            }
        }
        var loaded = load(bytes: sources, pathsOnDisk: pathsOnDisk, exportsAreVersions: exportsAreVersions)
        func finish(_ loaded: inout LoadedSchema) {
            if !schemas.isEmpty, let nothing = loaded.nothingDeclared {  // the config's schema is what is missing
                loaded.diagnostics.removeAll { $0 == nothing }
                loaded.nothingDeclared = nil
            }
            loaded.diagnostics = (diagnostics + loaded.diagnostics).sorted()
        }
        finish(&loaded)
        for i in loaded.apps.indices { finish(&loaded.apps[i]) }
        return loaded
    }

    /// The bytes of one schema file (`-`: standard input), shown in diagnostics as `name`.
    /// Throws `INPUT_UNREADABLE` when it cannot be read or is not text.
    public static func read(
        _ path: String, as name: String, fileSystem: any InputFileSystem = LocalFileSystem()
    ) throws(Diagnostic) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = path == standardInput ? try fileSystem.standardInput() : try fileSystem.contents(of: path)
        } catch {
            throw unreadable(
                path == standardInput ? "cannot read standard input (\(error.reason))" : "cannot read '\(path)' (\(error.reason))")
        }
        if !name.hasSuffix("." + entitlementsExtension), let problem = notTextDiagnostic(bytes, file: name) { throw problem }
        return bytes
    }

    /// The schema files named by `paths`, sorted within each folder. Each file and folder is
    /// taken once, however many paths or links lead to it (so a link loop ends).
    public static func findFiles(
        _ paths: [String], fileSystem: any InputFileSystem = LocalFileSystem()
    ) -> (files: [String], diagnostics: [Diagnostic]) {
        let found = search(paths, fileSystem: fileSystem)
        return (found.files, found.diagnostics)
    }

    /// What a search finds: the files to read, and for each folder read as its schema files, the
    /// Swift files it holds, which are not read.
    struct Found {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        var swiftBesideSchemas: [(folder: String, schema: String, files: [String])] = []
    }

    static func search(_ paths: [String], fileSystem: any InputFileSystem) -> Found {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        var swiftBesideSchemas: [(folder: String, schema: String, files: [String])] = []
        var seen = Set<[UInt64]>()
        var named: Set<String> = []
        var settingsOnly: [String] = []  // folders that hold only entitlements or an Xcode project
        let isSwift = { (path: String) in path.hasSuffix("." + swiftExtension) }
        for path in paths {
            if path == standardInput {
                if !files.contains(standardInput) { files.append(standardInput) }
                continue
            }
            let status: InputFileStatus
            do {
                status = try fileSystem.status(of: path)
            } catch {
                diagnostics.append(
                    unreadable(error.isMissing ? "no such file or folder: '\(path)'" : "cannot read '\(path)' (\(error.reason))"))
                continue
            }
            switch status.kind {
            case .file, .other:  // named on purpose, so a pipe (`<(git show ...)`) is read too
                if seen.insert(status.identity).inserted { files.append(path) }
                named.insert(path)
            case .folder:
                guard seen.insert(status.identity).inserted else { continue }
                var found: [String] = []
                let problemsBefore = diagnostics.count
                collect(in: path, fileSystem: fileSystem, seen: &seen, into: &found, diagnostics: &diagnostics)
                // A folder of app settings alone (`App.xcodeproj`) is read beside Swift files, and is nothing without them.
                if found.allSatisfy(isAppSetting) && diagnostics.count == problemsBefore {
                    if found.isEmpty { diagnostics.append(noFiles(in: path)) } else { settingsOnly.append(path) }
                }
                // A folder with schema files is read as them: the Swift beside them is generated from them.
                if let schema = found.sorted().first(where: { !isSwift($0) && !isAppSetting($0) }) {
                    let swift = found.filter(isSwift).sorted()
                    if !swift.isEmpty { swiftBesideSchemas.append((path, schema, swift)) }
                    found.removeAll(where: isSwift)
                }
                files += found.sorted()
            }
        }
        // Entitlements and Xcode projects found in a folder matter only to the Swift files read.
        if !files.contains(where: isSwift) {
            files.removeAll { isAppSetting($0) && !named.contains($0) }
            diagnostics += settingsOnly.map(noFiles)
        }
        return Found(files: files, diagnostics: diagnostics, swiftBesideSchemas: swiftBesideSchemas)
    }

    private static func noFiles(in folder: String) -> Diagnostic {
        unreadable("no \((extensions + [swiftExtension]).map { "*.\($0)" }.joined(separator: ", ")) files in '\(folder)'")
    }

    /// The first line of the Swift files cloudschema generates (Templates/Header.swift.template).
    static let generatedHeader = "// Generated by cloudschema"

    private static func isGenerated(_ bytes: [UInt8]) -> Bool { bytes.starts(with: generatedHeader.utf8) }

    /// One `INPUT_NOT_CHECKED` info per folder read as its schema files that holds Swift files
    /// cloudschema did not generate, at the first: what is not read, and how to read it.
    private static func swiftNotRead(
        _ besideSchemas: [(folder: String, schema: String, files: [String])], fileSystem: any InputFileSystem
    ) -> [Diagnostic] {
        besideSchemas.compactMap { folder, schema, swift in
            let app = swift.filter { !isGenerated((try? fileSystem.contents(of: $0)) ?? []) }
            guard let first = app.first else { return nil }
            // The folders (or files) right inside `folder` that hold them, to name on the command line.
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            let shortened = { (path: String) in folder == "." ? String(path.dropFirst(prefix.count)) : path }
            var named: [String] = []
            for path in app {
                let inside = path.dropFirst(prefix.count)
                let top = inside.split(separator: "/").first.map(String.init) ?? String(inside)
                let name = shortened(prefix + top) + (top.count < inside.count ? "/" : "")
                if !named.contains(name) { named.append(name) }
            }
            let shown = named.prefix(4).joined(separator: " ") + (named.count > 4 ? " ..." : "")
            let start = SourcePosition(line: 1, column: 1, offset: 0)
            return Diagnostic(
                .inputNotChecked, .info,
                "\(app.count) Swift file\(app.count == 1 ? "" : "s") in '\(folder)' not read: a folder with schema files is read as its schema files; to check the app's code too, name its Swift folders or files beside the schema (cloudschema lint \(shortened(schema)) \(shown))",
                at: SourceRange(file: fileSystem.displayPath(of: first), start: start, end: start))
        }
    }

    private static func collect(
        in folder: String, fileSystem: any InputFileSystem, seen: inout Set<[UInt64]>, into found: inout [String],
        diagnostics: inout [Diagnostic]
    ) {
        let entries: [String]
        do {
            entries = try fileSystem.entries(of: folder)
        } catch {
            diagnostics.append(unreadable("cannot read folder '\(folder)' (\(error.reason))"))
            return
        }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
            let isSchema =
                (extensions + [swiftExtension, entitlementsExtension]).contains { entry.hasSuffix("." + $0) } || isXcodeProject(path)
            let status: InputFileStatus
            do {
                status = try fileSystem.status(of: path)
            } catch {
                // A link to nothing is no input, unless it is named like a schema.
                if isSchema || !error.isMissing { diagnostics.append(unreadable("cannot read '\(path)' (\(error.reason))")) }
                continue
            }
            switch status.kind {
            case .folder:
                if seen.insert(status.identity).inserted {
                    collect(in: path, fileSystem: fileSystem, seen: &seen, into: &found, diagnostics: &diagnostics)
                }
            case .file:
                if isSchema, seen.insert(status.identity).inserted { found.append(path) }
            case .other:
                // A pipe or device found by searching is not read: reading could wait forever.
                if isSchema { diagnostics.append(unreadable("'\(path)' is not a regular file; schema files are plain files")) }
            }
        }
    }

    /// An `.entitlements` file or an Xcode project: read only for whether the app syncs.
    private static func isAppSetting(_ path: String) -> Bool { path.hasSuffix("." + entitlementsExtension) || isXcodeProject(path) }

    private static func isXcodeProject(_ path: String) -> Bool { path.hasSuffix(".xcodeproj/" + xcodeProjectFile) }

    private static func unreadable(_ message: String) -> Diagnostic {
        .error(.inputUnreadable, message, at: nil)
    }

    // MARK: Text

    /// `INPUT_UNREADABLE` for bytes that are not UTF-8 text, at the telling bytes: a UTF-16
    /// or UTF-32 byte order mark, or a NUL byte (never in UTF-8 text; beside every ASCII
    /// character in UTF-16 or UTF-32, which tells those apart from binary files). Text with an
    /// invalid UTF-8 sequence is read, and the lexers report the first one.
    public static func notTextDiagnostic(_ bytes: [UInt8], file: String) -> Diagnostic? {
        let byteOrderMarks: [([UInt8], String)] = [
            ([0xFF, 0xFE, 0, 0], "UTF-32 (little-endian)"), ([0, 0, 0xFE, 0xFF], "UTF-32 (big-endian)"),
            ([0xFF, 0xFE], "UTF-16 (little-endian)"), ([0xFE, 0xFF], "UTF-16 (big-endian)"),
        ]
        func at(_ offset: Int, length: Int) -> SourceRange {
            let start = Lexer.position(of: offset, in: bytes)
            return SourceRange(
                file: file, start: start, end: SourcePosition(line: start.line, column: start.column + length, offset: offset + length))
        }
        func encoding(_ name: String, length: Int) -> Diagnostic {
            .error(.inputUnreadable, "file is \(name) text; save it as UTF-8", at: at(0, length: length))
        }
        if let (mark, name) = byteOrderMarks.first(where: { bytes.starts(with: $0.0) }) {
            return encoding(name, length: mark.count)
        }
        // memchr: the language server asks this of every file of a folder on each request.
        let nul = bytes.withUnsafeBytes { raw in
            raw.baseAddress.flatMap { start in memchr(start, 0, raw.count).map { UnsafeRawPointer($0) - start } }
        }
        guard let nul else { return nil }
        let head = bytes.prefix(4).map { $0 != 0 }
        switch head {
        case [true, false, false, false]: return encoding("UTF-32 (little-endian)", length: 4)
        case [false, false, false, true]: return encoding("UTF-32 (big-endian)", length: 4)
        // Two ASCII characters, each beside its NUL: one (git-crypt's "\0GITCRYPT\0") is binary.
        case [true, false, true, false]: return encoding("UTF-16 (little-endian)", length: 2)
        case [false, true, false, true]: return encoding("UTF-16 (big-endian)", length: 2)
        default:
            return .error(
                .inputUnreadable, "not a text file (it has a NUL byte); a schema file is UTF-8 text", at: at(nul, length: 1))
        }
    }
}

/// The parse of each `.cloudschema` file by path, with the bytes it was made from: a file
/// loaded again with the same bytes is not parsed again, and one whose bytes changed is parsed
/// again from its last parse (`Parser.reparse`: only the declarations around the change).
/// Keyed by content, so a stale entry is never used; a load keeps only the files it read.
public final class ParseCache {
    private var files: [String: ResumableParse] = [:]
    /// Each file's declarations' identities, in order: a declaration a reparse keeps or moves
    /// keeps its identity, one it parses gets a new one (`ResolverMemory` knows them by it).
    private var identities: [String: [Int]] = [:]
    private var nextIdentity = 0
    /// What the resolver made of the last schema these parses were resolved into.
    package var resolved = ResolverMemory()
    /// The files parsed, not taken from the cache (tests read it to see the reuse).
    private(set) var parsed: [String] = []

    public init() {}

    /// Takes each parse replaced by a newer one (the language server frees them once no message waits).
    package var discard: (consuming Any) -> Void = { _ in }

    package func parse(_ bytes: [UInt8], file path: String) -> (syntax: SourceFileSyntax, diagnostics: [Diagnostic]) {
        if let cached = files[path], cached.bytes == bytes { return (cached.syntax, cached.diagnostics) }
        let parse: ResumableParse
        if var old = files.removeValue(forKey: path) {
            parse = Parser.reparse(&old, to: bytes)
            discard(consume old)  // handed over, not copied: freeing a whole parse takes milliseconds
        } else {
            parse = Parser.resumableParse(bytes, file: path)
        }
        parsed.append(path)
        files[path] = parse
        // Kept: the declarations before those parsed and after them, in the old parse's order (`reparse`).
        let old = identities[path] ?? []
        let before = parse.parsed.lowerBound
        let after = parse.syntax.declarations.count - parse.parsed.upperBound
        let reparsed = before + after <= old.count
        let new = nextIdentity..<nextIdentity + (reparsed ? parse.parsed.count : parse.syntax.declarations.count)
        nextIdentity = new.upperBound
        identities[path] = reparsed ? old.prefix(before) + new + old.suffix(after) : Array(new)
        return (parse.syntax, parse.diagnostics)
    }

    /// The identities of the declarations of `path`'s last parse, in order.
    package func identities(of path: String) -> [Int]? { identities[path] }

    func keep(only paths: [String]) {
        let kept = Set(paths)
        files = files.filter { kept.contains($0.key) }
        identities = identities.filter { kept.contains($0.key) }
    }
}
