#!/usr/bin/env bash
# `cloudschema lsp` driven by real LSP clients: pytest-lsp (pygls and lsprotocol) and Neovim's
# built-in client (test_neovim.py), installed from PyPI at the versions requirements.txt pins
# into a venv under .build/lsp-client (kept while requirements.txt is unchanged).
#   Tests/LSPClient/run.sh [PYTEST ARGS]     (run by .ci/run after swift test; about a minute)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/Tests/LSPClient"
venv="$root/.build/lsp-client"
[ -x "$venv/bin/pytest" ] && cmp -s "$here/requirements.txt" "$venv/requirements.txt" || {
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
    cp "$here/requirements.txt" "$venv/requirements.txt"
}
export CLOUDSCHEMA="$(cd "$root" && swift build --show-bin-path)/cloudschema"
[ -x "$CLOUDSCHEMA" ] || (cd "$root" && swift build --product cloudschema)
export PYTHONDONTWRITEBYTECODE=1   # no __pycache__ in the work tree
cd "$here" && exec "$venv/bin/python" -m pytest -p no:cacheprovider -q "$@"
