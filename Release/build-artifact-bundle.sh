#!/usr/bin/env bash
# Builds `cloudschema` for this host into a SwiftPM artifact bundle (SE-0305) and zips it:
#   Release/build-artifact-bundle.sh [OUTPUT]        (default: .build/artifactbundle)
# Linux: the Swift runtime and Foundation linked in (--static-swift-stdlib), so the binary needs only
# the C library; macOS: one universal binary (arm64 and x86_64). Run it on each into the same OUTPUT
# (copy the first's cloudschema.artifactbundle over) and the bundle holds every variant built so
# far: info.json lists the variant folders it finds. Prints OUTPUT/cloudschema.artifactbundle.zip's
# checksum (`swift package compute-checksum`), which the Action's bundle-checksum and a
# binaryTarget's checksum take (make-plugin-package.sh wraps the zip in CloudSchemaPlugins, the
# prebuilt build plugin), and writes it beside the zip.
# CONFIGURATION=debug builds faster, for a test of the packaging (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/artifactbundle}
configuration=${CONFIGURATION:-release}
version=$(sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/CloudSchemaCore/Version.swift)
bundle="$output/cloudschema.artifactbundle"

case "$(uname -s)" in
Linux)
    variant="cloudschema-$version-linux-$(uname -m)"
    # Swift 6.3's debug link of Foundation's static archives leaves these libraries' symbols
    # undefined (swiftlang/swift-package-manager#10564; release links here); named once more, they resolve.
    flags=(--static-swift-stdlib)
    for library in _FoundationCollections CoreFoundation _FoundationICU _FoundationCShims swiftSynchronization; do
        flags+=(-Xlinker "-l$library")
    done
    ;;
Darwin)
    variant="cloudschema-$version-macos"
    flags=(--arch arm64 --arch x86_64)
    ;;
*)
    echo "build-artifact-bundle.sh: builds on Linux and macOS only" >&2
    exit 2
    ;;
esac
# A scratch folder of its own: SwiftPM would keep these flags in .build's cached build manifest,
# and the next `swift test` there would link with them.
scratch=".build/artifactbundle-$configuration"
swift build -c "$configuration" --product cloudschema --scratch-path "$scratch" "${flags[@]}"
binary="$(swift build -c "$configuration" --scratch-path "$scratch" "${flags[@]}" --show-bin-path)/cloudschema"
rm -rf "${bundle:?}/$variant"
mkdir -p "$bundle/$variant/bin"
cp "$binary" "$bundle/$variant/bin/cloudschema"

# The target triples each variant folder runs on (SwiftPM matches the host's, without an OS version).
triples() {
    case "$1" in
    *-linux-x86_64) echo '"x86_64-unknown-linux-gnu"' ;;
    *-linux-aarch64) echo '"aarch64-unknown-linux-gnu"' ;;
    *-macos) echo '"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
    esac
}
variants=""
for folder in "$bundle"/cloudschema-"$version"-*/; do
    name=$(basename "$folder")
    variants+="${variants:+,
}        { \"path\": \"$name/bin/cloudschema\", \"supportedTriples\": [$(triples "$name")] }"
done
cat > "$bundle/info.json" << EOF
{
  "schemaVersion": "1.0",
  "artifacts": {
    "cloudschema": {
      "version": "$version",
      "type": "executable",
      "variants": [
$variants
      ]
    }
  }
}
EOF

zip="$output/cloudschema.artifactbundle.zip"
rm -f "$zip"
(cd "$output" && zip -q -r -y cloudschema.artifactbundle.zip cloudschema.artifactbundle)
checksum=$(swift package compute-checksum "$zip")
echo "$checksum" > "$zip.sha256"
echo "$zip $checksum"
