/// A realistic, valid schema of any size, for throughput measurements.
enum BenchmarkSchema {
    static func generate(recordTypes count: Int) -> String {
        var text = "container \"iCloud.com.example.bench\"\n\nzone Library @shareable\nrole Editor\n\n"
        text += "enum Status: String {\n    draft\n    published = \"live\"\n    archived\n}\n\n"
        for i in 0..<count {
            let next = (i + 1) % count
            text += """
                /// Record type number \(i), with the field kinds apps use most.
                record Item\(i) in Library {
                    title: String @queryable @sortable @searchable
                    body: String? @encrypted
                    position: Double = 0 @sortable @merge(max)
                    count: Int64 = \(i) @queryable
                    createdAt: Date = now @sortable
                    tags: [String] = [] @queryable @merge(union)
                    status: Status = .draft
                    cover: Asset?
                    next: Reference<Item\(next)>? @deleteSelf
                    isDone: Bool = false // cloudschema:ignore NOTHING just a trailing comment
                }


                """
        }
        return text
    }
}
