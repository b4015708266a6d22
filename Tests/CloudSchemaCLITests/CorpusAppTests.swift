import Foundation
import Testing

/// Real apps' SwiftData models and SQLiteData migrations, linted as the build plugin lints a
/// target: every Swift file of the app in one `cloudschema lint --stamp` run. The apps live
/// outside this repository (their licences are unknown, so it holds none of their code):
/// `Tests/Corpus/run.sh` names their folder in `CLOUDSCHEMA_CORPUS_APPS`, and `swift test`
/// without it skips these tests. `Tests/Corpus/apps.txt` holds what a careful reading finds in each app.
@Suite(.enabled(if: CorpusApps.root != nil, "Tests/Corpus/run.sh names the corpus in CLOUDSCHEMA_CORPUS_APPS"))
struct CorpusAppTests {
    @Test(arguments: CorpusApps.expectations)
    func lintsAsACarefulReadingDoes(_ app: CorpusApps.Expectation) throws {
        let findings = try CorpusApps.lint(app)
        let errors = findings.filter { $0.severity == "error" }
        for finding in errors where !app.allows(finding) {
            Issue.record("\(app): unexpected error \(finding)")
        }
        if app.clean, let warning = findings.first(where: { $0.severity == "warning" }) {
            Issue.record("\(app): expected no warnings, got \(warning)")
        }
        for (rule, place) in app.required where !findings.contains(where: { $0.rule == rule && $0.place == place }) {
            Issue.record("\(app): missed \(rule) at \(place)")
        }
    }

    /// The build plugin must not bury an app in "not checked" warnings: at most one per app on
    /// average, each app's count printed.
    @Test func fewNotCheckedWarnings() throws {
        var counts: [(String, Int)] = []
        for app in CorpusApps.expectations where !counts.contains(where: { $0.0 == app.path }) {
            counts.append((app.path, try CorpusApps.lint(app).filter(\.isNotChecked).count))
        }
        for (path, count) in counts { print("not checked: \(count)  \(path)") }
        let total = counts.map(\.1).reduce(0, +)
        print("not checked: \(total) in \(counts.count) apps")
        #expect(!counts.isEmpty)
        #expect(total <= counts.count, "\(total) not-checked diagnostics in \(counts.count) apps")
    }
}

enum CorpusApps {
    static let root: URL? = ProcessInfo.processInfo.environment["CLOUDSCHEMA_CORPUS_APPS"].map { URL(fileURLWithPath: $0) }

    static let folder = packageRoot.appendingPathComponent("Tests/Corpus")

    /// One `app` block of `apps.txt`.
    struct Expectation: Sendable, CustomTestStringConvertible, CustomStringConvertible {
        var path: String
        var config: String?
        var clean = false
        /// Findings that must be there, as (rule, "File.swift:LINE").
        var required: [(String, String)] = []
        /// Errors that may be there.
        var allowed: [(String, String)] = []

        func allows(_ finding: Finding) -> Bool {
            (required + allowed).contains { $0.0 == finding.rule && $0.1 == finding.place }
        }

        var description: String { path + (config.map { " (config \($0))" } ?? "") }
        var testDescription: String { description }
    }

    struct Finding: CustomStringConvertible {
        var rule: String
        var severity: String
        var place: String
        var message: String
        /// What a reader could not follow (SWIFT_UNREADABLE, SQL_NOT_CHECKED), not a finding.
        var isNotChecked: Bool { rule == "SWIFT_UNREADABLE" || rule == "SQL_NOT_CHECKED" }
        var description: String { "\(severity) \(rule) \(place): \(message)" }
    }

    static let expectations: [Expectation] = {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("apps.txt"), encoding: .utf8) else { return [] }
        var apps: [Expectation] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            var words = line.split(separator: " ").map(String.init)
            guard let first = words.first else { continue }
            switch first {
            case "app":
                apps.append(Expectation(path: words[1], config: words.count > 3 && words[2] == "config" ? words[3] : nil))
            case "no-errors": break
            case "clean": apps[apps.count - 1].clean = true
            default:
                let allowed = first == "may"
                if allowed { words.removeFirst() }
                let rule = words[0]
                let (file, lines) = words[1].split(separator: ":").map(String.init).splitFirst()
                let places = lines.split(separator: ",").map { (rule, "\(file):\($0)") }
                if allowed { apps[apps.count - 1].allowed += places } else { apps[apps.count - 1].required += places }
            }
        }
        return apps
    }()

    /// `cloudschema lint` over the app's Swift files, exactly as the build plugin runs it.
    static func lint(_ app: Expectation) throws -> [Finding] {
        guard let root else { return [] }
        let url = root.appendingPathComponent(app.path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw CorpusError("no such app in the corpus: \(url.path)")
        }
        let files =
            isFolder.boolValue
            ? (FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }.map { url.appendingPathComponent($0).path }.sorted()
            : [url.path]
        let stamp = try temporaryFolder([:]).appendingPathComponent("stamp.swift").path
        var arguments = ["lint", "--format", "json"] + files + ["--stamp", stamp]
        if let config = app.config { arguments += ["--config", folder.appendingPathComponent("configs/\(config)").path] }
        let result = try cloudschema(arguments)
        guard result.status == 0 || result.status == 1,
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            let diagnostics = json["diagnostics"] as? [[String: Any]]
        else { throw CorpusError("\(app): lint exited \(result.status): \(result.stderr)\(result.stdout.prefix(2000))") }
        return diagnostics.map {
            Finding(
                rule: $0["id"] as? String ?? "", severity: $0["severity"] as? String ?? "",
                place: "\(appFileName($0["file"] as? String ?? "")):\($0["line"] as? Int ?? 0)",
                message: $0["message"] as? String ?? "")
        }
    }

    /// A file's name in its app: a single-file app is `OWNER__REPO__Name.swift` in the corpus.
    static func appFileName(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return name.components(separatedBy: "__").last ?? name
    }

    struct CorpusError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

extension Array where Element == String {
    fileprivate func splitFirst() -> (String, String) { (first ?? "", dropFirst().joined(separator: ":")) }
}
