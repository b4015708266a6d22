@_spi(Generated) import CloudSchemaRuntime
import Foundation
import Testing

/// The field table generated code reads, writes and merges through (`RecordFields`), for:
///
///     record Task {
///       title: String
///       done: Bool = false
///       project: Reference<Project>? @parent
///     }
@Suite("A record type's field table")
struct RecordFieldsTests {
    let fields = RecordFields(recordType: "Task", "title\ndone default\nproject parent", defaults: { _ in false.recordValue })
    let project = RecordReference(recordID: RecordID(recordName: "project-1"))

    @Test func writingAParentFieldSetsTheParentAndRemovingItClearsIt() throws {
        let record = InMemoryRecord(recordType: "Task")
        fields.write(["Plan", false.recordValue, .reference(project)], to: record, changedSince: nil)
        #expect(record.parentIdentifier == project.recordID)
        #expect(record.changedKeys() == ["done", "project", "title"])

        record.simulateServerSave()
        let version = try fields.serverVersion(of: record)
        fields.write(["Plan", false.recordValue, nil], to: record, changedSince: version)
        #expect(record[field: "project"] == nil)
        #expect(record.parentIdentifier == nil)
        // Only the edit is written.
        #expect(record.changedKeys() == ["project"])
    }

    @Test func aDefaultTheServerLacksCountsAsUnchanged() throws {
        let record = InMemoryRecord(recordType: "Task")
        record[field: "title"] = "Plan"
        record.simulateServerSave()
        let version = try fields.serverVersion(of: record)
        // `done` is absent on the server and still holds its default, so nothing is sent.
        fields.write(["Plan", false.recordValue, nil], to: record, changedSince: version)
        #expect(record.changedKeys() == [])
        fields.write(["Plan", true.recordValue, nil], to: record, changedSince: version)
        #expect(record.changedKeys() == ["done"])
    }

    @Test func anAbsentFieldDecodesAsTheDefaultInTheTable() throws {
        let record = InMemoryRecord(recordType: "Task")
        record[field: "title"] = "Plan"
        var read = try fields.read(record)
        #expect(read.decode(1, placeholder: true) == false)
        #expect(read.decodeIfPresent(2) as RecordReference? == nil)
        try read.throwFirstFailure()
        record[field: "done"] = true.recordValue
        read = try fields.read(record)
        #expect(read.decode(1, placeholder: false) == true)
    }

    /// `tags: [String] = []` and `steps: [String] = ["plan"]`: a list default, empty or not,
    /// is what an absent field reads as and what counts as unchanged against the server.
    @Test func aListDefaultReadsAsTheList() throws {
        let lists = RecordFields(
            recordType: "Task", "tags default\nsteps default", defaults: { $0 == 0 ? ([] as [String]).recordValue : ["plan"].recordValue })
        #expect(lists.fields.map(\.defaultValue) == [.list([]), .list(["plan"])])
        let record = InMemoryRecord(recordType: "Task")
        var read = try lists.read(record)
        #expect(read.decode(0, placeholder: ["x"]) == [String]())
        #expect(read.decode(1, placeholder: ["x"]) == ["plan"])
        try read.throwFirstFailure()
        lists.write([.list([]), .list(["plan"])], to: record, changedSince: read.takeServerVersion())
        #expect(record.changedKeys() == [])
    }

    /// Generated code's spelling: a line per field, its key (percent-encoded beyond
    /// `[A-Za-z0-9_]`) and options; `defaults` is asked only for fields marked `default`.
    @Test func theSpellingGivesEachFieldItsOptions() {
        var asked: [Int] = []
        let table = RecordFields(
            recordType: "Task",
            """
            title
            notes encrypted theirs
            words default max
            project parent custom
            odd%20key%2C%25%F0%9F%98%80 union
            """,
            defaults: { position in
                asked.append(position)
                return 0
            })
        #expect(table.keys == ["title", "notes", "words", "project", "odd key,%😀"])
        #expect(table.fields.map(\.encrypted) == [false, true, false, false, false])
        #expect(table.fields.map(\.isParent) == [false, false, false, true, false])
        #expect(table.fields.map(\.merge) == [.mine, .theirs, .max, nil, .union])
        #expect(table.fields.map(\.defaultValue) == [nil, nil, 0, nil, nil])
        #expect(asked == [2])
        #expect(RecordFields(recordType: "Empty", "").fields.isEmpty)
    }

    @Test func decodingErrorsNameTheFieldAtThePosition() throws {
        let record = InMemoryRecord(recordType: "Task")
        record[field: "done"] = "yes"
        var read = try fields.read(record)
        #expect(throws: RecordDecodingError(recordType: "Task", key: "title", problem: .missing)) {
            try read.decode(0) as String
        }
        read = try fields.read(record)
        #expect(read.decode(1, placeholder: true) == true)  // "yes" is no Bool: the placeholder stands in
        #expect(
            throws: RecordDecodingError(recordType: "Task", key: "done", problem: .typeMismatch(expected: .int64, found: .string))
        ) {
            try read.throwFirstFailure()
        }
        #expect(throws: RecordDecodingError(recordType: "Task", key: nil, problem: .wrongRecordType("Note"))) {
            try fields.read(InMemoryRecord(recordType: "Note"))
        }
    }

    /// What `init(record:)` throws is the first field that couldn't be read, as if each field's
    /// decoder threw: later failures are dropped, and a decoder that throws (a type without a
    /// placeholder) throws an earlier field's failure first.
    @Test func theFirstFieldThatCantBeReadIsTheOneReported() throws {
        let record = InMemoryRecord(recordType: "Task")
        record[field: "done"] = "yes"
        record[field: "project"] = "not a reference"
        let missingTitle = RecordDecodingError(recordType: "Task", key: "title", problem: .missing)

        var read = try fields.read(record)
        #expect(read.decode(0, placeholder: "") == "")
        #expect(read.decode(1, placeholder: false) == false)
        #expect(read.decodeIfPresent(2) as RecordReference? == nil)
        #expect(throws: missingTitle) { try read.throwFirstFailure() }
        #expect(throws: missingTitle) { try read.decode(2) as RecordReference }

        read = try fields.read(record)
        #expect(read.decodeIfPresent(2) as RecordReference? == nil)
        #expect(
            throws: RecordDecodingError(
                recordType: "Task", key: "project", problem: .typeMismatch(expected: .reference, found: .string))
        ) {
            try read.throwFirstFailure()
        }
    }

    @Test func aServerVersionReadByPositionIsTheSameAsOneByKey() throws {
        let record = InMemoryRecord(recordType: "Task")
        record[field: "title"] = "Plan"
        record[field: "project"] = .reference(project)
        record.simulateServerSave()
        let read = try fields.serverVersion(of: record)
        let byKey = ServerVersion(systemFields: record.archiveSystemFields(), fields: ["title": "Plan", "project": .reference(project)])

        #expect(read.fields == byKey.fields)
        #expect(read == byKey)
        #expect(read.hashValue == byKey.hashValue)
        #expect(read.serverValue(forKey: "done") == .some(nil))
        // Stored in the same format either way, so versions saved by earlier releases still load.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(read) == encoder.encode(byKey))
        #expect(try JSONDecoder().decode(ServerVersion.self, from: encoder.encode(read)) == read)
    }

    /// An in-memory record's values are not copied when read: the server version shares the
    /// record's storage, and a later write to the record copies it instead.
    @Test func aServerVersionReadFromAnInMemoryRecordIsTheRecordAsItWasRead() throws {
        let record = InMemoryRecord(recordType: "Task")
        record[field: "title"] = "Plan"
        record.simulateServerSave()
        let read = try fields.serverVersion(of: record)
        record[field: "title"] = "Ship"
        record[field: "done"] = true.recordValue

        #expect(read.serverValue(forKey: "title") == .some("Plan"))
        #expect(read.serverValue(forKey: "done") == .some(nil))
        #expect(read.fields == ["title": "Plan"])
        // Saving the value as read changes nothing; the edit on the record is not the server's.
        let restored = try InMemoryRecord(systemFieldsArchive: read.systemFields)
        fields.write(["Plan", false.recordValue, nil], to: restored, changedSince: read)
        #expect(restored.changedKeys() == [])
    }

    /// A record written by another app version: its keys in another order, encrypted storage,
    /// and a field this version doesn't know. Found by key, and the unknown field is not part
    /// of the server version (but stays on the record, which a save leaves as it is).
    @Test func fieldsStoredInAnotherOrderAreReadByKey() throws {
        let secret = RecordFields(recordType: "Task", "title encrypted\ndone default", defaults: { _ in false.recordValue })
        let record = InMemoryRecord(recordType: "Task")
        record[field: "addedLater"] = "from a newer app"
        record[field: "done"] = true.recordValue
        record[field: "title"] = "a plain title is not the encrypted one"
        record[encryptedField: "title"] = "Plan"
        record.simulateServerSave()
        var read = try secret.read(record)
        let taken = read.takeServerVersion()
        let version = try #require(taken)

        #expect(read.decode(0, placeholder: "") == "Plan")
        #expect(read.decode(1, placeholder: false) == true)
        try read.throwFirstFailure()
        #expect(version.fields == ["title": "Plan", "done": 1])
        #expect(version.serverValue(forKey: "addedLater") == .some(nil))
    }

    /// Storage other than `InMemoryRecord` (`CKRecord`) has its values copied, by position: the
    /// same server version, decoded values and changed keys.
    @Test func aServerVersionCopiedFromOtherStorageIsTheSameAsOneShared() throws {
        let record = InMemoryRecord(recordType: "Task")
        record[field: "title"] = "Plan"
        record[field: "project"] = .reference(project)
        record.simulateServerSave()
        var copied = try fields.read(ForwardingRecord(record))
        let taken = copied.takeServerVersion()
        let copiedVersion = try #require(taken)
        let shared = try fields.serverVersion(of: record)

        #expect(copiedVersion == shared)
        #expect(copiedVersion.hashValue == shared.hashValue)
        #expect(copiedVersion.fields == shared.fields)
        #expect(copied.decode(0, placeholder: "") == "Plan")
        #expect(copied.decode(1, placeholder: true) == false)
        try copied.throwFirstFailure()
        fields.write(["Plan", true.recordValue, .reference(project)], to: record, changedSince: copiedVersion)
        #expect(record.changedKeys() == ["done"])
    }

    /// A generated `init(record:)` moves the record ID and the server version out of the values
    /// read (the memberwise initializer takes them before the fields) instead of copying them,
    /// and then decodes the fields: they still decode, from either kind of storage.
    @Test func theFieldsDecodeAfterTheRecordIDAndServerVersionAreMovedOut() throws {
        let record = InMemoryRecord(recordType: "Task", recordID: RecordID(recordName: "task-1"))
        record[field: "title"] = "Plan"
        record.simulateServerSave()
        for storage in [record, ForwardingRecord(record)] as [any RecordStorage] {
            var read = try fields.read(storage)
            let recordID = read.takeRecordID()
            let taken = read.takeServerVersion()
            let version = try #require(taken)
            let takenAgain = read.takeServerVersion()
            #expect(recordID == RecordID(recordName: "task-1"))
            #expect(takenAgain == nil)

            #expect(read.decode(0, placeholder: "") == "Plan")
            #expect(read.decode(1, placeholder: true) == false)
            try read.throwFirstFailure()
            #expect(version.fields == ["title": "Plan"])
        }
    }

    @Test func aMergeKeepsEachSidesEditsAndSetsTheParentFromTheMergedField() throws {
        let ancestor = InMemoryRecord(recordType: "Task")
        ancestor[field: "title"] = "Plan"
        ancestor.simulateServerSave()
        let client = ancestor.copy()
        client[field: "title"] = "Plan the week"
        client[field: "project"] = .reference(project)
        let server = ancestor.copy()
        server[field: "done"] = 1

        RecordConflict(ancestor: ancestor, client: client, server: server).merge(fields)
        #expect(server[field: "title"] == "Plan the week")
        #expect(server[field: "done"] == 1)
        #expect(server[field: "project"] == .reference(project))
        #expect(server.parentIdentifier == project.recordID)
    }
}

/// A record that is not an `InMemoryRecord`, as `CKRecord` isn't: every call forwarded.
extension RecordFields {
    /// The server version a generated `init(record:)` keeps from `record`.
    func serverVersion(of record: some RecordStorage) throws -> ServerVersion {
        var read = try read(record)
        let taken = read.takeServerVersion()
        return try #require(taken)
    }
}

final class ForwardingRecord: RecordStorage {
    let record: InMemoryRecord
    init(_ record: InMemoryRecord) { self.record = record }

    var recordType: String { record.recordType }
    var recordIdentifier: RecordID { record.recordIdentifier }
    subscript(field key: String) -> RecordValue? {
        get { record[field: key] }
        set { record[field: key] = newValue }
    }
    subscript(encryptedField key: String) -> RecordValue? {
        get { record[encryptedField: key] }
        set { record[encryptedField: key] = newValue }
    }
    var parentIdentifier: RecordID? {
        get { record.parentIdentifier }
        set { record.parentIdentifier = newValue }
    }
    var recordChangeTag: String? { record.recordChangeTag }
    var changedFieldKeys: Set<String> { record.changedFieldKeys }
    func archiveSystemFields() -> Data { record.archiveSystemFields() }
}
