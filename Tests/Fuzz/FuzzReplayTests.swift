import CloudSchemaCore
import Foundation
import Testing

/// The fuzzer's starting points and findings, replayed through every fuzz target on each
/// `swift test`: the seeds (Tests/Fuzz/Seeds), every input the fuzzer ever failed on
/// (Tests/Fuzz/Regressions) and the example schemas. A finding of run-fuzzer.sh goes into
/// Regressions/ with the fix, so it stays fixed.
struct FuzzReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static let inputs: [URL] = {
        let folders = ["Seeds", "Regressions", "../../Schemas"].map { root.appendingPathComponent($0) }
        return folders.flatMap { folder in
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            return files.filter { !$0.hasDirectoryPath }.sorted { $0.path < $1.path }
        }
    }()

    @Test func everyFolderHasInputs() {
        #expect(Self.inputs.contains { $0.path.contains("/Seeds/") })
        #expect(Self.inputs.contains { $0.path.contains("/Regressions/") })
        #expect(Self.inputs.contains { $0.pathExtension == "cloudschema" && $0.path.contains("/Schemas/") })
    }

    @Test(arguments: FuzzTarget.all)
    func replay(_ target: FuzzTarget) throws {
        for input in Self.inputs {
            let bytes = try [UInt8](Data(contentsOf: input))
            if let failure = target.check(bytes) { Issue.record("\(input.lastPathComponent): \(failure)") }
        }
    }

    /// Every seed and regression cut short at every byte loads as the language it is written in,
    /// with its diagnostics inside what is left: a reader that steps past the end of its input
    /// after some keyword (the fuzzer once found `DEFERRABLE INITIALLY` doing it in SQL) fails
    /// here on every run, not only when the fuzzer happens on it. (Inputs up to the fuzzer's
    /// 8 KiB: the large regressions are deep nesting, which whole-input replay covers.)
    @Test func everyInputCutShortAnywhereLoads() {
        for input in Self.inputs where !input.path.contains("/Schemas/") {
            guard let bytes = try? [UInt8](Data(contentsOf: input)), bytes.count <= 8192 else { continue }
            let named = input.pathExtension == "seed" ? input.deletingPathExtension() : input
            for end in 0...bytes.count {
                let cut = Array(bytes[..<end])
                let file = ["sql", "swift", "ckdb"].contains(named.pathExtension) ? named.lastPathComponent : FuzzTarget.fileName(for: cut)
                let loaded = SchemaLoader.load(bytes: [(file, cut)])
                if let problem = FuzzTarget.outOfBounds(loaded.diagnostics, size: end) {
                    Issue.record("\(input.lastPathComponent) cut after \(end) bytes: \(problem)")
                }
            }
        }
    }

    /// The parts syntax the seeds use: a `---8<---` line separates a schema from its config,
    /// or the deployed schema from the current one.
    @Test func partsSplitAtTheScissorsLine() {
        let input = "record A {}\n---8<---\n{\"lint\": {}}\n---8<---\n"
        #expect(FuzzTarget.parts(Array(input.utf8)).map { String(decoding: $0, as: UTF8.self) } == ["record A {}", "{\"lint\": {}}", ""])
        #expect(FuzzTarget.parts(Array("record A {}".utf8)).count == 1)
    }
}
