import Foundation
import Testing

/// Unsupported queries must not compile. These tests type-check small programs against the
/// modules this test bundle was built with (the runtime and the generated Queries module, found
/// beside the test bundle), with the toolchain's `swiftc`.
@Suite(.serialized) struct QueryCompileTests {
    /// The folder holding `CloudSchemaRuntime.swiftmodule`: the test bundle's folder or its
    /// `Modules` subfolder (SwiftPM's layout), searched upwards from the running executable.
    static func modulesFolder() throws -> URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<6 {
            for candidate in [folder.appendingPathComponent("Modules"), folder] {
                let module = candidate.appendingPathComponent("CloudSchemaRuntime.swiftmodule")
                if FileManager.default.fileExists(atPath: module.path) { return candidate }
            }
            folder = folder.deletingLastPathComponent()
        }
        throw CompileError("no CloudSchemaRuntime.swiftmodule near \(executable.path)")
    }

    /// `swiftc` on PATH (on macOS `xcrun` finds it otherwise).
    static func swiftc() throws -> (URL, [String]) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return (candidate, []) }
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/xcrun") {
            return (URL(fileURLWithPath: "/usr/bin/xcrun"), ["swiftc"])
        }
        throw CompileError("no swiftc on PATH")
    }

    struct CompileError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Type-checks `source` (after the imports); returns the exit status and the diagnostics.
    static func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let modules = try modulesFolder()
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("cloudschema-compile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let file = temporary.appendingPathComponent("snippet.swift")
        try (prelude + source).write(to: file, atomically: true, encoding: .utf8)
        let (tool, leading) = try swiftc()
        let process = Process()
        process.executableURL = tool
        process.arguments =
            leading + [
                "-typecheck", "-swift-version", "6", "-I", modules.path,
                "-module-cache-path", temporary.appendingPathComponent("cache").path, file.path,
            ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static let prelude = """
        import CloudSchemaConsumerQueries
        import CloudSchemaRuntime
        import Foundation

        """
    /// Lines of the prelude, so a snippet's line N is reported as N + this.
    static let preludeLines = prelude.filter { $0 == "\n" }.count

    /// What compiles: the control for the failures below (same modules, same flags).
    @Test func supportedQueriesCompile() throws {
        let result = try Self.typecheck(
            """
            let a = Sample.query { $0.title == "x" && !($0.subtitle.beginsWith("y")) && $0.size < 3 }
            let b = a.filter { $0.tags.contains("herb") && $0.textSearch.contains("basil") }.sorted { $0.rank.ascending }
            let c = Sample.query { $0.place.isWithin(kilometers: 1, of: Location(latitude: 0, longitude: 0)) }
            _ = (b, c, Bare.query())
            """)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Each line is one unsupported query; every one must be an error on its own line, for the
    /// reason given (a fragment of swiftc's message).
    static let unsupported: [(what: String, diagnostic: String, code: String)] = [
        ("a query on a field without an index", "has no member 'plain'", #"_ = Sample.query { $0.plain == "x" }"#),
        ("a query on an encrypted field", "has no member 'secret'", #"_ = Sample.query { $0.secret == "x" }"#),
        ("a query on a SEARCHABLE-only field", "has no member 'body'", #"_ = Sample.query { $0.body == "x" }"#),
        (
            "a sort on a QUERYABLE-only field", "'QueryableIndex' conform to 'SortQueryIndex'",
            #"_ = Sample.query().sorted { $0.subtitle.ascending }"#
        ),
        ("a sort on a non-indexed field", "has no member 'plain'", #"_ = Sample.query().sorted { $0.plain.descending }"#),
        ("a range on a QUERYABLE-only field", "'QueryableIndex' conform to 'RangeQueryIndex'", #"_ = Sample.query { $0.subtitle < "x" }"#),
        ("a range on a SORTABLE-only field", "'SortableIndex' conform to 'RangeQueryIndex'", #"_ = Sample.query { $0.rank < 3 }"#),
        (
            "BETWEEN on a SORTABLE-only field", "'SortableIndex' conform to 'RangeQueryIndex'",
            #"_ = Sample.query { $0.rank.between(1, 2) }"#
        ),
        (
            "BETWEEN on a QUERYABLE-only field", "'QueryableIndex' conform to 'RangeQueryIndex'",
            #"_ = Sample.query { $0.flag.between(false, true) }"#
        ),
        ("equality on a SORTABLE-only field", "'SortableIndex' conform to 'EqualityQueryIndex'", #"_ = Sample.query { $0.rank == 3 }"#),
        ("IN on a SORTABLE-only field", "'SortableIndex' conform to 'EqualityQueryIndex'", #"_ = Sample.query { $0.rank.in([3]) }"#),
        ("BEGINSWITH on a non-string", "beginsWith", #"_ = Sample.query { $0.count.beginsWith("1") }"#),
        ("a range on an unordered type", "'Kind' conform to 'QueryRangeValue'", #"_ = Sample.query { $0.kind < .large }"#),
        ("OR, which CloudKit lacks", "error:", #"_ = Sample.query { $0.title == "a" || $0.title == "b" }"#),
        ("a value of the wrong type", "error:", #"_ = Sample.query { $0.count == "two" }"#),
        ("full-text search without a SEARCHABLE field", "has no member 'textSearch'", #"_ = Owner.query { $0.textSearch.contains("x") }"#),
        ("a hand-made predicate", "inaccessible", #"_ = QueryPredicate<Sample>(format: "plain == 'x'", arguments: [])"#),
        ("a hand-made sort", "inaccessible", #"_ = QuerySort<Sample>(key: "plain", ascending: true)"#),
    ]

    @Test func unsupportedQueriesDoNotCompile() throws {
        let result = try Self.typecheck(Self.unsupported.map(\.code).joined(separator: "\n") + "\n")
        #expect(result.status != 0)
        let diagnostics = result.output.split(separator: "\n")
        for (index, item) in Self.unsupported.enumerated() {
            let line = "snippet.swift:\(Self.preludeLines + index + 1):"
            let errors = diagnostics.filter { $0.contains(line) && $0.contains("error:") }
            #expect(!errors.isEmpty, "\(item.what) compiled: \(item.code)\n\(result.output)")
            #expect(errors.contains { $0.contains(item.diagnostic) }, "\(item.what): \(errors)")
        }
    }
}
