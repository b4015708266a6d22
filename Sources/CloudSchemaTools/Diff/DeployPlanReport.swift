import CloudSchemaCore

/// Renders a `DeployPlan` as `cloudschema plan` prints it: four steps, each with what it finds
/// and the command or Console step that does it. `text` for terminals, `markdown` (a
/// checklist) for a release issue or pull request, `json` for tools.
public enum DeployPlanReport {
    /// Where the plan's inputs are, as the command line named them.
    public struct Inputs: Sendable {
        public var schema: String
        public var development: String
        public var production: String
        public var cktool: DeployCommands
        /// The cloudschema.json named with `--config`, which the export must read too.
        public var config: String?

        public init(schema: String, development: String, production: String, cktool: DeployCommands, config: String? = nil) {
            self.schema = schema
            self.development = development
            self.production = production
            self.cktool = cktool
            self.config = config
        }

        /// The schema as a `.ckdb` file for cktool, written by `cloudschema export`.
        var exportedFile: String { "schema.ckdb" }
        var exportCommand: String { "cloudschema export \(schema)\(config.map { " --config \($0)" } ?? "") --output \(exportedFile)" }
    }

    /// One step: a title, what it lists, and what to do.
    private struct Step {
        var title: String
        var items: [SchemaChange]
        var todo: [String]
        var checklist = false
    }

    private static func steps(_ plan: DeployPlan, _ inputs: Inputs) -> [Step] {
        let importing = [inputs.exportCommand, inputs.cktool.importSchema(inputs.exportedFile)]
        // Removing experiments resets development and imports the schema, which also creates what it lacks.
        let resetting = !plan.developmentExtras.isEmpty
        func them(_ items: [SchemaChange]) -> String { items.count == 1 ? "it" : "them" }
        var steps: [Step] = []
        steps.append(
            plan.developmentLacks.isEmpty
                ? Step(title: "Development (\(inputs.development)) has everything the schema uses.", items: [], todo: [])
                : Step(
                    title:
                        "Development (\(inputs.development)) lacks \(count(plan.developmentLacks.count, "change")) the schema makes; \(resetting ? "step 2's import creates" : "import the schema to create") \(them(plan.developmentLacks)) (or add \(them(plan.developmentLacks)) in the CloudKit Console, development environment, Schema):",
                    items: plan.developmentLacks, todo: resetting ? [] : importing))
        steps.append(
            plan.developmentExtras.isEmpty
                ? Step(title: "Development holds nothing the schema doesn't use.", items: [], todo: [])
                : Step(
                    title:
                        "Development holds \(count(plan.developmentExtras.count, "change")) the schema doesn't make (left from experiments); Deploy Schema Changes would make \(them(plan.developmentExtras)) permanent in production. Reset development to production's schema (this deletes all development data), then import the schema:",
                    items: plan.developmentExtras, todo: [inputs.cktool.resetSchema] + importing))
        let deploys = plan.deploys
        let now = plan.developmentIsReady ? "" : " as development is now; after steps 1 and 2, export development again and rerun the plan"
        let verdict: String
        switch plan.deployment.verdict {
        case .breaking:
            verdict =
                "Production cannot take them: \(count(plan.deployment.count(.error), "breaking change")) (`cloudschema diff \(inputs.development) --against \(inputs.production)` lists them); CloudKit would reject the deploy."
        case .review: verdict = "Production can take them, with \(count(plan.deployment.count(.warning), "warning")) to review."
        case .safe, .unchanged: verdict = "Production can take them: every change is additive."
        }
        steps.append(
            deploys.isEmpty
                ? Step(
                    title: "Deploy Schema Changes has nothing to deploy: production has everything development holds.", items: [], todo: [])
                : Step(
                    title:
                        "Deploy Schema Changes (CloudKit Console, development environment) applies \(count(deploys.count, "change")) to production (development minus production\(now)). \(verdict)",
                    items: deploys, todo: [], checklist: true))
        steps.append(
            Step(
                title: "After deploying, export production's schema and commit it:", items: [],
                todo: [inputs.cktool.exportSchema(.production, to: inputs.production)]))
        return steps
    }

    private static func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    private static func place(_ change: SchemaChange) -> String {
        change.location.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
    }

    // MARK: Text

    public static func text(_ plan: DeployPlan, _ inputs: Inputs) -> String {
        var out = "Deploy plan for \(inputs.schema) (development: \(inputs.development), production: \(inputs.production))\n"
        for (number, step) in steps(plan, inputs).enumerated() {
            out += "\n\(number + 1). \(step.title)\n"
            for change in step.items { out += "  \(step.checklist ? "[ ] " : "")\(place(change))\(change.message)\n" }
            for command in step.todo { out += "  $ \(command)\n" }
        }
        return DiagnosticRenderer.visible(out, keepingLineBreaks: true)
    }

    // MARK: Markdown

    public static func markdown(_ plan: DeployPlan, _ inputs: Inputs) -> String {
        var out = "### CloudSchema deploy plan for `\(inputs.schema)`\n\n"
        out += "Development: `\(inputs.development)`, production: `\(inputs.production)`.\n\n"
        for (number, step) in steps(plan, inputs).enumerated() {
            out += "#### \(number + 1). \(DiffReport.inline(step.title))\n\n"
            for change in step.items {
                let location = change.location.map { " (`\($0.file):\($0.start.line)`)" } ?? ""
                out += "- \(step.checklist ? "[ ] " : "")\(DiffReport.inline(change.message))\(location)\n"
            }
            if !step.items.isEmpty { out += "\n" }
            if !step.todo.isEmpty { out += "```sh\n\(step.todo.joined(separator: "\n"))\n```\n\n" }
        }
        out +=
            "<sub>Generated by `cloudschema plan --development \(inputs.development) --production \(inputs.production) --format markdown`.</sub>\n"
        return DiagnosticRenderer.visible(out, keepingLineBreaks: true)
    }

    // MARK: JSON

    public static func json(_ plan: DeployPlan, _ inputs: Inputs) -> String {
        let steps = steps(plan, inputs)
        return DiagnosticRenderer.json(
            plan.deployment.diagnostics,
            extra: [
                ("development", .string(inputs.development)), ("production", .string(inputs.production)),
                ("developmentLacks", .array(plan.developmentLacks.map(\.json))),
                ("developmentExtras", .array(plan.developmentExtras.map(\.json))),
                ("deploys", .array(plan.deploys.map(\.json))), ("deployVerdict", .string(plan.deployment.verdict.rawValue)),
                ("steps", .array(steps.map { .object([("title", .string($0.title)), ("commands", .array($0.todo.map(JSON.string)))]) })),
            ])
    }
}
