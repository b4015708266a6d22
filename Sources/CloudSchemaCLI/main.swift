import CloudSchemaCommandLine
import Foundation

/// Every subcommand, in the order `--help` lists them.
let commands: [Command] = [
    Command(spec: LintCommand.spec, run: LintCommand.run),
    Command(spec: DiffCommand.spec, run: DiffCommand.run),
    Command(spec: PlanCommand.spec, run: PlanCommand.run),
    Command(spec: ImportCommand.spec, run: ImportCommand.run),
    Command(spec: ExportCommand.spec, run: ExportCommand.run),
    Command(spec: PullCommand.spec, run: PullCommand.run),
    Command(spec: PushCommand.spec, run: PushCommand.run),
    Command(spec: GenerateCommand.spec, run: GenerateCommand.run),
    Command(spec: ExplainCommand.spec, run: ExplainCommand.run),
    Command(spec: ExplainErrorCommand.spec, run: ExplainErrorCommand.run),
    Command(spec: FormatCommand.spec, run: FormatCommand.run),
    Command(spec: GraphCommand.spec, run: GraphCommand.run),
    Command(spec: LSPCommand.spec, run: LSPCommand.run, showsProgress: false),
]

exit(CommandLineTool.run(commands))
