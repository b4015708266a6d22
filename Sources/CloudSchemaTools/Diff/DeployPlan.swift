import CloudSchemaCore

/// What it takes to release a schema through CloudKit's two environments, from the schema and
/// both environments' exports (ckdb-language 3.1, 4.1):
///
/// - cktool imports a schema file only to development ("This applies a file-based schema
///   definition against the development database"); production refuses it.
/// - Production is promoted only from the CloudKit Console: "Deploy Schema Changes" merges
///   development's additive changes (record types, fields, indexes, roles) into production, so
///   whatever development holds, experiments included, becomes permanent there.
/// - `cktool reset-schema` "Resets the development environment schema of the container to match
///   the production environment schema ... and deletes all data in the development environment".
public struct DeployPlan: Hashable, Sendable {
    /// What the schema uses that development lacks, at the schema's lines.
    public var developmentLacks: [SchemaChange]
    /// What development holds that neither the schema nor production has (left from
    /// experiments), which deploying would make permanent, at the development export's lines.
    public var developmentExtras: [SchemaChange]
    /// Development against production: what "Deploy Schema Changes" applies, and whether
    /// production can take it (the breaking-change rules).
    public var deployment: SchemaDiff
    /// The schema's container, if it declares one (for the cktool commands).
    public var container: String?

    /// The changes "Deploy Schema Changes" applies to production: development minus production.
    public var deploys: [SchemaChange] { DeploymentGap(deployment).missing }

    /// Development already matches the schema: what it deploys is what the release needs.
    public var developmentIsReady: Bool { developmentLacks.isEmpty && developmentExtras.isEmpty }

    public init(schema: Schema, development: Schema, production: Schema) {
        developmentLacks = DeploymentGap(SchemaComparison.compare(deployed: development, current: schema)).missing
        // What production holds already is permanent (a record-name index a `.cloudschema` cannot state).
        func key(_ change: SchemaChange) -> String { "\(change.kind) \(change.subject.displayName) \(change.after ?? "")" }
        let inProduction = Set(DeploymentGap(SchemaComparison.compare(deployed: schema, current: production)).missing.map(key))
        developmentExtras = DeploymentGap(SchemaComparison.compare(deployed: schema, current: development)).missing
            .filter { !inProduction.contains(key($0)) }
        deployment = SchemaComparison.compare(deployed: production, current: development)
        container = schema.container?.identifier
    }
}

/// The cktool commands a plan shows, with CKTool's arguments; unknown team and container ids
/// are shown as `TEAM_ID` and `CONTAINER_ID`.
public struct DeployCommands: Hashable, Sendable {
    public var teamID: String
    public var containerID: String

    public init(teamID: String?, containerID: String?) {
        self.teamID = teamID ?? "TEAM_ID"
        self.containerID = containerID ?? "CONTAINER_ID"
    }

    private func target(_ environment: CKTool.Environment) -> CKTool.Target {
        CKTool.Target(teamID: teamID, containerID: containerID, environment: environment)
    }

    /// cktool imports into development only ("Using cktool").
    public func importSchema(_ file: String) -> String { CKTool.commandLine(CKTool.importSchema(target(.development), file: file)) }

    public var resetSchema: String { CKTool.commandLine(CKTool.resetSchema(teamID: teamID, containerID: containerID)) }

    public func exportSchema(_ environment: CKTool.Environment, to file: String) -> String {
        CKTool.commandLine(CKTool.exportSchema(target(environment), outputFile: file))
    }
}
