"""check.sh, the Action's checks step, with the built `cloudschema`, in a git repository whose pull
request removes a field. The runner's files (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY) are temporary
files; the event is a fork's pull request, so the report goes to the summary and no API is asked.
CLOUDSCHEMA_BIN_PATH is the folder of the built binary (default: `swift build --show-bin-path`).
"""

import json
import os
import subprocess
import tempfile
import unittest

ACTION = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BEFORE = """\
zone Beds
record Plant in Beds {
    name: String @queryable
    notes: String?
}
"""
AFTER = """\
zone Beds
record Plant in Beds {
    name: String @queryable
}
"""


def git(folder, *arguments):
    return subprocess.run(["git", "-C", folder, *arguments], check=True, capture_output=True, text=True).stdout.strip()


class CheckTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.bin = os.environ.get("CLOUDSCHEMA_BIN_PATH") or subprocess.run(
            ["swift", "build", "--show-bin-path"], cwd=ACTION, check=True, capture_output=True, text=True
        ).stdout.strip()

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)
        self.repository = os.path.join(self.folder.name, "app")
        os.makedirs(os.path.join(self.repository, "Schema"))
        git(self.repository, "init", "--quiet")
        self.write(BEFORE)
        git(self.repository, "add", ".")
        git(self.repository, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "schema")
        self.base = git(self.repository, "rev-parse", "HEAD")
        self.write(AFTER)

    def write(self, schema):
        with open(os.path.join(self.repository, "Schema", "Garden.cloudschema"), "w") as file:
            file.write(schema)

    def check(self, labels=(), checks="lint diff"):
        """check.sh's step outputs, job summary and log."""
        temp = os.path.join(self.folder.name, "runner")
        os.makedirs(temp, exist_ok=True)
        files = {name: os.path.join(temp, name) for name in ("output", "summary", "event.json")}
        for path in files.values():
            open(path, "w").close()
        with open(files["event.json"], "w") as file:
            pull_request = {"number": 7, "labels": [{"name": name} for name in labels], "head": {"repo": {"full_name": "fork/app"}}}
            json.dump({"pull_request": pull_request}, file)
        environ = dict(
            os.environ,
            PATH=self.bin + os.pathsep + os.environ["PATH"],
            PATHS="Schema",
            CHECKS=checks,
            PRODUCTION="",
            BASE=self.base,
            SKIP_LABEL="cloudschema: skip breaking",
            RUNNER_TEMP=temp,
            GITHUB_ACTION_PATH=ACTION,
            GITHUB_OUTPUT=files["output"],
            GITHUB_STEP_SUMMARY=files["summary"],
            GITHUB_EVENT_PATH=files["event.json"],
            GITHUB_REPOSITORY="garden/app",
            GITHUB_TOKEN="",
        )
        log = subprocess.run(
            [os.path.join(ACTION, "Action", "check.sh")], cwd=self.repository, env=environ, capture_output=True, text=True
        )
        self.assertEqual(log.returncode, 0, log.stderr)  # the step itself never fails
        with open(files["output"]) as output, open(files["summary"]) as summary:
            outputs = dict(line.split("=", 1) for line in output.read().splitlines())
            return outputs, summary.read(), log.stdout

    def test_a_breaking_pull_request_fails_with_its_report_in_the_summary(self):
        outputs, summary, log = self.check()
        self.assertEqual(outputs["status"], "1")
        self.assertIn(f"::error title=cloudschema::Breaking changes against git:{self.base}; to accept them", log)
        self.assertIn("title=FIELD_NO_DELETE::field 'notes' of record type 'Plant' was removed", log)  # diff's annotation
        self.assertTrue(summary.startswith("_Written here, not as a comment: a pull request from a fork gets a read-only token._"))
        self.assertIn("notes", summary)
        with open(outputs["sarif"]) as sarif:
            self.assertEqual(json.load(sarif)["version"], "2.1.0")

    def test_the_skip_label_passes_it_with_a_warning(self):
        outputs, summary, log = self.check(labels=["cloudschema: skip breaking"])
        self.assertEqual(outputs["status"], "0")
        self.assertIn("are allowed by the label `cloudschema: skip breaking`", summary)

    def test_a_release_gate_without_production_is_a_located_mistake(self):
        outputs, _, log = self.check(checks="lint, release-gate")
        self.assertEqual(outputs["status"], "1")
        self.assertEqual(log, "::error title=cloudschema::release-gate needs production: a committed production export (.ckdb)\n")


if __name__ == "__main__":
    unittest.main()
