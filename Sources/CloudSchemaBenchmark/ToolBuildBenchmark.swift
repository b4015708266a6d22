import Foundation

// What the build plugin costs a user's first build: clean debug `swift build`s, as SwiftPM builds a
// dependency's plugin tool for the host, each in a scratch folder of its own, run back to back:
// - the plugin's tool alone: a package whose one target applies CloudSchemaPlugin and has nothing
//   for it to do (SwiftPM compiles `cloudschema-build` and what it imports, once);
// - swift-protobuf's plugin tool, `swift build --product protoc-gen-swift` in SWIFT_PROTOBUF_PATH
//   (SwiftProtobuf, SwiftProtobufPluginLibrary and protoc-gen-swift), else skipped with the reason;
// - the end-to-end package (Tests/EndToEnd/run.sh's Garden schema and app code) with the plugin,
//   against the same package with a hand-written mapping of the same record types and no plugin;
// - with CLOUDSCHEMA_ARTIFACT_BUNDLE (the zip Release/build-artifact-bundle.sh writes), the first
//   and third again with the prebuilt plugin (CloudSchemaPlugins, Release/make-plugin-package.sh),
//   which runs the bundle's `cloudschema` and compiles no tool.
// CPU time (user + sys of swift build and every process it waits for: the figure a shared
// machine disturbs least) and wall time, with their ratios. One run each: a run takes minutes.
// `swift run -c release CloudSchemaBenchmark toolbuild`; never part of `swift test`.

/// The CPU ratios, each nil (with the reason printed) when it could not be measured.
struct ToolBuildRatios {
    var tool: Double?
    var firstBuild: Double?
    var prebuiltTool: Double?
    var prebuiltFirstBuild: Double?
}

@discardableResult
func runToolBuildBenchmark() -> ToolBuildRatios {
    print("tool build: clean debug swift build, \(ProcessInfo.processInfo.activeProcessorCount) cores")
    var ratios = ToolBuildRatios()
    guard let swift = ChildProcess.find("swift") else {
        print("  skipped: swift is not on PATH")
        return ratios
    }
    let work = ChildProcess.scratchDirectory("toolbuild")
    defer { try? FileManager.default.removeItem(atPath: work) }
    /// A clean `swift build` of the package at `package` (its scratch folder removed first).
    func build(_ label: String, package: String, _ extra: [String] = []) -> ChildRun? {
        let scratch = work + "/scratch-" + label
        let run = ChildProcess.run(
            [swift, "build", "--package-path", package, "--scratch-path", scratch] + extra, logFile: work + "/\(label).log")
        let name = label.padding(toLength: 30, withPad: " ", startingAt: 0)
        guard run.succeeded else {
            print("  \(name)failed:\n\(run.output.suffix(2_000))")
            return nil
        }
        print(String(format: "  %@%7.1f s CPU  (wall %6.1f s, %4ld MB peak)", name, run.cpuSeconds, run.wallSeconds, run.peakBytes >> 20))
        try? FileManager.default.removeItem(atPath: scratch)
        return run
    }
    func ratio(_ label: String, _ ours: ChildRun?, _ theirs: ChildRun?, target: String) -> Double? {
        guard let ours, let theirs else { return nil }
        print(
            String(
                format: "  %@%.2f× CPU, %.2f× wall  (target %@)", label.padding(toLength: 30, withPad: " ", startingAt: 0),
                ours.cpuSeconds / theirs.cpuSeconds, ours.wallSeconds / theirs.wallSeconds, target))
        return ours.cpuSeconds / theirs.cpuSeconds
    }

    let toolOnly = writeUserPackage(work + "/ToolOnly", plugin: .source, sources: ["App.swift": "let answer = 42\n"])
    let tool = build("cloudschema-build", package: toolOnly)
    var protobuf: ChildRun?
    if let checkout = ProcessInfo.processInfo.environment["SWIFT_PROTOBUF_PATH"] {
        protobuf = build("protoc-gen-swift", package: checkout, ["--product", "protoc-gen-swift"])
        ratios.tool = ratio("tool vs protoc-gen-swift", tool, protobuf, target: "≤ 0.5×")
    } else {
        print("  protoc-gen-swift skipped: SWIFT_PROTOBUF_PATH (a swift-protobuf checkout) is not set")
    }

    let garden = ["Garden.cloudschema": gardenSchema, "Planting.swift": gardenAppCode]
    let withPlugin = writeUserPackage(work + "/WithPlugin", plugin: .source, sources: garden)
    let handWritten = writeUserPackage(
        work + "/HandWritten", plugin: nil, sources: ["Garden.swift": gardenHandWrittenMapping, "Planting.swift": gardenAppCode])
    let plain = build("package, hand-written", package: handWritten)
    ratios.firstBuild = ratio("plugin vs hand-written", build("package with the plugin", package: withPlugin), plain, target: "≤ 1.5×")

    guard let bundle = ProcessInfo.processInfo.environment["CLOUDSCHEMA_ARTIFACT_BUNDLE"] else {
        print("  prebuilt plugin skipped: CLOUDSCHEMA_ARTIFACT_BUNDLE (Release/build-artifact-bundle.sh's zip) is not set")
        return ratios
    }
    let plugins = work + "/CloudSchemaPlugins"
    let made = ChildProcess.run(
        [packageRoot + "/Release/make-plugin-package.sh", plugins, "--path", bundle], logFile: work + "/make-plugin-package.log")
    guard made.succeeded else {
        print("  prebuilt plugin skipped: make-plugin-package.sh failed:\n\(made.output.suffix(2_000))")
        return ratios
    }
    let prebuiltOnly = writeUserPackage(work + "/PrebuiltOnly", plugin: .prebuilt(plugins), sources: ["App.swift": "let answer = 42\n"])
    ratios.prebuiltTool = ratio(
        "prebuilt vs protoc-gen-swift", build("prebuilt plugin alone", package: prebuiltOnly), protobuf, target: "≤ 0.5×")
    let withPrebuilt = writeUserPackage(work + "/WithPrebuilt", plugin: .prebuilt(plugins), sources: garden)
    ratios.prebuiltFirstBuild = ratio(
        "prebuilt vs hand-written", build("package, prebuilt plugin", package: withPrebuilt), plain, target: "≤ 1.5×")
    return ratios
}

/// Which build plugin a user's package applies: CloudSchema's, or CloudSchemaPlugins' at a path.
private enum PluginUse {
    case source
    case prebuilt(String)
}

/// A package at `folder` depending on this checkout, its target `Garden` holding `sources`
/// and importing CloudSchemaRuntime, with `plugin` applied.
private func writeUserPackage(_ folder: String, plugin: PluginUse?, sources: [String: String]) -> String {
    let target = folder + "/Sources/Garden"
    try! FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    var dependencies = ".package(name: \"CloudSchema\", path: \"\(packageRoot)\")"
    var plugins = ""
    switch plugin {
    case .source: plugins = ", plugins: [.plugin(name: \"CloudSchemaPlugin\", package: \"CloudSchema\")]"
    case .prebuilt(let path):
        dependencies += ", .package(path: \"\(path)\")"
        plugins = ", plugins: [.plugin(name: \"CloudSchemaPrebuiltPlugin\", package: \"CloudSchemaPlugins\")]"
    case nil: break
    }
    let manifest = """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "\((folder as NSString).lastPathComponent)",
            dependencies: [\(dependencies)],
            targets: [
                .target(
                    name: "Garden", dependencies: [.product(name: "CloudSchemaRuntime", package: "CloudSchema")]\(plugins))
            ]
        )

        """
    try! manifest.write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
    for (name, text) in sources { try! text.write(toFile: target + "/" + name, atomically: true, encoding: .utf8) }
    return folder
}

/// Tests/EndToEnd/run.sh's schema.
private let gardenSchema = """
    zone GardenBeds @shareable

    record Bed in GardenBeds {
        name: String @queryable
    }

    record Plant in GardenBeds {
        name: String @queryable @sortable
        notes: String? @encrypted
        bed: Reference<Bed> @parent @deleteSelf
        status: PlantStatus = .growing
    }

    enum PlantStatus: String {
        growing
        harvested = "done"
    }

    """

/// The app code beside it, which both packages compile.
private let gardenAppCode = """
    import CloudSchemaRuntime

    func label(_ plant: Plant, in bed: Bed) -> String {
        "\\(plant.name) in \\(bed.name)" + (plant.notes.map { ": " + $0 } ?? "")
    }

    """

/// The same record types mapped by hand, as HandWrittenSample maps a record: `record[field:]`
/// and a `switch` per field, the zone and record type names, no change tracking.
private let gardenHandWrittenMapping = """
    import CloudSchemaRuntime

    struct Unreadable: Error { var key: String }

    let gardenBeds = RecordZoneID(zoneName: "GardenBeds")

    enum PlantStatus: String { case growing, harvested = "done" }

    struct Bed {
        static let recordType = "Bed"
        var recordID: RecordID
        var name: String

        init(recordID: RecordID, name: String) {
            self.recordID = recordID
            self.name = name
        }

        init(record: InMemoryRecord) throws {
            guard case .string(let name)? = record[field: "name"] else { throw Unreadable(key: "name") }
            self.init(recordID: record.recordID, name: name)
        }

        func encode(to record: InMemoryRecord) {
            record[field: "name"] = .string(name)
        }
    }

    struct Plant {
        static let recordType = "Plant"
        var recordID: RecordID
        var name: String
        var notes: String?
        var bed: RecordID
        var status: PlantStatus

        init(recordID: RecordID, name: String, notes: String?, bed: RecordID, status: PlantStatus) {
            (self.recordID, self.name, self.notes, self.bed, self.status) = (recordID, name, notes, bed, status)
        }

        init(record: InMemoryRecord) throws {
            guard case .string(let name)? = record[field: "name"] else { throw Unreadable(key: "name") }
            var notes: String?
            switch record[encryptedField: "notes"] {
            case .string(let value)?: notes = value
            case nil: notes = nil
            default: throw Unreadable(key: "notes")
            }
            guard case .reference(let bed)? = record[field: "bed"] else { throw Unreadable(key: "bed") }
            var status = PlantStatus.growing
            switch record[field: "status"] {
            case .string(let raw)?: status = PlantStatus(rawValue: raw) ?? .growing
            case nil: break
            default: throw Unreadable(key: "status")
            }
            self.init(recordID: record.recordID, name: name, notes: notes, bed: bed.recordID, status: status)
        }

        func encode(to record: InMemoryRecord) {
            record[field: "name"] = .string(name)
            record[encryptedField: "notes"] = notes.map { .string($0) }
            record[field: "bed"] = .reference(RecordReference(recordID: bed, action: .deleteSelf))
            record[field: "status"] = .string(status.rawValue)
        }
    }

    """
