/// `// cloudschema:ignore RULE_ID [reason]` comments: on the line before a declaration or
/// member (doc comments and other comments may come between), or at the end of its line.
/// A suppression silences the rule inside that element (for a declaration, its members too).
package struct Suppression: Sendable {
    var rule: DiagnosticID
    /// The comment, where unused or invalid suppressions are reported.
    var comment: SourceRange
    /// What it covers: the element's range, or the target line when no element starts there.
    var scope: Scope
    var used = false

    enum Scope: Sendable {
        case element(SourceRange)
        case line(file: String, line: Int)
    }

    package static let prefix = "cloudschema:ignore"

    func covers(_ range: SourceRange) -> Bool {
        switch scope {
        case .element(let element):
            element.file == range.file && element.start.offset <= range.start.offset
                && range.start.offset <= element.end.offset
        case .line(let file, let line):
            file == range.file && range.start.line == line
        }
    }
}

enum SuppressionRules {
    static let all: [LintRule] = [unused, invalid]

    static let unused = LintRule(
        "SUPPRESSION_UNUSED", .suppressions, .warning,
        summary: "A // cloudschema:ignore comment that silences nothing",
        explanation: """
            A suppression that no longer matches a finding (the mistake was fixed, the comment sits on the wrong \
            line, or it names another rule) hides nothing today but would hide a future finding silently.
            """,
        fix: """
            remove the comment (the fix-it does), or move it to the line before the declaration or member \
            the finding is on.
            """,
        check: nil)

    static let invalid = LintRule(
        "SUPPRESSION_INVALID", .suppressions, .warning,
        summary: "A // cloudschema:ignore comment without a known, configurable rule ID",
        explanation: """
            A suppression names exactly one lint rule: // cloudschema:ignore RULE_ID [reason]. Syntax and \
            resolution errors cannot be suppressed.
            """,
        fix: """
            correct the rule ID ('cloudschema lint --list-rules' \
            lists them), and write one comment per rule.
            """,
        check: nil)

    /// A `// cloudschema:ignore ...` comment (well-formed or not).
    static func isSuppression(_ comment: Comment) -> Bool {
        comment.kind == .line && comment.body.hasPrefix(Suppression.prefix)
    }

    /// Reads every suppression comment of the files; malformed ones become diagnostics.
    static func collect(_ files: [SourceFileOutline]) -> ([Suppression], [Diagnostic]) {
        var suppressions: [Suppression] = []
        var problems: [Diagnostic] = []
        for file in files {
            let candidates = file.comments.filter(isSuppression)
            guard !candidates.isEmpty else { continue }
            let elements = file.elementRanges
            var starting: [Int: SourceRange] = [:]
            var ending: [Int: SourceRange] = [:]
            func wider(_ a: SourceRange?, _ b: SourceRange) -> SourceRange {
                guard let a else { return b }
                return a.end.offset - a.start.offset >= b.end.offset - b.start.offset ? a : b
            }
            for element in elements {
                starting[element.start.line] = wider(starting[element.start.line], element)
                ending[element.end.line] = wider(ending[element.end.line], element)
            }
            let commentLines = Set(file.comments.filter { !$0.isTrailing }.map(\.range.start.line))
            for comment in candidates {
                let words = comment.body.dropFirst(Suppression.prefix.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard comment.body.dropFirst(Suppression.prefix.count).first.map({ $0 == " " || $0 == "\t" }) ?? true,
                    let word = words.first
                else {
                    problems.append(
                        Diagnostic(
                            invalid.id, invalid.defaultSeverity,
                            "write the rule to silence after '\(Suppression.prefix)', as in // \(Suppression.prefix) RULE_ID reason",
                            at: comment.range))
                    continue
                }
                var name = String(word)
                if name.hasSuffix(",") || name.contains(",") {
                    problems.append(
                        Diagnostic(
                            invalid.id, invalid.defaultSeverity,
                            "a suppression names one rule; write one '// \(Suppression.prefix)' comment per rule", at: comment.range))
                    name = String(name.split(separator: ",").first ?? "")
                }
                let id = DiagnosticID(name)
                if DiagnosticID.frontEnd.contains(id) {
                    problems.append(
                        Diagnostic(
                            invalid.id, invalid.defaultSeverity,
                            "\(id) is a syntax or resolution error and cannot be suppressed; fix the schema", at: comment.range))
                    continue
                }
                if let rule = DiagnosticRegistry.rule(id), rule.kind != .lint {
                    problems.append(
                        Diagnostic(
                            invalid.id, invalid.defaultSeverity,
                            "\(id) is not a lint rule, so a suppression comment cannot silence it\(rule.kind == .breaking ? "; configure it under 'breaking' in cloudschema.json" : "")",
                            at: comment.range))
                    continue
                }
                guard LintRegistry.rule(id) != nil else {
                    problems.append(
                        Diagnostic(
                            invalid.id, invalid.defaultSeverity,
                            "unknown rule '\(name)' in suppression\(Spelling.hint(Spelling.closest(to: name, among: LintRegistry.rules.map(\.id.rawValue))))",
                            at: comment.range))
                    continue
                }
                let line = comment.range.start.line
                let scope: Suppression.Scope
                if comment.isTrailing {
                    if let element = ending[line] ?? starting[line] {
                        scope = .element(element)
                    } else {
                        scope = .line(file: file.path, line: line)
                    }
                } else {
                    var target = line + 1
                    while commentLines.contains(target), starting[target] == nil { target += 1 }
                    scope = starting[target].map { .element($0) } ?? .line(file: file.path, line: target)
                }
                suppressions.append(Suppression(rule: id, comment: comment.range, scope: scope))
            }
        }
        return (suppressions, problems)
    }
}
