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
        let lists = NameListSection.read(
            value, section: "swiftdata", keys: keys, noun: "model", example: #"{"localModels": ["CachedImage"]}"#, fail: fail)
        for list in lists {
            configuration.localModels += list.names
            configuration.range = list.range
        }
        return configuration
    }
}
