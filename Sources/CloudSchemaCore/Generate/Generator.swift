/// Turns a schema into Swift source files: `Schema` → `GeneratorViewModel` → templates.
///
/// Output contract (the build plugin declares these names before anything is parsed):
/// for input files `A.cloudschema` and `B.ckdb`, the outputs are exactly `A.cloudschema.swift`
/// and `B.ckdb.swift` (each holding the declarations read from that file, or only its header;
/// named after the whole file name, so they never clash with the target's own `A.swift`)
/// plus `CloudSchema.swift` (schema-wide: the runtime version check, the schema registry, the
/// SwiftData configuration). An input split into parts (`Options.parts`) writes
/// `A.cloudschema.swift`, `A.cloudschema.2.swift`, … instead, every part whether or not it
/// declares anything.
///
/// ```swift
/// let loaded = SchemaLoader.load(paths: ["Schemas/Garden"])
/// let files = try Generator.generate(loaded.schema, inputFiles: loaded.sources.paths)
/// // [GeneratedFile(name: "Garden.cloudschema.swift", …), GeneratedFile(name: "CloudSchema.swift", …)]
/// ```
///
/// Pure: the same schema, inputs and options give the same bytes.
public enum Generator {
    /// The schema-wide output file.
    public static let schemaFileName = "CloudSchema.swift"
    /// The template rendered for each schema file.
    public static let fileTemplate = "File.swift.template"
    /// The template rendered for `CloudSchema.swift`.
    public static let schemaTemplate = "Schema.swift.template"

    public struct Options: Sendable {
        public var access: GenerateConfiguration.Access
        public var templates: TemplateLibrary
        /// How many Swift files each input's declarations are split into, by input path as in
        /// `inputFiles`; an input not listed gets one. `cloudschema generate` gives each input
        /// `partCount(schemaBytes:)`, the build plugin the count it declared.
        public var parts: [String: Int]

        public init(
            access: GenerateConfiguration.Access = .internal, templates: TemplateLibrary = .builtIn, parts: [String: Int] = [:]
        ) {
            self.access = access
            self.templates = templates
            self.parts = parts
        }
    }

    /// The schema bytes per part: a schema file of up to 16 KiB (about 25 record types of 20
    /// fields) is one Swift file. Past that, SwiftPM and Xcode compile the parts in parallel:
    /// a debug build's frontend jobs take a file each, and a release build (`-wmo -num-threads`)
    /// runs LLVM per file, so a part's code never waits on the rest, and LLVM's passes that
    /// grow faster than the number of declarations in a file stay small.
    public static let schemaBytesPerPart = 16 * 1024

    /// How many parts a schema file of `schemaBytes` bytes is generated into: one per started
    /// `schemaBytesPerPart`. The build plugin computes the same from the file's size.
    public static func partCount(schemaBytes: Int) -> Int {
        max(1, (schemaBytes + schemaBytesPerPart - 1) / schemaBytesPerPart)
    }

    /// `Garden.cloudschema.swift` for `Schemas/Garden.cloudschema`, `schema.ckdb.swift` for
    /// `schema.ckdb`: the file name plus `.swift`, as `.pb.swift` files are named. Swift needs
    /// file names unique within a module, and an app target often has its own `Garden.swift`.
    public static func outputName(forInput path: String) -> String {
        (path.split(separator: "/").last.map(String.init) ?? path) + ".swift"
    }

    /// The files of an input split into `parts`: `Garden.cloudschema.swift`, then
    /// `Garden.cloudschema.2.swift`, `Garden.cloudschema.3.swift`, ….
    public static func outputNames(forInput path: String, parts: Int) -> [String] {
        let first = outputName(forInput: path)
        let base = first.dropLast(".swift".count)
        return [first] + (1..<max(1, parts)).map { "\(base).\($0 + 1).swift" }
    }

    /// The output names for `inputs`, in input order (each input's parts in order), then
    /// `CloudSchema.swift`. Throws when two inputs would write the same file (names compared
    /// case-insensitively, as macOS file systems do), or an input would write `CloudSchema.swift`.
    public static func outputNames(forInputs inputs: [String], parts: [String: Int] = [:]) throws(GeneratorError) -> [String] {
        var seen: [String: String] = [schemaFileName.lowercased(): ""]
        var names: [String] = []
        for input in inputs {
            for name in outputNames(forInput: input, parts: parts[input] ?? 1) {
                if let other = seen[name.lowercased()] {
                    if other.isEmpty {
                        throw .outputNameClash(
                            "'\(input)' would generate \(name), which is the schema-wide file \(schemaFileName); rename the schema file")
                    }
                    throw .outputNameClash(
                        "'\(other)' and '\(input)' would both generate \(name); schema files of one target need different names")
                }
                seen[name.lowercased()] = input
                names.append(name)
            }
        }
        return names + [schemaFileName]
    }

    /// Every output file for `schema`, read from `inputFiles` (paths as the loader saw them),
    /// in the order of `outputNames(forInputs:)`.
    public static func generate(
        _ schema: Schema, inputFiles: [String], options: Options = Options()
    ) throws(GeneratorError) -> [GeneratedFile] {
        var files = GeneratedFiles()
        try generate(schema, inputFiles: inputFiles, options: options, into: &files)
        return files.files
    }

    /// The same files, streamed into `output` one after the other, each in pieces as it is
    /// rendered, so a caller that writes them (`GeneratedFileWriter`) never holds a whole file.
    public static func generate(
        _ schema: Schema, inputFiles: [String], options: Options = Options(), into output: inout some GeneratedOutput
    ) throws(GeneratorError) {
        let names = try outputNames(forInputs: inputFiles, parts: options.parts)
        let model = GeneratorViewModel(schema: schema, inputFiles: inputFiles, access: options.access, parts: options.parts)
        // Every file of the run renders from these, so each template is parsed once.
        let templates = ParsedTemplates(options.templates)
        func render(_ name: String, _ template: String, _ context: [String: TemplateValue]) throws(GeneratorError) {
            try output.begin(name)
            do throws(TemplateError) {
                guard let parsed = try templates.template(named: template) else { throw TemplateLibrary.notFound(template) }
                try parsed.render(context, templates: templates) { (utf8: UnsafeBufferPointer<UInt8>) in output.append(utf8: utf8) }
            } catch {
                throw .template(error)
            }
            try output.end()
        }
        for (file, name) in zip(model.files, names) {
            try render(name, fileTemplate, model.context(for: file))
        }
        try render(schemaFileName, schemaTemplate, model.schemaContext(fileName: schemaFileName))
    }
}

/// Where `Generator.generate(_:inputFiles:options:into:)` puts its files: each file's text in
/// consecutive pieces between `begin` and `end`, one file at a time.
public protocol GeneratedOutput {
    mutating func begin(_ name: String) throws(GeneratorError)
    mutating func append(_ text: String)
    /// A piece as UTF-8, valid only during the call; by default made into a string for `append(_:)`.
    mutating func append(utf8: UnsafeBufferPointer<UInt8>)
    mutating func end() throws(GeneratorError)
}

extension GeneratedOutput {
    public mutating func append(utf8: UnsafeBufferPointer<UInt8>) { append(String(decoding: utf8, as: UTF8.self)) }
}

/// The files in memory, for callers that want them whole.
struct GeneratedFiles: GeneratedOutput {
    var files: [GeneratedFile] = []

    mutating func begin(_ name: String) { files.append(GeneratedFile(name: name, contents: "")) }
    mutating func append(_ text: String) { files[files.count - 1].contents += text }
    mutating func end() {}
}

/// One generated Swift file: its name in the output folder and its text.
public struct GeneratedFile: Hashable, Sendable {
    public var name: String
    public var contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

public enum GeneratorError: Error, Sendable, CustomStringConvertible {
    /// Two inputs map to one output file.
    case outputNameClash(String)
    /// A template failed to parse or render (a user's override, usually).
    case template(TemplateError)
    /// A generated file could not be written.
    case write(FileWriter.Failure)

    /// The registered ID the command reports it under.
    public var id: DiagnosticID {
        switch self {
        case .outputNameClash: .outputNameClash
        case .template: .templateInvalid
        case .write: .outputUnwritable
        }
    }

    public var description: String {
        switch self {
        case .outputNameClash(let message): message
        case .template(let error): "\(error)"
        case .write(let failure): failure.description
        }
    }
}
