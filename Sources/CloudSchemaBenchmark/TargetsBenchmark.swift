import Foundation

// `targets`: issue 36's table, every figure a ratio measured in this run, beside its target.
// `swift build -c release --product cloudschema && swift run -c release CloudSchemaBenchmark targets`
// measures the figures that take seconds (mapping, generate, lint); `targets all` also the ones
// that take minutes and need swift-protobuf (compile, the plugin tool's build, a first build:
// SWIFT_PROTOBUF_PATH, protoc-gen-swift, see CompileBenchmark.swift and ToolBuildBenchmark.swift).
// Each stage prints its own lines first; a figure that could not be measured says why above.

func runTargetsBenchmark(all: Bool) {
    // `slow`: measured by `targets all` only.
    typealias Row = (figure: String, measured: Double?, format: String, target: String, met: (Double) -> Bool, slow: Bool)
    let mapping = runMappingBenchmark()
    let builds = all ? runToolBuildBenchmark() : ToolBuildRatios()
    let compile = all ? runCompileBenchmark(records: [100])[100] : nil
    let generate = compareGenerateWithProtoc()
    print("linearity of lint (N = \(lintUnits) units)")
    let lint = lintLinearity()
    print(String(format: "  lint t(4N)/t(N), thread CPU time, best of 5 or more: %.2f", lint))
    // The count of instructions does not move with load or caches: ~4 says the work is linear.
    printLintInstructions()
    let rows: [Row] = [
        ("decode, 20-field record, vs a hand-written mapping", mapping.decodeSpeed, "%.2f× as fast", "≥ 0.8×", { $0 >= 0.8 }, false),
        ("encode vs hand-written", mapping.encodeSpeed, "%.2f×", "≥ 1.2×", { $0 >= 1.2 }, false),
        ("merge per conflict, in hand-written decodes", mapping.mergeDecodes, "%.1f", "≤ 3", { $0 <= 3 }, false),
        ("plugin tool cold debug build, vs swift-protobuf's plugin tool", builds.tool, "%.2f×", "≤ 0.5×", { $0 <= 0.5 }, true),
        ("  the same, prebuilt plugin (CLOUDSCHEMA_ARTIFACT_BUNDLE)", builds.prebuiltTool, "%.2f×", "≤ 0.5×", { $0 <= 0.5 }, true),
        ("user's first swift build, vs hand-written mapping and no plugin", builds.firstBuild, "%.2f×", "≤ 1.5×", { $0 <= 1.5 }, true),
        ("  the same, prebuilt plugin (CLOUDSCHEMA_ARTIFACT_BUNDLE)", builds.prebuiltFirstBuild, "%.2f×", "≤ 1.5×", { $0 <= 1.5 }, true),
        ("compile -O -wmo, N=100, CPU, vs swift-protobuf", compile, "%.2f×", "≤ 0.35×", { $0 <= 0.35 }, true),
        ("generate N=1000 vs protoc --cpp_out", generate, "%.1f× faster", "≥ 30× faster", { $0 >= 30 }, false),
        ("lint t(4N)/t(N)", lint, "%.2f", "≤ 4.2", { $0 <= 4.2 }, false),
    ]

    print("\nissue 36's targets (release build, ratios measured in this run)")
    for row in rows {
        let measured = row.measured.map { String(format: row.format, $0) } ?? "not measured"
        // A figure not measured says why above, unless only `targets all` measures it.
        let verdict = row.measured.map { row.met($0) ? "met" : "NOT MET" } ?? (row.slow && !all ? "run `targets all`" : "see above")
        print(
            "  " + row.figure.padding(toLength: 64, withPad: " ", startingAt: 0)
                + measured.padding(toLength: 16, withPad: " ", startingAt: 0)
                + row.target.padding(toLength: 14, withPad: " ", startingAt: 0) + verdict)
    }
}
