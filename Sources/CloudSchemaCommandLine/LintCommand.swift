import CloudSchemaCore
import Foundation

package enum LintCommand {
    package static let spec = CommandSpec(
        name: "lint",
        abstract: "Check schemas for syntax errors and CloudKit sync mistakes.",
        positionals: "[<paths> ...]",
        positionalHelp:
            "Schema files or folders, searched recursively for *.cloudschema, *.ckdb and *.sql; - reads standard input. (default: .)",
        options: [
            .option(
                "format", value: "format", "Output format (markdown: with --list-rules only).", default: "text",
                choices: ["text", "json", "sarif", "github", "markdown"]),
            .option("config", value: "file", "A cloudschema.json to use instead of the nearest one above each input."),
            .flag("strict", "Treat warnings as failures (exit code 1)."),
            .flag(
                "fix",
                "Apply every safe fix-it (one that cannot change what is stored or deployed), then lint again and print what is left."
            ),
            .flag("dry-run", "With --fix: print the changes as a unified diff and write nothing."),
            .option(
                "baseline", value: "file",
                "Report only findings this baseline file does not hold (instead of cloudschema.json's lint.baseline); entries no longer found are BASELINE_STALE infos."
            ),
            .option("write-baseline", value: "file", "Record every lint finding in this baseline file, then report what it cannot hold."),
            .option(
                "stamp", value: "file",
                "For build plugins: when lint passes write this file, a Swift comment (remove it when lint fails); Swift files that declare no @Model class and no migration pass."
            ),
            .flag(
                "list-rules", "List every configurable rule (lint and breaking-change) with its ID, category, default severity and summary."
            ),
            .flag("all", "With --list-rules: every diagnostic ID, including those always on, with its kind."),
            .assumeFilename,
        ],
        examples: [
            "cloudschema lint Schemas",
            "cloudschema lint Sources/App/Garden.cloudschema --format json",
            "cloudschema lint --format sarif > cloudschema.sarif",
            "cloudschema lint --fix --dry-run Schemas",
            "cloudschema lint --write-baseline cloudschema-baseline.json Schemas",
            "cloudschema lint --list-rules --format markdown",
            "cloudschema lint --list-rules --all",
            "cat Garden.cloudschema | cloudschema lint - --assume-filename Schemas/Garden.cloudschema",
        ],
        discussion: """
            Exit codes: 0 clean (warnings allowed unless --strict), 1 errors found, 2 usage, config or I/O error.
            Configure rules in cloudschema.json ({"lint": {"use", "except", "severity", "ignore"}}, and the same keys
            under "breaking" for 'cloudschema diff'); silence one
            finding with '// cloudschema:ignore RULE_ID reason' on the line before the element or at its end.
            """)

    package static func run(_ arguments: ParsedArguments) -> Int32 {
        let format = arguments.value("format") ?? "text"
        let all = arguments.flag("all")
        if arguments.flag("list-rules") {
            switch format {
            case "json": Terminal.out(DiagnosticRegistry.json(all: all))
            case "markdown": Terminal.out(DiagnosticRegistry.markdown(all: all))
            case "text": Terminal.out(DiagnosticRegistry.textList(all: all))
            default:
                Terminal.err("error: --list-rules supports --format text, json or markdown\n")
                return 2
            }
            return 0
        }
        if all {
            Terminal.err("error: --all is for --list-rules\nUsage: \(spec.usage)\n")
            return 2
        }
        if format == "markdown" {
            Terminal.err("error: --format markdown is for --list-rules; use text, json, sarif or github for findings\n")
            return 2
        }
        if arguments.flag("dry-run") && !arguments.flag("fix") {
            Terminal.err("error: --dry-run is for --fix\nUsage: \(spec.usage)\n")
            return 2
        }
        if arguments.value("baseline") != nil && arguments.value("write-baseline") != nil {
            Terminal.err("error: use --baseline or --write-baseline, not both\nUsage: \(spec.usage)\n")
            return 2
        }
        if arguments.flag("fix") && arguments.positionals.contains("-") {
            Terminal.err("error: --fix rewrites files; it cannot fix standard input\nUsage: \(spec.usage)\n")
            return 2
        }
        let status = lint(arguments, format: format)
        guard let stamp = arguments.value("stamp") else { return status }
        // A build command's declared output: its date tells the build system the inputs passed.
        // Swift, because SwiftPM compiles a plugin's .swift outputs and makes any other file a resource.
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: stamp)
            return status
        }
        do throws(FileWriter.Failure) {
            try FileWriter.write(Array("// cloudschema lint passed\n".utf8), to: stamp)
        } catch {
            Terminal.err("error: \(error)\n")
            return 2
        }
        return 0
    }

    private static func lint(_ arguments: ParsedArguments, format: String) -> Int32 {
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        // Configuration first (--config for every file, else the nearest cloudschema.json per
        // file): it may name the schema the Swift files' CloudKit calls are checked against, read
        // beside the inputs, where only its syntax errors are this run's (linting it is its own).
        // --baseline's file replaces the baselines the configs name; none when writing one.
        let inputs = SchemaLoader.findFiles(paths).files.map { $0 == SchemaLoader.standardInput ? arguments.standardInputName : $0 }
        let writeBaseline = arguments.value("write-baseline")
        var configurations = ConfigurationSet(
            files: inputs, explicitPath: arguments.value("config"), readingBaselines: writeBaseline == nil)
        var problems = configurations.diagnostics
        if let path = arguments.value("baseline") {
            let (baseline, baselineProblems) = Baseline.read(path)
            problems += baselineProblems
            configurations.useBaseline(baseline)
        } else if writeBaseline != nil {
            configurations.useBaseline(nil)
        }
        if !problems.isEmpty {
            emit(problems.sorted(), format: format, sources: sourcesIncludingConfigs(SourceStore(), problems))
            return 2
        }
        let schemas = configurations.schemas
        var loaded = SchemaLoader.load(
            paths: paths, standardInputName: arguments.standardInputName, schemas: schemas, exportsAreVersions: true)
        func lintAll() -> [Diagnostic] {
            Linter.lint(loaded, configuration: configurations.configuration(for:)).filter { diagnostic in
                !(LintRegistry.rule(diagnostic.id) != nil && schemas.contains { $0.path == diagnostic.range?.file })
            }
        }
        var diagnostics = lintAll()
        if let path = writeBaseline {
            let baseline = Baseline(path: path, findings: diagnostics)
            do throws(FileWriter.Failure) {
                try baseline.write()
            } catch {
                Terminal.err("cloudschema: error: \(error) [\(DiagnosticID.outputUnwritable)]\n")
                return 2
            }
            let count = baseline.counts.values.reduce(0, +)
            Terminal.err("\(path): recorded \(count) finding\(count == 1 ? "" : "s")\n")
            diagnostics.removeAll(where: Baseline.canHold)
        }
        var unwritable = false
        if arguments.flag("fix") {
            let changed = fix(diagnostics, in: loaded, dryRun: arguments.flag("dry-run"), unwritable: &unwritable)
            if changed && !arguments.flag("dry-run") {
                loaded = SchemaLoader.load(
                    paths: paths, standardInputName: arguments.standardInputName, schemas: schemas, exportsAreVersions: true)
                diagnostics = lintAll()
            }
            reportUnsafe(diagnostics)
        }
        // The build plugin lints every Swift target it is applied to; most declare no models. One
        // with CloudKit calls and no schema passes too, told once where the first call is.
        if arguments.value("stamp") != nil, let nothing = loaded.nothingDeclared {
            diagnostics.removeAll { $0 == nothing }
            let code = loaded.appCode
            if let first = code.recordTypeUses.first?.range ?? code.fieldAccesses.first?.key.range ?? code.queries.first?.recordType.range {
                diagnostics.append(
                    Diagnostic(
                        .inputNotChecked, .info,
                        "the CloudKit calls of this target are not checked: there is no schema to check them against; name one with \"schema\" in cloudschema.json",
                        at: first))
            }
            // A Core Data app's synced model is its `.xcdatamodeld`, which nothing here reads.
            if let container = code.coreDataContainer {
                diagnostics.append(
                    Diagnostic(
                        .inputNotChecked, .info,
                        "the Core Data model this target syncs through NSPersistentCloudKitContainer is not checked: cloudschema reads SwiftData models, not .xcdatamodeld files",
                        at: container))
            }
        }
        // A dry run's standard output is the diff alone, so it can be piped to `patch` or `git apply`.
        if arguments.flag("dry-run") {
            if !diagnostics.isEmpty { Terminal.err(DiagnosticRenderer.summary(diagnostics) + "\n") }
        } else {
            emit(diagnostics, format: format, sources: sourcesIncludingConfigs(loaded.sources, diagnostics))
        }
        if unwritable || diagnostics.contains(where: { $0.id == .inputUnreadable }) { return 2 }
        if diagnostics.hasErrors { return 1 }
        if arguments.flag("strict") && diagnostics.contains(where: { $0.severity == .warning }) { return 1 }
        return 0
    }

    /// Applies the safe fix-its file by file (or prints them as a diff) and reports each one on
    /// standard error; returns whether a file changed. A file whose result would have more
    /// syntax or resolution errors than it has now is left as it is.
    private static func fix(_ diagnostics: [Diagnostic], in loaded: LoadedSchema, dryRun: Bool, unwritable: inout Bool) -> Bool {
        var changed = false
        var report = ""
        let byFile = Dictionary(grouping: diagnostics.filter { $0.fixIts.contains(where: \.isSafe) }) { $0.range?.file ?? "" }
        for (file, found) in byFile.sorted(by: { $0.key < $1.key }) {
            guard let bytes = loaded.sources.bytes(of: file) else { continue }
            let result = FixApplier.apply(found, to: bytes, file: file)
            guard result.bytes != bytes else { continue }
            let name = DiagnosticRenderer.visible(file)
            guard FixApplier.reads(result.bytes, asWellAs: bytes, file: file) else {
                report += "\(name): error: the fixes would leave it unreadable, so it is left as it is (please report this)\n"
                unwritable = true
                continue
            }
            if dryRun {
                Terminal.out(UnifiedDiff.diff(bytes, result.bytes, path: name.hasPrefix("./") ? String(name.dropFirst(2)) : name))
            } else {
                do throws(FileWriter.Failure) {
                    try FileWriter.write(result.bytes, to: file)
                } catch {
                    report += "cloudschema: error: \(error); it is left as it was [\(DiagnosticID.outputUnwritable)]\n"
                    unwritable = true
                    continue
                }
                changed = true
            }
            for diagnostic in result.applied {
                let line = diagnostic.range.map { ":\($0.start.line)" } ?? ""
                let fixIt = diagnostic.fixIts.first { $0.isSafe }?.message ?? ""
                report += "\(name)\(line): \(dryRun ? "would fix" : "fixed"): \(fixIt) [\(diagnostic.id)]\n"
            }
            for diagnostic in result.overlapping {
                let line = diagnostic.range.map { ":\($0.start.line)" } ?? ""
                report += "\(name)\(line): not fixed: it overlaps another fix; run --fix again [\(diagnostic.id)]\n"
            }
        }
        Terminal.err(report)
        return changed
    }

    /// Fix-its `--fix` never applies, said once each so the user can decide.
    private static func reportUnsafe(_ diagnostics: [Diagnostic]) {
        var report = ""
        for diagnostic in diagnostics {
            let place = (diagnostic.range.map { "\(DiagnosticRenderer.visible($0.file)):\($0.start.line): " } ?? "")
            for fixIt in diagnostic.fixIts where !fixIt.isSafe {
                report += "\(place)not applied, it would change what is stored or deployed: \(fixIt.message) [\(diagnostic.id)]\n"
            }
        }
        Terminal.err(report)
    }

    package static func emit(_ diagnostics: [Diagnostic], format: String, sources: SourceStore) {
        switch format {
        case "json":
            Terminal.out(DiagnosticRenderer.json(diagnostics))
        case "sarif":
            Terminal.out(
                DiagnosticRenderer.sarif(
                    diagnostics, rules: DiagnosticRegistry.lintMetadata, sources: sources, toolVersion: CloudSchemaVersion.current,
                    paths: .current()))
        case "github":
            Terminal.out(DiagnosticRenderer.github(diagnostics))
        default:
            Terminal.out(DiagnosticRenderer.text(diagnostics, sources: sources, color: Terminal.stdoutSupportsColor))
            if !diagnostics.isEmpty { Terminal.err(DiagnosticRenderer.summary(diagnostics) + "\n") }
        }
    }

    /// Adds the config and baseline files' text so text output can quote the offending line.
    private static func sourcesIncludingConfigs(_ sources: SourceStore, _ diagnostics: [Diagnostic]) -> SourceStore {
        var store = sources
        for file in Set(diagnostics.compactMap(\.range?.file)) where store.bytes(of: file) == nil {
            if let data = FileManager.default.contents(atPath: file) { store.add(file, [UInt8](data)) }
        }
        return store
    }
}
