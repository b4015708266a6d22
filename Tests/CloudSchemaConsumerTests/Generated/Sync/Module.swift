// The Swift of this module is generated from Sync.cloudschema by CloudSchemaPlugin on every
// build (Package.swift: consumerCodeFromPlugin). Sync.cloudschema.swift and CloudSchema.swift beside this
// file are the golden copies the generator is compared with, excluded from the build.
