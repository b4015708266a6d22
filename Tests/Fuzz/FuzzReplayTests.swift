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

    /// The parts syntax the seeds use: a `---8<---` line separates a schema from its config,
    /// or the deployed schema from the current one.
    @Test func partsSplitAtTheScissorsLine() {
        let input = "record A {}\n---8<---\n{\"lint\": {}}\n---8<---\n"
        #expect(FuzzTarget.parts(Array(input.utf8)).map { String(decoding: $0, as: UTF8.self) } == ["record A {}", "{\"lint\": {}}", ""])
        #expect(FuzzTarget.parts(Array("record A {}".utf8)).count == 1)
    }
}
