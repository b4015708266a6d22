/// A `cloudschema.json` section whose every key holds a list of names: `"sqlitedata"` (tables)
/// and `"swiftdata"` (models).
enum NameListSection {
    struct List {
        var key: String
        var names: [String]
        var range: SourceRange?
    }

    /// The section's lists in the order written; problems go to `fail` (as `CONFIG_INVALID`).
    /// `noun` names an item ("table"), `example` is a valid section for the message.
    static func read(
        _ value: PositionedJSON, section: String, keys: [String], noun: String, example: String, fail: (String, SourceRange?) -> Void
    ) -> [List] {
        guard case .object(let members) = value.value else {
            fail("'\(section)' must be an object such as \(example), found \(value.kind)", value.range)
            return []
        }
        var lists: [List] = []
        for member in members {
            guard keys.contains(member.key) else {
                fail(
                    "unknown key '\(member.key)' in '\(section)'; expected \(keys.joined(separator: " or "))\(Spelling.hint(Spelling.closest(to: member.key, among: keys)))",
                    member.keyRange)
                continue
            }
            guard case .array(let items) = member.value.value else {
                fail("'\(member.key)' must be an array of \(noun) names, found \(member.value.kind)", member.value.range)
                continue
            }
            var names: [String] = []
            for item in items {
                guard case .string(let name) = item.value, !name.isEmpty else {
                    fail("a \(noun) name must be a non-empty string, found \(item.kind)", item.range)
                    continue
                }
                names.append(name)
            }
            lists.append(List(key: member.key, names: names, range: member.value.range))
        }
        return lists
    }
}
