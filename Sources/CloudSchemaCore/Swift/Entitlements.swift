import Foundation

/// Whether the app's entitlements enable CloudKit, which decides whether a SwiftData store with
/// `cloudKitDatabase: .automatic` (the default) mirrors: it "uses the first container in the
/// entitlements" (sync-compat-rules.md §1.1), and "if your app's entitlements include CloudKit, the
/// container automatically handles syncing" (Apple, `ModelContainer`). CloudKit is enabled by
/// "CloudKit" (or, in an App Clip, "CloudKit-Anonymous") in the `com.apple.developer.icloud-services`
/// array (Apple, "iCloud Services Entitlement").
///
/// The evidence is the `.entitlements` files and Xcode projects (`project.pbxproj`) read. Xcode
/// "records capabilities that you add in a property list file with the .entitlements extension" and
/// signs a target with the one its `CODE_SIGN_ENTITLEMENTS` build setting names (Apple,
/// "Entitlements"), so a Swift file inside a project's folder is decided by the files the project
/// names: none named is no CloudKit. Elsewhere, every `.entitlements` file read decides. What cannot
/// be followed (no evidence at all, a file that is not a property list, a named file not read, a
/// build setting from a variable, or one an `.xcconfig` may set) leaves it unknown, never a guess.
struct Entitlements {
    static let servicesKey = "com.apple.developer.icloud-services"
    static let cloudKitServices: Set<String> = ["CloudKit", "CloudKit-Anonymous"]

    enum CloudKit: Equatable {
        case enabled
        /// Why the app has no CloudKit, as `MODEL_LOCAL_STORE` says it.
        case disabled(String)
        /// Why it is not known, and what to do, as the note on a graded-down finding says it.
        case unknown(String)
    }

    /// An Xcode project read: the entitlements files its build settings name, resolved like the
    /// files read (relative to the folder that holds the `.xcodeproj`).
    private struct Project {
        var name: String
        /// The project's folder as a path prefix (`App/`; `` for one at the top).
        var folder: String
        var entitlements: [String] = []
        /// A setting not followed, so which entitlements sign its targets is unknown.
        var unfollowed: String?

        static let setting = "CODE_SIGN_ENTITLEMENTS"

        /// Adds the entitlements one level of `target`'s settings (a build configuration of the
        /// target or of the project) names. True when nothing below it can change them: it sets
        /// them for every SDK, or it takes settings from an `.xcconfig`, which is not read (unknown).
        @discardableResult
        mutating func follow(_ configuration: [String: Any], of target: String, _ objects: [String: [String: Any]]) -> Bool {
            let settings = configuration["buildSettings"] as? [String: Any] ?? [:]
            let assignments = settings.filter { $0.key == Self.setting || $0.key.hasPrefix(Self.setting + "[") }
            for (_, value) in assignments.sorted(by: { $0.key < $1.key }) { name(value as? String ?? "") }
            if assignments[Self.setting] != nil { return true }
            guard let base = (configuration["baseConfigurationReference"] as? String).map({ objects[$0] }) else { return false }
            let path = base?["path"] as? String ?? base?["name"] as? String
            let xcconfig = path.map { "'\($0.split(separator: "/").last ?? "")'" } ?? "an .xcconfig file"
            let level = configuration["name"] as? String ?? ""
            unfollowed =
                unfollowed
                ?? "leaves CODE_SIGN_ENTITLEMENTS of the target '\(target)' (\(level)) to \(xcconfig), which is not read"
            return true
        }

        /// Adds the entitlements file a `CODE_SIGN_ENTITLEMENTS` value names (none: empty).
        mutating func name(_ value: String) {
            var value = value.trimmingCharacters(in: .whitespaces)
            for root in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"] where value.hasPrefix(root) {
                value = String(value.dropFirst(root.count))
            }
            if value.isEmpty { return }
            if value.contains("$") {
                unfollowed = unfollowed ?? "sets CODE_SIGN_ENTITLEMENTS to '\(value)', a build setting that is not followed"
            } else {
                entitlements.append(Entitlements.normalized(value.hasPrefix("/") ? value : folder + value))
            }
        }
    }

    /// Each file read: whether it enables CloudKit (nil: not a property list).
    private var files: [String: Bool?] = [:]
    private var order: [String] = []
    private var projects: [Project] = []

    /// Reads one `.entitlements` file; one that is not a property list is one `ENTITLEMENTS_UNREADABLE` warning.
    mutating func read(_ bytes: [UInt8], file: String) -> Diagnostic? {
        order.append(file)
        guard let list = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any] else {
            files[normalized(file)] = .some(nil)
            let start = Lexer.position(of: 0, in: bytes)
            return .warning(
                .entitlementsUnreadable,
                "not a property list of entitlements, so whether .automatic SwiftData stores sync is unknown and their mirroring errors are warnings",
                at: SourceRange(file: file, start: start, end: start))
        }
        // Anything but an array of services without CloudKit may enable it: only that is evidence.
        var enables = false
        if let services = list[Self.servicesKey] {
            let names = (services as? [Any])?.compactMap { $0 as? String }
            enables = names.map { !Self.cloudKitServices.isDisjoint(with: $0) } ?? true
        }
        files[normalized(file)] = .some(enables)
        return nil
    }

    /// Reads an Xcode project's `project.pbxproj` for the entitlements that may sign its targets:
    /// each target's `CODE_SIGN_ENTITLEMENTS` (`App/App.entitlements`, also per SDK,
    /// `CODE_SIGN_ENTITLEMENTS[sdk=…]`) in each of its build configurations, resolved as Xcode does.
    /// A target's own setting overrides its base `.xcconfig`, which overrides the project's setting,
    /// which overrides the project's `.xcconfig`: "if you then modify the value of any of those build
    /// settings in the target or project, the new value is used instead of the value in the
    /// configuration file", and "build settings defined at the target level override any values
    /// assigned to those build settings at the project level" (Apple, Xcode Help, "Basing a Build
    /// Configuration on a Configuration File"); swift-build stacks them in that order (`Settings.swift`,
    /// `allProjectSettingsLevels`) and takes the first assignment whose condition holds
    /// (`MacroValueAssignment.firstMatchingCondition`), so one for every SDK hides all below it. The
    /// `.xcconfig` files are not read: one below every level that sets it for every SDK leaves it unknown.
    mutating func readProject(_ bytes: [UInt8], file: String) {
        let (bundle, folder) = Self.project(file)
        var project = Project(name: bundle, folder: folder)
        defer { projects.append(project) }
        guard let archive = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any],
            let objects = archive["objects"] as? [String: [String: Any]]
        else {
            project.unfollowed = "is not a property list, so the entitlements it signs its targets with are not known"
            return
        }
        func configurations(of owner: [String: Any]?) -> [[String: Any]] {
            let list = (owner?["buildConfigurationList"] as? String).flatMap { objects[$0] }
            return (list?["buildConfigurations"] as? [String] ?? []).compactMap { objects[$0] }
        }
        let root = (archive["rootObject"] as? String).flatMap { objects[$0] }
        let projectConfigurations = configurations(of: root)
        for target in (root?["targets"] as? [String] ?? []).compactMap({ objects[$0] })
        where target["isa"] as? String == "PBXNativeTarget" && !Self.testProducts.contains(target["productType"] as? String ?? "") {
            let targetName = target["name"] as? String ?? ""
            for configuration in configurations(of: target) {
                if project.follow(configuration, of: targetName, objects) { continue }
                // Below the target's configuration is the project's of the same name (without one,
                // whichever the project falls back to: any of them).
                let name = configuration["name"] as? String
                let sameName = projectConfigurations.filter { $0["name"] as? String == name }
                for below in sameName.isEmpty ? projectConfigurations : sameName { project.follow(below, of: targetName, objects) }
            }
        }
    }

    /// Test bundles run inside the app they test or in a test runner, never as the app: their
    /// entitlements do not decide the app's stores (and test code is not read).
    private static let testProducts: Set<String> = ["com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing"]

    /// The Xcode project read whose folder holds `file` (the innermost), if any.
    private func project(of file: String?) -> Project? {
        guard let path = file.map(normalized) else { return nil }
        return projects.filter { path.hasPrefix($0.folder) }.max { $0.folder.count < $1.folder.count }
    }

    /// The name of the Xcode project read whose folder holds `file`, if any: the app it belongs to.
    func app(of file: String?) -> String? { project(of: file)?.name }

    /// What decides the `.automatic` stores of the Swift file `file` (nil: any file, when none is known).
    func cloudKit(for file: String?) -> CloudKit {
        if let project = project(of: file) {
            let quoted = "the Xcode project '\(project.name)'"
            if let unfollowed = project.unfollowed { return .unknown("\(quoted) \(unfollowed)") }
            let named = Array(Set(project.entitlements)).sorted()
            if named.isEmpty { return .disabled("\(quoted) signs no target with entitlements (CODE_SIGN_ENTITLEMENTS)") }
            var disabled: [String] = []
            for entitlements in named {
                switch files[entitlements] {
                case .none: return .unknown("\(quoted) signs a target with '\(entitlements)', which is not among the files read")
                case .some(.none): return .unknown("'\(entitlements)', which \(quoted) signs a target with, is not a property list")
                case .some(.some(true)): return .enabled
                case .some(.some(false)): disabled.append("'\(entitlements)'")
                }
            }
            return .disabled(
                "\(disabled.joined(separator: ", ")), which \(quoted) signs its targets with, \(disabled.count == 1 ? "enables" : "enable") no CloudKit (com.apple.developer.icloud-services)"
            )
        }
        if order.isEmpty {
            return .unknown(
                projects.isEmpty
                    ? "no .entitlements file or Xcode project was read"
                    : "no .entitlements file was read, nor an Xcode project in its folder")
        }
        if order.contains(where: { files[normalized($0)] == .some(nil) }) {
            return .unknown("an .entitlements file read is not a property list")
        }
        if order.contains(where: { files[normalized($0)] == .some(true) }) { return .enabled }
        let quoted = order.map { "'\($0)'" }.joined(separator: ", ")
        return .disabled("\(quoted) \(order.count == 1 ? "enables" : "enable") no CloudKit (com.apple.developer.icloud-services)")
    }

    /// `a/./b/../c` as `a/c`, so a path a project names compares with a path read.
    /// The `.xcodeproj` of a `project.pbxproj` path and the folder that holds it, as a path prefix.
    private static func project(_ file: String) -> (bundle: String, folder: String) {
        let suffix = "/" + SchemaLoader.xcodeProjectFile
        let bundle = file.hasSuffix(suffix) ? String(file.dropLast(suffix.count)) : file
        let slash = bundle.lastIndex(of: "/").map { bundle.index(after: $0) } ?? bundle.startIndex
        let folder = normalized(String(bundle[..<slash]))
        return (bundle, folder.isEmpty ? "" : folder + "/")
    }

    /// The apps among `paths`: each Xcode project (`project.pbxproj`) whose folder holds Swift
    /// files, with the paths it holds (a path in nested projects' folders is the innermost's).
    /// The paths in no app's folder are left out: the caller reads them with every app.
    static func apps(_ paths: [String]) -> [[String]] {
        let folders = paths.filter { $0.hasSuffix(".xcodeproj/" + SchemaLoader.xcodeProjectFile) }.map { project($0).folder }
        func innermost(_ path: String, among folders: [String]) -> String? {
            let path = normalized(path)
            return folders.filter { path.hasPrefix($0) }.max { $0.count < $1.count }
        }
        let withSwift = Set(
            paths.filter { $0.hasSuffix("." + SchemaLoader.swiftExtension) }.compactMap { innermost($0, among: folders) })
        var apps: [String: [String]] = [:]
        for path in paths {
            if let folder = innermost(path, among: Array(withSwift)) { apps[folder, default: []].append(path) }
        }
        return apps.keys.sorted().compactMap { apps[$0] }
    }

    private func normalized(_ path: String) -> String { Self.normalized(path) }

    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "." || (part.isEmpty && !parts.isEmpty) { continue }
            if part == "..", let last = parts.last, last != "..", !last.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }
}
