#!/usr/bin/env bash
# End to end, as a user adopts CloudSchema: a package made outside this one from the README's
# Package.swift (its URL dependency swapped for a path one, the only change) applies
# CloudSchemaPlugin to a target, builds, and tests the generated type; a lint error fails the
# build on the schema line; a no-op rebuild does not run the generator; and the command plugin
# lints, checks formatting, exports and generates, keeping its stdout clean, processing every
# target and refusing to generate into a target that generates on every build; on targets with
# SwiftData models or SQLiteData migrations and no schema, the plugin lints the Swift at its lines,
# and on an app target whose cloudschema.json names a .ckdb, its CloudKit calls against it.
#   Tests/EndToEnd/run.sh            (run by .ci/run; takes a few minutes)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tool="$root/.build/debug/cloudschema"   # for reference output; .ci/run has built it
[ -x "$tool" ] || (cd "$root" && swift build --product cloudschema)
# CLOUDSCHEMA_E2E_DIR=folder keeps the package there for a look afterwards.
if [ -n "${CLOUDSCHEMA_E2E_DIR:-}" ]; then work=$CLOUDSCHEMA_E2E_DIR; rm -rf "$work"; mkdir -p "$work"
else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
app="$work/GardenApp"
mkdir -p "$app/Sources/Garden" "$app/Tests/GardenTests"

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

# The README's Package.swift, exactly, but for the dependency: a path to this checkout under the
# folder name CloudSchema, the identity the README's URL gives it.
ln -s "$root" "$work/CloudSchema"
awk '/^## Use it in a package/ { inside = 1 } inside && /^```swift$/ { code = 1; next } code && /^```$/ { exit } code' \
    "$root/README.md" > "$work/Package.readme.swift"
readme_dependency='.package(url: "https://github.com/<owner>/CloudSchema.git", from: "0.1.0")'
grep -qF "$readme_dependency" "$work/Package.readme.swift" || fail "README.md has no Package.swift with $readme_dependency"
awk -v from="$readme_dependency" -v to=".package(path: \"$work/CloudSchema\")" \
    '{ at = index($0, from); if (at) $0 = substr($0, 1, at - 1) to substr($0, at + length(from)); print }' \
    "$work/Package.readme.swift" > "$app/Package.swift"
cat "$app/Package.swift"

cat > "$app/Sources/Garden/Garden.cloudschema" <<'SCHEMA'
/// Beds and plants live in one shareable zone.
zone GardenBeds @shareable

record Bed in GardenBeds {
    name: String @queryable
}

/// A plant in a bed.
record Plant in GardenBeds {
    name: String @queryable @sortable
    notes: String? @encrypted
    bed: Reference<Bed> @parent @deleteSelf
    status: PlantStatus = .growing
}

enum PlantStatus: String {
    growing
    harvested = "done"
}
SCHEMA

printf '{"generate": {"access": "public"}}\n' > "$app/Sources/Garden/cloudschema.json"

cat > "$app/Sources/Garden/Planting.swift" <<'SWIFT'
import CloudSchemaRuntime

/// App code next to the schema, using the generated types.
public func plant(_ name: String, in bed: Bed) -> Plant {
    Plant(recordID: RecordID(recordName: name), name: name, notes: nil, bed: Reference(bed), status: .growing)
}
SWIFT

cat > "$app/Tests/GardenTests/GardenTests.swift" <<'SWIFT'
import CloudSchemaRuntime
import Garden
import Testing

@Test func aPlantRoundTripsThroughARecord() throws {
    let bed = Reference<Bed>(recordID: RecordID(recordName: "bed-1"))
    let plant = Plant(recordID: RecordID(recordName: "p-1"), name: "Basil", notes: "sunny", bed: bed, status: .harvested)
    let record = InMemoryRecord(recordType: Plant.recordType, recordID: plant.recordID)
    plant.encode(to: record)
    #expect(record[encryptedField: "notes"] == .string("sunny"))
    #expect(record[field: "notes"] == nil)
    #expect(record[field: "status"] == .string("done"))
    let decoded = try Plant(record: record)
    #expect(decoded.name == "Basil" && decoded.notes == "sunny" && decoded.status == .harvested)
}
SWIFT

cd "$app"
step "swift build: the plugin generates Swift from Garden.cloudschema"
swift build 2>&1 | tee "$work/build1.log"
grep -q "CloudSchema: generating Swift for Garden from Garden.cloudschema" "$work/build1.log" || fail "the generator did not run"

step "swift build with nothing changed does not run the generator"
# On Linux, SwiftPM relinks host tools once more on the first build after a clean one
# ("Wrapping AST ... Linking cloudschema-build-tool"); the tool is an input of the generator's
# command, so that build may regenerate (writing nothing). Every build after it is a no-op.
swift build > "$work/build2.log" 2>&1 || { cat "$work/build2.log"; fail "second build"; }
swift build 2>&1 | tee "$work/build3.log"
if grep -q "CloudSchema: generating" "$work/build3.log"; then fail "the generator ran on a no-op build"; fi

step "swift test: the generated type works"
swift test 2>&1 | tee "$work/test.log"

step "a schema file over 16 KiB is generated in parts, and the build compiles each"
# 30 record types of 20 fields, about 19 KiB: Catalog.cloudschema.swift has Item0-14,
# Catalog.cloudschema.2.swift Item15-29; app code uses a type from each.
{
    printf 'zone Catalog\n'
    for i in $(seq 0 29); do
        printf '\nrecord Item%d in Catalog {\n' "$i"
        for f in $(seq 0 19); do printf '    field%d: String? @queryable\n' "$f"; done
        printf '}\n'
    done
} > Sources/Garden/Catalog.cloudschema
printf 'public let catalogRecordTypes = [Item0.recordType, Item29.recordType]\n' > Sources/Garden/Catalog.swift
swift build > "$work/build-parts.log" 2>&1 || { cat "$work/build-parts.log"; fail "the build with a schema in parts"; }
grep -q "generating Swift for Garden from Catalog.cloudschema, Garden.cloudschema" "$work/build-parts.log" || fail "the generator did not run"
parts=$(find .build/plugins/outputs -name 'Catalog.cloudschema*.swift' -path '*CloudSchemaPlugin*' | sed 's|.*/||' | sort | tr '\n' ' ')
[ "$parts" = "Catalog.cloudschema.2.swift Catalog.cloudschema.swift " ] || fail "the parts are: $parts"
rm Sources/Garden/Catalog.cloudschema Sources/Garden/Catalog.swift

step "a lint error fails the build with its file:line:col"
cp Sources/Garden/Garden.cloudschema "$work/Garden.cloudschema.good"
sed -i.bak 's/    notes: String? @encrypted/    notes: String? @encrypted @queryable/' Sources/Garden/Garden.cloudschema
rm -f Sources/Garden/Garden.cloudschema.bak
if swift build > "$work/build4.log" 2>&1; then cat "$work/build4.log"; fail "the build succeeded despite a lint error"; fi
cat "$work/build4.log"
grep -Eq "Garden\.cloudschema:11:31: error: .*\[ENCRYPTED_INDEXED\]" "$work/build4.log" || fail "no file:line:col error in the build output"

step "a baseline named in cloudschema.json holds that error for the build plugin; a new one still fails"
cp Sources/Garden/cloudschema.json "$work/cloudschema.json.good"
"$tool" lint --write-baseline cloudschema-baseline.json Sources/Garden/Garden.cloudschema
printf '{"generate": {"access": "public"}, "lint": {"baseline": "../../cloudschema-baseline.json"}}\n' > Sources/Garden/cloudschema.json
swift build > "$work/build-baseline.log" 2>&1 || { cat "$work/build-baseline.log"; fail "the build failed on a finding the baseline holds"; }
sed -i.bak 's/    notes: String? @encrypted @queryable/    notes: String? @encrypted @queryable @sortable/' Sources/Garden/Garden.cloudschema
rm -f Sources/Garden/Garden.cloudschema.bak
if swift build > "$work/build-baseline2.log" 2>&1; then cat "$work/build-baseline2.log"; fail "the build succeeded despite a new lint error"; fi
grep -Eq "Garden\.cloudschema:11:42: error: .*sortable.*\[ENCRYPTED_INDEXED\]" "$work/build-baseline2.log" || { cat "$work/build-baseline2.log"; fail "no error for the new finding"; }
cp "$work/cloudschema.json.good" Sources/Garden/cloudschema.json
rm cloudschema-baseline.json
cp "$work/Garden.cloudschema.good" Sources/Garden/Garden.cloudschema

step "committed generated code in a target with the build plugin fails the build, saying why"
"$tool" generate Sources/Garden/Garden.cloudschema --output Sources/Garden/Generated
if swift build > "$work/build5.log" 2>&1; then cat "$work/build5.log"; fail "the build succeeded with two copies of the generated code"; fi
cat "$work/build5.log"
grep -q "has the name of a file CloudSchemaPlugin generates on every build" "$work/build5.log" || fail "no explanation of the conflict"
rm -rf Sources/Garden/Generated

step "swift package cloudschema lint"
swift package cloudschema lint
step "swift package cloudschema format --check"
swift package cloudschema format --check

step "the command plugin's stdout is the tool's stdout: lint --format json, export --format ckdb"
swift package cloudschema lint --format json > "$work/lint.json" 2> "$work/lint.err" || { cat "$work/lint.err"; fail "lint --format json"; }
"$tool" lint Sources/Garden/Garden.cloudschema --format json > "$work/lint.expected.json" || true
cmp "$work/lint.json" "$work/lint.expected.json" || { cat "$work/lint.json"; fail "stdout is not exactly the tool's JSON"; }
swift package cloudschema export --format ckdb > "$work/export.ckdb" 2> "$work/export.err" || { cat "$work/export.err"; fail "export"; }
"$tool" export Sources/Garden/Garden.cloudschema --format ckdb > "$work/export.expected.ckdb"
cmp "$work/export.ckdb" "$work/export.expected.ckdb" || { cat "$work/export.ckdb"; fail "stdout is not exactly the tool's .ckdb"; }
grep -q "Garden: cloudschema export" "$work/export.err" || fail "no line naming the target on stderr"

step "generate refuses to write into a target that applies the build plugin"
if swift package --allow-writing-to-package-directory cloudschema generate > "$work/generate.log" 2>&1; then
    cat "$work/generate.log"; fail "generate wrote into a target with the build plugin"
fi
cat "$work/generate.log"
grep -q "Garden: not generating into Sources/Garden/Generated: the target applies CloudSchemaPlugin" "$work/generate.log" \
    || fail "no reason given for refusing"
test ! -e Sources/Garden/Generated || fail "generate wrote Sources/Garden/Generated"

step "swift package --allow-writing-to-package-directory cloudschema generate --output Committed"
swift package --allow-writing-to-package-directory cloudschema generate --output Committed 2>&1 | tee "$work/committed.log"
test -f Committed/Garden.cloudschema.swift || fail "generate wrote no Committed/Garden.cloudschema.swift"
test -f Committed/CloudSchema.swift || fail "generate wrote no Committed/CloudSchema.swift"
if grep -q "allow-writing-to-package-directory" "$work/committed.log"; then fail "a permission note although the flag was given"; fi

step "swift package --allow-writing-to-package-directory cloudschema format --in-place"
printf 'record   Extra  in GardenBeds {\n  title : String\n}\n' >> Sources/Garden/Garden.cloudschema
swift package --allow-writing-to-package-directory cloudschema format --in-place 2>&1 | tee "$work/format.log"
grep -q "^record Extra in GardenBeds {" Sources/Garden/Garden.cloudschema || fail "format --in-place did not rewrite the schema"
if grep -q "allow-writing-to-package-directory" "$work/format.log"; then fail "a permission note although the flag was given"; fi
swift package cloudschema format --check

step "every target runs, and the plugin exits with the worst status"
# A second target, first in the manifest, without the build plugin, whose schema has a lint error.
mkdir -p Sources/Notes
printf 'zone Z\nrecord Note in Z {\n    secret: String @encrypted @queryable\n}\n' > Sources/Notes/Notes.cloudschema
printf 'public let notesVersion = 1\n' > Sources/Notes/Notes.swift
awk '{ print } /^    targets: \[$/ { print "        .target(name: \"Notes\")," }' Package.swift > Package.swift.new
mv Package.swift.new Package.swift
if swift package cloudschema lint > "$work/lint2.log" 2>&1; then cat "$work/lint2.log"; fail "lint passed with a lint error"; fi
cat "$work/lint2.log"
grep -q "Garden: cloudschema lint" "$work/lint2.log" || fail "Garden was not linted after Notes failed"
grep -q "cloudschema lint exited with status 1 (Notes: 1)" "$work/lint2.log" || fail "no status line"
if swift package --allow-writing-to-package-directory cloudschema generate > "$work/generate2.log" 2>&1; then
    cat "$work/generate2.log"; fail "generate passed with a lint error and a refused target"
fi
cat "$work/generate2.log"
grep -q "cloudschema generate exited with status 2 (Notes: 1, Garden: 2)" "$work/generate2.log" || fail "2 is not the worst status"
if swift package cloudschema export --format ckdb > "$work/export2.ckdb" 2> "$work/export2.err"; then fail "export of two schemas into one file"; fi
grep -q "choose one with --target NAME" "$work/export2.err" || { cat "$work/export2.err"; fail "no advice to choose a target"; }

step "the build plugin on Swift targets without schemas: SwiftData models and SQLiteData migrations"
# The same package, two more targets with the plugin: one with @Model classes, one with migrations,
# each behind canImport so Linux compiles an empty module. Their lint errors fail the build at the
# Swift line (Store's SyncEngine call says "beds" syncs, and Models' entitlements enable CloudKit;
# without them they would be warnings); they generate nothing; a no-op build does not run the lint.
mkdir -p Sources/Models Sources/Store
cat > Sources/Models/Models.entitlements <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>com.apple.developer.icloud-services</key><array><string>CloudKit</string></array></dict></plist>
PLIST
cat > Sources/Models/Models.swift <<'SWIFT'
#if canImport(SwiftData)
import SwiftData

@Model final class Bed {
    var name: String = ""
    @Relationship(deleteRule: .cascade, inverse: \Plant.bed) var plants: [Plant]? = []
    init() {}
}

@Model final class Plant {
    var name: String = ""
    var bed: Bed
    init(bed: Bed) { self.bed = bed }
}
#endif
SWIFT
cat > Sources/Store/Migrations.swift <<'SWIFT'
#if canImport(SQLiteData)
import SQLiteData

func migrate(_ database: any DatabaseWriter) throws {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create beds") { db in
        try #sql("""
            CREATE TABLE "beds" (
              "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
              "name" TEXT NOT NULL ON CONFLICT REPLACE UNIQUE DEFAULT ''
            ) STRICT
            """)
        .execute(db)
    }
    try migrator.migrate(database)
}

func startSync(_ database: any DatabaseWriter) throws -> SyncEngine {
    try SyncEngine(for: database, tables: Bed.self)
}
#endif
SWIFT
awk '{ print } /^    targets: \[$/ {
    print "        .target(name: \"Models\", plugins: [.plugin(name: \"CloudSchemaPlugin\", package: \"CloudSchema\")]),"
    print "        .target(name: \"Store\", plugins: [.plugin(name: \"CloudSchemaPlugin\", package: \"CloudSchema\")]),"
}' Package.swift > Package.swift.new
mv Package.swift.new Package.swift
# One target per build: the build stops at the first failing command.
if swift build --target Models > "$work/swift1.log" 2>&1; then cat "$work/swift1.log"; fail "Models built despite a lint error"; fi
cat "$work/swift1.log"
grep -Eq "Models\.swift:12:14: error: .*\[MODEL_RELATIONSHIP_OPTIONAL\]" "$work/swift1.log" || fail "no Models.swift:12:14 error"
if swift build --target Store > "$work/swift1.log" 2>&1; then cat "$work/swift1.log"; fail "Store built despite a lint error"; fi
cat "$work/swift1.log"
grep -Eq "Migrations\.swift:10:56: error: .*\[SQL_UNIQUE\]" "$work/swift1.log" || fail "no Migrations.swift:10:56 error"
sed -i.bak 's/    var bed: Bed$/    var bed: Bed?/; s/    init(bed: Bed)/    init(bed: Bed?)/' Sources/Models/Models.swift
sed -i.bak 's/ REPLACE UNIQUE DEFAULT / REPLACE DEFAULT /' Sources/Store/Migrations.swift
rm -f Sources/Models/Models.swift.bak Sources/Store/Migrations.swift.bak
swift build 2>&1 | tee "$work/swift2.log"
grep -q "CloudSchema: linting SwiftData models, SQLiteData migrations and CloudKit calls in Models (1 Swift file)" "$work/swift2.log" || fail "the lint did not run on Models"
grep -q "CloudSchema: linting SwiftData models, SQLiteData migrations and CloudKit calls in Store (1 Swift file)" "$work/swift2.log" || fail "the lint did not run on Store"
stamps=$(find .build/plugins -name CloudSchemaLintStamp.swift | sort)
[ "$(printf '%s\n' "$stamps" | grep -c .)" = 2 ] || fail "not one lint stamp for each of Models and Store: $stamps"
# The stamp, a comment, is all the plugin adds to the target: no generated code, no resources.
if find .build/plugins -path '*/Models/*' -name '*.swift' ! -name CloudSchemaLintStamp.swift | grep -q .; then fail "the plugin generated Swift for Models"; fi
if find .build -name '*Models.resources' -o -name '*Models.bundle' | grep -q .; then fail "Models has a resource bundle"; fi
swift build > "$work/swift3.log" 2>&1 || { cat "$work/swift3.log"; fail "build after the lint passed"; }  # see the host-tool note above
touch "$work/before-no-op"
swift build 2>&1 | tee "$work/swift4.log"
if grep -q "CloudSchema: linting" "$work/swift4.log"; then fail "the lint ran on a no-op build"; fi
if [ -n "$(find $stamps -newer "$work/before-no-op")" ]; then fail "a stamp was written on a no-op build"; fi

step "the build plugin on an app target: CloudKit calls checked against the .ckdb cloudschema.json names"
# A target with hand-written CKRecord code and no schema of its own: its cloudschema.json names the
# production export, and a misspelled key fails the build at its Swift line until it is corrected.
mkdir -p Sources/Sync CloudKit
cat > CloudKit/production.ckdb <<'CKDB'
DEFINE SCHEMA

    RECORD TYPE Contact (
        "___createTime" TIMESTAMP,
        "___createdBy"  REFERENCE,
        "___etag"       STRING,
        "___modTime"    TIMESTAMP,
        "___modifiedBy" REFERENCE,
        "___recordID"   REFERENCE QUERYABLE,
        name            ENCRYPTED STRING,
        visits          INT64 QUERYABLE,
        GRANT WRITE TO "_creator",
        GRANT CREATE TO "_icloud",
        GRANT READ TO "_world"
    );
CKDB
printf '{"schema": "../../CloudKit/production.ckdb"}\n' > Sources/Sync/cloudschema.json
cat > Sources/Sync/Sync.swift <<'SWIFT'
#if canImport(CloudKit)
import CloudKit

extension CKRecord.FieldKey {
    static let contact_name = "name"
}

func makeContact(named name: String) -> CKRecord {
    let record = CKRecord(recordType: "Contact")
    record.encryptedValues[.contact_name] = name
    record["vists"] = 1
    return record
}
#endif
SWIFT
awk '{ print } /^    targets: \[$/ {
    print "        .target(name: \"Sync\", plugins: [.plugin(name: \"CloudSchemaPlugin\", package: \"CloudSchema\")]),"
}' Package.swift > Package.swift.new
mv Package.swift.new Package.swift
if swift build --target Sync > "$work/sync1.log" 2>&1; then cat "$work/sync1.log"; fail "Sync built despite a misspelled key"; fi
cat "$work/sync1.log"
grep -Eq "Sync\.swift:11:12: error: no field 'vists' in record type 'Contact'; did you mean 'visits'\? \[APPCODE_UNKNOWN_KEY\]" "$work/sync1.log" \
    || fail "no Sync.swift:11:12 APPCODE_UNKNOWN_KEY error"
sed -i.bak 's/record\["vists"\]/record["visits"]/' Sources/Sync/Sync.swift && rm -f Sources/Sync/Sync.swift.bak
swift build --target Sync > "$work/sync2.log" 2>&1 || { cat "$work/sync2.log"; fail "Sync did not build once the key was corrected"; }
grep -q "CloudSchema: linting SwiftData models, SQLiteData migrations and CloudKit calls in Sync (1 Swift file)" "$work/sync2.log" || fail "the lint did not run on Sync"

printf '\nend-to-end: 1 passed, 0 failed\n'
