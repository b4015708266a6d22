"""report.py against a fake GitHub REST API on 127.0.0.1: `python3 -m unittest discover -s Action`."""

import contextlib
import io
import json
import os
import tempfile
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import report

REPOSITORY = "garden/app"


class FakeGitHub(ThreadingHTTPServer):
    """Issue comments of pull request 7, kept in memory; `refuse_writes = 403` answers writes with 403."""

    def __init__(self):
        super().__init__(("127.0.0.1", 0), FakeGitHub.Handler)
        self.comments, self.requests, self.refuse_writes = [], [], None

    def comment(self, body, id=None):
        self.comments.append({"id": id or 1000 + len(self.comments), "body": body})

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *arguments):
            pass

        def answer(self, status, document):
            data = json.dumps(document).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def handle_request(self):
            server, path = self.server, self.path
            payload = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"null")
            server.requests.append((self.command, path.split("?")[0]))
            if self.headers["Authorization"] != "Bearer secret":
                return self.answer(401, {"message": "Bad credentials"})
            if self.command == "GET" and path.startswith(f"/repos/{REPOSITORY}/issues/7/comments?"):
                page = int(path.split("page=")[-1])
                return self.answer(200, server.comments[(page - 1) * 100 : page * 100])
            if server.refuse_writes:
                return self.answer(server.refuse_writes, {"message": "Resource not accessible by integration"})
            if self.command == "POST" and path == f"/repos/{REPOSITORY}/issues/7/comments":
                server.comment(payload["body"])
                return self.answer(201, server.comments[-1])
            if self.command == "PATCH" and path.startswith(f"/repos/{REPOSITORY}/issues/comments/"):
                comment = next(c for c in server.comments if c["id"] == int(path.rsplit("/", 1)[1]))
                comment["body"] = payload["body"]
                return self.answer(200, comment)
            self.answer(404, {"message": "Not Found"})

        do_GET = do_POST = do_PATCH = handle_request


def pull_request(labels=(), head=REPOSITORY):
    return {
        "pull_request": {
            "number": 7,
            "labels": [{"name": name} for name in labels],
            "head": {"repo": {"full_name": head}},
            "base": {"repo": {"full_name": REPOSITORY}},
        }
    }


BREAKING = ("Breaking: 1 breaking change against git:main.", {"against": "git:main", "verdict": "breaking"})
SAFE = ("Additive only: 1 safe change against git:main.", {"against": "git:main", "verdict": "safe"})


class ReportTests(unittest.TestCase):
    def setUp(self):
        self.github = FakeGitHub()
        threading.Thread(target=self.github.serve_forever, args=(0.01,), daemon=True).start()
        self.addCleanup(self.github.server_close)
        self.addCleanup(self.github.shutdown)
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)

    def run_report(self, event, diffs, *arguments):
        """report.py's exit status and output; each diff is (markdown, JSON document or its text)."""
        files = []
        for index, (markdown, document) in enumerate(diffs):
            prefix = os.path.join(self.folder.name, f"diff{index}")
            with open(prefix + ".md", "w") as md, open(prefix + ".json", "w") as js:
                md.write(markdown + "\n")
                js.write(document if isinstance(document, str) else json.dumps(document))
            files += ["--diff", prefix]
        event_path = os.path.join(self.folder.name, "event.json")
        with open(event_path, "w") as file:
            json.dump(event, file)
        environ = {
            "GITHUB_EVENT_PATH": event_path,
            "GITHUB_REPOSITORY": REPOSITORY,
            "GITHUB_API_URL": f"http://127.0.0.1:{self.github.server_port}",
            "GITHUB_TOKEN": "secret",  # the fake answers any other with 401
            "GITHUB_STEP_SUMMARY": self.summary_path,
        }
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            status = report.main(files + list(arguments), environ)
        return status, output.getvalue()

    @property
    def summary_path(self):
        return os.path.join(self.folder.name, "summary.md")

    def summary(self):
        if not os.path.exists(self.summary_path):
            return ""
        with open(self.summary_path) as file:
            return file.read()

    def test_the_first_run_creates_the_comment(self):
        self.github.comment("Looks good to me")
        status, output = self.run_report(pull_request(), [SAFE])
        self.assertEqual(status, 0)
        self.assertEqual(output, "cloudschema: created the pull request's comment\n")
        self.assertEqual(
            [c["body"] for c in self.github.comments],
            ["Looks good to me", "<!-- cloudschema-report -->\n\nAdditive only: 1 safe change against git:main.\n"],
        )
        self.assertEqual(self.summary(), "")

    def test_the_next_push_edits_the_same_comment(self):
        for index in range(150):  # the report's comment is on the second page
            self.github.comment(f"comment {index}")
        self.run_report(pull_request(), [SAFE])
        status, output = self.run_report(pull_request(), [BREAKING])
        self.assertEqual(status, 1)
        self.assertIn("cloudschema: updated the pull request's comment\n", output)
        reports = [c for c in self.github.comments if c["body"].startswith("<!-- cloudschema-report -->")]
        self.assertEqual(len(reports), 1)
        self.assertEqual(
            reports[0]["body"],
            "<!-- cloudschema-report -->\n\n"
            "> [!CAUTION]\n> Breaking changes against git:main; to accept them, add the label `cloudschema: skip breaking`.\n\n"
            "Breaking: 1 breaking change against git:main.\n",
        )
        self.assertEqual(self.github.requests.count(("PATCH", f"/repos/{REPOSITORY}/issues/comments/{reports[0]['id']}")), 1)

    def test_a_fork_gets_the_job_summary_without_asking_the_api(self):
        status, output = self.run_report(pull_request(head="someone/app"), [SAFE])
        self.assertEqual(status, 0)
        self.assertEqual(output, "cloudschema: wrote the job summary (a pull request from a fork gets a read-only token)\n")
        self.assertEqual(self.github.requests, [])
        self.assertEqual(
            self.summary(),
            "_Written here, not as a comment: a pull request from a fork gets a read-only token._\n\n"
            "Additive only: 1 safe change against git:main.\n",
        )

    def test_a_token_without_permission_falls_back_to_the_job_summary(self):
        self.github.refuse_writes = 403
        status, output = self.run_report(pull_request(), [SAFE])
        self.assertEqual(status, 0)
        self.assertEqual(
            output,
            "cloudschema: wrote the job summary (the token may not comment, HTTP 403: the job needs `pull-requests: write`)\n",
        )
        self.assertEqual(self.github.comments, [])
        self.assertIn("Additive only: 1 safe change against git:main.", self.summary())

    def test_a_failing_api_falls_back_to_the_job_summary_and_says_so(self):
        self.github.refuse_writes = 500
        status, output = self.run_report(pull_request(), [SAFE])
        self.assertEqual((status, output), (0, "cloudschema: wrote the job summary (the GitHub API answered HTTP 500)\n"))
        self.assertIn("_Written here, not as a comment: the GitHub API answered HTTP 500._", self.summary())

    def test_a_push_without_a_pull_request_writes_the_job_summary(self):
        status, output = self.run_report({"ref": "refs/heads/main"}, [SAFE])
        self.assertEqual((status, output), (0, "cloudschema: wrote the job summary (this run is not for a pull request)\n"))
        self.assertEqual(self.github.requests, [])

    def test_the_skip_label_turns_breaking_into_a_warning_named_in_the_report(self):
        status, output = self.run_report(pull_request(labels=["cloudschema: skip breaking"]), [BREAKING])
        self.assertEqual(status, 0)
        self.assertIn(
            "::warning title=cloudschema::Breaking changes against git:main are allowed by the label `cloudschema: skip breaking`.\n", output
        )
        self.assertIn("> [!WARNING]\n> Breaking changes against git:main are allowed by the label `cloudschema: skip breaking`.", self.github.comments[0]["body"])

    def test_another_label_name_can_be_chosen(self):
        status, _ = self.run_report(pull_request(labels=["cloudschema: skip breaking"]), [BREAKING], "--skip-label", "schema-break-ok")
        self.assertEqual(status, 1)
        status, _ = self.run_report(pull_request(labels=["schema-break-ok"]), [BREAKING], "--skip-label", "schema-break-ok")
        self.assertEqual(status, 0)

    def test_the_label_does_not_release_what_production_lacks(self):
        gate = ("Additive only: 1 safe change against CloudKit/production.ckdb.", {"against": "CloudKit/production.ckdb", "verdict": "safe", "deployed": False})
        status, output = self.run_report(pull_request(labels=["cloudschema: skip breaking"]), [gate])
        self.assertEqual(status, 1)
        self.assertIn("::error title=cloudschema::The schema uses what CloudKit/production.ckdb lacks: deploy it to production before releasing.\n", output)

    def test_a_diff_that_cannot_compare_fails(self):
        failed = ("No review: the deployed schema has errors.", {"against": "git:main", "verdict": "failed", "error": "the deployed schema has errors"})
        status, output = self.run_report(pull_request(labels=["cloudschema: skip breaking"]), [failed])
        self.assertEqual(status, 1)
        self.assertIn("::error title=cloudschema::`cloudschema diff` could not compare with git:main: the deployed schema has errors.\n", output)

    def test_a_diff_that_printed_no_document_fails(self):
        status, output = self.run_report(pull_request(), [("", "")])  # as a usage error leaves them
        self.assertEqual(status, 1)
        self.assertIn("::error title=cloudschema::`cloudschema diff` could not compare with the deployed schema: it printed no report; its error is in the log.\n", output)

    def test_lint_errors_fail_and_the_diff_report_is_still_posted(self):
        status, output = self.run_report(pull_request(), [SAFE], "--lint-status", "1")
        self.assertEqual(status, 1)
        self.assertIn("::error title=cloudschema::`cloudschema lint` found errors: they are annotations on the changed lines.\n", output)
        self.assertIn("Additive only: 1 safe change against git:main.", self.github.comments[0]["body"])

    def test_nothing_to_report_posts_nothing(self):
        self.assertEqual(self.run_report(pull_request(), []), (0, ""))
        self.assertEqual(self.github.requests, [])

    def test_a_report_too_long_for_a_comment_is_cut_with_a_note(self):
        long = ("x" * 70000, {"against": "git:main", "verdict": "review"})
        self.run_report(pull_request(), [long])
        text = self.github.comments[0]["body"]
        self.assertEqual(len(text), report.COMMENT_LIMIT)
        self.assertTrue(text.endswith("run `cloudschema diff --format markdown` for all of it.\n"))


if __name__ == "__main__":
    unittest.main()
