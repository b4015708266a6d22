import CloudSchemaConsumerGarden
import CloudSchemaRuntime
import Testing

/// `record Bed in GardenBeds @shareable` in `container "iCloud.app.gardenlog"`.
struct SharingTests {
    @Test func aShareableRecordTypeHasItsShareType() {
        #expect(Bed.shareType == "app.gardenlog.Bed")
        #expect((Plant.self as Any.Type) is any ShareableRecord.Type == false)  // a child is shared through its @parent
    }
}
