// libFuzzer's entry point, built by run-fuzzer.sh with the targets (not part of `swift test`).
// FUZZ_TARGET names the target (FuzzTarget.all); a failed check stops the run with the input saved.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let selectedTarget: FuzzTarget = {
    let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
        fatalError("set FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let failure = selectedTarget.check(bytes) { fatalError("\(selectedTarget.name): \(failure)") }
    return 0
}
