import Foundation

/// A key-value store that generated `keyvalue` accessors read and write:
/// `NSUbiquitousKeyValueStore` on Apple platforms, ``InMemoryKeyValueStore`` everywhere
/// (tests, Linux, previews).
///
/// Values are ``RecordValue``s, so every ``CloudFieldValue`` type (strings, numbers, `Bool`,
/// dates, data, enums, lists of them) can be stored. Reads name the expected type, because
/// property-list storage can't tell an integer from a `Bool` or a `Double`.
public protocol KeyValueStorage: AnyObject {
    /// The stored value, read as `type`; `nil` when absent or not readable as `type`.
    func keyValue(forKey key: String, as type: RecordFieldType) -> RecordValue?
    /// Stores a value; `nil` removes the key.
    func setKeyValue(_ value: RecordValue?, forKey key: String)
    /// Changes made by something other than this process (another device, the server, an
    /// account switch), in the order they are reported. Each call returns a new stream; the
    /// observation ends when the stream's consumer goes away.
    func externalChanges() -> AsyncStream<KeyValueChange>
}

/// Why the store changed externally (`NSUbiquitousKeyValueStoreChangeReasonKey`).
public enum KeyValueChangeReason: Int, Hashable, Sendable, CaseIterable {
    /// Another device changed values (`NSUbiquitousKeyValueStoreServerChange`, 0).
    case serverChange = 0
    /// The first download from iCloud replaced local values (`NSUbiquitousKeyValueStoreInitialSyncChange`, 1).
    case initialSync = 1
    /// The app's storage exceeded its iCloud quota; remove keys (`NSUbiquitousKeyValueStoreQuotaViolationChange`, 2).
    case quotaViolation = 2
    /// The iCloud account changed; every value may now be different (`NSUbiquitousKeyValueStoreAccountChange`, 3).
    case accountChange = 3
}

/// One external change: why, and which keys (`NSUbiquitousKeyValueStoreChangedKeysKey`).
public struct KeyValueChange: Hashable, Sendable {
    /// Why the values changed.
    public var reason: KeyValueChangeReason
    /// The keys whose values changed.
    public var keys: [String]

    /// A change of `keys` for `reason`.
    public init(reason: KeyValueChangeReason, keys: [String]) {
        self.reason = reason
        self.keys = keys
    }
}

extension KeyValueStorage {
    /// A typed value, or `defaultValue` when the key is absent or holds a value of another type
    /// (preferences are best effort: a bad value never stops the app).
    public func value<Value: CloudFieldValue>(
        _ type: Value.Type = Value.self, forKey key: String, default defaultValue: @autoclosure () -> Value
    ) -> Value {
        self.value(type, forKey: key) ?? defaultValue()
    }

    /// A typed value, or `nil` when the key is absent or holds a value of another type.
    public func value<Value: CloudFieldValue>(_ type: Value.Type = Value.self, forKey key: String) -> Value? {
        guard let stored = keyValue(forKey: key, as: Value.fieldType) else { return nil }
        return try? Value(recordValue: stored)
    }

    /// Stores a typed value; `nil` removes the key (reads then give the default).
    public func setValue<Value: CloudFieldValue>(_ value: Value?, forKey key: String) {
        setKeyValue(value?.recordValue, forKey: key)
    }
}

/// A ``KeyValueStorage`` in memory: for tests, previews and platforms without iCloud.
///
/// ``simulateExternalChange(_:reason:)`` stands in for iCloud: it applies values as another
/// device would and reports them to ``externalChanges()``. Local writes are not reported, as
/// with `NSUbiquitousKeyValueStore`.
public final class InMemoryKeyValueStore: KeyValueStorage, @unchecked Sendable {
    // @unchecked: all state is behind `lock`.
    private let lock = NSLock()
    private var values: [String: RecordValue]
    private var observers: [UUID: AsyncStream<KeyValueChange>.Continuation] = [:]

    /// A store holding `values`.
    public init(_ values: [String: RecordValue] = [:]) {
        self.values = values
    }

    /// The stored value as it was set: values keep their type in memory, so `type` isn't needed.
    public func keyValue(forKey key: String, as type: RecordFieldType) -> RecordValue? {
        lock.withLock { values[key] }
    }

    /// Stores a value (`nil` removes the key) without reporting it, as a local write.
    public func setKeyValue(_ value: RecordValue?, forKey key: String) {
        lock.withLock { values[key] = value }
    }

    /// The stored keys, sorted.
    public func allKeys() -> [String] {
        lock.withLock { values.keys.sorted() }
    }

    /// The changes ``simulateExternalChange(_:reason:)`` makes from now on.
    public func externalChanges() -> AsyncStream<KeyValueChange> {
        let (stream, continuation) = AsyncStream<KeyValueChange>.makeStream()
        let id = UUID()
        lock.withLock { observers[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Applies `changes` (`nil` removes a key) and reports their keys, sorted, with `reason`.
    /// For ``KeyValueChangeReason/accountChange`` every other value is removed first, as a
    /// new account brings its own store.
    public func simulateExternalChange(_ changes: [String: RecordValue?], reason: KeyValueChangeReason = .serverChange) {
        let continuations = lock.withLock {
            var keys = Set(changes.keys)
            if reason == .accountChange {
                keys.formUnion(values.keys)
                values.removeAll()
            }
            for (key, value) in changes { values[key] = value }
            return (observers.values.map { $0 }, keys.sorted())
        }
        for continuation in continuations.0 {
            continuation.yield(KeyValueChange(reason: reason, keys: continuations.1))
        }
    }
}
