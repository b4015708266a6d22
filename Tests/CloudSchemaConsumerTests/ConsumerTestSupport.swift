import CloudSchemaRuntime
import Foundation

// The code under test is generated: Generated/<Schema>/*.swift, one module per schema
// (CloudSchemaConsumer<Schema>), compiled with -warnings-as-errors in Swift 6 mode. These
// tests only see it through the runtime, as an app would.

/// Runs `body` and returns the decoding error it throws, or `nil` if it doesn't throw.
func decodingError<T>(_ body: () throws -> T) -> RecordDecodingError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? RecordDecodingError
    }
}

let zone = RecordZoneID(zoneName: "Tests")

func id(_ name: String) -> RecordID { RecordID(recordName: name, zoneID: zone) }
