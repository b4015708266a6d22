// libFuzzer entry point: every input goes through the whole front end.
// Built by run-fuzzer.sh together with the sources of CloudSchemaCore.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let loaded = SchemaLoader.load(bytes: [("fuzz.cloudschema", bytes)])
    // Every diagnostic must point inside the input.
    for diagnostic in loaded.diagnostics {
        if let range = diagnostic.range {
            precondition(range.start.offset <= range.end.offset && range.end.offset <= size + 3, "range out of bounds")
        }
    }
    _ = DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)
    return 0
}
