/// The IDs no configuration can change: the front end's (`.cloudschema` and `.ckdb`), and
/// problems with input, output and config files. All are errors but NAME_CASE_COLLISION and
/// CKDB_HASH_COMMENT (warnings) and CKDB_CORE_DATA_MIRROR and BASELINE_STALE (information).
public enum AlwaysOnRules {
    public static let all: [DiagnosticRule] = [
        DiagnosticRule(
            .syntaxError, .syntax, .syntax, .error,
            summary: "The text is not valid .cloudschema syntax",
            explanation: """
                The parser expected something else at this place (the message says what). It recovers at the end \
                of the member or at the next declaration, so one run reports every independent error, and one \
                mistake one error. .ckdb files report this ID too when they break the CloudKit Schema Language grammar.
                """,
            fix: "write what the message expects at the caret; language.md (or Apple's schema grammar, for .ckdb) has the syntax."),
        DiagnosticRule(
            .nameDuplicate, .resolve, .syntax, .error,
            summary: "Two declarations or members with one name (also across files, and through @name)",
            explanation: """
                Every record type, model, enum, zone, role and key-value store has one name in the schema, and \
                every field, case or key one name in its declaration; names are compared after @name, so two \
                Swift names mapped to one CloudKit name collide too.
                """,
            fix: "rename one of them (the note shows the first), or merge the two declarations."),
        DiagnosticRule(
            .nameCaseCollision, .resolve, .syntax, .warning,
            summary: "Two names that differ only in letter case",
            explanation: """
                CloudKit compares names case-sensitively, so both are valid, but people and case-insensitive \
                tools confuse them; whether every CloudKit tool keeps them apart is not documented.
                """,
            fix: "rename one of them so the names differ by more than case."),
        DiagnosticRule(
            .typeUnknown, .resolve, .syntax, .error,
            summary: "A type name that is neither built in nor declared",
            explanation:
                "The type is not one of the language's built-in types, nor a record type, model or enum declared in any input file.",
            fix: "correct the spelling (the message suggests the closest name), or declare the type."),
        DiagnosticRule(
            .typeMisplaced, .resolve, .syntax, .error,
            summary: "A known type where it cannot be used (a model in a record, Asset in a model, [String?])",
            explanation: """
                Record fields hold CloudKit field types and References, models hold SwiftData attribute types and \
                relationships to models, key-value keys hold property-list values; lists cannot hold optionals.
                """,
            fix: "use a type that fits where it is written (the message names the kinds allowed there)."),
        DiagnosticRule(
            .referenceTargetUnknown, .resolve, .syntax, .error,
            summary: "Reference<T> where T is not a record type",
            explanation: "A CloudKit reference points at a record, so its target must be a record type declared in the schema.",
            fix: "name a record type as T, or declare it."),
        DiagnosticRule(
            .defaultTypeMismatch, .resolve, .syntax, .error,
            summary: "A default value that does not match the field's type",
            explanation:
                "Generated code initialises the property with the default, so the value must be of the field's type (a case of an enum field's enum).",
            fix: "write a default of the field's type, or remove it."),
        DiagnosticRule(
            .subscriptionPredicateInvalid, .resolve, .syntax, .error,
            summary: "A subscription predicate a typed query could not build: an unknown field or method, or a value of the wrong type",
            explanation: """
                A subscription's predicate is written like a typed query (`tags.contains("herb") && name.beginsWith("N")`): \
                each condition names a field of the record type and an operator its type has (==, !=, <, <=, >, >=, \
                in, beginsWith on strings, contains on lists, between on strings, numbers and dates, \
                textSearch.contains), with literal values of the field's type. Which indexes each operator needs is \
                the lint rule SUBSCRIPTION_PREDICATE_INDEX.
                """,
            fix: "name a field of the record type, an operator its type has, and a literal of its type (the message lists them)."),
        DiagnosticRule(
            .listNested, .resolve, .syntax, .error,
            summary: "A list of lists",
            explanation: "CloudKit's LIST<T> holds single values; the schema language has no nested lists.",
            fix: "store the inner lists as records (a Reference to a record type holding one list), or flatten them."),
        DiagnosticRule(
            .attributeUnknown, .resolve, .syntax, .error,
            summary: "An attribute the language does not define",
            explanation: "Attributes change what is stored and generated, so an unknown one is an error rather than ignored.",
            fix: "correct the spelling (the message suggests the closest attribute), or remove it."),
        DiagnosticRule(
            .attributeMisplaced, .resolve, .syntax, .error,
            summary: "An attribute where it does not apply (e.g. @deleteSelf on a String)",
            explanation:
                "Each attribute applies to some declarations and types only: @deleteSelf to references, @unique to model attributes, indexes to record fields.",
            fix: "remove the attribute, or move it to a declaration it applies to."),
        DiagnosticRule(
            .attributeArgumentInvalid, .resolve, .syntax, .error,
            summary: "An attribute with a missing, extra or wrong argument",
            explanation:
                "An attribute's arguments are part of its meaning (@merge(strategy), @inverse(member), @name(\"key\")), so they are checked like types.",
            fix: "write the arguments the message lists."),
        DiagnosticRule(
            .zoneUnknown, .resolve, .syntax, .error,
            summary: "'in Zone' naming an undeclared zone",
            explanation: "A record type placed in a custom zone needs that zone declared, so the zone's database and sharing are known.",
            fix: "declare the zone, or correct its name."),
        DiagnosticRule(
            .roleUnknown, .resolve, .syntax, .error,
            summary: "A grant to an undeclared role",
            explanation: "A grant goes to world, icloud, creator or a role declared with `role Name` (CloudKit CREATE ROLE).",
            fix: "declare the role, or correct its name."),
        DiagnosticRule(
            .enumEmpty, .resolve, .syntax, .error,
            summary: "An enum with no cases",
            explanation: "A field of an enum with no cases could never hold a value, and generated code could not decode one.",
            fix: "add the cases, or remove the enum."),
        DiagnosticRule(
            .enumRawValueDuplicate, .resolve, .syntax, .error,
            summary: "Two enum cases with one raw value",
            explanation: "Records store the raw value, so two cases with one raw value cannot be told apart when read back.",
            fix: "give each case its own raw value."),
        DiagnosticRule(
            .enumRawValueInvalid, .resolve, .syntax, .error,
            summary: "An Int64 enum case without a raw value, or a raw value of the wrong kind",
            explanation: "Int64 enums store explicit numbers, so every case needs one; String enums store strings.",
            fix: "write a raw value of the enum's raw type for every case (`case done = 2`)."),
        DiagnosticRule(
            .ckdbNotASchema, .ckdb, .syntax, .error,
            summary: "A file read as .ckdb that is not a CloudKit schema at all (for example Swift source)",
            explanation: "A CloudKit Schema Language file starts with DEFINE SCHEMA, as `cktool export-schema` writes it.",
            fix: "rename the file if it is not a schema, or replace it with the output of 'cktool export-schema'."),
        DiagnosticRule(
            .ckdbHashComment, .ckdb, .syntax, .warning,
            summary: "'#' comment lines in a .ckdb file, which Apple's grammar does not have",
            explanation: """
                The CloudKit Schema Language has three comment forms, // and -- to the end of the line and /* */ \
                ("Integrating a Text-Based Schema into Your Workflow"). Lines starting with '#' are read as comments \
                so the rest of the file is checked, but whether cktool accepts them is not documented (one public \
                schema with a '#' header says it is imported with cktool), so this is a warning, once per file.
                """,
            fix: "start those lines with // instead of #."),
        DiagnosticRule(
            .ckdbCoreDataMirror, .ckdb, .syntax, .info,
            summary: "A .ckdb record type that Core Data / SwiftData mirroring owns: CD_<Entity>, or CDMR for many-to-many relationships",
            explanation: """
                NSPersistentCloudKitContainer prefixes the record types and fields it mirrors with CD_, and stores \
                many-to-many relationships as CDMR records (CD_entityNames, CD_recordNames, CD_relationships) \
                ("Reading CloudKit Records for Core Data"); it creates and changes them itself, so they are read as \
                they are.
                """,
            fix: "nothing to do; declare the entity as a model to generate SwiftData code for it."),
        DiagnosticRule(
            .swiftUnreadable, .input, .syntax, .warning,
            summary:
                "A part of a SwiftData @Model class, or of SQLiteData's SyncEngine(for:tables:privateTables:) call, the Swift reader cannot read; it is left out, not guessed",
            explanation: """
                CloudSchema reads the Swift models are written in: stored properties (any initial value is a default \
                the compiler checked), @Attribute, @Relationship, @Transient, #Unique, the enums, Codable types and \
                typealiases of the files read, and Foundation's scalars and Codable values. What the files read cannot \
                tell is one warning per cause, left out of lint, diff and export, never guessed: a type no file read \
                declares (a Codable value is CD_<name> BYTES plus CD_<name>_ckAsset ASSET: pookjw/OpenCloudData \
                OCCloudKitSerializer.m), .transformable, a type-inferred value that does not name its type; a model \
                with an unterminated literal is left out whole. SyncEngine(for:tables:privateTables:) is read as \
                'Type.self' arguments named by @Table("name"); a call it cannot read, or two naming different tables, \
                leaves the synced tables to cloudschema.json's "sqlitedata" section, or every table.
                """,
            fix: "do what the message says (read the declaring file too, write the type, tables as Type.self); it cannot be suppressed."
        ),
        DiagnosticRule(
            .entitlementsUnreadable, .input, .files, .warning,
            summary: "An .entitlements file that is not a property list: whether .automatic SwiftData stores sync is unknown",
            explanation: """
                A SwiftData store with cloudKitDatabase .automatic (the default) uses the first CloudKit container of \
                the app's entitlements (sync-compat-rules.md §1.1), enabled by "CloudKit" in the \
                com.apple.developer.icloud-services array (Apple, "iCloud Services Entitlement"). .entitlements files \
                among the inputs are read for that alone; one that is not a property list leaves it unknown, so the \
                models of .automatic stores are checked against the mirroring rules with their errors as warnings, \
                as without any entitlements file.
                """,
            fix: "save the file as the XML property list Xcode writes, or leave it out of the inputs."),
        DiagnosticRule(
            .inputUnreadable, .input, .files, .error,
            summary: "A file or folder that cannot be read, or no schema files found",
            explanation:
                "The path does not exist or cannot be read (permissions, a broken link), the file is not UTF-8 text (UTF-16 or UTF-32, or binary with NUL bytes), a folder holds no *.cloudschema, *.ckdb, *.sql or *.swift file, or the Swift files read declare no SwiftData @Model class and no SQLiteData migration.",
            fix: "check the path and its permissions, or pass the folder that holds the schema files."),
        DiagnosticRule(
            .inputNotChecked, .input, .files, .info,
            summary:
                "Input that is not checked: Swift files beside a schema, a .sql file that is PostgreSQL, a second export's record types, CloudKit calls without a schema",
            explanation: """
                A folder with schema files (*.cloudschema, *.ckdb, *.sql) is read as its schema files, so the Swift \
                cloudschema generated beside them is not read twice; the app's own Swift files there (those without \
                cloudschema's "// Generated by cloudschema" header) are counted in one info instead. A .sql file with \
                statements only PostgreSQL has (CREATE EXTENSION, CREATE POLICY, CREATE FUNCTION, ROW LEVEL SECURITY, \
                $$ bodies) is not a SQLiteData migration, which is SQLite, and is not read as one. Two .ckdb files of \
                which one lists CloudKit's Users type, as every cktool export-schema file does, describe one container \
                twice (a production export beside the development schema): lint reads the record types both declare \
                from the first file only. The build plugin says once when a target's CloudKit calls have no schema; \
                CloudKit calls on record types that only SwiftData or SQLiteData mirrors were read for (no .cloudschema \
                or .ckdb file lists the container's types) are counted in one info at the first.
                """,
            fix:
                "name the Swift folders or files beside the schema (cloudschema lint schema.ckdb App/); leave a server's SQL out; lint a second export on its own and compare it with diff --against; name a schema in cloudschema.json."
        ),
        DiagnosticRule(
            .outputUnwritable, .output, .files, .error,
            summary: "A file that cannot be written (read-only, or refused by its folder or disk); it is left as it was",
            explanation:
                "Files are written through a temporary file renamed over the original (or, for hard-linked files, in place with the old bytes put back on failure), so a failed write leaves the old file as it was; read-only files are never written.",
            fix: "make the file and its folder writable, or free disk space, and run the command again."),
        DiagnosticRule(
            .outputNameClash, .generate, .files, .error,
            summary: "Two schema files would generate Swift files of one name; nothing is generated",
            explanation: """
                generate writes one Swift file per schema file, named after the whole file name (Garden.cloudschema -> \
                Garden.cloudschema.swift), plus CloudSchema.swift. Swift needs file names unique within a module, and \
                macOS file systems compare names case-insensitively, so two inputs whose names differ only in folder or \
                case, or an input named CloudSchema, would overwrite each other.
                """,
            fix: "rename one of the schema files."),
        DiagnosticRule(
            .templateInvalid, .generate, .files, .error,
            summary: "A template that does not parse or render; nothing is written for it",
            explanation: """
                Templates (the built-ins, or overrides from --templates or generate.templates in cloudschema.json) are \
                parsed before they render, and an unknown variable, member, filter or include is an error at its \
                line and column rather than empty output. A templates folder that cannot be read is this error too.
                """,
            fix: "correct the template at the line and column shown (the message names what is wrong), or remove the override."),
        DiagnosticRule(
            .configInvalid, .config, .files, .error,
            summary: "cloudschema.json is not valid JSON or has an unknown key, rule or value",
            explanation: """
                Config files are checked strictly, so a misspelt key or rule ID cannot silently leave a rule on or \
                off. The diagnostic points at the key or value.
                """,
            fix:
                "correct the key, rule ID or value (the message suggests the closest name); 'cloudschema lint --list-rules' lists the rules."
        ),
        DiagnosticRule(
            .baselineStale, .config, .files, .info,
            summary: "A baseline entry whose finding is no longer found",
            explanation: """
                lint --baseline (or "baseline" in cloudschema.json's "lint") hides the findings a baseline file \
                recorded, by rule, file and element. An entry no finding matches any more (the mistake was fixed, \
                or the element renamed or removed) would hide a future finding of that rule there, so it is reported, \
                located at the entry, when its file was linted.
                """,
            fix: "remove the entry (or lower its count), or run 'cloudschema lint --write-baseline FILE' again to rewrite the baseline."),
        DiagnosticRule(
            .graphFocusUnknown, .input, .files, .error,
            summary: "graph --focus names no declaration of the schema",
            explanation: """
                --focus draws the named record types, models, enums or key-value stores and their direct \
                neighbours, so a name the schema does not declare would silently draw nothing.
                """,
            fix: "correct the name (the message suggests the closest one) or pass the folder that declares it."),
        DiagnosticRule(
            .cktoolEnvironmentUnknown, .input, .files, .error,
            summary: "pull --environment names neither development nor production",
            explanation: """
                cktool's schema commands take --environment development | production (cktool(1)); any other value \
                would be refused by cktool after a round trip, so it is refused before cktool runs.
                """,
            fix: "pass --environment development or --environment production."),
        DiagnosticRule(
            .containerMissing, .input, .files, .error,
            summary: "pull or push without --container-id, and the schema read declares no container",
            explanation: """
                cktool needs the container identifier (--container-id, cktool(1)); pull and push take it from the \
                schema's `container "iCloud.…"` declaration. .ckdb files, SwiftData models and SQL migrations \
                cannot declare one.
                """,
            fix: "add `container \"iCloud.your.app\"` to a .cloudschema file of the schema, or pass --container-id."),
        DiagnosticRule(
            .cktoolUnavailable, .input, .files, .error,
            summary: "No 'xcrun cktool' on this machine; nothing is written",
            explanation: """
                cktool is distributed with Xcode starting with Xcode 13 ("Using cktool", \
                developer.apple.com/icloud/ck-tool) and is run as 'xcrun cktool', so pull and push need a Mac with \
                Xcode 13 or later selected. The message shows the equivalent cktool command to run there.
                """,
            fix: "install Xcode 13 or later and select it (xcode-select -s), or run the command shown on a Mac."),
        DiagnosticRule(
            .cktoolFailed, .input, .files, .error,
            summary: "cktool exited with an error (validation, authentication, network); nothing is written",
            explanation: """
                cktool passes each operation to the CloudKit Management API ("Using cktool"), which checks the \
                management token and validates schemas on the server, so its errors are shown as cktool printed \
                them (standard error) and the command stops: pull writes no file, push imports nothing.
                """,
            fix: """
                read cktool's message: save a management token with 'xcrun cktool save-token --type management' \
                when it is missing or expired, or correct the schema it rejects.
                """),
        DiagnosticRule(
            .diffUnchecked, .diff, .breaking, .info,
            summary: "Kinds of change a comparison with a .ckdb could not check",
            explanation:
                "A .ckdb has no zones, enums, optionality, Swift types, models' attributes or key-value stores, so changes to them are invisible in a comparison with one.",
            fix: "compare with the deployed schema's source, --against git:REV[:PATH], to check them too."),
        DiagnosticRule(
            .diffNotDeployed, .diff, .breaking, .error,
            summary: "diff --require-deployed: the schema uses a record type, field, index, grant or role production lacks",
            explanation: """
                Production rejects what its schema lacks: "the server returns an error if you try to specify an unknown \
                record type or try to save a record that contains unknown keys" (CKRecord), and indexes "need to be \
                deployed similar to record type changes" (ckdb-language 4.1). Development creates types and fields just in \
                time, so the build works there and fails for users. The addition is safe; it is just not deployed yet.
                """,
            fix:
                "deploy the schema to production (CloudKit Console, Deploy Schema Changes; cktool imports only to development), then commit a new production export."
        ),
    ]
}
