// The built-in code templates: every `*.template` file in this folder.
//
// They are the generator's only source of output text. At build time the
// `EmbedTemplates` plugin (Plugins/EmbedTemplates) compiles each one into this
// module as a string, `EmbeddedTemplates.all["Header.swift.template"]`, which
// `TemplateLibrary.builtIn` in CloudSchemaCore serves by file name. A user's
// `--templates DIR` replaces any of them by putting a file of the same name there.
//
// This file exists because a SwiftPM target needs one Swift source; being a
// target is what makes SwiftPM rebuild when a template is added or removed.
