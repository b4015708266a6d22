/// The `generate` section of `cloudschema.json`, read by the generator.
public struct GenerateConfiguration: Hashable, Sendable {
    public enum Access: String, Hashable, Sendable, CaseIterable {
        case `public`, package, `internal`
    }

    public var access: Access?
    /// A folder of templates overriding the built-in ones, resolved against the config file's folder.
    public var templates: String?

    public init(access: Access? = nil, templates: String? = nil) {
        self.access = access
        self.templates = templates
    }
}
