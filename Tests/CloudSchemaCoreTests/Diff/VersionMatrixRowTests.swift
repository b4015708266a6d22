import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// The matrix from its diffs: one row per change, and the oldest version from which on every
/// version takes it without a finding.
struct VersionMatrixRowTests {
    static let v1 = "record Plant {\n    name: String @queryable\n    code: Int64?\n}\n"
    static let v2 = "record Plant {\n    name: String @queryable\n}\n"
    static let current = "record Plant {\n    name: String @queryable\n    notes: String?\n}\n"

    @Test func theOldestSafeVersionIsTheFirstFromWhichOnNoneHasAFinding() {
        let matrix = VersionMatrix([("v1", compare(Self.v1, Self.current)), ("v2", compare(Self.v2, Self.current))])
        #expect(
            matrix.rows.map { "\($0.change.kind) \($0.change.subject.displayName) \($0.cells.map { $0 != nil }) \($0.oldestSafe ?? -1)" }
                == [
                    "fieldRemoved Plant.code [true, false] 1",  // v1 still writes `code`
                    "fieldAdded Plant.notes [true, true] 0",
                ])
        #expect(matrix.isBreaking)
        #expect(VersionMatrix.effect(matrix.rows[0].change) == "writes the removed shape back (FIELD_NO_DELETE)")
    }

    /// What a reader left out against some version is said, never skipped.
    @Test func whatWasNotReadIsListed() {
        var diff = compare(Self.v2, Self.current)
        diff.notRead = [Diagnostic(.swiftUnreadable, .warning, "property 'x' was not read", at: nil)]
        let text = VersionMatrixReport.text(VersionMatrix([("v2", diff)]), against: "git:v*")
        #expect(
            text.contains(
                "Not read: the readers left these out of either side, so a change to them is not checked:\n  property 'x' was not read [SWIFT_UNREADABLE]\n"
            ))
        #expect(
            VersionMatrixReport.markdown(VersionMatrix([("v2", diff)]), against: "git:v*").contains(
                "- property 'x' was not read [SWIFT_UNREADABLE]\n"))
    }
}
