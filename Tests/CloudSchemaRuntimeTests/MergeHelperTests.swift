import CloudSchemaRuntime
import Foundation
import Testing

/// The generic merge helpers generated code calls, on values the generated fixtures don't reach.
@Suite struct MergeHelperTests {
    @Test func fieldChangeClassifiesTheFourCases() {
        #expect(FieldChange(ancestor: "a", mine: "a", theirs: "a") == .neither)
        #expect(FieldChange(ancestor: "a", mine: "b", theirs: "a") == .mine)
        #expect(FieldChange(ancestor: "a", mine: "a", theirs: "c") == .theirs)
        #expect(FieldChange(ancestor: "a", mine: "b", theirs: "c") == .both)
        #expect(FieldChange(ancestor: nil, mine: "b", theirs: nil) == .mine)
        #expect(FieldChange(ancestor: nil, mine: nil, theirs: nil) == .neither)
    }

    @Test func maxAndMinCompareIntegersWithDoubles() {
        #expect(RecordValue.merge(mine: 3, theirs: 2.5, policy: .max) == 3)
        #expect(RecordValue.merge(mine: 3, theirs: 2.5, policy: .min) == 2.5)
        #expect(RecordValue.merge(mine: 2.5, theirs: 3, policy: .max) == 3)
    }

    @Test func maxAndMinKeepTheServersValueWhenValuesCannotBeCompared() {
        #expect(RecordValue.merge(mine: "a", theirs: 1, policy: .max) == 1)
        #expect(RecordValue.merge(mine: .double(.nan), theirs: 1.0, policy: .min) == 1.0)
        #expect(RecordValue.merge(mine: [1], theirs: [2], policy: .max) == [2])
    }

    @Test func equalValuesUnderMaxKeepTheServers() {
        #expect(RecordValue.merge(mine: 2, theirs: 2.0, policy: .max) == 2.0)
    }

    @Test func unionKeepsTheServersOrderAndDuplicatesAndAddsMineOnce() {
        #expect(RecordValue.merge(mine: ["b", "b", "c"], theirs: ["a", "a", "b"], policy: .union) == ["a", "a", "b", "c"])
        #expect(RecordValue.merge(mine: nil, theirs: nil, policy: .union) == nil)
        // Not a list on the server: nothing to unite with; the server's value stays.
        #expect(RecordValue.merge(mine: ["x"], theirs: "x", policy: .union) == "x")
    }

    @Test func mergingWritesOnlyWhatChanges() {
        let ancestor = InMemoryRecord(recordType: "T", recordID: RecordID(recordName: "r"))
        ancestor[field: "k"] = "a"
        let client = ancestor.copy()
        let server = ancestor.copy()
        server.simulateServerSave()
        server.mergeField(forKey: "k", ancestor: ancestor, client: client, policy: .mine)
        #expect(server.changedKeys().isEmpty)
        client[field: "k"] = "b"
        server.mergeField(forKey: "k", ancestor: ancestor, client: client, policy: .theirs)
        #expect(server.changedKeys() == ["k"])
        #expect(server[field: "k"] == "b")
    }

    @Test func aConflictDecodesEachSide() throws {
        let conflict = FieldConflict(recordType: "T", key: "k", ancestor: nil, mine: 3, theirs: "x")
        #expect(try conflict.decode(.mine, as: Int64.self) == 3)
        #expect(try conflict.decodeIfPresent(.ancestor, as: Int64.self) == nil)
        #expect(throws: RecordDecodingError(recordType: "T", key: "k", problem: .missing)) {
            try conflict.decode(.ancestor, as: Int64.self)
        }
        #expect(throws: RecordDecodingError(recordType: "T", key: "k", problem: .typeMismatch(expected: .int64, found: .string))) {
            try conflict.decode(.theirs, as: Int64.self)
        }
    }
}
