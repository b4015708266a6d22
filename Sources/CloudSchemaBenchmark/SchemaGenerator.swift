/// Generates large `.cloudschema` text without errors for throughput and memory measurements:
/// zones, enums, record types with every index and attribute kind, models with relationships,
/// and key-value stores. Deterministic: the same `units` gives the same bytes.
enum BenchmarkSchema {
    /// About 1.1 KB of schema per unit. Zones and key-value keys stop at CloudKit's limits
    /// (1000 zones, 1024 keys), so any size lints clean and generates.
    static func generate(units: Int) -> String {
        var out = "container \"iCloud.com.example.bench\"\nrole Editor\n"
        for i in 0..<units {
            if i < 1000 { out += "/// Zone \(i).\nzone Zone\(i)\n\n" }
            let zone = "Zone\(i % 1000)"
            out += """
                enum Status\(i): String {
                    draft, published
                    archived = "old"
                }

                record Folder\(i) in \(zone) @shareable {
                    title: String @queryable @sortable @searchable
                    position: Double = 0 @sortable @merge(max)
                    tags: [String] = [] @queryable @merge(union)
                    status: Status\(i) = .draft
                }

                record Item\(i) in \(zone) {
                    name: String @queryable
                    body: String? @encrypted
                    folder: Reference<Folder\(i)> @parent @deleteSelf
                    cover: Asset?
                    place: Location? @queryable
                    createdAt: Date = now @sortable
                    count: Int64 = 0 @queryable
                    legacy: String? @deprecated("gone")
                }

                record Public\(i) in public {
                    title: String @queryable @searchable
                    score: Double = 0 @sortable
                    grant read to world
                    grant create to icloud
                    grant write to creator
                    grant write to Editor
                }

                model List\(i) {
                    name: String = ""
                    createdAt: Date = now
                    items: [Entry\(i)]? @deleteRule(cascade)
                }

                model Entry\(i) {
                    label: String = ""
                    photo: Data? @externalStorage
                    list: List\(i)? @inverse(items) @deleteRule(nullify)
                }

                """
            if i < 512 { out += "keyvalue Settings\(i) {\n    theme\(i): String = \"light\"\n    hints\(i): Bool = true\n}\n\n" }
        }
        return out
    }
}
