// swift-tools-version: 6.0
import PackageDescription

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
    ],
    swiftLanguageModes: [.v6]
)
