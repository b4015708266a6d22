import Testing

@testable import CloudSchemaCore

/// How schema names become Swift names in one scope (`GeneratorNaming`).
@Suite struct GeneratorNamingTests {
    /// A field's property: a member every record has and `Type` take a `_`, a name taken
    /// before takes another.
    @Test func fieldPropertiesTakeASuffixWhereTheyWouldClash() throws {
        let record = try QueryViewModelTests.record(
            """
            record Plant {
                recordID: String
                recordID_: String
                Type: String
                Protocol: String
            }
            """)
        #expect(record.fields.map(\.swiftName) == ["recordID_", "recordID__", "Type_", "Protocol_"])
    }

    /// Claiming a field's base name in one pass is claiming `baseName(_:reserved:)`.
    @Test(arguments: ["recordID", "recordID_", "Type", "Type_", "name", "name", "my name", "1st", "_", "Protocol", "allKeys"])
    func claimingABaseNameIsClaimingItsBaseName(_ name: String) {
        var names = ["recordID_", "name", "Type_"]
        names.append(name)
        var oneStep = GeneratorNaming.Scope(taken: GeneratorNaming.reservedMemberNames)
        var twoSteps = GeneratorNaming.Scope(taken: GeneratorNaming.reservedMemberNames)
        for name in names {
            #expect(
                oneStep.claimBaseName(of: name)
                    == twoSteps.claim(GeneratorNaming.baseName(name, reserved: GeneratorNaming.reservedMemberNames)))
        }
    }

    @Test func namesNeedingRenamingAreSwiftNamings() {
        for name in SwiftNaming.namesNeedingRenaming { #expect(GeneratorNaming.needsRenaming(name)) }
        for name in ["type", "Types", "Typ", "protocol", "Protocols", "", "TYPE"] { #expect(!GeneratorNaming.needsRenaming(name)) }
    }
}
