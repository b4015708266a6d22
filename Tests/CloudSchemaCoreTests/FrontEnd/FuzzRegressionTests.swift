import Foundation
import Testing

@testable import CloudSchemaCore

/// Every input the fuzzer found (Tests/Fuzz/Regressions) goes through both front ends
/// without crashing, and every diagnostic points inside its file.
struct FuzzRegressionTests {
    static let inputs: [String] = {
        let folder = packageRoot.appendingPathComponent("Tests/Fuzz/Regressions").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { "\(folder)/\($0)" }
    }()

    @Test func thereAreRegressionInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test(arguments: inputs)
    func parsesWithoutCrashing(_ path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        for file in ["input.cloudschema", "input.ckdb"] {
            let loaded = SchemaLoader.load(bytes: [(file, bytes)])
            for diagnostic in loaded.diagnostics {
                if let range = diagnostic.range { #expect(range.end.offset <= bytes.count + 3) }
            }
            _ = DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)
        }
    }
}
