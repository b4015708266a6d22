/// Generates large, valid `.cloudschema` text for throughput measurements: zones, enums,
/// record types with every index and attribute kind, models with relationships, and
/// key-value stores. Deterministic: the same `units` gives the same bytes.
enum BenchmarkSchema {
    /// About 2.3 KB of schema per unit.
    static func generate(units: Int) -> String {
        var out = "container \"iCloud.com.example.bench\"\nrole Editor\n"
        for i in 0..<units {
            out += """
                /// Zone \(i).
                zone Zone\(i)

                enum Status\(i): String {
                    draft, published
                    archived = "old"
                }

                record Folder\(i) in Zone\(i) @shareable {
                    title: String @queryable @sortable @searchable
                    position: Double = 0 @sortable @merge(max)
                    tags: [String] = [] @queryable @merge(union)
                    status: Status\(i) = .draft
                }

                record Item\(i) in Zone\(i) {
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

                keyvalue Settings\(i) {
                    theme\(i): String = "light"
                    hints\(i): Bool = true
                }


                """
        }
        return out
    }
}
