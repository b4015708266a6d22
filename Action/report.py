#!/usr/bin/env python3
"""The CloudSchema Action's report: one sticky pull-request comment, or the job summary.

    report.py [--diff PREFIX ...] [--lint-status N] [--skip-label LABEL]

Each --diff PREFIX names one `cloudschema diff` run: PREFIX.md (--format markdown) and
PREFIX.json (--format json). The reports go into one comment, found again on the next push by
its hidden marker and edited in place. Where the token cannot write to the pull request (a
fork's pull request, or no `pull-requests: write`) or the event is no pull request, the report
goes to the job summary instead. Exit 1 when a check fails: lint errors, a breaking diff (a
warning when the pull request has the skip label), a schema not in production (the release
gate), or a diff that could not compare.

Reads GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL, GITHUB_TOKEN and
GITHUB_STEP_SUMMARY, as the Actions runner sets them. Python 3 standard library only.
"""

import argparse
import json
import os
import sys
import urllib.error
import urllib.request

MARKER = "<!-- cloudschema-report -->"
# GitHub rejects a comment body over 65,536 characters.
COMMENT_LIMIT = 65536


def read_diffs(prefixes):
    """[(markdown, json)] of each diff run."""
    diffs = []
    for prefix in prefixes:
        with open(prefix + ".md", encoding="utf-8") as markdown:
            report = markdown.read()
        try:
            with open(prefix + ".json", encoding="utf-8") as document:
                diffs.append((report, json.load(document)))
        except ValueError:  # a usage error prints no document, only its message in the log
            diffs.append((report, {"verdict": "failed", "error": "it printed no report; its error is in the log"}))
    return diffs


def verdict(diffs, lint_status, labels, skip_label):
    """(failures, warnings): one sentence per failed check, and per breaking diff the label allows."""
    failures, warnings = [], []
    if lint_status:
        failures.append("`cloudschema lint` found errors: they are annotations on the changed lines.")
    for _, document in diffs:
        against = document.get("against", "the deployed schema")
        if document.get("verdict") == "failed":
            failures.append(f"`cloudschema diff` could not compare with {against}: {document.get('error', 'see the report')}.")
        elif document.get("verdict") == "breaking":
            if skip_label in labels:
                warnings.append(f"Breaking changes against {against} are allowed by the label `{skip_label}`.")
            else:
                failures.append(f"Breaking changes against {against}; to accept them, add the label `{skip_label}`.")
        if document.get("deployed") is False:
            failures.append(f"The schema uses what {against} lacks: deploy it to production before releasing.")
    return failures, warnings


def body(diffs, failures, warnings):
    notes = [f"> [!CAUTION]\n> {line}" for line in failures] + [f"> [!WARNING]\n> {line}" for line in warnings]
    text = "\n\n".join([MARKER] + notes + [markdown.strip() for markdown, _ in diffs]) + "\n"
    if len(text) > COMMENT_LIMIT:
        cut = "\n\n…the report is longer than a comment can be; run `cloudschema diff --format markdown` for all of it.\n"
        text = text[: COMMENT_LIMIT - len(cut)] + cut
    return text


class GitHub:
    def __init__(self, api, repository, token):
        self.api, self.repository, self.token = api.rstrip("/"), repository, token

    def request(self, method, path, payload=None):
        request = urllib.request.Request(
            self.api + path,
            method=method,
            data=None if payload is None else json.dumps(payload).encode(),
            headers={
                "Accept": "application/vnd.github+json",
                "Authorization": f"Bearer {self.token}",
                "Content-Type": "application/json",
                "X-GitHub-Api-Version": "2022-11-28",
            },
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)

    def upsert_comment(self, number, text):
        """Edits the comment that carries the marker, or creates it: 'updated' or 'created'."""
        page = 1
        while True:
            comments = self.request("GET", f"/repos/{self.repository}/issues/{number}/comments?per_page=100&page={page}")
            for comment in comments:
                if comment.get("body", "").startswith(MARKER):
                    self.request("PATCH", f"/repos/{self.repository}/issues/comments/{comment['id']}", {"body": text})
                    return "updated"
            if len(comments) < 100:
                break
            page += 1
        self.request("POST", f"/repos/{self.repository}/issues/{number}/comments", {"body": text})
        return "created"


def publish(text, event, environ):
    """Comments on the pull request when the token may; otherwise writes the job summary. Says which."""
    pull_request = event.get("pull_request")
    why = "this run is not for a pull request"
    if pull_request:
        head = (pull_request.get("head") or {}).get("repo") or {}
        if head.get("full_name") != environ.get("GITHUB_REPOSITORY"):
            why = "a pull request from a fork gets a read-only token"
        elif not environ.get("GITHUB_TOKEN"):
            why = "no token"
        else:
            github = GitHub(environ.get("GITHUB_API_URL", "https://api.github.com"), environ["GITHUB_REPOSITORY"], environ["GITHUB_TOKEN"])
            try:
                return github.upsert_comment(pull_request["number"], text) + " the pull request's comment"
            except urllib.error.HTTPError as error:
                if error.code in (401, 403, 404):
                    why = f"the token may not comment, HTTP {error.code}: the job needs `pull-requests: write`"
                else:
                    why = f"the GitHub API answered HTTP {error.code}"
            except urllib.error.URLError as error:
                why = f"the GitHub API could not be reached: {error.reason}"
    summary = environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a", encoding="utf-8") as out:
            out.write(text.replace(MARKER, f"_Written here, not as a comment: {why}._"))
    return f"wrote the job summary ({why})"


def main(argv, environ):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--diff", action="append", default=[], metavar="PREFIX")
    parser.add_argument("--lint-status", type=int, default=0)
    parser.add_argument("--skip-label", default="cloudschema: skip breaking")
    arguments = parser.parse_args(argv)
    event = {}
    if environ.get("GITHUB_EVENT_PATH"):
        with open(environ["GITHUB_EVENT_PATH"], encoding="utf-8") as file:
            event = json.load(file)
    labels = {label.get("name") for label in (event.get("pull_request") or {}).get("labels", [])}
    diffs = read_diffs(arguments.diff)
    failures, warnings = verdict(diffs, arguments.lint_status, labels, arguments.skip_label)
    text = body(diffs, failures, warnings)
    if diffs or failures:
        print("cloudschema: " + publish(text, event, environ))
    for command, lines in (("warning", warnings), ("error", failures)):
        for line in lines:
            # Workflow command data escapes %, CR and LF.
            print(f"::{command} title=cloudschema::" + line.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], os.environ))
