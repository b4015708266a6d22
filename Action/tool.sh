#!/usr/bin/env bash
# The Action's `cloudschema`, put at $RUNNER_TEMP/cloudschema/bin and on PATH:
#   tool.sh key     the cache key: the version and a hash of the Action's own Package.swift and Sources,
#                   and of `swift --version` (a Linux binary loads the toolchain's runtime)
#   tool.sh build   builds the Action's own source (release)
#   tool.sh bundle  downloads the artifact bundle at $BUNDLE_URL, checks $BUNDLE_CHECKSUM (SHA-256, as
#                   `swift package compute-checksum` prints it) and takes this runner's variant
#   tool.sh use     puts it on PATH, after checking $VERSION, when set, against `cloudschema --version`
set -euo pipefail
source=${GITHUB_ACTION_PATH:?}
bin="${RUNNER_TEMP:?}/cloudschema/bin"

case "$1" in
key)
    version=$(sed -n 's/.*current = "\(.*\)".*/\1/p' "$source/Sources/CloudSchemaCore/Version.swift")
    hash=$(cd "$source" && { swift --version; find Package.swift Sources -type f -print0 | LC_ALL=C sort -z | xargs -0 shasum -a 256; } | shasum -a 256 | cut -c1-16)
    echo "key=$version-$hash" >> "$GITHUB_OUTPUT"
    ;;
build)
    scratch="$RUNNER_TEMP/cloudschema-build"
    swift build -c release --product cloudschema --package-path "$source" --scratch-path "$scratch"
    mkdir -p "$bin"
    cp "$(swift build -c release --package-path "$source" --scratch-path "$scratch" --show-bin-path)/cloudschema" "$bin/"
    ;;
bundle)
    : "${BUNDLE_CHECKSUM:?bundle-checksum is required with bundle-url (swift package compute-checksum prints it)}"
    zip="$RUNNER_TEMP/cloudschema.artifactbundle.zip"
    curl --fail --silent --show-error --location --retry 3 --output "$zip" "$BUNDLE_URL"
    actual=$(shasum -a 256 "$zip" | cut -d ' ' -f 1)
    if [ "$actual" != "$BUNDLE_CHECKSUM" ]; then
        echo "::error title=cloudschema::$BUNDLE_URL has checksum $actual, not bundle-checksum $BUNDLE_CHECKSUM"
        exit 1
    fi
    unpacked="$RUNNER_TEMP/cloudschema-bundle"
    rm -rf "$unpacked" && unzip -q "$zip" -d "$unpacked"
    # The variant folders Release/build-artifact-bundle.sh writes.
    case "$RUNNER_OS/$RUNNER_ARCH" in
    Linux/X64) variant=linux-x86_64 ;;
    Linux/ARM64) variant=linux-aarch64 ;;
    macOS/*) variant=macos ;;
    *) variant=none ;;
    esac
    found=("$unpacked"/cloudschema.artifactbundle/cloudschema-*-"$variant"/bin/cloudschema)
    if [ ! -x "${found[0]}" ]; then
        echo "::error title=cloudschema::$BUNDLE_URL has no $variant variant for this $RUNNER_OS $RUNNER_ARCH runner"
        exit 1
    fi
    mkdir -p "$bin"
    cp "${found[0]}" "$bin/"
    ;;
use)
    actual=$("$bin/cloudschema" --version)
    if [ -n "${VERSION:-}" ] && [ "$actual" != "$VERSION" ]; then
        echo "::error title=cloudschema::version $VERSION was asked for; this cloudschema is $actual"
        exit 1
    fi
    echo "$bin" >> "$GITHUB_PATH"
    echo "cloudschema $actual"
    ;;
*)
    echo "usage: tool.sh key|build|bundle|use" >&2
    exit 2
    ;;
esac
