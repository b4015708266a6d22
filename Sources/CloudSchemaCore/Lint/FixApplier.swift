/// `lint --fix`: applies the safe fix-its of one file's diagnostics to its bytes.
public enum FixApplier {
    public struct Result: Sendable {
        public var bytes: [UInt8]
        /// The diagnostics whose safe fix-it was applied, in file order.
        public var applied: [Diagnostic]
        /// Those whose safe fix-it overlaps one applied before it: left for another run.
        public var overlapping: [Diagnostic]
    }

    /// Takes each diagnostic's first safe fix-it, whole or not at all, in file order; one whose
    /// edits overlap an edit already taken is skipped. Edits are applied from the end backwards,
    /// so each range still holds the offsets it was given.
    public static func apply(_ diagnostics: [Diagnostic], to bytes: [UInt8], file: String) -> Result {
        var result = Result(bytes: bytes, applied: [], overlapping: [])
        var taken: [Diagnostic.FixIt.Edit] = []
        let candidates = diagnostics.compactMap { diagnostic in
            diagnostic.fixIts.first { fixIt in
                fixIt.isSafe && !fixIt.edits.isEmpty
                    && fixIt.edits.allSatisfy {
                        $0.range.file == file && $0.range.start.offset <= $0.range.end.offset && $0.range.end.offset <= bytes.count
                    }
            }.map { (diagnostic, $0) }
        }
        for (diagnostic, fixIt) in candidates.sorted(by: { start($0.1) < start($1.1) }) {
            if fixIt.edits.contains(where: { edit in taken.contains { overlap(edit.range, $0.range) } }) {
                result.overlapping.append(diagnostic)
            } else {
                taken += fixIt.edits
                result.applied.append(diagnostic)
            }
        }
        for edit in taken.sorted(by: { $0.range.start.offset > $1.range.start.offset }) {
            result.bytes.replaceSubrange(edit.range.start.offset..<edit.range.end.offset, with: Array(edit.replacement.utf8))
        }
        return result
    }

    /// Whether `new`, loaded alone as `file`, has no more syntax or resolution errors than `old`:
    /// a fix that would break the file is not written.
    public static func reads(_ new: [UInt8], asWellAs old: [UInt8], file: String) -> Bool {
        func errors(_ bytes: [UInt8]) -> Int {
            SchemaLoader.load(bytes: [(file, bytes)]).diagnostics.filter { $0.severity == .error && DiagnosticID.frontEnd.contains($0.id) }
                .count
        }
        return errors(new) <= errors(old)
    }

    private static func start(_ fixIt: Diagnostic.FixIt) -> Int { fixIt.edits.map(\.range.start.offset).min() ?? 0 }

    /// Two edits at the same place overlap too: their order would be a guess.
    private static func overlap(_ a: SourceRange, _ b: SourceRange) -> Bool {
        a.start.offset == b.start.offset || (a.start.offset < b.end.offset && b.start.offset < a.end.offset)
    }
}

/// A unified diff (`diff -u` style, 3 lines of context) of two versions of one file.
public enum UnifiedDiff {
    public static func diff(_ old: [UInt8], _ new: [UInt8], path: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let ops = script(a, b)
        guard ops.contains(where: { $0 != .same }) else { return "" }
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        // Walk the script; a hunk spans changes whose context touches.
        var index = 0
        while let first = ops[index...].firstIndex(where: { $0 != .same }) {
            var end = first
            var probe = first
            while probe < ops.count {
                guard let next = ops[probe...].firstIndex(where: { $0 != .same }) else { break }
                if next - end > 2 * context { break }
                end = ops[next...].firstIndex(where: { $0 == .same }) ?? ops.count
                probe = end
            }
            let lower = max(index, first - context)
            let upper = min(ops.count, end + context)
            var oldLine = ops[..<lower].filter { $0 != .insert }.count
            var newLine = ops[..<lower].filter { $0 != .delete }.count
            let hunk = ops[lower..<upper]
            let oldCount = hunk.filter { $0 != .insert }.count
            let newCount = hunk.filter { $0 != .delete }.count
            output += "@@ -\(oldCount == 0 ? oldLine : oldLine + 1),\(oldCount) +\(newCount == 0 ? newLine : newLine + 1),\(newCount) @@\n"
            for op in hunk {
                switch op {
                case .same:
                    output += " " + show(a[oldLine])
                    oldLine += 1
                    newLine += 1
                case .delete:
                    output += "-" + show(a[oldLine])
                    oldLine += 1
                case .insert:
                    output += "+" + show(b[newLine])
                    newLine += 1
                }
            }
            index = upper
        }
        return output
    }

    enum Operation { case same, delete, insert }

    /// Lines with their terminators, so a last line without one is told apart.
    private static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            result.append(String(decoding: bytes[start...i], as: UTF8.self))
            start = i + 1
        }
        if start < bytes.count { result.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return result
    }

    private static func show(_ line: String) -> String {
        line.hasSuffix("\n") ? line : line + "\n\\ No newline at end of file\n"
    }

    /// The edit script: common ends first, then a longest common subsequence of the middle (or,
    /// when that table would be too large, the middle replaced whole: still a correct diff).
    static func script(_ a: [String], _ b: [String]) -> [Operation] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x = Array(a[prefix..<(a.count - suffix)])
        let y = Array(b[prefix..<(b.count - suffix)])
        var middle: [Operation] = []
        if x.count * y.count > 4_000_000 {
            middle = Array(repeating: .delete, count: x.count) + Array(repeating: .insert, count: y.count)
        } else {
            // lcs[i][j]: the longest common subsequence of x[i...] and y[j...].
            var lcs = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
            for i in stride(from: x.count - 1, through: 0, by: -1) {
                for j in stride(from: y.count - 1, through: 0, by: -1) {
                    lcs[i][j] = x[i] == y[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < x.count || j < y.count {
                if i < x.count, j < y.count, x[i] == y[j] {
                    middle.append(.same)
                    i += 1
                    j += 1
                } else if j == y.count || (i < x.count && lcs[i + 1][j] >= lcs[i][j + 1]) {
                    middle.append(.delete)
                    i += 1
                } else {
                    middle.append(.insert)
                    j += 1
                }
            }
        }
        return Array(repeating: .same, count: prefix) + middle + Array(repeating: .same, count: suffix)
    }
}
