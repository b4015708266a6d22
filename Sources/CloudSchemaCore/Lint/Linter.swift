/// Runs the lint rules over a resolved schema and applies configuration and suppression
/// comments. Every rule is one linear pass over the schema; the whole run is linear in
/// its size.
public enum Linter {
    /// Why a `sqlitedata` error is a warning, and what makes it an error.
    package static let syncUnknownNote =
        "no SyncEngine(for:tables:) call read names the synced tables, nor does cloudschema.json, so it is not known that this table syncs; lint the file with the SyncEngine call in the same run, or list the synced tables in cloudschema.json's \"sqlitedata\" section, to make this an error"

    /// The raw findings of `rules` (default: every rule), before configuration and suppression,
    /// rule by rule. One walk over the record types and one over the models call every rule's
    /// check of one element (`LintRule.init` says why); then each rule's whole-schema check runs.
    /// Model rules' errors in models that may not sync are warnings (`gradeUnsureModels`).
    public static func findings(_ input: LintInput, rules: [LintRule] = LintRegistry.rules) -> [Diagnostic] {
        var reporters = rules.map { LintReporter(rule: $0.id, severity: $0.defaultSeverity) }
        // Each check is called where the rule stores it: a closure put in an array of tuples is
        // stored generically, and every call through it copied the whole LintInput.
        let recordRules = rules.indices.filter { rules[$0].eachRecordType != nil }
        if !recordRules.isEmpty {
            var position = 0
            input.schema.recordTypes.forEachInPlace { record in
                defer { position += 1 }
                for r in recordRules {
                    reporters[r].position = position
                    rules[r].eachRecordType?(input, record, &reporters[r])
                }
            }
        }
        let modelRules = rules.indices.filter { rules[$0].eachMirroredModel != nil }
        if !modelRules.isEmpty {
            var position = 0
            input.schema.models.forEachInPlace { model in
                defer { position += 1 }
                guard input.isMirrored(model.name) else { return }
                for r in modelRules {
                    reporters[r].position = position
                    rules[r].eachMirroredModel?(input, model, &reporters[r])
                }
            }
        }
        for r in rules.indices {
            rules[r].check?(input, &reporters[r])
            if rules[r].category == .models {
                ModelRules.gradeUnsureModels(input, &reporters[r])
                ModelRules.nameSyncingStores(input, &reporters[r])
            }
        }
        return reporters.flatMap(\.diagnostics)
    }

    /// Front-end diagnostics plus lint findings, each with its element, with configuration,
    /// suppressions and the configured baseline applied, sorted. `configuration(file)` gives the config that applies to a file (nil file: a
    /// finding with no location).
    public static func lint(
        _ loaded: LoadedSchema, configuration: (String?) -> LintConfiguration = { _ in .default }
    ) -> [Diagnostic] {
        guard !loaded.apps.isEmpty else { return lintApp(loaded, configuration: configuration) }
        // Each app on its own. A file of no app's folder is read with each: its findings count
        // once, as the most severe grade any app gives them (a model that syncs in one app and
        // may not in another is an error), and its suppression is unused only when it silences
        // nothing in any app.
        struct Finding: Hashable {
            var id: DiagnosticID
            var range: SourceRange?
            var message: String
        }
        var merged: [Finding: (diagnostic: Diagnostic, count: Int)] = [:]
        var readers: [String: Int] = [:]
        for app in loaded.apps {
            for diagnostic in Set(lintApp(app, configuration: configuration)) {
                let key = Finding(id: diagnostic.id, range: diagnostic.range, message: diagnostic.message)
                guard let (kept, count) = merged[key] else {
                    merged[key] = (diagnostic, 1)
                    continue
                }
                merged[key] = (Self.graver(kept, diagnostic), count + 1)
            }
            for path in app.sources.paths { readers[path, default: 0] += 1 }
        }
        // Sorted to the last tie (a range's end), so the output never depends on a dictionary's order.
        return merged.values.compactMap { finding, count in
            let isUnused = finding.id == SuppressionRules.unused.id
            return !isUnused || count == finding.range.flatMap({ readers[$0.file] }) ? finding : nil
        }.sorted { $0 < $1 || !($1 < $0) && ($0.range?.end.offset ?? -1) < ($1.range?.end.offset ?? -1) }
    }

    /// Of one finding as two apps grade it, the more severe; of two equally severe, the same one
    /// whichever app came first.
    private static func graver(_ a: Diagnostic, _ b: Diagnostic) -> Diagnostic {
        if a.severity != b.severity { return a.severity > b.severity ? a : b }
        return "\(a.notes)\(a.fixIts)" <= "\(b.notes)\(b.fixIts)" ? a : b
    }

    private static func lintApp(_ loaded: LoadedSchema, configuration: (String?) -> LintConfiguration) -> [Diagnostic] {
        var schema = loaded.schema
        schema.sqlite.adoptSyncedTables(from: configuration)
        schema.adoptLocalModels(from: configuration)
        // SQLiteData is used without CloudKit too, and the build plugin lints each target alone
        // (the SyncEngine call may be in another): when nothing read names the synced tables,
        // every table is checked, but as it may not sync, its sqlitedata errors are warnings.
        let syncUnknown = schema.sqlite.synced == nil
        let input = LintInput(schema: schema, sources: loaded.sources, appCode: loaded.appCode)
        var output = loaded.diagnostics
        if let unchecked = AppCodeRules.uncheckedRecordTypes(input),
            configuration(unchecked.range?.file).severity(of: AppCodeRules.unknownRecordType.id, in: unchecked.range?.file) != nil
        {
            output.append(unchecked)
        }
        var kept: [Diagnostic] = []
        for var diagnostic in findings(input) {
            guard let severity = configuration(diagnostic.range?.file).severity(of: diagnostic.id, in: diagnostic.range?.file)
            else { continue }
            // A rule may grade a finding itself; configuration that changes the severity wins.
            let rule = LintRegistry.rule(diagnostic.id)
            if severity != rule?.defaultSeverity {
                diagnostic.severity = severity
            } else if syncUnknown, rule?.category == .sqlitedata, diagnostic.severity == .error {
                diagnostic.severity = .warning
                diagnostic.notes.append(Diagnostic.Note(Self.syncUnknownNote, at: diagnostic.range))
            }
            // Model rules write fix-its in .cloudschema syntax (`@deleteRule(nullify)`, `= now`),
            // not Swift; SQL fix-its stay, at their place inside the Swift string literal.
            if rule?.category != .sqlitedata, diagnostic.range?.file.hasSuffix("." + SchemaLoader.swiftExtension) == true {
                diagnostic.fixIts = []
            }
            kept.append(diagnostic)
        }

        var (suppressions, problems) = SuppressionRules.collect(loaded.files)
        if !suppressions.isEmpty {
            // Suppressions by (file, rule), so matching stays near-linear. A key of two strings, not
            // one joined string: joining made a new heap string for every finding looked up.
            struct Key: Hashable {
                var file: String
                var rule: DiagnosticID
            }
            var index: [Key: [Int]] = [:]
            for (i, suppression) in suppressions.enumerated() {
                index[Key(file: suppression.comment.file, rule: suppression.rule), default: []].append(i)
            }
            kept = kept.filter { diagnostic in
                guard let range = diagnostic.range, let candidates = index[Key(file: range.file, rule: diagnostic.id)] else {
                    return true
                }
                var silenced = false
                for i in candidates where suppressions[i].covers(range) {
                    suppressions[i].used = true
                    silenced = true
                }
                return !silenced
            }
            for suppression in suppressions where !suppression.used {
                // A rule that is off here needs no suppression; the comment is not "unused" noise.
                guard configuration(suppression.comment.file).severity(of: suppression.rule, in: suppression.comment.file) != nil
                else { continue }
                problems.append(
                    Diagnostic(
                        SuppressionRules.unused.id, SuppressionRules.unused.defaultSeverity,
                        "this suppression of \(suppression.rule) silences nothing here; remove it",
                        at: suppression.comment,
                        fixIts: [Self.removeSuppression(suppression.comment, in: input)]))
            }
        }
        for var problem in problems {
            guard let severity = configuration(problem.range?.file).severity(of: problem.id, in: problem.range?.file)
            else { continue }
            problem.severity = severity
            kept.append(problem)
        }
        if !kept.isEmpty {
            let elements = SchemaElements(schema)
            for i in kept.indices { kept[i].element = elements.element(at: kept[i].range) }
        }
        output += Baseline.apply(kept, files: loaded.sources.paths, baseline: { configuration($0).baseline })
        // A helper a reader follows from two places (one SQL function two migrations call) reports
        // the same finding from each: said once.
        var seen: Set<Diagnostic> = []
        return output.sorted().filter { seen.insert($0).inserted }
    }

    /// Safe: a comment is not part of the schema, so removing it changes nothing stored or deployed.
    /// A comment alone on its line goes with its line; one after code, with the spaces before it.
    private static func removeSuppression(_ comment: SourceRange, in input: LintInput) -> Diagnostic.FixIt {
        var range = input.removal(of: comment)
        if range.start.column == 1, let bytes = input.sources?.bytes(of: comment.file), range.end.offset < bytes.count,
            bytes[range.end.offset] == UInt8(ascii: "\n")
        {
            range.end = SourcePosition(line: range.end.line + 1, column: 1, offset: range.end.offset + 1)
        }
        var fixIt = Diagnostic.FixIt.remove(range, "remove the suppression")
        fixIt.isSafe = true
        return fixIt
    }
}
