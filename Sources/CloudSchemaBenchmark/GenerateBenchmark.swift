import CloudSchemaCore
import Foundation

/// Generation throughput: `Generator.generate` (view model and every template) over a large
/// schema that is parsed and resolved once up front; nothing is written to disk. Prints record
/// types per second and MB/s of Swift produced for two sizes, so a non-linear step shows.
func runGenerateBenchmark() {
    print("generate (view model + templates, no I/O)")
    for units in [500, 2_000] {
        let text = BenchmarkSchema.generate(units: units)
        let loaded = SchemaLoader.load(sources: [("Bench.cloudschema", text)])
        precondition(!loaded.diagnostics.hasErrors, "generated schema has errors: \(loaded.diagnostics.prefix(3))")
        var best = Double.infinity
        var output = 0
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                let files = try Generator.generate(loaded.schema, inputFiles: ["Bench.cloudschema"], options: .init(access: .public))
                output = files.reduce(0) { $0 + $1.contents.utf8.count }
            } catch {
                preconditionFailure("generation failed: \(error)")
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let records = loaded.schema.recordTypes.count
        print(
            String(
                format: "  %5d record types, %4d enums: %8.0f record types/s, %6.1f MB/s of Swift (%.3f s, %.1f MB)",
                records, loaded.schema.enums.count, Double(records) / best, Double(output) / 1e6 / best, best,
                Double(output) / 1e6))
    }
    compareGenerateWithProtoc()
}

/// `cloudschema generate` (the release binary beside this benchmark, or $CLOUDSCHEMA_BINARY)
/// against `protoc --cpp_out` (from PATH) on the same 1,000 record types (ComparisonSchema):
/// both are child processes that read the schema, check it and write into an empty folder,
/// best of 5 rounds by CPU time, the commands taking turns in each round. The schema is
/// generated into one file (`--parts Records.cloudschema=1`), the layout the peak-memory figure
/// compares with, and into the parts generate writes by default (one per 16 KiB of schema).
/// Also the peak memory of `cloudschema generate` beside the size of its largest output file,
/// whole and above the peak of a one-record-type schema, and `Generator.generate` in-process for
/// reference. Returns protoc's CPU time over generate's (nil when either is missing).
@discardableResult
func compareGenerateWithProtoc() -> Double? {
    let records = 1_000
    print("generate vs protoc --cpp_out (\(records) record types of 20 fields; child processes, CPU s, best of 5 rounds)")
    guard let protoc = ChildProcess.find("protoc") else {
        print("  skipped: protoc is not on PATH")
        return nil
    }
    let besideBenchmark = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("cloudschema").path
    guard let cloudschema = ProcessInfo.processInfo.environment["CLOUDSCHEMA_BINARY"] ?? besideBenchmark,
        FileManager.default.isExecutableFile(atPath: cloudschema)
    else {
        print(
            "  skipped: no cloudschema binary beside the benchmark (swift build -c release --product cloudschema) and CLOUDSCHEMA_BINARY not set"
        )
        return nil
    }
    let work = ChildProcess.scratchDirectory("generate")
    defer { try? FileManager.default.removeItem(atPath: work) }
    try! ComparisonSchema.cloudSchema(records: records).write(toFile: work + "/Records.cloudschema", atomically: false, encoding: .utf8)
    try! ComparisonSchema.proto(records: records).write(toFile: work + "/Records.proto", atomically: false, encoding: .utf8)
    func emptied(_ folder: String) -> () -> Void {
        {
            try? FileManager.default.removeItem(atPath: folder)
            try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
    }
    let swiftOutput = work + "/swift"
    let cppOutput = work + "/cpp"
    // Five rounds, each running the three in turn (generate takes a tenth of a second and
    // protoc seconds: a burst of load would otherwise land on one side only).
    let runs = ChildProcess.best(
        of: 5,
        [
            .init(
                arguments: [
                    cloudschema, "generate", work + "/Records.cloudschema", "--output", swiftOutput, "--access", "public", "--parts",
                    "Records.cloudschema=1",
                ], logFile: work + "/generate.log", before: emptied(swiftOutput)),
            .init(
                arguments: [cloudschema, "generate", work + "/Records.cloudschema", "--output", work + "/parts", "--access", "public"],
                logFile: work + "/parts.log", before: emptied(work + "/parts")),
            .init(
                arguments: [protoc, "--cpp_out=\(cppOutput)", "-I", work, work + "/Records.proto"], logFile: work + "/protoc.log",
                before: emptied(cppOutput)),
        ])
    let (generate, inParts, cpp) = (runs[0], runs[1], runs[2])
    guard generate.succeeded, inParts.succeeded, cpp.succeeded else {
        print("  failed:\n\([generate, inParts, cpp].first { !$0.succeeded }!.output)")
        return nil
    }
    let loaded = SchemaLoader.load(sources: [("Records.cloudschema", ComparisonSchema.cloudSchema(records: records))])
    let inProcess = bestSeconds(runs: 3) {
        _ = try? Generator.generate(loaded.schema, inputFiles: ["Records.cloudschema"], options: .init(access: .public))
    }
    // The process's own footprint (binary, Swift runtime, Foundation) whatever the schema: the
    // peak generating one record type. What the generation itself holds is the peak above it.
    try! ComparisonSchema.cloudSchema(records: 1).write(toFile: work + "/One.cloudschema", atomically: false, encoding: .utf8)
    let baseline = ChildProcess.best(
        of: 3, [cloudschema, "generate", work + "/One.cloudschema", "--output", work + "/one", "--access", "public"],
        logFile: work + "/one.log", before: emptied(work + "/one"))
    let largest =
        (FileManager.default.subpaths(atPath: swiftOutput) ?? []).compactMap { name in
            (try? FileManager.default.attributesOfItem(atPath: swiftOutput + "/" + name))?[.size] as? Int
        }.max() ?? 0
    print(
        String(
            format: "  cloudschema generate  %6.3f s (wall %6.3f), peak %5.1f MB", generate.cpuSeconds, generate.wallSeconds,
            Double(generate.peakBytes) / 1e6))
    print(
        String(
            format: "  protoc --cpp_out      %6.3f s (wall %6.3f), peak %5.1f MB", cpp.cpuSeconds, cpp.wallSeconds,
            Double(cpp.peakBytes) / 1e6))
    print(String(format: "  ratio protoc / cloudschema generate (binary, CPU): %.2f", cpp.cpuSeconds / generate.cpuSeconds))
    let partCount = (FileManager.default.subpaths(atPath: work + "/parts") ?? []).filter { $0.hasPrefix("Records.") }.count
    print(
        String(
            format: "  in %d parts (the default): %6.3f s (wall %6.3f), peak %5.1f MB; ratio %.2f", partCount, inParts.cpuSeconds,
            inParts.wallSeconds, Double(inParts.peakBytes) / 1e6, cpp.cpuSeconds / inParts.cpuSeconds))
    print(String(format: "  Generator.generate in-process (no parse, lint or I/O): %.3f s", inProcess))
    print(
        String(
            format: "  peak memory of cloudschema generate %.1f MB for a largest output file of %.1f MB (%.1fx)",
            Double(generate.peakBytes) / 1e6, Double(largest) / 1e6, Double(generate.peakBytes) / Double(max(largest, 1))))
    print(
        String(
            format: "  above the %.1f MB a one-record-type schema peaks at: %.1f MB (%.1fx the largest file)",
            Double(baseline.peakBytes) / 1e6, Double(generate.peakBytes - baseline.peakBytes) / 1e6,
            Double(generate.peakBytes - baseline.peakBytes) / Double(max(largest, 1))))
    return cpp.cpuSeconds / generate.cpuSeconds
}
