#!/usr/bin/env bash
# End to end, as a user adopts CloudSchema: a package made outside this one depends on it
# by path, applies CloudSchemaPlugin to a target, builds, and tests the generated type;
# a lint error fails the build on the schema line; a no-op rebuild does not run the
# generator; and the command plugin lints, checks formatting and generates.
#   Tests/EndToEnd/run.sh            (run by .ci/run; takes a few minutes)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
# CLOUDSCHEMA_E2E_DIR=folder keeps the package there for a look afterwards.
if [ -n "${CLOUDSCHEMA_E2E_DIR:-}" ]; then work=$CLOUDSCHEMA_E2E_DIR; rm -rf "$work"; mkdir -p "$work"
else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
app="$work/GardenApp"
mkdir -p "$app/Sources/Garden" "$app/Tests/GardenTests"

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

cat > "$app/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "GardenApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "$root")],
    targets: [
        .target(
            name: "Garden",
            dependencies: [.product(name: "CloudSchemaRuntime", package: "$identity")],
            plugins: [.plugin(name: "CloudSchemaPlugin", package: "$identity")]),
        .testTarget(name: "GardenTests", dependencies: ["Garden"]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT

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
grep -q "CloudSchema: generating Swift from Garden.cloudschema" "$work/build1.log" || fail "the generator did not run"

step "swift build with nothing changed does not run the generator"
# On Linux, SwiftPM relinks host tools once more on the first build after a clean one
# ("Wrapping AST ... Linking cloudschema-tool"); the tool is an input of the generator's
# command, so that build may regenerate (writing nothing). Every build after it is a no-op.
swift build > "$work/build2.log" 2>&1 || { cat "$work/build2.log"; fail "second build"; }
swift build 2>&1 | tee "$work/build3.log"
if grep -q "CloudSchema: generating" "$work/build3.log"; then fail "the generator ran on a no-op build"; fi

step "swift test: the generated type works"
swift test 2>&1 | tee "$work/test.log"

step "a lint error fails the build with its file:line:col"
cp Sources/Garden/Garden.cloudschema "$work/Garden.cloudschema.good"
sed -i.bak 's/    notes: String? @encrypted/    notes: String? @encrypted @queryable/' Sources/Garden/Garden.cloudschema
rm -f Sources/Garden/Garden.cloudschema.bak
if swift build > "$work/build4.log" 2>&1; then cat "$work/build4.log"; fail "the build succeeded despite a lint error"; fi
cat "$work/build4.log"
grep -Eq "Garden\.cloudschema:11:31: error: .*\[ENCRYPTED_INDEXED\]" "$work/build4.log" || fail "no file:line:col error in the build output"
cp "$work/Garden.cloudschema.good" Sources/Garden/Garden.cloudschema

step "swift package cloudschema lint"
swift package cloudschema lint
step "swift package cloudschema format --check"
swift package cloudschema format --check
step "swift package --allow-writing-to-package-directory cloudschema generate --output Committed"
swift package --allow-writing-to-package-directory cloudschema generate --output Committed
test -f Committed/Garden.cloudschema.swift || fail "generate wrote no Committed/Garden.cloudschema.swift"
test -f Committed/CloudSchema.swift || fail "generate wrote no Committed/CloudSchema.swift"
step "swift package --allow-writing-to-package-directory cloudschema format --in-place"
printf 'record   Extra  in GardenBeds {\n  title : String\n}\n' >> Sources/Garden/Garden.cloudschema
swift package --allow-writing-to-package-directory cloudschema format --in-place
grep -q "^record Extra in GardenBeds {" Sources/Garden/Garden.cloudschema || fail "format --in-place did not rewrite the schema"
swift package cloudschema format --check

printf '\nend-to-end: 1 passed, 0 failed\n'
