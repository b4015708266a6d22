#!/bin/sh
# Xcode Cloud runs ci_scripts/ci_pre_xcodebuild.sh before each xcodebuild action. Lint, then
# compare with the committed production export; an archive (TestFlight, App Store) also passes
# the release gate: production has every record type, field and index the schema uses.
set -eu
schema=Garden/Schema                  # the schema's folder or files, from the repository root
production=CloudKit/production.ckdb   # cktool export-schema --environment production

cloudschema=$(echo "$CI_PRIMARY_REPOSITORY_PATH"/.cloudschema/cloudschema.artifactbundle/cloudschema-*-macos/bin/cloudschema)
cd "$CI_PRIMARY_REPOSITORY_PATH"
"$cloudschema" lint "$schema"
if [ "$CI_XCODEBUILD_ACTION" = archive ]; then
    "$cloudschema" diff "$schema" --against "$production" --require-deployed
else
    "$cloudschema" diff "$schema" --against "$production"
fi
