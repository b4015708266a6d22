import CloudSchemaCommandLine
import Foundation

// The build plugin's tool: the two subcommands CloudSchemaPlugin runs, exactly as `cloudschema`
// runs them, without the modules only the other subcommands need (CloudSchemaTools: diff,
// format, graph, the language server), so a user's first build compiles less.
let commands = [
    Command(spec: LintCommand.spec, run: LintCommand.run),
    Command(spec: GenerateCommand.spec, run: GenerateCommand.run),
]

exit(CommandLineTool.run(commands))
