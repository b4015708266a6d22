/// The `swiftdata` section of `cloudschema.json`: the models the app stores without CloudKit,
/// when the Swift files read do not show the `ModelConfiguration(..., cloudKitDatabase: .none)`
/// that opens their store.
///
///     "swiftdata": {"localModels": ["CachedImage", "Transcript"]}
public struct SwiftDataConfiguration: Hashable, Sendable {
    public var localModels: [String] = []
    /// Where the list is written, for the finding that names them.
    @IgnoredInEquality public var range: SourceRange?

    public init(localModels: [String] = [], range: SourceRange? = nil) {
        self.localModels = localModels
        self.range = range
    }

    static let keys = ["localModels"]

    /// Reads the section; problems go to `fail` (as `CONFIG_INVALID`).
    static func read(_ value: PositionedJSON, fail: (String, SourceRange?) -> Void) -> SwiftDataConfiguration {
        var configuration = SwiftDataConfiguration()
        guard case .object(let members) = value.value else {
            fail("'swiftdata' must be an object such as {\"localModels\": [\"CachedImage\"]}, found \(value.kind)", value.range)
            return configuration
        }
        for member in members {
            guard keys.contains(member.key) else {
                fail(
                    "unknown key '\(member.key)' in 'swiftdata'; expected \(keys.joined(separator: " or "))\(Spelling.hint(Spelling.closest(to: member.key, among: keys)))",
                    member.keyRange)
                continue
            }
            guard case .array(let items) = member.value.value else {
                fail("'\(member.key)' must be an array of model names, found \(member.value.kind)", member.value.range)
                continue
            }
            for item in items {
                guard case .string(let name) = item.value, !name.isEmpty else {
                    fail("a model name must be a non-empty string, found \(item.kind)", item.range)
                    continue
                }
                configuration.localModels.append(name)
            }
            configuration.range = member.value.range
        }
        return configuration
    }
}
