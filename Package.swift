// swift-tools-version: 6.1
import PackageDescription

// Generated code under test: one module per schema (each schema has its own CloudSchema.swift),
// compiled warning-free in Swift 6 mode and exercised by CloudSchemaConsumerTests. The checked-in
// files are also the generator's golden files (refresh: CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test
// --filter GeneratorGoldenTests). With the plugin on (the default), the plugin generates each module's
// Swift on every build from the schema and cloudschema.json beside it; the checked-in copies are then only
// compared, not compiled. Set to false to compile the checked-in copies instead.
let consumerCodeFromPlugin = true
let consumerSchemas = ["Catalogue", "Garden", "Hostile", "Notes", "Queries"]
let warningsAsErrors: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "CloudSchema",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "cloudschema", targets: ["cloudschema"]),
        .library(name: "CloudSchemaCore", targets: ["CloudSchemaCore"]),
        .library(name: "CloudSchemaRuntime", targets: ["CloudSchemaRuntime"]),
        .plugin(name: "CloudSchemaPlugin", targets: ["CloudSchemaPlugin"]),
        .plugin(name: "CloudSchemaCommand", targets: ["CloudSchemaCommand"]),
    ],
    targets: [
        // Parser, model, lint, diff, .ckdb interop, generator: pure functions, no I/O but reading files.
        .target(name: "CloudSchemaCore"),
        // What generated code imports. Depends on nothing of ours.
        .target(name: "CloudSchemaRuntime"),
        // The `cloudschema` command: argument parsing and subcommands only.
        .executableTarget(name: "cloudschema", dependencies: ["CloudSchemaCore"], path: "Sources/CloudSchemaCLI"),
        // Generates Swift from a target's schemas on every build.
        .plugin(name: "CloudSchemaPlugin", capability: .buildTool(), dependencies: ["cloudschema"]),
        // `swift package cloudschema lint|diff|format|generate|export|explain ...`
        .plugin(
            name: "CloudSchemaCommand",
            capability: .command(
                intent: .custom(verb: "cloudschema", description: "Lint, diff, format or generate the package's CloudKit schemas")),
            dependencies: ["cloudschema"]),
        // `swift run -c release CloudSchemaBenchmark`: throughput figures, never run by `swift test`.
        .executableTarget(name: "CloudSchemaBenchmark", dependencies: ["CloudSchemaCore"]),
        // `swift run embed-templates`: copies the built-in templates (`Templates/*.template`) into
        // `Sources/CloudSchemaCore/Generate/Template/EmbeddedTemplates.swift`. Not a product.
        .executableTarget(name: "embed-templates", path: "Sources/embed-templates"),
        .testTarget(name: "CloudSchemaCoreTests", dependencies: ["CloudSchemaCore"], exclude: ["Golden"]),
        // Runs the built `cloudschema` binary (exit codes, formats, config discovery).
        .testTarget(name: "CloudSchemaCLITests", dependencies: ["cloudschema"]),
        .testTarget(name: "CloudSchemaRuntimeTests", dependencies: ["CloudSchemaRuntime"]),
        // Replays the fuzz seeds and regressions through every fuzz target (Tests/Fuzz/run-fuzzer.sh
        // runs the same targets under libFuzzer; FuzzEntry.swift is its entry point).
        .testTarget(
            name: "CloudSchemaFuzzTests", dependencies: ["CloudSchemaCore"], path: "Tests/Fuzz",
            exclude: ["run-fuzzer.sh", "FuzzEntry.swift", "Seeds", "Regressions"]),
        // Compiles and runs generated code against the runtime only (no generator). See `consumerSchemas`.
        .testTarget(
            name: "CloudSchemaConsumerTests",
            dependencies: ["CloudSchemaRuntime"] + consumerSchemas.map { .target(name: "CloudSchemaConsumer\($0)") },
            exclude: ["Generated", "Schemas"], swiftSettings: warningsAsErrors),
    ] + consumerSchemas.map { name in
        // Tests/CloudSchemaConsumerTests/Generated/<name>/: <name>.cloudschema (a link to the schema) and its generated Swift.
        .target(
            name: "CloudSchemaConsumer\(name)", dependencies: ["CloudSchemaRuntime"],
            path: "Tests/CloudSchemaConsumerTests/Generated/\(name)",
            exclude: consumerCodeFromPlugin
                ? ["\(name).cloudschema.swift", "CloudSchema.swift"] : ["\(name).cloudschema", "cloudschema.json"],
            swiftSettings: warningsAsErrors,
            plugins: consumerCodeFromPlugin ? [.plugin(name: "CloudSchemaPlugin")] : [])
    },
    swiftLanguageModes: [.v6]
)
