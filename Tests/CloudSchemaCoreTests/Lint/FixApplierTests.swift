import Testing

@testable import CloudSchemaCore

/// `FixApplier`: safe fix-its only, whole or not at all, overlaps skipped; `UnifiedDiff`'s hunks.
struct FixApplierTests {
    private func edit(_ start: Int, _ end: Int, _ replacement: String, safe: Bool = true) -> Diagnostic {
        let range = SourceRange(
            file: "A.cloudschema", start: SourcePosition(line: 1, column: start + 1, offset: start),
            end: SourcePosition(line: 1, column: end + 1, offset: end))
        var fixIt = Diagnostic.FixIt.replace(range, with: replacement, "replace")
        fixIt.isSafe = safe
        return Diagnostic("SUPPRESSION_UNUSED", .warning, "m", at: range, fixIts: [fixIt])
    }

    @Test func appliesSafeEditsFromTheEndAndSkipsOverlapsAndUnsafeOnes() {
        let found = [
            edit(0, 2, "X"), edit(1, 3, "Y"), edit(5, 5, "+"), edit(8, 10, "Z", safe: false),
        ]
        let result = FixApplier.apply(found, to: Array("abcdefghij".utf8), file: "A.cloudschema")
        #expect(String(decoding: result.bytes, as: UTF8.self) == "Xcde+fghij")
        #expect(result.applied.count == 2 && result.overlapping.count == 1)
    }

    @Test func aResultThatWouldNotParseIsRefused() {
        let old = Array("zone Z\nrecord Bed in Z {\n    name: String?\n}\n".utf8)
        let new = Array("zone Z\nrecord Bed in Z {\n    name: \n}\n".utf8)
        #expect(!FixApplier.reads(new, asWellAs: old, file: "A.cloudschema"))
        #expect(FixApplier.reads(old, asWellAs: old, file: "A.cloudschema"))
    }

    @Test func diffHasHunksWithThreeLinesOfContext() {
        let old = (1...20).map { "\($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "\n2\n", with: "\ntwo\n").replacingOccurrences(of: "\n18\n", with: "\n")
            .replacingOccurrences(of: "20\n", with: "20")
        #expect(
            UnifiedDiff.diff(Array(old.utf8), Array(new.utf8), path: "n.txt") == """
                --- a/n.txt
                +++ b/n.txt
                @@ -1,5 +1,5 @@
                 1
                -2
                +two
                 3
                 4
                 5
                @@ -15,6 +15,5 @@
                 15
                 16
                 17
                -18
                 19
                -20
                +20
                \\ No newline at end of file

                """)
        #expect(UnifiedDiff.diff(Array(old.utf8), Array(old.utf8), path: "n.txt").isEmpty)
    }
}
