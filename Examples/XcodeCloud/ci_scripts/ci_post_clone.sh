#!/bin/sh
# Xcode Cloud runs ci_scripts/ci_post_clone.sh after cloning, from the ci_scripts folder
# (next to the .xcodeproj). Copy it there, set the three release values below, `chmod +x` it.
set -eu

# Xcode asks once, in its UI, before running a package's build plugin; Xcode Cloud has no UI, so
# the build stops at "must be enabled before it can be used". This default answers for it.
# The key is spelled as Xcode spells it: Validatation.
defaults write com.apple.dt.Xcode IDESkipPackagePluginFingerprintValidatation -bool YES

# The released tool for ci_pre_xcodebuild.sh: the artifact bundle's universal macOS binary,
# checked against the checksum the release prints (Release/build-artifact-bundle.sh).
version=0.1.0
bundle="https://github.com/<owner>/CloudSchema/releases/download/$version/cloudschema.artifactbundle.zip"
checksum="<the release's checksum>"

tools="$CI_PRIMARY_REPOSITORY_PATH/.cloudschema"
mkdir -p "$tools"
curl --fail --silent --show-error --location --retry 3 --output "$tools/bundle.zip" "$bundle"
echo "$checksum  $tools/bundle.zip" | shasum -a 256 -c -
unzip -q -o "$tools/bundle.zip" -d "$tools"
"$tools/cloudschema.artifactbundle/cloudschema-$version-macos/bin/cloudschema" --version
