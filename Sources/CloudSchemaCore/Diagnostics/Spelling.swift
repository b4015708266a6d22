/// Edit-distance suggestions for misspelled names.
public enum Spelling {
    /// The closest candidate within a small edit distance (ties: the alphabetically first).
    /// Linear in the candidates: a length check skips most before any distance is computed.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        let length = lowered.utf8.count
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let limit = max(1, min(3, candidate.utf8.count / 3))
            guard abs(candidate.utf8.count - length) <= limit else { continue }
            let distance = editDistance(lowered, candidate.lowercased())
            guard distance <= limit else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// Levenshtein distance over UTF-8 bytes (the first 64 of each: names, not prose).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8.prefix(64))
        let b = Array(b.utf8.prefix(64))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    package static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
