import CloudSchemaConsumerGarden
import CloudSchemaConsumerNotes
import CloudSchemaRuntime
import Foundation
import Testing

/// Generated `keyvalue` accessors over the in-memory store (NSUbiquitousKeyValueStore is Apple-only).
@Suite struct KeyValueTests {
    @Test func readsGiveDefaultsUntilWritten() {
        let settings = NoteSettings(store: InMemoryKeyValueStore())
        #expect(settings.sortOrder == "edited")
        #expect(settings.showPreview == true)
        #expect(settings.lastOpenedFolder == nil)
        #expect(settings.fontScale == 1.0)
    }

    @Test func writesAreTypedAndStoredUnderTheirKeys() {
        let store = InMemoryKeyValueStore()
        let settings = NoteSettings(store: store)
        settings.sortOrder = "title"
        settings.showPreview = false
        settings.lastOpenedFolder = "inbox"
        settings.fontScale = 1.25
        #expect(store.allKeys() == ["fontScale", "lastOpenedFolder", "showPreview", "sortOrder"])
        #expect(store.keyValue(forKey: "showPreview", as: .int64) == .int64(0))
        // A second accessor over the same store sees the values.
        let again = NoteSettings(store: store)
        #expect(again.sortOrder == "title" && again.showPreview == false)
        #expect(again.lastOpenedFolder == "inbox" && again.fontScale == 1.25)
        settings.lastOpenedFolder = nil
        #expect(store.allKeys() == ["fontScale", "showPreview", "sortOrder"])
        settings.reset(.sortOrder)
        #expect(settings.sortOrder == "edited")
    }

    @Test func aValueOfTheWrongTypeReadsAsTheDefault() {
        let store = InMemoryKeyValueStore(["fontScale": "huge", "showHints": .double(0.5)])
        #expect(NoteSettings(store: store).fontScale == 1.0)
        #expect(Preferences(store: store).showHints == true)
    }

    @Test func externalChangesArriveTypedWithTheirReason() async {
        let store = InMemoryKeyValueStore()
        let settings = NoteSettings(store: store)
        var changes = settings.changes().makeAsyncIterator()
        store.simulateExternalChange(["sortOrder": "title", "unrelated": "x"], reason: .serverChange)
        #expect(await changes.next() == NoteSettings.Change(reason: .serverChange, keys: [.sortOrder]))
        #expect(settings.sortOrder == "title")
        store.simulateExternalChange([:], reason: .initialSync)
        #expect(await changes.next() == NoteSettings.Change(reason: .initialSync, keys: []))
        store.simulateExternalChange([:], reason: .quotaViolation)
        #expect(await changes.next() == NoteSettings.Change(reason: .quotaViolation, keys: []))
        // An account change replaces the whole store: the old values are gone, defaults return.
        store.simulateExternalChange(["showPreview": .int64(0)], reason: .accountChange)
        #expect(await changes.next() == NoteSettings.Change(reason: .accountChange, keys: [.showPreview, .sortOrder]))
        #expect(settings.sortOrder == "edited" && settings.showPreview == false)
    }

    @Test func localWritesAreNotReportedAsExternalChanges() async {
        let store = InMemoryKeyValueStore()
        let prefs = Preferences(store: store)
        var changes = prefs.changes().makeAsyncIterator()
        prefs.temperatureUnit = "fahrenheit"
        store.simulateExternalChange(["showHints": .int64(0)])
        #expect(await changes.next() == Preferences.Change(reason: .serverChange, keys: [.showHints]))
        #expect(prefs.temperatureUnit == "fahrenheit" && prefs.showHints == false)
    }

    @Test func changeReasonsMatchApplesConstants() {
        // NSUbiquitousKeyValueStoreServerChange 0, InitialSyncChange 1, QuotaViolationChange 2, AccountChange 3.
        #expect(KeyValueChangeReason.allCases.map(\.rawValue) == [0, 1, 2, 3])
    }
}
