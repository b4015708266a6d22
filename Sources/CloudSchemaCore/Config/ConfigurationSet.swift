/// The configuration each input file uses, as `lint`, `diff` and `generate` read it:
/// `--config` for every file, else the nearest `cloudschema.json` above each (each read once).
public struct ConfigurationSet: Sendable {
    /// Problems in the config files read (`CONFIG_INVALID`).
    public private(set) var diagnostics: [Diagnostic] = []
    private var explicit: LintConfiguration?
    private var configs: [String: LintConfiguration] = [:]
    private var configFor: [String: String] = [:]
    private var defaults = LintConfiguration.default

    /// Config files are read through `fileSystem`, as schema files are; the baselines they name
    /// too unless `readingBaselines` is false (`lint --write-baseline` writes one).
    public init(
        files: [String], explicitPath: String?, fileSystem: any InputFileSystem = LocalFileSystem(), readingBaselines: Bool = true
    ) {
        if let explicitPath {
            let (config, problems) = ConfigurationLoader.load(path: explicitPath, fileSystem: fileSystem, readingBaseline: readingBaselines)
            explicit = config
            diagnostics = problems
            return
        }
        var cache: [String: String?] = [:]
        for file in files {
            guard let found = ConfigurationLoader.find(for: file, cache: &cache, fileSystem: fileSystem) else { continue }
            configFor[file] = found
            if configs[found] == nil {
                let (config, problems) = ConfigurationLoader.load(path: found, fileSystem: fileSystem, readingBaseline: readingBaselines)
                configs[found] = config
                diagnostics += problems
            }
        }
    }

    /// `lint --baseline FILE`: one baseline for every file, instead of the configs' (nil: none).
    public mutating func useBaseline(_ baseline: Baseline?) {
        explicit?.baseline = baseline
        for path in configs.keys { configs[path]?.baseline = baseline }
        defaults.baseline = baseline
    }

    /// The configuration for findings in `file` (nil: a finding with no location).
    public func configuration(for file: String?) -> LintConfiguration {
        if let explicit { return explicit }
        guard let file, let path = configFor[file], let config = configs[path] else { return defaults }
        return config
    }

    /// The schema files the configs read name with `"schema"`, each once, in the order named.
    public var schemas: [(path: String, range: SourceRange)] {
        var seen: Set<String> = []
        let all = explicit.map { [$0] } ?? configFor.values.sorted().compactMap { configs[$0] }
        return all.flatMap(\.schemas).filter { seen.insert($0.path).inserted }
    }

    /// `generate` settings: --config's, else those of the first input with a config file.
    public func generateSettings(for inputs: [String]) -> GenerateConfiguration? {
        explicit?.generate ?? inputs.lazy.compactMap { configFor[$0].flatMap { configs[$0] } }.first?.generate
    }
}
