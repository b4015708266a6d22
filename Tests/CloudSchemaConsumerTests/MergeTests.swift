import CloudSchemaConsumerQueries
import CloudSchemaRuntime
import Foundation
import Testing

/// One field of Merged (Queries.cloudschema) with three distinct stored values: `a` is the
/// ancestor's, `b` the client's change, `c` the server's. `both` is what the field's policy gives
/// for (mine b, theirs c), `bothSwapped` for (mine c, theirs b), `mineAbsent` for (mine absent,
/// theirs c) and `theirsAbsent` for (mine b, theirs absent).
struct MergeField: Sendable, CustomTestStringConvertible {
    var key: String
    var encrypted = false
    var policy: String
    var a: RecordValue?
    var b: RecordValue
    var c: RecordValue
    var both: RecordValue?
    var bothSwapped: RecordValue?
    var mineAbsent: RecordValue?
    var theirsAbsent: RecordValue?

    var testDescription: String { "\(key) (\(encrypted ? "encrypted, " : "")\(policy))" }
}

private let d1 = Date(timeIntervalSince1970: 1_000)
private let d2 = Date(timeIntervalSince1970: 2_000)
private let d3 = Date(timeIntervalSince1970: 3_000)
private func ref(_ name: String) -> RecordValue { .reference(RecordReference(recordID: id(name))) }
private func refDeleteSelf(_ name: String) -> RecordValue { .reference(RecordReference(recordID: id(name), action: .deleteSelf)) }
private func loc(_ latitude: Double) -> RecordValue { .location(Location(latitude: latitude, longitude: 0)) }
private func asset(_ name: String) -> RecordValue { .asset(Asset(fileURL: URL(fileURLWithPath: "/tmp/\(name)"))) }

/// `mine`: the client's value whenever the client changed it.
private func mine(_ key: String, encrypted: Bool = false, _ a: RecordValue?, _ b: RecordValue, _ c: RecordValue) -> MergeField {
    MergeField(key: key, encrypted: encrypted, policy: "mine", a: a, b: b, c: c, both: b, bothSwapped: c, mineAbsent: nil, theirsAbsent: b)
}

/// `theirs`: the server's value whenever the server changed it.
private func theirs(_ key: String, encrypted: Bool = false, _ a: RecordValue?, _ b: RecordValue, _ c: RecordValue) -> MergeField {
    MergeField(
        key: key, encrypted: encrypted, policy: "theirs", a: a, b: b, c: c, both: c, bothSwapped: b, mineAbsent: c, theirsAbsent: nil)
}

/// `max`/`min` with `b` the winner over `c`: a present value beats an absent one.
private func ordered(
    _ policy: String, _ key: String, encrypted: Bool = false, _ a: RecordValue?, winner b: RecordValue, loser c: RecordValue
) -> MergeField {
    MergeField(key: key, encrypted: encrypted, policy: policy, a: a, b: b, c: c, both: b, bothSwapped: b, mineAbsent: c, theirsAbsent: b)
}

/// `custom`: what `TestMerge` returns.
private func custom(
    _ key: String, encrypted: Bool = false, _ a: RecordValue?, _ b: RecordValue, _ c: RecordValue,
    both: RecordValue?, bothSwapped: RecordValue?, mineAbsent: RecordValue?, theirsAbsent: RecordValue?
) -> MergeField {
    MergeField(
        key: key, encrypted: encrypted, policy: "custom", a: a, b: b, c: c, both: both, bothSwapped: bothSwapped,
        mineAbsent: mineAbsent, theirsAbsent: theirsAbsent)
}

/// The app's side of `@merge(custom)`, recording each call.
final class TestMerge: Merged.CustomMerge {
    var calls: [String] = []

    func merge(customTitle ancestor: String?, mine: String, theirs: String) -> String {
        calls.append("customTitle")
        return "\(ancestor ?? "-")|\(mine)|\(theirs)"
    }

    func merge(customCount ancestor: Int64?, mine: Int64, theirs: Int64) -> Int64 {
        calls.append("customCount")
        return mine + theirs - (ancestor ?? 0)  // both increments
    }

    func merge(customTags ancestor: [String]?, mine: [String]?, theirs: [String]?) -> [String]? {
        calls.append("customTags")
        let merged = Set(mine ?? []).union(theirs ?? [])
        return merged.isEmpty ? nil : merged.sorted()
    }

    func merge(customSecret ancestor: String?, mine: String?, theirs: String?) -> String? {
        calls.append("customSecret")
        return [mine, theirs].compactMap { $0 }.joined(separator: "+")
    }

    /// Returns a reference without its action: the merge writes the schema's (`@deleteSelf`).
    func merge(customOwner ancestor: Reference<Owner>?, mine: Reference<Owner>?, theirs: Reference<Owner>?) -> Reference<Owner>? {
        calls.append("customOwner")
        return (mine ?? theirs).map { Reference(recordID: $0.recordID) }
    }
}

@Suite struct MergeTests {
    static let fields: [MergeField] = [
        // mine (the default), every kind of field; absent values included.
        mine("text", "a", "b", "c"),
        mine("number", 1, 2, 3),
        mine("flag", nil, 1, 0),
        mine("seen", .date(d1), .date(d2), .date(d3)),
        mine("place", loc(1), loc(2), loc(3)),
        mine("file", asset("a"), asset("b"), asset("c")),
        mine("owner", ref("o1"), ref("o2"), ref("o3")),
        mine("secret", encrypted: true, "a", "b", "c"),
        // theirs
        theirs("theirsText", "a", "b", "c"),
        theirs("theirsNumbers", [1], [1, 2], [1, 3]),
        theirs("theirsSecret", encrypted: true, 1.5, 2.5, 3.5),
        // union: the server's elements, then the client's new ones; absent is empty.
        MergeField(
            key: "tags", policy: "union", a: ["x"], b: ["x", "y"], c: ["x", "z"],
            both: ["x", "z", "y"], bothSwapped: ["x", "y", "z"], mineAbsent: ["x", "z"], theirsAbsent: ["x", "y"]),
        MergeField(
            key: "owners", policy: "union", a: nil, b: .list([ref("o1"), ref("o2")]), c: .list([ref("o3")]),
            both: .list([ref("o3"), ref("o1"), ref("o2")]), bothSwapped: .list([ref("o1"), ref("o2"), ref("o3")]),
            mineAbsent: .list([ref("o3")]), theirsAbsent: .list([ref("o1"), ref("o2")])),
        MergeField(
            key: "secretTags", encrypted: true, policy: "union", a: [], b: ["p", "q"], c: ["q", "r"],
            both: ["q", "r", "p"], bothSwapped: ["p", "q", "r"], mineAbsent: ["q", "r"], theirsAbsent: ["p", "q"]),
        // max: strings, Int64, Int, Double, Date, Int64 enum (raw value), encrypted.
        ordered("max", "maxText", "b", winner: "c", loser: "a"),
        ordered("max", "maxInt64", 5, winner: 9, loser: 7),
        ordered("max", "maxInt", 0, winner: 3, loser: -3),
        ordered("max", "maxDouble", 1.0, winner: 2.5, loser: 0.5),
        ordered("max", "maxDate", .date(d2), winner: .date(d3), loser: .date(d1)),
        ordered("max", "maxLevel", nil, winner: 2, loser: 1),
        ordered("max", "maxSecret", encrypted: true, 10, winner: 30, loser: 20),
        // min
        ordered("min", "minText", "m", winner: "a", loser: "z"),
        ordered("min", "minInt64", 5, winner: -1, loser: 4),
        ordered("min", "minDouble", 0.0, winner: -2.5, loser: 1.5),
        ordered("min", "minDate", .date(d2), winner: .date(d1), loser: .date(d3)),
        ordered("min", "minLevel", nil, winner: 1, loser: 2),
        // custom: through Merged.CustomMerge (TestMerge above).
        custom("customTitle", "a", "b", "c", both: "a|b|c", bothSwapped: "a|c|b", mineAbsent: nil, theirsAbsent: nil),
        custom("customCount", 10, 12, 15, both: 17, bothSwapped: 17, mineAbsent: 5, theirsAbsent: 2),
        custom(
            "customTags", ["x"], ["x", "y"], ["z"], both: ["x", "y", "z"], bothSwapped: ["x", "y", "z"],
            mineAbsent: ["z"], theirsAbsent: ["x", "y"]),
        custom("customSecret", encrypted: true, "a", "b", "c", both: "b+c", bothSwapped: "c+b", mineAbsent: "c", theirsAbsent: "b"),
        custom(
            "customOwner", ref("o1"), ref("o2"), ref("o3"), both: refDeleteSelf("o2"), bothSwapped: refDeleteSelf("o3"),
            mineAbsent: refDeleteSelf("o3"), theirsAbsent: refDeleteSelf("o2")),
    ]

    /// Where the merge learns each field's original value: CloudKit's ancestor record, or (the
    /// error doesn't always carry one) the server version the client's value remembers.
    enum Original: CaseIterable, Sendable { case ancestor, rememberedBase }

    /// A Merged conflict over `key`: the ancestor's value, the client's and the server's (absent
    /// when nil). The client record is what generated code saves: only a changed key is set.
    /// Returns the merged value, the server record and the calls the custom merge got.
    static func merge(
        _ field: MergeField, ancestor: RecordValue?, mine: RecordValue?, theirs: RecordValue?, original: Original?
    ) throws -> (value: RecordValue?, server: InMemoryRecord, calls: [String]) {
        func set(_ value: RecordValue?, on record: InMemoryRecord) {
            if field.encrypted {
                record[encryptedField: field.key] = value
            } else {
                record[field: field.key] = value
            }
        }
        let ancestorRecord = InMemoryRecord(recordType: "Merged", recordID: id("merged"))
        set(ancestor, on: ancestorRecord)
        ancestorRecord.simulateServerSave()
        let client = try InMemoryRecord(systemFieldsArchive: ancestorRecord.archiveSystemFields())
        if mine != ancestor { set(mine, on: client) }
        let server = ancestorRecord.copy()
        server[field: "unknownKey"] = "left alone"
        set(theirs, on: server)
        server.simulateServerSave()
        let base = ServerVersion(systemFields: ancestorRecord.archiveSystemFields(), fields: ancestor.map { [field.key: $0] } ?? [:])
        let resolver = TestMerge()
        let result = try Merged.mergeConflict(
            ancestor: original == .ancestor ? ancestorRecord : nil, client: client, server: server,
            base: original == .rememberedBase ? base : nil, custom: resolver)
        #expect(result === server)
        #expect(server[field: "unknownKey"] == "left alone")
        // Encrypted fields stay in encrypted storage; plain ones in plain storage.
        if field.encrypted {
            #expect(server[field: field.key] == nil)
            return (server[encryptedField: field.key], server, resolver.calls)
        }
        #expect(server[encryptedField: field.key] == nil)
        return (server[field: field.key], server, resolver.calls)
    }

    @Test(arguments: fields, Original.allCases)
    func neitherChangedKeepsTheValue(_ field: MergeField, _ original: Original) throws {
        let merged = try Self.merge(field, ancestor: field.a, mine: field.a, theirs: field.a, original: original)
        #expect(merged.value == field.a)
        #expect(merged.calls.isEmpty)
        #expect(merged.server.changedKeys().isEmpty)
    }

    @Test(arguments: fields, Original.allCases)
    func onlyMineChangedTakesMine(_ field: MergeField, _ original: Original) throws {
        let merged = try Self.merge(field, ancestor: field.a, mine: field.b, theirs: field.a, original: original)
        #expect(merged.value == field.b)
        #expect(merged.calls.isEmpty)
    }

    @Test(arguments: fields, Original.allCases)
    func onlyTheirsChangedKeepsTheServers(_ field: MergeField, _ original: Original) throws {
        let merged = try Self.merge(field, ancestor: field.a, mine: field.a, theirs: field.c, original: original)
        #expect(merged.value == field.c)
        #expect(merged.calls.isEmpty)
        #expect(merged.server.changedKeys().isEmpty)
    }

    @Test(arguments: fields, Original.allCases)
    func bothChangedAppliesThePolicy(_ field: MergeField, _ original: Original) throws {
        let merged = try Self.merge(field, ancestor: field.a, mine: field.b, theirs: field.c, original: original)
        #expect(merged.value == field.both)
        #expect(merged.calls == (field.policy == "custom" ? [field.key] : []))
        let swapped = try Self.merge(field, ancestor: field.a, mine: field.c, theirs: field.b, original: original)
        #expect(swapped.value == field.bothSwapped)
    }

    @Test(arguments: fields, Original.allCases)
    func bothChangedToTheSameValueKeepsIt(_ field: MergeField, _ original: Original) throws {
        let merged = try Self.merge(field, ancestor: field.a, mine: field.b, theirs: field.b, original: original)
        #expect(merged.value == field.b)
        #expect(merged.calls.isEmpty)
    }

    // Absent values: removing a field is a change; adding one is a change.

    @Test(arguments: fields, Original.allCases)
    func onlyMineRemovedItRemovesIt(_ field: MergeField, _ original: Original) throws {
        let merged = try Self.merge(field, ancestor: field.b, mine: nil, theirs: field.b, original: original)
        #expect(merged.value == nil)
    }

    @Test(arguments: fields, Original.allCases)
    func onlyTheServerRemovedItStaysRemoved(_ field: MergeField, _ original: Original) throws {
        let merged = try Self.merge(field, ancestor: field.b, mine: field.b, theirs: nil, original: original)
        #expect(merged.value == nil)
    }

    /// (A required custom field can't be absent: see `aRequiredCustomFieldMissingOnOneSideThrows`.)
    @Test(arguments: fields.filter { $0.a != nil && $0.key != "customTitle" }, Original.allCases)
    func bothChangedWithOneSideAbsentAppliesThePolicy(_ field: MergeField, _ original: Original) throws {
        #expect(try Self.merge(field, ancestor: field.a, mine: nil, theirs: field.c, original: original).value == field.mineAbsent)
        #expect(try Self.merge(field, ancestor: field.a, mine: field.b, theirs: nil, original: original).value == field.theirsAbsent)
    }

    /// With neither an ancestor nor a remembered base, nothing tells which side changed a field
    /// the client changed, so a differing server value counts as changed too: the policy
    /// decides. A field only the server changed is still never overwritten.
    @Test(arguments: fields)
    func withoutAnyOriginalOnlyTheClientsChangedKeysCompete(_ field: MergeField) throws {
        #expect(try Self.merge(field, ancestor: field.a, mine: field.a, theirs: field.c, original: nil).value == field.c)
        #expect(try Self.merge(field, ancestor: field.a, mine: field.b, theirs: field.b, original: nil).value == field.b)
        if field.policy != "custom" {  // custom merges see no ancestor here, so their results differ
            #expect(try Self.merge(field, ancestor: field.a, mine: field.b, theirs: field.c, original: nil).value == field.both)
        }
    }

    @Test func everyFieldOfMergedIsCovered() {
        let covered = Set(Self.fields.map(\.key))
        #expect(covered == Set(Merged.Field.allKeys))
    }

    @Test func aRequiredCustomFieldMissingOnOneSideThrows() throws {
        let field = try #require(Self.fields.first { $0.key == "customTitle" })
        #expect(throws: RecordDecodingError(recordType: "Merged", key: "customTitle", problem: .missing)) {
            try Self.merge(field, ancestor: "a", mine: nil, theirs: "c", original: .ancestor)
        }
        #expect(
            throws: RecordDecodingError(recordType: "Merged", key: "customTitle", problem: .typeMismatch(expected: .string, found: .int64))
        ) {
            try Self.merge(field, ancestor: "a", mine: 7, theirs: "c", original: .ancestor)
        }
    }

    @Test func theParentFollowsTheMergedParentField() throws {
        let field = try #require(Self.fields.first { $0.key == "owner" })
        // Only mine changed the owner: the server record's parent moves with it.
        let mine = try Self.merge(field, ancestor: ref("o1"), mine: ref("o2"), theirs: ref("o1"), original: .ancestor)
        #expect(mine.server.parentIdentifier == id("o2"))
        // Mine removed it: no parent.
        let removed = try Self.merge(field, ancestor: ref("o1"), mine: nil, theirs: ref("o1"), original: .ancestor)
        #expect(removed.server.parentIdentifier == nil)
    }

    @Test func theServersParentIsKeptWhenOnlyTheServerChangedIt() throws {
        let server = InMemoryRecord(recordType: "Merged", recordID: id("merged"))
        server[field: "owner"] = ref("o3")
        server.parentIdentifier = id("o3")
        let ancestor = InMemoryRecord(recordType: "Merged", recordID: id("merged"))
        ancestor[field: "owner"] = ref("o1")
        let client = ancestor.copy()
        client[field: "text"] = "edited"
        try Merged.mergeConflict(ancestor: ancestor, client: client, server: server, custom: TestMerge())
        #expect(server.parentIdentifier == id("o3"))
        #expect(server[field: "owner"] == ref("o3"))
        #expect(server[field: "text"] == "edited")
    }

    @Test func aRecordWithoutCustomFieldsMergesWithoutThrowing() {
        let ancestor = InMemoryRecord(recordType: "Sample", recordID: id("s"))
        ancestor[field: "title"] = "a"
        let client = ancestor.copy()
        client[field: "title"] = "b"
        let server = ancestor.copy()
        server[field: "rank"] = 3
        let merged = Sample.mergeConflict(ancestor: ancestor, client: client, server: server)
        #expect(merged[field: "title"] == "b" && merged[field: "rank"] == 3)
    }
}
