import Foundation

// What the plugin costs a user's first build (`targets all`): clean debug builds, as SwiftPM
// builds a plugin's tool for the host before any of the user's code. Each build runs in an
// empty scratch folder and is measured in CPU time (`swift build` and everything it runs).
// - The plugin's tool, `cloudschema`, against swift-protobuf's plugin tool, `protoc-gen-swift`
//   (SWIFT_PROTOBUF_PATH: a checkout of github.com/apple/swift-protobuf, as for `compile`).
// - A package whose target maps `Sample` (Mapping.cloudschema) with CloudSchemaPlugin, against
//   the same package with the mapping written by hand (HandWrittenSample.swift) and no plugin;
//   both depend on this checkout by path, for CloudSchemaRuntime.

/// A clean debug `swift build` of `package` with `arguments`; nil, with the reason printed, when
/// it cannot run or fails.
func cleanDebugBuild(_ label: String, package: String, _ arguments: [String] = []) -> ChildRun? {
    guard let swift = ChildProcess.find("swift") else {
        print("  \(label): skipped, swift is not on PATH")
        return nil
    }
    let scratch = ChildProcess.scratchDirectory("build-\(label)")
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let run = ChildProcess.run(
        [swift, "build", "--package-path", package, "--scratch-path", scratch + "/.build"] + arguments, logFile: scratch + "/build.log")
    guard run.succeeded else {
        print("  \(label): the build failed:\n\(run.output.suffix(2_000))")
        return nil
    }
    print(String(format: "  %@: %.1f CPU s (wall %.1f s), peak %ld MB", label, run.cpuSeconds, run.wallSeconds, run.peakBytes >> 20))
    return run
}

/// The plugin tool's clean debug build over swift-protobuf's plugin tool's, in CPU time.
func pluginToolBuildRatio() -> Double? {
    print("plugin tool, clean debug build (CPU time of swift build)")
    guard let checkout = ProcessInfo.processInfo.environment["SWIFT_PROTOBUF_PATH"] else {
        print("  skipped: SWIFT_PROTOBUF_PATH (a swift-protobuf checkout) is not set")
        return nil
    }
    guard let tool = cleanDebugBuild("cloudschema", package: packageRoot, ["--product", "cloudschema"]),
        let protobuf = cleanDebugBuild("protoc-gen-swift", package: checkout, ["--product", "protoc-gen-swift"])
    else { return nil }
    return tool.cpuSeconds / protobuf.cpuSeconds
}

/// A user's first build of a package mapping `Sample` with the plugin, over the same package
/// with the mapping written by hand and no plugin, in CPU time.
func firstBuildRatio() -> Double? {
    print("a user's first swift build: Sample mapped by CloudSchemaPlugin vs by hand (CPU time of swift build)")
    let work = ChildProcess.scratchDirectory("first-build")
    defer { try? FileManager.default.removeItem(atPath: work) }
    // The dependency's identity is its folder's name: the one the README's URL gives it.
    try! FileManager.default.createSymbolicLink(atPath: work + "/CloudSchema", withDestinationPath: packageRoot)
    let benchmarkSources = packageRoot + "/Sources/CloudSchemaBenchmark"
    func package(_ name: String, plugin: Bool, files: [String: String]) -> String {
        let folder = work + "/" + name
        try! FileManager.default.createDirectory(atPath: folder + "/Sources/App", withIntermediateDirectories: true)
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "\(name)", platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(path: "../CloudSchema")],
                targets: [
                    .target(
                        name: "App", dependencies: [.product(name: "CloudSchemaRuntime", package: "CloudSchema")]\(
                            plugin ? ",\n            plugins: [.plugin(name: \"CloudSchemaPlugin\", package: \"CloudSchema\")]" : "")
                    )
                ]
            )

            """
        try! manifest.write(toFile: folder + "/Package.swift", atomically: false, encoding: .utf8)
        for (file, text) in files { try! text.write(toFile: folder + "/Sources/App/" + file, atomically: false, encoding: .utf8) }
        return folder
    }
    let generated = package(
        "Generated", plugin: true,
        files: [
            "Mapping.cloudschema": try! String(contentsOfFile: benchmarkSources + "/Mapping.cloudschema", encoding: .utf8),
            "App.swift":
                "import CloudSchemaRuntime\n\nfunc read(_ record: InMemoryRecord) throws -> Sample { try Sample(record: record) }\n",
        ])
    // The hand-written mapping extends a plain struct with Sample's stored properties.
    let properties = ComparisonSchema.fields.map { "    var \($0.name): \($0.swift)\n" }.joined()
    let handWritten = package(
        "HandWritten", plugin: false,
        files: [
            "HandWrittenSample.swift": try! String(contentsOfFile: benchmarkSources + "/HandWrittenSample.swift", encoding: .utf8),
            "CodableSample.swift": "import Foundation\n\nstruct CodableSample {\n\(properties)}\n",
        ])
    guard let withPlugin = cleanDebugBuild("with the plugin", package: generated),
        let byHand = cleanDebugBuild("by hand, no plugin", package: handWritten)
    else { return nil }
    return withPlugin.cpuSeconds / byHand.cpuSeconds
}
