import CloudSchemaCore
import Foundation

// Compile time of generated code: CloudSchema's Swift against swift-protobuf's for the same
// record types (ComparisonSchema: 10, 100 and 300 record types of 20 fields in one schema file
// and one .proto file), each compiled as one module as SwiftPM builds a target: `swiftc -c -O
// -wmo -num-threads <cores>` (a release build) and `swiftc -c -Onone -j <cores>
// -enable-batch-mode` (a debug build), Swift 6 mode, public access on both sides (see
// COMPILE_ACCESS below), every run a clean build. CloudSchema's Swift comes from `Generator`
// in-process, split into parts as `cloudschema generate` and the build plugin split it (one file
// per started 16 KiB of schema); swift-protobuf writes one file per .proto file.
// CloudSchemaRuntime's module is emitted from this package's sources into a scratch folder first.
//
// The swift-protobuf side needs, else it is skipped and the reason printed:
// - `protoc` on PATH (Debian/Ubuntu: `apt-get install protobuf-compiler`);
// - SWIFT_PROTOBUF_PATH: a checkout of github.com/apple/swift-protobuf; its
//   Sources/SwiftProtobuf is emitted as the module the generated code imports;
// - `protoc-gen-swift` on PATH, else in $SWIFT_PROTOBUF_PATH/.build/release
//   (`swift build -c release --product protoc-gen-swift` in the checkout).
// Plain structs with the same stored properties and an initializer and nothing else are
// compiled too: the floor that any generated code for these fields costs. So is a hand-written
// mapping of the same structs (HandWrittenSample's style: `init(record:)` with a `record[field:]`
// and a `switch` per field, `encode(to:)` setting every field, no change tracking): what an app
// without generated code compiles.
// Timings are the best of a few runs: CPU time (the compiler driver and its frontends: the
// work, which the load of a shared machine disturbs least) and wall time (what a developer
// waits for, shorter than CPU time where the compiler runs parts of the module in parallel).
// Both ratios are printed.
// COMPILE_RECORDS=100 (or a comma-separated list, e.g. 10,300) compiles only those record counts,
// for iterating on one figure; the default is 10,100,300. COMPILE_ACCESS=internal generates both
// sides internal (both generators' default, what an app target compiles) instead of public.
// COMPILE_PARTS=1 generates CloudSchema's Swift in one file per schema file, as before parts, to
// measure what the parts save. COMPILE_TEMPLATES=DIR generates with the templates in DIR
// replacing the built-in ones of the same name (to try a template without rebuilding), and
// COMPILE_KEEP=1 keeps the scratch folder (the generated Swift, for profiling the compile).

/// This package's root, from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// Returns CloudSchema's CPU time over swift-protobuf's for `-O -wmo`, by record count (empty
/// when the swift-protobuf side is skipped). `records` overrides COMPILE_RECORDS.
@discardableResult
func runCompileBenchmark(records requested: [Int]? = nil) -> [Int: Double] {
    let access: GenerateConfiguration.Access = ProcessInfo.processInfo.environment["COMPILE_ACCESS"] == "internal" ? .internal : .public
    print(
        "compile generated Swift (CloudSchema vs swift-protobuf, 20 fields per record type, \(access.rawValue); best runs, \(ProcessInfo.processInfo.activeProcessorCount) cores)"
    )
    guard let swiftc = ChildProcess.find("swiftc") else {
        print("  skipped: swiftc is not on PATH")
        return [:]
    }
    let work = ChildProcess.scratchDirectory("compile")
    defer {
        if ProcessInfo.processInfo.environment["COMPILE_KEEP"] == "1" {
            print("  kept \(work)")
        } else {
            try? FileManager.default.removeItem(atPath: work)
        }
    }
    let modules = work + "/modules"
    let runtime = emitModule(
        swiftc, "CloudSchemaRuntime", sources: swiftFiles(in: packageRoot + "/Sources/CloudSchemaRuntime"), into: modules)
    guard runtime.succeeded else {
        print("  skipped: CloudSchemaRuntime did not compile:\n\(runtime.output.prefix(2_000))")
        return [:]
    }
    var protobuf: SwiftProtobufTools?
    do {
        let tools = try SwiftProtobufTools()
        let module = emitModule(
            swiftc, "SwiftProtobuf", sources: swiftFiles(in: tools.checkout + "/Sources/SwiftProtobuf"), into: modules,
            flags: ["-package-name", "SwiftProtobuf", "-enable-upcoming-feature", "ExistentialAny"])
        if module.succeeded {
            protobuf = tools
        } else {
            print("  swift-protobuf side skipped: SwiftProtobuf did not compile:\n\(module.output.prefix(2_000))")
        }
    } catch {
        print("  swift-protobuf side skipped: \(error.reason)")
    }

    // SwiftPM's flags for a release and a debug build on this machine (`.build/*.yaml`).
    let cores = String(ProcessInfo.processInfo.activeProcessorCount)
    let modes: [(name: String, flags: [String])] = [
        ("-O -wmo", ["-O", "-wmo", "-j", cores, "-num-threads", cores]),
        ("-Onone", ["-Onone", "-j", cores, "-enable-batch-mode"]),
    ]
    var previous: [String: (records: Int, cloudSchema: Double, protobuf: Double?)] = [:]
    var optimizedRatios: [Int: Double] = [:]
    let counts = ProcessInfo.processInfo.environment["COMPILE_RECORDS"].map { $0.split(separator: ",").compactMap { Int($0) } }
    for records in requested ?? counts ?? [10, 100, 300] {
        let runs = records <= 10 ? 3 : records <= 100 ? 2 : 1
        let cloudSchemaFiles = writeCloudSchemaSwift(records: records, access: access, into: work + "/cloudschema-\(records)")
        let plainFile = work + "/plain-\(records).swift"
        try! ComparisonSchema.plainSwift(records: records, access: access).write(toFile: plainFile, atomically: false, encoding: .utf8)
        let handWrittenFile = work + "/hand-written-\(records).swift"
        try! handWrittenSwift(records: records, access: access).write(toFile: handWrittenFile, atomically: false, encoding: .utf8)
        var protobufFiles: [String]?
        if let tools = protobuf {
            protobufFiles = tools.generateSwift(
                records: records, visibility: access == .public ? "Public" : "Internal", into: work + "/protobuf-\(records)",
                log: work + "/protoc.log")
        }
        print(
            "  \(records) record types: CloudSchema \(lineCount(cloudSchemaFiles)) lines of Swift in \(cloudSchemaFiles.count) files"
                + (protobufFiles.map { ", swift-protobuf \(lineCount($0)) lines in \($0.count)" } ?? ""))
        for mode in modes {
            func compile(_ files: [String], _ side: String) -> ChildRun {
                let output = work + "/objects-\(side)"
                try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                let arguments =
                    [
                        swiftc, "-c", "-parse-as-library", "-swift-version", "6", "-module-name", "Records", "-I", modules,
                        "-working-directory", output,
                        // Every run a clean build: by default the frontend skips LLVM when the
                        // object file it would write is already there, so a second run measured
                        // everything but code generation.
                        "-Xfrontend", "-disable-incremental-llvm-codegen",
                    ] + mode.flags + files
                let run = ChildProcess.best(of: runs, arguments, logFile: work + "/swiftc.log")
                if !run.succeeded { print("    \(side) did not compile (\(mode.name)):\n\(run.output.prefix(2_000))") }
                return run
            }
            let cloudSchema = compile(cloudSchemaFiles, "cloudschema")
            let protobufRun = protobufFiles.map { compile($0, "protobuf") }
            let before = previous[mode.name]
            var line =
                "    " + mode.name.padding(toLength: 8, withPad: " ", startingAt: 0)
                + String(
                    format: " CloudSchema %7.2f s (wall %6.2f, %4ld MB)  %.3f s/type",
                    cloudSchema.cpuSeconds, cloudSchema.wallSeconds, cloudSchema.peakBytes >> 20,
                    cloudSchema.cpuSeconds / Double(records))
            if let before {
                line += String(format: " (%.3f marginal)", (cloudSchema.cpuSeconds - before.cloudSchema) / Double(records - before.records))
            }
            if let protobufRun {
                line += String(
                    format: "  |  swift-protobuf %7.2f s (wall %6.2f, %4ld MB)  %.3f s/type",
                    protobufRun.cpuSeconds, protobufRun.wallSeconds, protobufRun.peakBytes >> 20,
                    protobufRun.cpuSeconds / Double(records))
                if let earlier = before?.protobuf {
                    line += String(format: " (%.3f marginal)", (protobufRun.cpuSeconds - earlier) / Double(records - before!.records))
                }
                line += String(
                    format: "  |  ratio CPU %.2f, wall %.2f", cloudSchema.cpuSeconds / protobufRun.cpuSeconds,
                    cloudSchema.wallSeconds / protobufRun.wallSeconds)
                if mode.name == "-O -wmo" { optimizedRatios[records] = cloudSchema.cpuSeconds / protobufRun.cpuSeconds }
            }
            print(line)
            let plain = compile([plainFile], "plain")
            print(
                "             plain structs "
                    + String(format: "%7.2f s (the floor: stored properties and an init)", plain.cpuSeconds)
                    + (protobufRun.map { String(format: "  |  ratio %.2f", plain.cpuSeconds / $0.cpuSeconds) } ?? ""))
            let handWritten = compile([handWrittenFile], "hand-written")
            print(
                "             hand-written mapping "
                    + String(
                        format: "%7.2f s  |  CloudSchema %.2f× its CPU", handWritten.cpuSeconds,
                        cloudSchema.cpuSeconds / handWritten.cpuSeconds)
                    + (protobufRun.map { String(format: "  |  ratio %.2f", handWritten.cpuSeconds / $0.cpuSeconds) } ?? ""))
            previous[mode.name] = (records, cloudSchema.cpuSeconds, protobufRun?.cpuSeconds)
        }
    }
    return optimizedRatios
}

/// The `.swift` files under `folder`, sorted.
func swiftFiles(in folder: String) -> [String] {
    let names = FileManager.default.subpaths(atPath: folder) ?? []
    return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
}

/// Emits `name`'s module (interface only, optimised, as a release dependency is) into `folder`.
func emitModule(_ swiftc: String, _ name: String, sources: [String], into folder: String, flags: [String] = []) -> ChildRun {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let arguments =
        [
            swiftc, "-emit-module", "-parse-as-library", "-swift-version", "6", "-O", "-wmo", "-module-name", name,
            "-emit-module-path", "\(folder)/\(name).swiftmodule",
        ] + flags + sources
    return ChildProcess.run(arguments, logFile: "\(folder)/\(name).log")
}

/// CloudSchema's Swift for `ComparisonSchema.cloudSchema(records:)`, written into `folder` in
/// the parts `cloudschema generate` writes.
func writeCloudSchemaSwift(records: Int, access: GenerateConfiguration.Access, into folder: String) -> [String] {
    let schema = ComparisonSchema.cloudSchema(records: records)
    let loaded = SchemaLoader.load(sources: [("Records.cloudschema", schema)])
    precondition(!loaded.diagnostics.hasErrors, "comparison schema has errors: \(loaded.diagnostics.prefix(3))")
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    do {
        let parts = ProcessInfo.processInfo.environment["COMPILE_PARTS"] == "1" ? 1 : Generator.partCount(schemaBytes: schema.utf8.count)
        var templates = TemplateLibrary.builtIn
        if let directory = ProcessInfo.processInfo.environment["COMPILE_TEMPLATES"] {
            templates = try templates.overriding(withDirectory: directory)
        }
        let options = Generator.Options(access: access, templates: templates, parts: ["Records.cloudschema": parts])
        let files = try Generator.generate(loaded.schema, inputFiles: ["Records.cloudschema"], options: options)
        return files.map { file in
            let path = folder + "/" + file.name
            try! file.contents.write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
    } catch {
        preconditionFailure("generation failed: \(error)")
    }
}

/// `ComparisonSchema`'s record types mapped by hand (see the header): the stored properties, an
/// initializer, `init(record:)` and `encode(to:)` over `InMemoryRecord`, with one reader per
/// field type shared by all of them.
func handWrittenSwift(records: Int, access: GenerateConfiguration.Access) -> String {
    let prefix = access == .internal ? "" : access.rawValue + " "
    // Per Swift type without `?`: the reader below and how a value is stored.
    let kinds: [String: (reader: String, store: String)] = [
        "String": ("string", ".string(VALUE)"), "Int64": ("int64", ".int64(VALUE)"), "Double": ("double", ".double(VALUE)"),
        "Bool": ("bool", ".int64(VALUE ? 1 : 0)"), "Date": ("date", ".date(VALUE)"),
        "[String]": ("strings", ".list(VALUE.map { .string($0) })"), "[Int64]": ("int64s", ".list(VALUE.map { .int64($0) })"),
    ]
    var out = """
        import CloudSchemaRuntime
        import Foundation

        /// A field missing or of another type.
        \(prefix)struct Unreadable: Error {
            \(prefix)var key: String
        }

        private func required<Value>(_ value: Value?, _ key: String) throws -> Value {
            guard let value else { throw Unreadable(key: key) }
            return value
        }

        private func string(_ record: InMemoryRecord, _ key: String) throws -> String? {
            switch record[field: key] {
            case .string(let value): value
            case nil: nil
            default: throw Unreadable(key: key)
            }
        }

        private func int64(_ record: InMemoryRecord, _ key: String) throws -> Int64? {
            switch record[field: key] {
            case .int64(let value): value
            case nil: nil
            default: throw Unreadable(key: key)
            }
        }

        private func bool(_ record: InMemoryRecord, _ key: String) throws -> Bool? {
            try int64(record, key).map { $0 != 0 }
        }

        private func double(_ record: InMemoryRecord, _ key: String) throws -> Double? {
            switch record[field: key] {
            case .double(let value): value
            case .int64(let value): Double(value)
            case nil: nil
            default: throw Unreadable(key: key)
            }
        }

        private func date(_ record: InMemoryRecord, _ key: String) throws -> Date? {
            switch record[field: key] {
            case .date(let value): value
            case nil: nil
            default: throw Unreadable(key: key)
            }
        }

        private func strings(_ record: InMemoryRecord, _ key: String) throws -> [String]? {
            switch record[field: key] {
            case .list(let items):
                try items.map {
                    guard case .string(let value) = $0 else { throw Unreadable(key: key) }
                    return value
                }
            case nil: nil
            default: throw Unreadable(key: key)
            }
        }

        private func int64s(_ record: InMemoryRecord, _ key: String) throws -> [Int64]? {
            switch record[field: key] {
            case .list(let items):
                try items.map {
                    guard case .int64(let value) = $0 else { throw Unreadable(key: key) }
                    return value
                }
            case nil: nil
            default: throw Unreadable(key: key)
            }
        }

        """
    let fields = ComparisonSchema.fields.map { field in
        let optional = field.swift.hasSuffix("?")
        let kind = kinds[optional ? String(field.swift.dropLast()) : field.swift]!
        // The schema's default: what follows `= ` up to the first attribute.
        let defaultValue = field.cloudSchema.split(separator: "=", maxSplits: 1).dropFirst().first.map {
            $0.split(separator: "@").first!.trimmingCharacters(in: .whitespaces)
        }
        let read = "try \(kind.reader)(record, \"\(field.name)\")"
        let decode = optional ? read : defaultValue.map { "\(read) ?? \($0)" } ?? "try required(\(read), \"\(field.name)\")"
        let value = kind.store.replacingOccurrences(of: "VALUE", with: optional ? "$0" : field.name)
        let encode = optional ? "\(field.name).map { \(value) }" : value
        return (name: field.name, swift: field.swift, decode: decode, encode: encode)
    }
    for i in 0..<records {
        out += "\n\(prefix)struct Record\(i): Sendable {\n    \(prefix)var recordID: RecordID\n"
        for field in fields { out += "    \(prefix)var \(field.name): \(field.swift)\n" }
        out += "\n    \(prefix)init(recordID: RecordID, " + fields.map { "\($0.name): \($0.swift)" }.joined(separator: ", ") + ") {\n"
        out += "        self.recordID = recordID\n"
        for field in fields { out += "        self.\(field.name) = \(field.name)\n" }
        out += "    }\n\n    \(prefix)init(record: InMemoryRecord) throws {\n"
        out += "        guard record.recordType == \"Record\(i)\" else { throw Unreadable(key: \"recordType\") }\n"
        out += "        recordID = record.recordID\n"
        for field in fields { out += "        \(field.name) = \(field.decode)\n" }
        out += "    }\n\n    \(prefix)func encode(to record: InMemoryRecord) {\n"
        for field in fields { out += "        record[field: \"\(field.name)\"] = \(field.encode)\n" }
        out += "    }\n}\n"
    }
    return out
}

func lineCount(_ files: [String]) -> Int {
    files.reduce(0) { count, file in
        count + ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count
    }
}

/// protoc, protoc-gen-swift and the swift-protobuf checkout, as the header describes.
struct SwiftProtobufTools {
    var protoc: String
    var plugin: String
    var checkout: String

    struct Unavailable: Error {
        var reason: String
    }

    init() throws(Unavailable) {
        guard let protoc = ChildProcess.find("protoc") else { throw Unavailable(reason: "protoc is not on PATH") }
        guard let checkout = ProcessInfo.processInfo.environment["SWIFT_PROTOBUF_PATH"] else {
            throw Unavailable(reason: "SWIFT_PROTOBUF_PATH (a swift-protobuf checkout) is not set")
        }
        let built = checkout + "/.build/release/protoc-gen-swift"
        guard let plugin = ChildProcess.find("protoc-gen-swift") ?? (FileManager.default.isExecutableFile(atPath: built) ? built : nil)
        else { throw Unavailable(reason: "protoc-gen-swift is neither on PATH nor in \(checkout)/.build/release") }
        self.protoc = protoc
        self.plugin = plugin
        self.checkout = checkout
    }

    /// swift-protobuf's Swift for `ComparisonSchema.proto(records:)`, written into `folder`.
    func generateSwift(records: Int, visibility: String, into folder: String, log: String) -> [String] {
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try! ComparisonSchema.proto(records: records).write(toFile: folder + "/Records.proto", atomically: false, encoding: .utf8)
        let run = ChildProcess.run(
            [
                protoc, "--plugin=protoc-gen-swift=\(plugin)", "--swift_out=\(folder)", "--swift_opt=Visibility=\(visibility)",
                "-I", folder, folder + "/Records.proto",
            ], logFile: log)
        precondition(run.succeeded, "protoc --swift_out failed: \(run.output)")
        return [folder + "/Records.pb.swift"]
    }
}
