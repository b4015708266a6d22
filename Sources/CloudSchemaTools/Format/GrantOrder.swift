import CloudSchemaCore

/// Puts a record's grants after its fields. Fields never move (their order is the
/// model's order); grants keep their order among themselves.
///
/// A grant moves with the comments directly above it (up to a blank line) and the
/// comments at the end of its line. Comments above that blank line stay where they
/// were, still followed by a blank line. (A `///` line left directly above a member
/// it did not document gets a blank line from the printer.)
enum GrantOrder {
    static func apply(_ body: FormatBody, blankBeforeComment: inout [Int: Bool]) {
        let children = body.children
        guard let lastField = children.lastIndex(where: { !$0.isGrant }),
            children[..<lastField].contains(where: \.isGrant)
        else { return }

        var kept: [FormatElement] = []
        var moved: [FormatElement] = []
        var carried: [Comment] = []
        var carriedBlank = false
        for (index, child) in children.enumerated() {
            if child.isGrant && index < lastField {
                let leading = child.leading
                func blankBefore(_ k: Int) -> Bool {
                    k < leading.count ? blankBeforeComment[leading[k].range.start.offset] ?? false : child.blankBefore
                }
                var split = 0
                if !leading.isEmpty {
                    for k in 1...leading.count where blankBefore(k) { split = k }
                }
                carried += leading[..<split]
                carriedBlank = carriedBlank || split > 0
                child.leading = Array(leading[split...])
                moved.append(child)
            } else {
                if carriedBlank {
                    if let first = child.leading.first {
                        blankBeforeComment[first.range.start.offset] = true
                    } else {
                        child.blankBefore = true
                    }
                }
                child.leading = carried + child.leading
                carried = []
                carriedBlank = false
                kept.append(child)
            }
        }
        let insertion = (kept.lastIndex(where: { !$0.isGrant }) ?? -1) + 1
        kept.insert(contentsOf: moved, at: insertion)
        body.children = kept
    }
}
