// The Swift of this module is generated from Queries.cloudschema by CloudSchemaPlugin on every
// build (Package.swift: consumerCodeFromPlugin). Queries.cloudschema.swift and CloudSchema.swift beside this
// file are the golden copies the generator is compared with, excluded from the build.
