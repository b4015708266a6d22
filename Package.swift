// swift-tools-version: 6.0
import PackageDescription

// Generated code under test: one module per schema (each schema has its own CloudSchema.swift),
// compiled warning-free in Swift 6 mode and exercised by CloudSchemaConsumerTests. The checked-in
// files are also the generator's golden files (refresh: CLOUDSCHEMA_UPDATE_GOLDEN=1 swift test
// --filter GeneratorGoldenTests). Set to true to generate them on every build with the plugin instead.
let consumerCodeFromPlugin = false
let consumerSchemas = ["Catalogue", "Garden", "Hostile", "Notes"]
let warningsAsErrors: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "CloudSchema",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "cloudschema", targets: ["cloudschema"]),
        .library(name: "CloudSchemaCore", targets: ["CloudSchemaCore"]),
        .library(name: "CloudSchemaRuntime", targets: ["CloudSchemaRuntime"]),
    ],
    targets: [
        // Parser, model, lint, diff, .ckdb interop, generator: pure functions, no I/O but reading files.
        .target(name: "CloudSchemaCore"),
        // What generated code imports. Depends on nothing of ours.
        .target(name: "CloudSchemaRuntime"),
        // The `cloudschema` command: argument parsing and subcommands only.
        .executableTarget(name: "cloudschema", dependencies: ["CloudSchemaCore"], path: "Sources/CloudSchemaCLI"),
        // `swift run -c release CloudSchemaBenchmark`: throughput figures, never run by `swift test`.
        .executableTarget(name: "CloudSchemaBenchmark", dependencies: ["CloudSchemaCore"]),
        // `swift run embed-templates`: copies the built-in templates (`Templates/*.template`) into
        // `Sources/CloudSchemaCore/Generate/Template/EmbeddedTemplates.swift`. Not a product.
        .executableTarget(name: "embed-templates", path: "Sources/embed-templates"),
        .testTarget(name: "CloudSchemaCoreTests", dependencies: ["CloudSchemaCore"], exclude: ["Golden"]),
        // Runs the built `cloudschema` binary (exit codes, formats, config discovery).
        .testTarget(name: "CloudSchemaCLITests", dependencies: ["cloudschema"]),
        .testTarget(name: "CloudSchemaRuntimeTests", dependencies: ["CloudSchemaRuntime"]),
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
            exclude: consumerCodeFromPlugin ? ["\(name).swift", "CloudSchema.swift"] : ["\(name).cloudschema"],
            swiftSettings: warningsAsErrors,
            plugins: consumerCodeFromPlugin ? [.plugin(name: "CloudSchemaPlugin")] : [])
    },
    swiftLanguageModes: [.v6]
)
