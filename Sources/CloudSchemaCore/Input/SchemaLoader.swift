import Foundation

/// A schema read from files: the model, the outline of each `.cloudschema` file, every
/// diagnostic so far, and the source text for rendering.
public struct LoadedSchema: Sendable {
    public var schema: Schema
    public var files: [SourceFileOutline]
    public var diagnostics: [Diagnostic]
    public var sources: SourceStore
}

/// Finds schema files, reads them and runs the front end. The only file I/O of the pipeline.
public enum SchemaLoader {
    /// The file extensions read as schemas when a folder is searched.
    public static let extensions = ["cloudschema", "ckdb"]

    /// Parses and resolves in-memory sources, in the order given (callers sort by path).
    public static func load(sources: [(path: String, text: String)]) -> LoadedSchema {
        load(bytes: sources.map { ($0.path, Array($0.text.utf8)) })
    }

    public static func load(bytes sources: [(path: String, bytes: [UInt8])]) -> LoadedSchema {
        var store = SourceStore()
        var files: [SourceFileSyntax] = []
        var outlines: [SourceFileOutline] = []
        var diagnostics: [Diagnostic] = []
        var ckdbSchemas: [Schema] = []
        for (path, bytes) in sources {
            store.add(path, bytes)
            if path.hasSuffix(".ckdb") {
                let (ckdb, ckdbDiagnostics) = CKDBParser.parse(bytes, file: path)
                ckdbSchemas.append(ckdb)
                diagnostics += ckdbDiagnostics
                continue
            }
            let (syntax, parseDiagnostics) = Parser.parse(bytes, file: path)
            outlines.append(SourceFileOutline(syntax))
            files.append(syntax)
            diagnostics += parseDiagnostics
        }
        var (schema, resolveDiagnostics) = Resolver.resolve(consume files)
        diagnostics += resolveDiagnostics
        diagnostics += CKDBParser.merge(ckdbSchemas, into: &schema)
        return LoadedSchema(schema: schema, files: outlines, diagnostics: diagnostics.sorted(), sources: store)
    }

    /// Reads every schema file under `paths` (files or folders; folders are searched
    /// recursively, skipping hidden folders and `.build`). Unreadable paths and an empty
    /// result are `INPUT_UNREADABLE` errors.
    public static func load(paths: [String]) -> LoadedSchema {
        let (found, problems) = findFiles(paths)
        var sources: [(String, [UInt8])] = []
        var diagnostics = problems
        for path in found {
            if let data = FileManager.default.contents(atPath: path) {
                sources.append((path, [UInt8](data)))
            } else {
                diagnostics.append(.error(.inputUnreadable, "cannot read '\(path)'; check that it exists and is readable", at: nil))
            }
        }
        var loaded = load(bytes: sources)
        loaded.diagnostics = (diagnostics + loaded.diagnostics).sorted()
        return loaded
    }

    /// The schema files named by `paths`, sorted and without duplicates.
    public static func findFiles(_ paths: [String]) -> (files: [String], diagnostics: [Diagnostic]) {
        let fileManager = FileManager.default
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                diagnostics.append(.error(.inputUnreadable, "no such file or folder: '\(path)'", at: nil))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            var found: [String] = []
            collect(in: path, into: &found)
            if found.isEmpty {
                diagnostics.append(
                    .error(
                        .inputUnreadable,
                        "no \(extensions.map { "*.\($0)" }.joined(separator: " or ")) files in '\(path)'",
                        at: nil))
            }
            files += found.sorted()
        }
        var seen = Set<String>()
        return (files.filter { seen.insert($0).inserted }, diagnostics)
    }

    private static func collect(in folder: String, into found: inout [String]) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                collect(in: path, into: &found)
            } else if extensions.contains(where: { entry.hasSuffix("." + $0) }) {
                found.append(path)
            }
        }
    }
}
