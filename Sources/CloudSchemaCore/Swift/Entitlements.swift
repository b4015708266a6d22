import Foundation

/// Whether the app's `.entitlements` files among the inputs enable CloudKit, which decides whether a
/// SwiftData store with `cloudKitDatabase: .automatic` (the default) mirrors: it "uses the first
/// container in the entitlements" (sync-compat-rules.md §1.1). CloudKit is enabled by "CloudKit"
/// (or, in an App Clip, "CloudKit-Anonymous") in the `com.apple.developer.icloud-services` array
/// (Apple, "iCloud Services Entitlement").
///
/// Evidence only: `.automatic` is local when files were read, every one of them is a property list,
/// and none enables CloudKit. No file read, or one that is not a property list, leaves it unknown
/// (the entitlements may be elsewhere), so its models are checked.
struct Entitlements {
    static let servicesKey = "com.apple.developer.icloud-services"
    static let cloudKitServices: Set<String> = ["CloudKit", "CloudKit-Anonymous"]

    /// The files read, in order.
    private var files: [String] = []
    private var isKnown = true
    private var enablesCloudKit = false

    /// The files read, when they show that no CloudKit is enabled; otherwise none.
    var withoutCloudKit: [String] { isKnown && !enablesCloudKit ? files : [] }

    /// Reads one file; a file that is not a property list is one `ENTITLEMENTS_UNREADABLE` warning.
    mutating func read(_ bytes: [UInt8], file: String) -> Diagnostic? {
        files.append(file)
        guard let list = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any] else {
            isKnown = false
            let start = Lexer.position(of: 0, in: bytes)
            return .warning(
                .entitlementsUnreadable,
                "not a property list of entitlements, so whether .automatic SwiftData stores sync is unknown and their models are checked",
                at: SourceRange(file: file, start: start, end: start))
        }
        // Anything but an array of services without CloudKit may enable it: only that is evidence.
        if let services = list[Self.servicesKey] {
            let names = (services as? [Any])?.compactMap { $0 as? String }
            if names.map({ !Self.cloudKitServices.isDisjoint(with: $0) }) ?? true { enablesCloudKit = true }
        }
        return nil
    }
}
