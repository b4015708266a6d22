import CloudSchemaCore

// `swift run -c release CloudSchemaBenchmark`: throughput figures, never run by `swift test`.
runLintBenchmark()
