#!/usr/bin/env bash
# Writes CloudSchemaPlugins, the package whose build plugin runs the release's prebuilt `cloudschema`
# instead of compiling the tool (as SwiftLintPlugins does for SwiftLint):
#   Release/make-plugin-package.sh OUTPUT --url URL --checksum CHECKSUM   (a release: publish OUTPUT
#                                                                          as a repository of its own)
#   Release/make-plugin-package.sh OUTPUT --path BUNDLE_ZIP              (a local bundle, for tests)
# URL and CHECKSUM are the zip build-artifact-bundle.sh made and its checksum; --path copies the zip
# into OUTPUT (SwiftPM takes a binary target's path inside the package).
# A package of its own because SwiftPM downloads every binary target of every package in the graph,
# used or not (swiftlang/swift-package-manager#6656): in CloudSchema's manifest, every user would
# download it. Its plugin is CloudSchemaPlugin's source, which finds the tool by the bundle's artifact
# name, `cloudschema`; its targets have other names (CloudSchemaPrebuiltPlugin, CloudSchemaPrebuiltTool),
# since SwiftPM wants target names unique across a package graph and a user's package depends on
# both (CloudSchema for CloudSchemaRuntime, at the same version).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
usage() {
    echo "usage: Release/make-plugin-package.sh OUTPUT (--url URL --checksum CHECKSUM | --path BUNDLE_ZIP)" >&2
    exit 2
}
[ $# -ge 3 ] || usage
output=$1
case "$2" in
--url)
    if [ $# != 5 ] || [ "$4" != --checksum ]; then usage; fi
    binary=".binaryTarget(name: \"CloudSchemaPrebuiltTool\", url: \"$3\", checksum: \"$5\")"
    ;;
--path)
    if [ $# != 3 ] || [ ! -f "$3" ]; then usage; fi
    mkdir -p "$output"
    cp "$3" "$output/cloudschema.artifactbundle.zip"
    binary='.binaryTarget(name: "CloudSchemaPrebuiltTool", path: "cloudschema.artifactbundle.zip")'
    ;;
*) usage ;;
esac
mkdir -p "$output/Plugins/CloudSchemaPrebuiltPlugin"
cp "$root/Plugins/CloudSchemaPlugin/CloudSchemaPlugin.swift" "$output/Plugins/CloudSchemaPrebuiltPlugin/"
cat > "$output/Package.swift" << EOF
// swift-tools-version: 6.1
// Written by CloudSchema's Release/make-plugin-package.sh. Do not edit.
import PackageDescription

let package = Package(
    name: "CloudSchemaPlugins",
    products: [.plugin(name: "CloudSchemaPrebuiltPlugin", targets: ["CloudSchemaPrebuiltPlugin"])],
    targets: [
        // CloudSchemaPlugin, running the prebuilt tool.
        .plugin(name: "CloudSchemaPrebuiltPlugin", capability: .buildTool(), dependencies: ["CloudSchemaPrebuiltTool"]),
        $binary,
    ]
)
EOF
echo "$output/Package.swift"
