#!/usr/bin/env bash
# Real-world files, which this repository does not hold (their licenses are unknown).
#
# .ckdb files (../shared/corpus/ckdb and ckdb-more): the CKDB tests run over them as they run over
# Tests/Fixtures/ckdb. Every file must parse without errors or warnings and match a naive reading of it; export, export → parse, import → export
# and export → import → export must give the file's export back; the import must resolve, lint
# without findings caused by the import, and be formatted; diff of the file against itself and
# against its import must find nothing; cktool exports must come back byte for byte. The Swift
# generated from each must compile in Swift 6 mode without a warning.
#
# SwiftData models and SQLiteData migrations (../shared/corpus/swiftdata, sqlitedata): each app is
# linted as the build plugin lints a target, and must give what Tests/Corpus/apps.txt says a
# careful reading finds (CorpusAppTests); the "not checked" count per app is printed.
#
#   Tests/Corpus/run.sh                        the shared corpus, ../shared/corpus (.ci/run)
#   Tests/Corpus/run.sh [--export] PATH...     other files or folders of *.ckdb; --export marks
#                                              the path after it as a cktool export
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
files=""
exports=""

# The shared corpus's cktool exports, found by name: ckdb/'s README says which; in ckdb-more/, the
# files with cktool's exact layout and a Users type that round-trip byte for byte.
known_exports=" alan9259__keel__schema.ckdb hnaht95__Pay__schema.ckdb FreeScoopDev__Wockett__schema.ckdb
    Tom4259__SwiftUIFeatureBugReport__Schema.ckdb pagoda8__Walking-Buddy__cloudkit-schema.ckdb
    robbiet480__Dispatch__schema.ckdb
    AlexW00__hibi__schema.ckdb chriswa__opProxy__schema.ckdb gomez1112__MoodMargins__CloudKitSchema.ckdb
    iosipratama__bitcoin-tracker-ios__CloudKitSchema.ckdb jestatsio__reolens__schema.ckdb
    kirillginko__indigo__CloudKitSchema.production.ckdb ngs__tides-swift__schema.ckdb
    pvillareal__gutenberg-rdf-parser__schema.ckdb wpowiertowski__healthloom.app__schema.ckdb
    zhong228__MoYue__cloudkit.ckdb "

add() {  # add PATH IS_EXPORT
    if [ -d "$1" ]; then
        for file in "$1"/*.ckdb; do [ -e "$file" ] && add "$file" "$2"; done
    elif [ -f "$1" ]; then
        local path
        path="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
        files+="$path"$'\n'
        case "$known_exports" in *[[:space:]]"$(basename "$1")"[[:space:]]*) exports+="$path"$'\n' ;; *)
            if [ "$2" = yes ]; then exports+="$path"$'\n'; fi ;;
        esac
    else
        echo "run.sh: no such file or folder: $1" >&2
        exit 2
    fi
}

apps=no
if [ $# -eq 0 ]; then
    add "$root/../shared/corpus/ckdb" no
    if [ -d "$root/../shared/corpus/ckdb-more" ]; then add "$root/../shared/corpus/ckdb-more" no; fi
    if [ -d "$root/../shared/corpus/swiftdata" ]; then apps=yes; fi
fi
while [ $# -gt 0 ]; do
    if [ "$1" = --export ]; then add "$2" yes; shift 2; else add "$1" no; shift; fi
done

count=$(printf '%s' "$files" | grep -c . || true)
exported=$(printf '%s' "$exports" | grep -c . || true)
echo "== checking $count .ckdb files ($exported cktool exports) besides the fixtures"
cd "$root"
CLOUDSCHEMA_CKDB_FILES="$files" CLOUDSCHEMA_CKDB_EXPORTS="$exports" \
    swift test --filter 'CKDBCorpusTests|CKDBImportLintTests|FormatCKDBImportTests'

# Generated code is product code: each .ckdb's Swift, generated with public access, must compile in
# Swift 6 mode without a warning against the runtime (one module per file: their record types share names).
echo "== generating Swift from each of the $count .ckdb files and compiling it (Swift 6, warnings as errors)"
bin=$(swift build --show-bin-path)
swift build --product cloudschema >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
while IFS= read -r file; do
    [ -n "$file" ] || continue
    out="$work/$(basename "$file" .ckdb)"
    mkdir -p "$out/obj"
    if ! "$bin/cloudschema" generate "$file" --output "$out/gen" --access public >"$out/generate.log" 2>&1 ||
        ! (cd "$out/obj" && swiftc -c -swift-version 6 -parse-as-library -warnings-as-errors -module-name Generated \
            -I "$bin/Modules" "$out"/gen/*.swift) >"$out/compile.log" 2>&1; then
        echo "run.sh: the Swift generated from $file does not compile cleanly:" >&2
        cat "$out/generate.log" "$out/compile.log" >&2 2>/dev/null || true
        failed=1
    fi
done <<<"$files"
if [ "$failed" = 1 ]; then exit 1; fi

if [ "$apps" = yes ]; then
    echo "== linting the apps in ../shared/corpus/swiftdata and sqlitedata as the build plugin does"
    CLOUDSCHEMA_CORPUS_APPS="$root/../shared/corpus" swift test --filter CorpusAppTests
fi
