#!/usr/bin/env bash
# The Action's checks, from its inputs ($PATHS, $CHECKS, $PRODUCTION, $BASE, $SKIP_LABEL):
#   lint          annotations (--format github) and SARIF for code scanning
#   diff          against $PRODUCTION and against git:$BASE: annotations, and the Markdown report
#   release-gate  the diff against $PRODUCTION with --require-deployed
# then Action/report.py posts the report and says whether the checks pass. This step never fails
# itself, so the SARIF upload after it still runs: its outputs are `sarif` and `status`.
set -uo pipefail  # bash 3.2 too (macOS): an empty array is expanded as ${a[@]+"${a[@]}"}
out="$RUNNER_TEMP/cloudschema-report"
mkdir -p "$out"
read -r -d '' -a schemas <<< "$PATHS"
read -r -d '' -a names <<< "${CHECKS//,/ }"  # spaces, commas or lines
on_schemas() { cloudschema "$1" ${schemas[@]+"${schemas[@]}"} "${@:2}"; }  # SUBCOMMAND [OPTIONS...]
has() { [[ " ${names[*]-} " == *" $1 "* ]]; }
fail() {
    echo "::error title=cloudschema::$1"
    echo "status=1" >> "$GITHUB_OUTPUT"
    exit 0
}
for check in ${names[@]+"${names[@]}"}; do
    case "$check" in lint | diff | release-gate) ;; *) fail "unknown check '$check' in checks: use lint, diff or release-gate" ;; esac
done
if has release-gate && [ -z "$PRODUCTION" ]; then fail "release-gate needs production: a committed production export (.ckdb)"; fi
if has diff && [ -z "$PRODUCTION" ] && [ -z "$BASE" ]; then
    fail "diff needs production (a .ckdb) or base (a git revision; the default is the pull request's base)"
fi

lint_status=0
if has lint; then
    on_schemas lint --format github || lint_status=$?
    on_schemas lint --format sarif > "$out/lint.sarif"
    echo "sarif=$out/lint.sarif" >> "$GITHUB_OUTPUT"
fi

diffs=()
compare() { # NAME ARGUMENTS...: one diff, as annotations, Markdown and JSON
    on_schemas diff "${@:2}" --format github
    on_schemas diff "${@:2}" --format markdown > "$out/$1.md"
    on_schemas diff "${@:2}" --format json > "$out/$1.json"
    diffs+=(--diff "$out/$1")
}
if [ -n "$PRODUCTION" ] && { has diff || has release-gate; }; then
    gate=()
    if has release-gate; then gate=(--require-deployed); fi
    compare production --against "$PRODUCTION" ${gate[@]+"${gate[@]}"}
fi
if [ -n "$BASE" ] && has diff; then
    # A shallow checkout lacks the base; fetch it (a checkout with fetch-depth: 0 has it).
    git cat-file -e "$BASE^{commit}" 2> /dev/null || git fetch --quiet --no-tags --depth=1 origin "$BASE"
    compare base --against "git:$BASE"
fi

status=0
python3 "$GITHUB_ACTION_PATH/Action/report.py" ${diffs[@]+"${diffs[@]}"} --lint-status "$lint_status" --skip-label "$SKIP_LABEL" || status=$?
echo "status=$status" >> "$GITHUB_OUTPUT"
