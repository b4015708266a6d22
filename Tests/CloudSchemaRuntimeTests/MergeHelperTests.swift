@_spi(Generated) import CloudSchemaRuntime
import Foundation
import Testing

/// The generic merge helpers generated code calls, on values the generated fixtures don't reach.
@Suite struct MergeHelperTests {
    /// A record as fetched (tag 1) with `k` = "a"; the client edits it, the server moved on.
    private func sides(client mine: RecordValue?, server theirs: RecordValue?) -> (
        ancestor: InMemoryRecord, client: InMemoryRecord, server: InMemoryRecord
    ) {
        let ancestor = InMemoryRecord(recordType: "T", recordID: RecordID(recordName: "r"))
        ancestor[field: "k"] = "a"
        ancestor.simulateServerSave()
        let client = ancestor.copy()
        if mine != "a" { client[field: "k"] = mine }
        let server = ancestor.copy()
        if theirs != "a" { server[field: "k"] = theirs }
        server.simulateServerSave()
        return (ancestor, client, server)
    }

    @Test func changeClassifiesTheFourCasesWithAnAncestor() {
        func change(_ mine: RecordValue?, _ theirs: RecordValue?) -> FieldChange {
            let (ancestor, client, server) = sides(client: mine, server: theirs)
            return RecordConflict(ancestor: ancestor, client: client, server: server).change(forKey: "k")
        }
        #expect(change("a", "a") == .neither)
        #expect(change("b", "a") == .mine)
        #expect(change("a", "c") == .theirs)
        #expect(change("b", "c") == .both)
        #expect(change(nil, "a") == .mine)
        #expect(change("a", nil) == .theirs)
    }

    @Test func withoutAnAncestorTheBaseTellsWhoChangedWhat() {
        let base = ServerVersion(systemFields: Data(), fields: ["k": "a"])
        func change(_ mine: RecordValue?, _ theirs: RecordValue?, base: ServerVersion?) -> FieldChange {
            let (_, client, server) = sides(client: mine, server: theirs)
            return RecordConflict(ancestor: nil, client: client, server: server, base: base).change(forKey: "k")
        }
        #expect(change("b", "a", base: base) == .mine)
        #expect(change("a", "c", base: base) == .theirs)
        #expect(change("b", "c", base: base) == .both)
        // Neither: a key the client didn't change is the server's, whatever its value.
        #expect(change("a", "c", base: nil) == .neither)
        // A changed key the server has with another value may have changed on both sides.
        #expect(change("b", "a", base: nil) == .both)
        #expect(change("b", "b", base: nil) == .mine)
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
        let unchanged = sides(client: "a", server: "a")
        RecordConflict(ancestor: unchanged.ancestor, client: unchanged.client, server: unchanged.server)
            .mergeField(forKey: "k", policy: .mine)
        #expect(unchanged.server.changedKeys().isEmpty)
        let mine = sides(client: "b", server: "a")
        RecordConflict(ancestor: mine.ancestor, client: mine.client, server: mine.server).mergeField(forKey: "k", policy: .theirs)
        #expect(mine.server.changedKeys() == ["k"])
        #expect(mine.server[field: "k"] == "b")
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
