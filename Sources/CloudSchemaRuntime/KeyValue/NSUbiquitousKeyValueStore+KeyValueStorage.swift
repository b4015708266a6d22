// NSUbiquitousKeyValueStore as a KeyValueStorage. Written against documented signatures only
// (see Documentation/GeneratedCode.md's list of what was verified where); it cannot be compiled on Linux, where this
// file is empty.
#if canImport(Foundation) && (os(iOS) || os(macOS) || os(tvOS) || os(watchOS) || os(visionOS))
import Foundation

extension NSUbiquitousKeyValueStore: KeyValueStorage {
    /// `object(forKey:)` read as `type`: property lists store numbers as `NSNumber`, so the
    /// type says whether it is an `INT64` or a `DOUBLE`.
    public func keyValue(forKey key: String, as type: RecordFieldType) -> RecordValue? {
        object(forKey: key).flatMap { Self.recordValue(from: $0, as: type) }
    }

    /// `set(_:forKey:)` with the value as a property-list object; `nil` is `removeObject(forKey:)`.
    public func setKeyValue(_ value: RecordValue?, forKey key: String) {
        guard let value else {
            removeObject(forKey: key)
            return
        }
        set(Self.propertyListObject(value), forKey: key)
    }

    /// Observes `didChangeExternallyNotification` for this store until the stream ends.
    public func externalChanges() -> AsyncStream<KeyValueChange> {
        let (stream, continuation) = AsyncStream<KeyValueChange>.makeStream()
        let token = NotificationCenter.default.addObserver(
            forName: NSUbiquitousKeyValueStore.didChangeExternallyNotification, object: self, queue: nil
        ) { notification in
            let info = notification.userInfo
            let raw = (info?[NSUbiquitousKeyValueStoreChangeReasonKey] as? NSNumber)?.intValue
            let keys = info?[NSUbiquitousKeyValueStoreChangedKeysKey] as? [String] ?? []
            // A reason Apple adds later is reported as a server change of the keys it names.
            let reason = raw.flatMap(KeyValueChangeReason.init(rawValue:)) ?? .serverChange
            continuation.yield(KeyValueChange(reason: reason, keys: keys.sorted()))
        }
        let observation = ObservationToken(token)
        continuation.onTermination = { _ in
            NotificationCenter.default.removeObserver(observation.token)
        }
        return stream
    }

    /// The observer token, which is only passed back to `removeObserver(_:)`.
    private final class ObservationToken: @unchecked Sendable {
        let token: any NSObjectProtocol
        init(_ token: any NSObjectProtocol) { self.token = token }
    }

    private static func propertyListObject(_ value: RecordValue) -> Any {
        switch value {
        case .string(let s): s
        case .int64(let i): NSNumber(value: i)
        case .double(let d): NSNumber(value: d)
        case .date(let d): d
        case .bytes(let d): d
        case .list(let items): items.map(propertyListObject)
        // Not property-list types: kept as their description, which reads back as a type mismatch.
        case .asset, .location, .reference: String(describing: value)
        }
    }

    private static func recordValue(from object: Any, as type: RecordFieldType) -> RecordValue? {
        switch type {
        case .string: (object as? String).map(RecordValue.string)
        case .int64: (object as? NSNumber).map { .int64($0.int64Value) }
        case .double: (object as? NSNumber).map { .double($0.doubleValue) }
        case .timestamp: (object as? Date).map(RecordValue.date)
        case .bytes: (object as? Data).map(RecordValue.bytes)
        case .list(let element):
            (object as? [Any]).map { items in .list(items.compactMap { recordValue(from: $0, as: element ?? .string) }) }
        case .asset, .location, .reference: nil
        }
    }
}
#endif
