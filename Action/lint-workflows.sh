#!/usr/bin/env bash
# actionlint and zizmor (offline audits) over action.yml and every workflow README.md shows (a
# ```yaml block that starts with `name:`), in a scratch repository. For actionlint the README's
# `<owner>/CloudSchema@<commit>` is this checkout's action (`./`), so it also checks the `with:`
# against action.yml's inputs, and action.yml's steps are also a reusable workflow's job, since
# actionlint checks a local action's metadata but not its steps; for zizmor, the placeholder is a
# reference pinned by a commit, as it says. On PATH: actionlint, zizmor, shellcheck, and a python3
# with PyYAML.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.github/workflows"
cp -R action.yml Action "$work/"
awk -v dir="$work/.github/workflows" '
    /^```/ { if (open) { close(file); open = 0 } else if ($0 == "```yaml") { first = 1 }; next }
    first { first = 0; if ($0 ~ /^name:/) { file = dir "/readme-" ++count ".yml"; open = 1 } }
    open { print > file }
' README.md
workflows=("$work"/.github/workflows/*.yml)
[ -f "${workflows[0]}" ] || { echo "lint-workflows.sh: README.md shows no workflow" >&2; exit 1; }
cd "$work"
git init --quiet .  # actionlint reads a local action (`uses: ./`) only inside a repository
sed -i.bak 's|<owner>/CloudSchema@<commit>|./|' .github/workflows/*.yml
python3 - << 'STEPS'
import yaml
action = yaml.safe_load(open("action.yml"))
inputs = {name: {"type": "string", "required": False} for name in action["inputs"]}
job = {"runs-on": "ubuntu-latest", "steps": action["runs"]["steps"]}
workflow = {"name": "action.yml's steps", "on": {"workflow_call": {"inputs": inputs}}, "permissions": {}, "jobs": {"action": job}}
yaml.safe_dump(workflow, open(".github/workflows/action-steps.yml", "w"), sort_keys=False)
STEPS
actionlint .github/workflows/*.yml
rm .github/workflows/action-steps.yml
sed -i.bak 's|uses: \./|uses: owner/CloudSchema@0123456789abcdef0123456789abcdef01234567|' .github/workflows/*.yml
rm .github/workflows/*.bak
zizmor --offline --no-progress action.yml .github/workflows
echo "lint-workflows.sh: action.yml and ${#workflows[@]} README workflow(s) clean (actionlint, zizmor)"
