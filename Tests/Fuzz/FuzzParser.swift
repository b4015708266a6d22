// libFuzzer entry point: every input goes through both front ends (.cloudschema and
// .ckdb) and the text renderer. Built by run-fuzzer.sh together with CloudSchemaCore.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for file in ["fuzz.cloudschema", "fuzz.ckdb"] {
        let loaded = SchemaLoader.load(bytes: [(file, bytes)])
        // Every diagnostic must point inside the input.
        for diagnostic in loaded.diagnostics {
            if let range = diagnostic.range {
                precondition(range.start.offset <= range.end.offset && range.end.offset <= size + 3, "range out of bounds")
            }
        }
        _ = DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)
    }
    return 0
}
