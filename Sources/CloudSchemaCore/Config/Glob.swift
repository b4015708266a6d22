/// Path globs for `ignore`: `*` and `?` stop at `/`, `**` crosses folders, and a pattern
/// without wildcards also matches every path under it (`Legacy` matches `Legacy/A.cloudschema`).
enum Glob {
    static func matches(_ pattern: String, path: String) -> Bool {
        let p = Array(pattern.utf8)
        let s = Array(path.utf8)
        if !p.contains(UInt8(ascii: "*")) && !p.contains(UInt8(ascii: "?")) {
            let prefix = pattern.hasSuffix("/") ? pattern : pattern + "/"
            return path == pattern || path.hasPrefix(prefix)
        }
        // Dynamic programming over (pattern index, path index): linear in their product.
        var current = [Bool](repeating: false, count: s.count + 1)
        current[0] = true
        var i = 0
        while i < p.count {
            var next = [Bool](repeating: false, count: s.count + 1)
            if p[i] == UInt8(ascii: "*") {
                let doubleStar = i + 1 < p.count && p[i + 1] == UInt8(ascii: "*")
                // `**/` also matches zero folders.
                let skipSlash = doubleStar && i + 2 < p.count && p[i + 2] == UInt8(ascii: "/")
                var reachable = false
                for j in 0...s.count {
                    if current[j] { reachable = true }
                    next[j] = reachable
                    if j < s.count && s[j] == UInt8(ascii: "/") && !doubleStar { reachable = false }
                }
                if skipSlash {
                    // Consume `**/` as a unit: any prefix ending in '/', or nothing.
                    var after = [Bool](repeating: false, count: s.count + 1)
                    for j in 0...s.count where current[j] {
                        after[j] = true
                        for k in j..<s.count where s[k] == UInt8(ascii: "/") { after[k + 1] = true }
                    }
                    next = after
                    i += 3
                } else {
                    i += doubleStar ? 2 : 1
                }
            } else {
                for j in 0..<s.count where current[j] {
                    if p[i] == UInt8(ascii: "?") ? s[j] != UInt8(ascii: "/") : s[j] == p[i] { next[j + 1] = true }
                }
                i += 1
            }
            current = next
        }
        return current[s.count]
    }
}
