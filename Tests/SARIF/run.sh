#!/usr/bin/env bash
# Validates `cloudschema lint --format sarif` against the SARIF 2.1.0 JSON schema (OASIS, errata 01:
# sarif-schema-2.1.0.json, vendored from oasis-tcs/sarif-spec sarif-2.1/schema/ at commit
# a560296ca8c921f3bdb8d4a8db57ab83dae968a7), for a relative input, an absolute input inside the
# repository and one outside it. SARIFTests asserts what code scanning reads beyond the schema.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install --quiet 'jsonschema==4.26.0'
bin="$(swift build --show-bin-path)/cloudschema"
outside=$(mktemp -d)
trap 'rm -rf "$outside"' EXIT
cp Schemas/Mistakes/Mistakes.cloudschema "$outside/"
for input in Schemas/Mistakes "$root/Schemas/Mistakes" "$outside"; do
    "$bin" lint --format sarif "$input" > "$outside/log.sarif" || [ $? -eq 1 ]  # Mistakes has errors: exit 1
    python3 - Tests/SARIF/sarif-schema-2.1.0.json "$outside/log.sarif" "$input" <<'PY'
import json, sys
import jsonschema
schema, log = (json.load(open(path, encoding="utf-8")) for path in sys.argv[1:3])
jsonschema.Draft4Validator(schema).validate(log)
results = log["runs"][0]["results"]
assert results, "no results"
print(f"sarif: {sys.argv[3]}: valid SARIF 2.1.0, {len(results)} results")
PY
done
